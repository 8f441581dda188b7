/* printer.h - the textual IR printer (MLIR 16's AsmPrinter output, byte for
 * byte where lite has the same IR), and the API that custom op printers
 * (lt_op_def_t.print hooks) use.
 *
 * Generic form: `%0:2 = "dialect.op"(%a) [^bb1] ({...}) {attrs} : (T) -> (R,
 * S)`. Custom form: used for registered ops with a print hook unless
 * lt_print_flags_t.generic is set; unregistered ops always print generic.
 * Values are renumbered per region scope as MLIR does (%0, %1 ...; entry-block
 * arguments %argN; results of multi-result ops `%0:2` and uses `%0#1`). In
 * the custom form, ops with an asm_result_names hook name their results
 * instead (`%c0`, `%cst_1`, result groups `%a, %b:2`), uniqued per scope. */
#ifndef LITE_IR_PRINTER_H
#define LITE_IR_PRINTER_H

#include "ir/operation.h"

typedef struct lt_print_flags {
  bool generic;     /* --mlir-print-op-generic */
  bool debuginfo;   /* --mlir-print-debuginfo: print locations */
  bool local_scope; /* --mlir-print-local-scope: no aliases/trailer */
  int64_t elide_elements_larger; /* -1 off; else dense<> with more elements
                                    prints as dense_resource<__elided__> */
  int64_t hex_elements_larger;   /* default 100; -1 never hex */
  /* -1 off; else a resource blob whose trailer string (quotes, `0x` and
   * the hex) is longer is left out of `dialect_resources`, as MLIR's
   * --mlir-elide-resource-strings-if-larger: its dense_resource<name>
   * still prints, but the text no longer holds its data. */
  int64_t elide_resources_larger;
  bool skip_regions; /* print regions as `{...}` */
} lt_print_flags_t;

/* Default flags: custom form, no locations, hex above 100 elements. */
void lt_print_flags_init(lt_print_flags_t *f);

/* Whether flags leave resource r's blob out of the dialect_resources
 * trailer (elide_resources_larger). */
bool lt_print_resource_elided(const lt_print_flags_t *flags,
                              const lt_resource_t *r);

/* Appends op (and its nested IR) to out. flags may be NULL (defaults).
 * LT_FAILURE, after an error diagnostic, when out of memory made the text
 * incomplete.
 * As MLIR's Operation::print: a top-level op (no parent block) printed
 * without local_scope gets non-deferred location aliases before it, then a
 * newline after it, the deferred `#locN = loc(...)` alias lines, and the
 * `{-# dialect_resources: {...} #-}` trailer for referenced resources that
 * have data. mlir-opt writes one more '\n' after this text. A nested op is
 * printed alone (no trailing newline), numbered from its top-level ancestor
 * (local_scope: its nearest isolated-from-above ancestor); values defined
 * outside the numbered scope print as `<<UNKNOWN SSA VALUE>>`. */
lt_result_t lt_op_print(lt_op_t *op, const lt_print_flags_t *flags,
                        lt_strbuf_t *out);

/* Appends a float of type `type` (f16, bf16, f32, f64) as MLIR's
 * printFloatValue does: `1.000000e+00` when that reads back bit-exactly,
 * else the shortest APFloat form (`0.333333343`), else the bit pattern
 * (`0x7F800000`, inf/NaN). value must be exactly representable in type. */
void lt_print_float(lt_strbuf_t *out, const lt_type_t *type, double value);
/* Same from the raw bit pattern of a kind LT_TYPE_F16/BF16/F32/F64. */
void lt_print_float_bits(lt_strbuf_t *out, lt_type_kind_t kind, uint64_t bits);

/* Appends s as an MLIR string literal: quotes, `\\`, and `\XX` (uppercase
 * hex) for `"` and every byte outside 0x20..0x7E. */
void lt_print_escaped_string(lt_strbuf_t *out, const char *s, size_t len);
/* Appends s bare when it is an identifier ([A-Za-z_][A-Za-z0-9_$.]*), else
 * as a string literal (attribute names, symbol names). */
void lt_print_keyword_or_string(lt_strbuf_t *out, const char *s, size_t len);

/* Appends a location as `loc(...)` (no aliases). */
void lt_loc_print(lt_loc_t loc, lt_strbuf_t *out);

/* The dialect whose prefix may be omitted from op names in the regions of
 * `op` ("builtin" for builtin.module, "func" for func.func; MLIR's
 * OpAsmOpInterface::getDefaultDialect): a registered, isolated-from-above op
 * with a custom printer gives its own namespace; any other op "". The parser
 * resolves unprefixed custom op names with the same rule. */
const char *lt_op_default_dialect(const lt_op_t *op, size_t *out_len);

/* ---- custom printers -------------------------------------------------------
 * A print hook gets the op and an lt_asm_printer_t positioned after
 * `%results = `; it writes the op name (lt_asm_print_op_name) and the rest of
 * the op on one line (regions may span lines). The printer appends the
 * trailing location itself. All functions append to the same output. */

/* The output buffer (for text the helpers below do not cover). */
lt_strbuf_t *lt_asm_stream(lt_asm_printer_t *p);
/* The flags in effect. */
const lt_print_flags_t *lt_asm_flags(lt_asm_printer_t *p);
/* Raw text / formatted text. */
void lt_asm_print_raw(lt_asm_printer_t *p, const char *s);
void lt_asm_printf(lt_asm_printer_t *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A newline followed by the current indentation (MLIR printNewline). */
void lt_asm_print_newline(lt_asm_printer_t *p);
/* The op name, without the enclosing region's default dialect prefix
 * (`return` inside func.func, `module` at top level). */
void lt_asm_print_op_name(lt_asm_printer_t *p, const lt_op_t *op);

/* `%0`, `%arg1`, `%3#1`. */
void lt_asm_print_operand(lt_asm_printer_t *p, const lt_value_t *v);
/* Comma-separated values: `%0, %1`. */
void lt_asm_print_operands(lt_asm_printer_t *p, uint32_t n,
                           lt_value_t *const *values);
/* All operands of op, comma-separated. */
void lt_asm_print_op_operands(lt_asm_printer_t *p, lt_op_t *op);

void lt_asm_print_type(lt_asm_printer_t *p, const lt_type_t *t);
/* Comma-separated types. */
void lt_asm_print_types(lt_asm_printer_t *p, uint32_t n,
                        const lt_type_t *const *types);
/* Types of op's operands / results, comma-separated. */
void lt_asm_print_operand_types(lt_asm_printer_t *p, lt_op_t *op);
void lt_asm_print_result_types(lt_asm_printer_t *p, lt_op_t *op);
/* ` -> T` / ` -> (T, U)` (parenthesized unless exactly one non-function
 * type); nothing when n == 0 (MLIR printOptionalArrowTypeList). */
void lt_asm_print_arrow_types(lt_asm_printer_t *p, uint32_t n,
                              const lt_type_t *const *types);
/* `(operand types) -> result types` of op (MLIR printFunctionalType). */
void lt_asm_print_functional_type(lt_asm_printer_t *p, lt_op_t *op);

/* An attribute with its type (`1 : i32`). */
void lt_asm_print_attr(lt_asm_printer_t *p, const lt_attr_t *a);
/* An attribute without its type suffix (`1`, `dense<1.0>`). */
void lt_asm_print_attr_no_type(lt_asm_printer_t *p, const lt_attr_t *a);
/* ` {a = 1, b}` with the named entries left out; nothing when no entry
 * remains (MLIR printOptionalAttrDict). dict may be NULL. */
void lt_asm_print_attr_dict(lt_asm_printer_t *p, const lt_attr_t *dict,
                            uint32_t num_elided, const char *const *elided);
/* Same with the keyword: ` attributes {a = 1}`. */
void lt_asm_print_attr_dict_kw(lt_asm_printer_t *p, const lt_attr_t *dict,
                               uint32_t num_elided, const char *const *elided);
/* `@name` (quoted when not an identifier). */
void lt_asm_print_symbol_name(lt_asm_printer_t *p, const char *name,
                              size_t len);

/* `^bb1`. */
void lt_asm_print_successor(lt_asm_printer_t *p, lt_block_t *b);
/* `{` ... `}`: entry_args prints the entry block label with its arguments
 * (when it has any); terminators false omits a registered terminator at the
 * end of blocks; empty_block prints `^bb0:` for an empty entry block. */
void lt_asm_print_region(lt_asm_printer_t *p, lt_region_t *r, bool entry_args,
                         bool terminators, bool empty_block);
/* A region argument in a signature: `%arg0: i32 {attrs} loc(...)`
 * (omit_type drops `: i32`; arg_attrs may be NULL). */
void lt_asm_print_region_arg(lt_asm_printer_t *p, const lt_value_t *arg,
                             const lt_attr_t *arg_attrs, bool omit_type);
/* The rest of the op in generic form (`"name"(...) ... : (T) -> R`), for
 * hooks that meet IR their syntax cannot express (MLIR printGenericOp). */
void lt_asm_print_generic_op(lt_asm_printer_t *p, lt_op_t *op);
/* ` loc(...)` when debuginfo is on (MLIR printOptionalLocationSpecifier). */
void lt_asm_print_optional_loc(lt_asm_printer_t *p, lt_loc_t loc);

#endif /* LITE_IR_PRINTER_H */
