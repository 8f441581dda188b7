/* print_attr.c - types, attributes and locations in MLIR 16's syntax
 * (AsmPrinter::Impl::printType / printAttribute / printLocation). */
#include <ctype.h>
#include <string.h>

#include "ir/context.h"
#include "ir/print_impl.h"
#include "ir/operation.h"

static const char k_hex[] = "0123456789ABCDEF";

/* ---- strings and identifiers --------------------------------------------- */

void lt_print_escaped_string(lt_strbuf_t *out, const char *s, size_t len) {
  char buf[256];
  size_t n = 0;
  buf[n++] = '"';
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if (n + 4 > sizeof buf) {
      lt_strbuf_append(out, buf, n);
      n = 0;
    }
    if (c == '\\') {
      buf[n++] = '\\';
      buf[n++] = '\\';
    } else if (c >= 0x20 && c <= 0x7E && c != '"') {
      buf[n++] = (char)c;
    } else {
      buf[n++] = '\\';
      buf[n++] = k_hex[c >> 4];
      buf[n++] = k_hex[c & 15];
    }
  }
  buf[n++] = '"';
  lt_strbuf_append(out, buf, n);
}

static bool is_bare_identifier(const char *s, size_t len) {
  if (len == 0 || (!isalpha((unsigned char)s[0]) && s[0] != '_')) return false;
  for (size_t i = 1; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if (!isalnum(c) && c != '_' && c != '$' && c != '.') return false;
  }
  return true;
}

void lt_print_keyword_or_string(lt_strbuf_t *out, const char *s, size_t len) {
  if (is_bare_identifier(s, len))
    lt_strbuf_append(out, s, len);
  else
    lt_print_escaped_string(out, s, len);
}

/* `#dialect.ident<...>` when the data is an identifier optionally followed by
 * a <...> body, else `#dialect<data>` (MLIR printDialectSymbol). */
static void print_dialect_symbol(lt_strbuf_t *out, char prefix,
                                 const lt_ident_t *dialect,
                                 const lt_ident_t *data) {
  lt_strbuf_putc(out, prefix);
  lt_strbuf_append(out, dialect->str, dialect->len);
  const char *s = data->str;
  size_t len = data->len, i = 0;
  bool pretty = false;
  if (len && isalpha((unsigned char)s[0])) {
    while (i < len &&
           (isalnum((unsigned char)s[i]) || s[i] == '.' || s[i] == '_'))
      i++;
    pretty = i == len || (s[i] == '<' && s[len - 1] == '>');
  }
  lt_strbuf_putc(out, pretty ? '.' : '<');
  lt_strbuf_append(out, s, len);
  if (!pretty) lt_strbuf_putc(out, '>');
}

/* ---- types --------------------------------------------------------------- */

static void print_dims(lt_strbuf_t *out, const lt_type_t *t) {
  for (uint32_t i = 0; i < t->shaped.rank; i++) {
    int64_t d = t->shaped.shape[i];
    if (d == LT_DYNAMIC)
      lt_strbuf_putc(out, '?');
    else
      lt_put_i64(out, d);
    lt_strbuf_putc(out, 'x');
  }
}

static void print_stride(lt_strbuf_t *out, int64_t v) {
  if (v == LT_DYNAMIC)
    lt_strbuf_putc(out, '?');
  else
    lt_put_i64(out, v);
}

/* memref<dims element[, strided<[...], offset: N>][, space]>; the offset
 * is left out when 0, as MLIR's StridedLayoutAttr::print does. */
static void print_memref(lt_asm_printer_t *p, const lt_type_t *t) {
  lt_strbuf_t *out = p->out;
  lt_strbuf_puts(out, "memref<");
  print_dims(out, t);
  lt_pr_type(p, t->shaped.element);
  if (t->shaped.strides) {
    lt_strbuf_puts(out, ", strided<[");
    for (uint32_t i = 0; i < t->shaped.rank; i++) {
      if (i) lt_strbuf_puts(out, ", ");
      print_stride(out, t->shaped.strides[i]);
    }
    lt_strbuf_putc(out, ']');
    if (t->shaped.offset != 0) {
      lt_strbuf_puts(out, ", offset: ");
      print_stride(out, t->shaped.offset);
    }
    lt_strbuf_putc(out, '>');
  }
  if (t->shaped.encoding) {
    lt_strbuf_puts(out, ", ");
    lt_pr_attr(p, t->shaped.encoding, LT_ELIDE_MAY);
  }
  lt_strbuf_putc(out, '>');
}

/* Results of a function type: bare when exactly one non-function type. */
static void print_result_list(lt_asm_printer_t *p, uint32_t n,
                              const lt_type_t *const *types) {
  bool wrap = n != 1 || (types[0] && types[0]->kind == LT_TYPE_FUNCTION);
  if (wrap) lt_strbuf_putc(p->out, '(');
  for (uint32_t i = 0; i < n; i++) {
    if (i) lt_strbuf_puts(p->out, ", ");
    lt_pr_type(p, types[i]);
  }
  if (wrap) lt_strbuf_putc(p->out, ')');
}

void lt_pr_type(lt_asm_printer_t *p, const lt_type_t *t) {
  lt_strbuf_t *out = p->out;
  if (p->collecting) return; /* types hold no location aliases */
  if (!t) {
    lt_strbuf_puts(out, "<<NULL TYPE>>");
    return;
  }
  switch (t->kind) {
  case LT_TYPE_INTEGER:
    if (t->integer.signedness == LT_SIGNED) lt_strbuf_putc(out, 's');
    if (t->integer.signedness == LT_UNSIGNED) lt_strbuf_putc(out, 'u');
    lt_strbuf_putc(out, 'i');
    lt_put_u64(out, t->integer.width);
    return;
  case LT_TYPE_INDEX:
    lt_strbuf_puts(out, "index");
    return;
  case LT_TYPE_F16:
    lt_strbuf_puts(out, "f16");
    return;
  case LT_TYPE_BF16:
    lt_strbuf_puts(out, "bf16");
    return;
  case LT_TYPE_F32:
    lt_strbuf_puts(out, "f32");
    return;
  case LT_TYPE_F64:
    lt_strbuf_puts(out, "f64");
    return;
  case LT_TYPE_NONE:
    lt_strbuf_puts(out, "none");
    return;
  case LT_TYPE_FUNCTION: {
    uint32_t ni = t->function.num_inputs;
    lt_strbuf_putc(out, '(');
    for (uint32_t i = 0; i < ni; i++) {
      if (i) lt_strbuf_puts(out, ", ");
      lt_pr_type(p, t->function.types[i]);
    }
    lt_strbuf_puts(out, ") -> ");
    print_result_list(p, t->function.num_results, t->function.types + ni);
    return;
  }
  case LT_TYPE_TENSOR:
    lt_strbuf_puts(out, "tensor<");
    print_dims(out, t);
    lt_pr_type(p, t->shaped.element);
    if (t->shaped.encoding) {
      lt_strbuf_puts(out, ", ");
      lt_pr_attr(p, t->shaped.encoding, LT_ELIDE_NEVER);
    }
    lt_strbuf_putc(out, '>');
    return;
  case LT_TYPE_UNRANKED_TENSOR:
    lt_strbuf_puts(out, "tensor<*x");
    lt_pr_type(p, t->shaped.element);
    lt_strbuf_putc(out, '>');
    return;
  case LT_TYPE_VECTOR:
    lt_strbuf_puts(out, "vector<");
    print_dims(out, t);
    lt_pr_type(p, t->shaped.element);
    lt_strbuf_putc(out, '>');
    return;
  case LT_TYPE_MEMREF:
    print_memref(p, t);
    return;
  case LT_TYPE_OPAQUE:
    print_dialect_symbol(out, '!', t->opaque.dialect, t->opaque.data);
    return;
  }
  lt_strbuf_puts(out, "<<UNKNOWN TYPE>>");
}

/* ---- affine maps --------------------------------------------------------- */

/* Dimensions are named d0, d1, ... whatever the source called them, as
 * MLIR's printer does. */
static void print_affine_map(lt_strbuf_t *out, const lt_attr_t *a) {
  lt_strbuf_puts(out, "affine_map<(");
  for (uint32_t i = 0; i < a->affine_map.num_dims; i++) {
    if (i) lt_strbuf_puts(out, ", ");
    lt_strbuf_putc(out, 'd');
    lt_put_u64(out, i);
  }
  lt_strbuf_puts(out, ") -> (");
  for (uint32_t i = 0; i < a->affine_map.num_results; i++) {
    if (i) lt_strbuf_puts(out, ", ");
    int32_t r = a->affine_map.results[i];
    if (r < 0) {
      lt_strbuf_putc(out, '0');
    } else {
      lt_strbuf_putc(out, 'd');
      lt_put_u64(out, (uint64_t)r);
    }
  }
  lt_strbuf_puts(out, ")>");
}

/* ---- dense elements ------------------------------------------------------ */

static bool is_unsigned_int(const lt_type_t *t) {
  return t->kind == LT_TYPE_INTEGER && t->integer.signedness == LT_UNSIGNED;
}

/* One integer element as MLIR's printDenseIntElement: i1 as true/false,
 * unsigned types unsigned, everything else (index included) signed. */
static void print_int_element(lt_strbuf_t *out, const lt_type_t *et,
                              const uint8_t *bytes, size_t esize) {
  uint32_t width = et->kind == LT_TYPE_INDEX ? 64 : et->integer.width;
  if (et->kind == LT_TYPE_INTEGER && width == 1) {
    lt_strbuf_puts(out, bytes[0] ? "true" : "false");
    return;
  }
  if (width > 64) {
    lt_print_wide_int(out, bytes, esize, width, !is_unsigned_int(et));
    return;
  }
  uint64_t v = 0;
  for (size_t k = 0; k < esize && k < 8; k++)
    v |= (uint64_t)bytes[k] << (8 * k);
  if (width < 64) v &= (1ull << width) - 1;
  if (is_unsigned_int(et)) {
    lt_put_u64(out, v);
    return;
  }
  if (width < 64 && (v >> (width - 1)) & 1) v |= ~0ull << width;
  lt_put_i64(out, (int64_t)v);
}

static void print_element(lt_strbuf_t *out, const lt_type_t *et,
                          const uint8_t *bytes, size_t esize) {
  if (lt_type_is_float(et)) {
    uint64_t bits = 0;
    for (size_t k = 0; k < esize && k < 8; k++)
      bits |= (uint64_t)bytes[k] << (8 * k);
    lt_print_float_bits(out, et->kind, bits);
  } else {
    print_int_element(out, et, bytes, esize);
  }
}

/* `"0x..."`: raw bytes as uppercase hex, in chunks to keep appends few. */
static void print_hex_bytes(lt_strbuf_t *out, const uint8_t *data,
                            size_t size) {
  char buf[4096];
  size_t n = 0;
  for (size_t i = 0; i < size; i++) {
    if (n + 2 > sizeof buf) {
      lt_strbuf_append(out, buf, n);
      n = 0;
    }
    buf[n++] = k_hex[data[i] >> 4];
    buf[n++] = k_hex[data[i] & 15];
  }
  lt_strbuf_append(out, buf, n);
}

static void print_dense_body(lt_asm_printer_t *p, const lt_attr_t *a) {
  lt_strbuf_t *out = p->out;
  const lt_type_t *type = a->type;
  const lt_type_t *et = type->shaped.element;
  size_t esize = lt_dense_element_size(et);
  int64_t count = lt_attr_dense_count(a);
  bool is_i1 = et->kind == LT_TYPE_INTEGER && et->integer.width == 1;
  /* Integers past the decimal printer's reach go out as exact hex data (one
   * element of hex is a splat). */
  bool too_wide = et->kind == LT_TYPE_INTEGER &&
                  et->integer.width > LT_PRINT_WIDE_INT_MAX_BITS;
  if (too_wide && count != 0) {
    lt_strbuf_puts(out, "\"0x");
    print_hex_bytes(out, a->dense.data, a->dense.splat ? esize : a->dense.size);
    lt_strbuf_putc(out, '"');
    return;
  }
  if (a->dense.splat || count == 1) {
    if (count != 0) print_element(out, et, a->dense.data, esize);
    return;
  }
  /* i1 stays a list: MLIR 16 reads hex i1 data as packed bits. */
  int64_t hex_limit = p->flags.hex_elements_larger;
  if (hex_limit >= 0 && count > hex_limit && !is_i1) {
    lt_strbuf_puts(out, "\"0x");
    print_hex_bytes(out, a->dense.data, a->dense.size);
    lt_strbuf_putc(out, '"');
    return;
  }
  if (count <= 0) return;
  /* Mixed-radix counter over the shape: a carry closes a bracket, the next
   * element reopens it (MLIR printDenseElementsAttrImpl). */
  uint32_t rank = type->shaped.rank;
  const int64_t *shape = type->shaped.shape;
  int64_t small[8];
  int64_t *counter =
      rank <= 8 ? small : lt_calloc(p->allocator, rank * sizeof(int64_t));
  if (!counter) return;
  memset(counter, 0, (rank <= 8 ? 8 : rank) * sizeof(int64_t));
  uint32_t open = 0;
  for (int64_t idx = 0; idx < count; idx++) {
    if (idx) lt_strbuf_puts(out, ", ");
    while (open++ < rank)
      lt_strbuf_putc(out, '[');
    open = rank;
    print_element(out, et, a->dense.data + (size_t)idx * esize, esize);
    if (rank == 0) continue;
    ++counter[rank - 1];
    for (uint32_t i = rank - 1; i > 0; --i) {
      if (counter[i] >= shape[i]) {
        counter[i] = 0;
        ++counter[i - 1];
        --open;
        lt_strbuf_putc(out, ']');
      }
    }
  }
  while (open-- > 0)
    lt_strbuf_putc(out, ']');
  if (counter != small) lt_free(p->allocator, counter, rank * sizeof(int64_t));
}

static void print_dense_array(lt_asm_printer_t *p, const lt_attr_t *a) {
  lt_strbuf_t *out = p->out;
  const lt_type_t *et = a->type;
  lt_strbuf_puts(out, "array<");
  lt_pr_type(p, et);
  int64_t n = lt_attr_dense_count(a);
  if (n > 0) {
    lt_strbuf_puts(out, ": ");
    size_t esize = lt_dense_element_size(et);
    for (int64_t i = 0; i < n; i++) {
      if (i) lt_strbuf_puts(out, ", ");
      print_element(out, et, a->dense.data + (size_t)i * esize, esize);
    }
  }
  lt_strbuf_putc(out, '>');
}

static void note_resource(lt_asm_printer_t *p, lt_resource_t *r) {
  if (!r || lt_ptr_map_get(&p->resource_seen, r)) return;
  if (p->num_resources == p->cap_resources) {
    size_t cap = p->cap_resources ? p->cap_resources * 2 : 8;
    lt_resource_t **n =
        lt_realloc(p->allocator, p->resources, p->cap_resources * sizeof(*n),
                   cap * sizeof(*n));
    if (!n) return;
    p->resources = n;
    p->cap_resources = cap;
  }
  if (!lt_ptr_map_put(&p->resource_seen, r, r)) return;
  p->resources[p->num_resources++] = r;
}

/* ---- attributes ---------------------------------------------------------- */

/* An empty name prints as @"" (a string), which reads back. */
static void print_symbol_part(lt_strbuf_t *out, const lt_ident_t *name) {
  lt_strbuf_putc(out, '@');
  lt_print_keyword_or_string(out, name->str, name->len);
}

void lt_pr_named_attr(lt_asm_printer_t *p, const lt_named_attr_t *na) {
  lt_print_keyword_or_string(p->out, na->name->str, na->name->len);
  if (na->value && na->value->kind == LT_ATTR_UNIT) return;
  lt_strbuf_puts(p->out, " = ");
  lt_pr_attr(p, na->value, LT_ELIDE_NEVER);
}

void lt_pr_attr(lt_asm_printer_t *p, const lt_attr_t *a, lt_elide_t elide) {
  lt_strbuf_t *out = p->out;
  if (p->collecting) {
    if (a && p->aliases) lt_alias_visit(p->aliases, a, false);
    return;
  }
  if (!a) {
    lt_strbuf_puts(out, "<<NULL ATTRIBUTE>>");
    return;
  }
  if (p->aliases && lt_attr_is_loc(a)) {
    int64_t n = lt_alias_number(p->aliases, a);
    if (n >= 0) {
      lt_pr_alias_name(out, n);
      return;
    }
  }
  const lt_type_t *type = NULL; /* suffix type, when the kind has one */
  switch (a->kind) {
  case LT_ATTR_UNIT:
    lt_strbuf_puts(out, "unit");
    return;
  case LT_ATTR_BOOL:
    lt_strbuf_puts(out, a->b ? "true" : "false");
    return;
  case LT_ATTR_INTEGER:
    type = a->type;
    if (type && type->kind == LT_TYPE_INTEGER && type->integer.width == 1 &&
        type->integer.signedness == LT_SIGNLESS) {
      lt_strbuf_puts(out, a->i ? "true" : "false");
      return;
    }
    if (type && is_unsigned_int(type))
      lt_put_u64(out, (uint64_t)a->i);
    else
      lt_put_i64(out, a->i);
    if (elide == LT_ELIDE_MAY && type && type->kind == LT_TYPE_INTEGER &&
        type->integer.width == 64 && type->integer.signedness == LT_SIGNLESS)
      return;
    break;
  case LT_ATTR_FLOAT:
    type = a->type;
    lt_print_float(out, type, a->f);
    if (elide == LT_ELIDE_MAY && type && type->kind == LT_TYPE_F64) return;
    break;
  case LT_ATTR_STRING:
    type = a->type;
    lt_print_escaped_string(out, a->str.data, a->str.len);
    break;
  case LT_ATTR_ARRAY:
    lt_strbuf_putc(out, '[');
    for (uint32_t i = 0; i < a->array.count; i++) {
      if (i) lt_strbuf_puts(out, ", ");
      lt_pr_attr(p, a->array.elems[i], LT_ELIDE_MAY);
    }
    lt_strbuf_putc(out, ']');
    return;
  case LT_ATTR_DICT:
    lt_strbuf_putc(out, '{');
    for (uint32_t i = 0; i < a->dict.count; i++) {
      if (i) lt_strbuf_puts(out, ", ");
      lt_pr_named_attr(p, &a->dict.entries[i]);
    }
    lt_strbuf_putc(out, '}');
    return;
  case LT_ATTR_TYPE:
    lt_pr_type(p, a->type);
    return;
  case LT_ATTR_SYMBOL_REF:
    for (uint32_t i = 0; i < a->symbol.count; i++) {
      if (i) lt_strbuf_puts(out, "::");
      print_symbol_part(out, a->symbol.names[i]);
    }
    return;
  case LT_ATTR_DENSE: {
    type = a->type;
    int64_t limit = p->flags.elide_elements_larger;
    if (limit >= 0 && lt_attr_dense_count(a) > limit && !a->dense.splat) {
      lt_strbuf_puts(out, "dense_resource<__elided__>");
    } else {
      lt_strbuf_puts(out, "dense<");
      print_dense_body(p, a);
      lt_strbuf_putc(out, '>');
    }
    break;
  }
  case LT_ATTR_DENSE_ARRAY:
    print_dense_array(p, a);
    return;
  case LT_ATTR_DENSE_RESOURCE:
    type = a->type;
    lt_strbuf_puts(out, "dense_resource<");
    if (a->resource.name)
      lt_strbuf_append(out, a->resource.name->str, a->resource.name->len);
    lt_strbuf_putc(out, '>');
    note_resource(p, a->resource.resource);
    break;
  case LT_ATTR_AFFINE_MAP:
    print_affine_map(out, a);
    return;
  case LT_ATTR_OPAQUE:
    type = a->type;
    print_dialect_symbol(out, '#', a->opaque.dialect, a->opaque.data);
    break;
  case LT_ATTR_DIALECT:
    lt_strbuf_putc(out, '#');
    lt_strbuf_puts(out, a->ext.dialect->ns);
    lt_strbuf_putc(out, '.');
    a->ext.dialect->print_attr(a, out);
    break;
  case LT_ATTR_LOC_UNKNOWN:
  case LT_ATTR_LOC_FILE:
  case LT_ATTR_LOC_NAME:
  case LT_ATTR_LOC_CALLSITE:
  case LT_ATTR_LOC_FUSED:
    lt_pr_loc(p, a, false);
    return;
  }
  if (elide != LT_ELIDE_MUST && type && type->kind != LT_TYPE_NONE) {
    lt_strbuf_puts(out, " : ");
    lt_pr_type(p, type);
  }
}

void lt_pr_alias_name(lt_strbuf_t *out, int64_t n) {
  lt_strbuf_puts(out, "#loc");
  if (n) lt_put_u64(out, (uint64_t)n);
}

/* ---- locations ----------------------------------------------------------- */

void lt_pr_loc_inner(lt_asm_printer_t *p, lt_loc_t loc, bool top_level) {
  lt_strbuf_t *out = p->out;
  if (!loc) {
    lt_strbuf_puts(out, "unknown");
    return;
  }
  if (!top_level && p->aliases) {
    int64_t n = lt_alias_number(p->aliases, loc);
    if (n >= 0) {
      lt_pr_alias_name(out, n);
      return;
    }
  }
  switch (loc->kind) {
  case LT_ATTR_LOC_UNKNOWN:
    lt_strbuf_puts(out, "unknown");
    return;
  case LT_ATTR_LOC_FILE:
    lt_print_escaped_string(out, loc->file_loc.file->str,
                            loc->file_loc.file->len);
    lt_strbuf_putc(out, ':');
    lt_put_u64(out, loc->file_loc.line);
    lt_strbuf_putc(out, ':');
    lt_put_u64(out, loc->file_loc.col);
    return;
  case LT_ATTR_LOC_NAME:
    lt_print_escaped_string(out, loc->name_loc.name->str,
                            loc->name_loc.name->len);
    if (loc->name_loc.child &&
        loc->name_loc.child->kind != LT_ATTR_LOC_UNKNOWN) {
      lt_strbuf_putc(out, '(');
      lt_pr_loc_inner(p, loc->name_loc.child, false);
      lt_strbuf_putc(out, ')');
    }
    return;
  case LT_ATTR_LOC_CALLSITE:
    lt_strbuf_puts(out, "callsite(");
    lt_pr_loc_inner(p, loc->callsite.callee, false);
    lt_strbuf_puts(out, " at ");
    lt_pr_loc_inner(p, loc->callsite.caller, false);
    lt_strbuf_putc(out, ')');
    return;
  case LT_ATTR_LOC_FUSED:
    lt_strbuf_puts(out, "fused");
    if (loc->fused.metadata) {
      lt_strbuf_putc(out, '<');
      lt_pr_attr(p, loc->fused.metadata, LT_ELIDE_NEVER);
      lt_strbuf_putc(out, '>');
    }
    lt_strbuf_putc(out, '[');
    for (uint32_t i = 0; i < loc->fused.count; i++) {
      if (i) lt_strbuf_puts(out, ", ");
      lt_pr_loc_inner(p, loc->fused.locs[i], false);
    }
    lt_strbuf_putc(out, ']');
    return;
  default:
    /* Not a location: print it as an attribute. */
    lt_pr_attr(p, loc, LT_ELIDE_NEVER);
    return;
  }
}

void lt_pr_loc(lt_asm_printer_t *p, lt_loc_t loc, bool allow_alias) {
  lt_strbuf_puts(p->out, "loc(");
  int64_t n =
      allow_alias && p->aliases && loc ? lt_alias_number(p->aliases, loc) : -1;
  if (n >= 0) {
    lt_pr_alias_name(p->out, n);
  } else {
    lt_pr_loc_inner(p, loc, true);
  }
  lt_strbuf_putc(p->out, ')');
}

/* ---- public entry points without a printer -------------------------------
 * Types, attributes and locations carry no context, so these printers take
 * their scratch memory (only for ranks above 8) from libc, as the string
 * buffer they write to does. */

void lt_type_print(const lt_type_t *t, lt_strbuf_t *sb) {
  lt_asm_printer_t p;
  lt_printer_init(&p, NULL, sb, lt_allocator_system());
  lt_pr_type(&p, t);
  lt_printer_deinit(&p);
}

void lt_attr_print(const lt_attr_t *a, lt_strbuf_t *sb) {
  lt_asm_printer_t p;
  lt_printer_init(&p, NULL, sb, lt_allocator_system());
  if (a && lt_attr_is_loc(a))
    lt_pr_loc_inner(&p, a, true);
  else
    lt_pr_attr(&p, a, LT_ELIDE_NEVER);
  lt_printer_deinit(&p);
}

void lt_loc_print(lt_loc_t loc, lt_strbuf_t *out) {
  lt_asm_printer_t p;
  lt_printer_init(&p, NULL, out, lt_allocator_system());
  lt_pr_loc(&p, loc, false);
  lt_printer_deinit(&p);
}
