/* lite_place.c - the Place attribute `#lite.place<target, precision, layout>`
 * (plus `, device = N`): its text form, and the compatibility rules that
 * decide where a cast is needed. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/lite/lite.h"
#include "dialects/lite/lite_internal.h"

/* The payload stored in the uniqued attribute. */
typedef struct place_payload {
  uint8_t target, precision, layout, pad;
  int32_t device;
} place_payload_t;

const lt_attr_t *lt_place_attr(lt_context_t *ctx, lk_place_t place) {
  place_payload_t pl = {(uint8_t)place.target, (uint8_t)place.precision,
                        (uint8_t)place.layout, 0, place.device};
  return lt_attr_dialect(ctx, &lt_lite_dialect, LT_LITE_ATTR_PLACE, &pl,
                         sizeof pl);
}

bool lt_place_from_attr(const lt_attr_t *a, lk_place_t *out_place) {
  if (!a || a->kind != LT_ATTR_DIALECT || a->ext.dialect != &lt_lite_dialect ||
      a->ext.tag != LT_LITE_ATTR_PLACE)
    return false;
  place_payload_t pl;
  memcpy(&pl, a->ext.data, sizeof pl);
  out_place->target = (lk_target_t)pl.target;
  out_place->precision = (lk_precision_t)pl.precision;
  out_place->layout = (lk_layout_t)pl.layout;
  out_place->device = pl.device;
  return true;
}

bool lt_place_of_type(const lt_type_t *t, lk_place_t *out_place) {
  return t && t->kind == LT_TYPE_TENSOR &&
         lt_place_from_attr(t->shaped.encoding, out_place);
}

const lt_type_t *lt_type_with_place(lt_context_t *ctx, const lt_type_t *t,
                                    lk_place_t place) {
  if (!t || t->kind != LT_TYPE_TENSOR) return NULL;
  return lt_type_tensor(ctx, t->shaped.rank, t->shaped.shape,
                        t->shaped.element, lt_place_attr(ctx, place));
}

lk_precision_t lt_precision_of_element(const lt_type_t *t) {
  return lk_precision_of_dtype(lt_lite_dtype(t));
}

bool lt_place_stored_shape(const lt_type_t *t, int64_t *out_shape,
                           uint32_t *out_rank) {
  if (!t || t->kind != LT_TYPE_TENSOR) return false;
  uint32_t rank = t->shaped.rank;
  const int64_t *shape = t->shaped.shape;
  lk_place_t place;
  lk_layout_t layout =
      lt_place_of_type(t, &place) ? place.layout : LK_LAYOUT_NCHW;
  int64_t block = lk_layout_channel_block(layout);
  *out_rank = rank;
  if (layout == LK_LAYOUT_NHWC) {
    if (rank < 3) return false;
    out_shape[0] = shape[0];
    for (uint32_t d = 2; d < rank; d++) out_shape[d - 1] = shape[d];
    out_shape[rank - 1] = shape[1];
  } else if (block > 1) {
    if (rank < 2) return false;
    out_shape[0] = shape[0];
    out_shape[1] = shape[1] == LT_DYNAMIC ? LT_DYNAMIC
                                          : (shape[1] + block - 1) / block;
    for (uint32_t d = 2; d < rank; d++) out_shape[d] = shape[d];
    out_shape[rank] = block;
    *out_rank = rank + 1;
  } else {
    for (uint32_t d = 0; d < rank; d++) out_shape[d] = shape[d];
  }
  return true;
}

/* ---- compatibility --------------------------------------------------------- */

bool lt_target_compatible(lk_target_t from, lk_target_t to) {
  if (from == LK_TARGET_ANY || to == LK_TARGET_ANY || from == to) return true;
  return lk_target_is_host_memory(from) && lk_target_is_host_memory(to);
}

bool lt_precision_compatible(lk_precision_t from, lk_precision_t to) {
  return from == LK_PRECISION_ANY || to == LK_PRECISION_ANY || from == to;
}

bool lt_layout_compatible(lk_layout_t from, lk_layout_t to) {
  return from == LK_LAYOUT_ANY || to == LK_LAYOUT_ANY || from == to;
}

/* Devices matter only between two places of the same device target (two
 * GPUs); host-class memory is one address space. */
bool lt_device_compatible(const lk_place_t *from, const lk_place_t *to) {
  if (from->target == LK_TARGET_ANY || to->target == LK_TARGET_ANY ||
      lk_target_is_host_memory(from->target) ||
      lk_target_is_host_memory(to->target))
    return true;
  return from->device == to->device;
}

bool lt_place_compatible(const lk_place_t *from, const lk_place_t *to) {
  return lt_target_compatible(from->target, to->target) &&
         lt_precision_compatible(from->precision, to->precision) &&
         lt_layout_compatible(from->layout, to->layout) &&
         lt_device_compatible(from, to);
}

bool lt_type_compatible(const lt_type_t *from, const lt_type_t *to) {
  if (from == to) return true;
  if (!from || !to || from->kind != LT_TYPE_TENSOR ||
      to->kind != LT_TYPE_TENSOR ||
      from->shaped.element != to->shaped.element ||
      from->shaped.rank != to->shaped.rank)
    return false;
  for (uint32_t i = 0; i < from->shaped.rank; i++) {
    int64_t a = from->shaped.shape[i], b = to->shaped.shape[i];
    if (a != b && a != LT_DYNAMIC && b != LT_DYNAMIC) return false;
  }
  lk_place_t pf, pt;
  if (!lt_place_of_type(from, &pf) || !lt_place_of_type(to, &pt)) return true;
  return lt_place_compatible(&pf, &pt);
}

/* ---- text form ---------------------------------------------------------------- */

typedef struct cursor {
  const char *p, *end;
} cursor_t;

static void skip_ws(cursor_t *c) {
  while (c->p < c->end && isspace((unsigned char)*c->p)) c->p++;
}

static bool take_char(cursor_t *c, char ch) {
  skip_ws(c);
  if (c->p < c->end && *c->p == ch) {
    c->p++;
    return true;
  }
  return false;
}

static size_t take_word(cursor_t *c, const char **out) {
  skip_ws(c);
  *out = c->p;
  while (c->p < c->end && (isalnum((unsigned char)*c->p) || *c->p == '_'))
    c->p++;
  return (size_t)(c->p - *out);
}

static const char *target_at(int i) { return lk_target_name((lk_target_t)i); }
static const char *precision_at(int i) {
  return lk_precision_name((lk_precision_t)i);
}
static const char *layout_at(int i) { return lk_layout_name((lk_layout_t)i); }

/* Reports an unknown spelling of one of the three enum fields with every
 * accepted spelling (all n of them, in table order); returns NULL. */
static const lt_attr_t *unknown_field(lt_strbuf_t *err, const char *what,
                                      const char *w, size_t len,
                                      const char *(*name)(int), int n) {
  lt_strbuf_printf(err, "unknown %s '%.*s' in #lite.place (expected one of: ",
                   what, (int)len, w);
  for (int i = 0; i < n; i++)
    lt_strbuf_printf(err, "%s%s", i ? ", " : "", name(i));
  lt_strbuf_putc(err, ')');
  return NULL;
}

const lt_attr_t *lt_lite_parse_attr(lt_context_t *ctx, const char *text,
                                    size_t len, lt_strbuf_t *err) {
  cursor_t c = {text, text + len};
  const char *w;
  size_t wl = take_word(&c, &w);
  if (wl != 5 || memcmp(w, "place", 5) != 0) {
    lt_strbuf_printf(err, "unknown lite attribute '%.*s' (expected 'place')",
                     (int)wl, w);
    return NULL;
  }
  if (!take_char(&c, '<')) {
    lt_strbuf_puts(err, "expected '<' after #lite.place");
    return NULL;
  }
  lk_place_t place = {.device = 0};
  wl = take_word(&c, &w);
  if (!lk_target_parse(w, wl, &place.target))
    return unknown_field(err, "target", w, wl, target_at, LK_NUM_TARGETS);
  if (!take_char(&c, ',')) {
    lt_strbuf_puts(err, "expected ', precision' in #lite.place");
    return NULL;
  }
  wl = take_word(&c, &w);
  if (!lk_precision_parse(w, wl, &place.precision))
    return unknown_field(err, "precision", w, wl, precision_at,
                         LK_NUM_PRECISIONS);
  if (!take_char(&c, ',')) {
    lt_strbuf_puts(err, "expected ', layout' in #lite.place");
    return NULL;
  }
  wl = take_word(&c, &w);
  if (!lk_layout_parse(w, wl, &place.layout))
    return unknown_field(err, "layout", w, wl, layout_at, LK_NUM_LAYOUTS);
  if (take_char(&c, ',')) {
    wl = take_word(&c, &w);
    if (wl != 6 || memcmp(w, "device", 6) != 0 || !take_char(&c, '=')) {
      lt_strbuf_puts(err, "expected 'device = N' in #lite.place");
      return NULL;
    }
    skip_ws(&c);
    char *end;
    char buf[16] = {0};
    size_t n = (size_t)(c.end - c.p) < sizeof buf - 1 ? (size_t)(c.end - c.p)
                                                      : sizeof buf - 1;
    memcpy(buf, c.p, n);
    long dev = strtol(buf, &end, 10);
    if (end == buf || dev < 0 || dev > INT32_MAX) {
      lt_strbuf_puts(err, "expected a non-negative device number in "
                          "#lite.place");
      return NULL;
    }
    c.p += end - buf;
    place.device = (int32_t)dev;
  }
  if (!take_char(&c, '>')) {
    lt_strbuf_puts(err, "expected '>' to end #lite.place");
    return NULL;
  }
  skip_ws(&c);
  if (c.p != c.end) {
    lt_strbuf_printf(err, "unexpected '%.*s' after #lite.place<...>",
                     (int)(c.end - c.p), c.p);
    return NULL;
  }
  return lt_place_attr(ctx, place);
}

void lt_lite_print_attr(const lt_attr_t *a, lt_strbuf_t *out) {
  lk_place_t pl;
  if (!lt_place_from_attr(a, &pl)) {
    lt_strbuf_puts(out, "<<unknown lite attribute>>");
    return;
  }
  lt_strbuf_printf(out, "place<%s, %s, %s", lk_target_name(pl.target),
                   lk_precision_name(pl.precision), lk_layout_name(pl.layout));
  if (pl.device) lt_strbuf_printf(out, ", device = %d", (int)pl.device);
  lt_strbuf_putc(out, '>');
}
