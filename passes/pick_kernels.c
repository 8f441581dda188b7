/* pick_kernels.c - --lite-pick-kernels: chooses a kernel for every lite op
 * from the context's kernel registry (passes/kernel_registry.h) and
 * records its stable name as the op's `lite.kernel` attribute
 * (Paddle-Lite's static_kernel_pick_pass).
 *
 * Candidates: the kernels of the op whose target, precision and layout
 * each equal some valid place's or are `any` on either side (Paddle-Lite
 * expands a place to (t,p,l), (t,p,any), (t,any,l), (t,any,any)), whose
 * attribute constraints hold, and whose declared precisions can reach the
 * op's values: equal, `any`, or both float (a lite.calib converts between
 * float precisions; nothing may turn an i64 result into f32).
 *
 * Score, per valid place i of N: +255 when the target matches, +127 the
 * precision, +63 the layout (`any` on either side matches), weighted by
 * (N - i) / N; the kernel's score is the best over the places. Then +1 per
 * operand whose precision is compatible with the declared one (f16 and f32
 * count as compatible), and x2 when all are. The highest score wins; ties
 * go to the kind kernel-kinds= prefers (a kernel's kind is its name's first
 * word: `jit`, `ref`; the option may also leave kinds out), then to
 * registration order (the builtin table lists an op's f32 kernel
 * before its `any` one). Paddle-Lite's further x2 factors (data type ids,
 * OpenCL weight placement) and its int8 re-scoring have no counterpart
 * here yet.
 *
 * One rule sees past the op: an elementwise op that fuses with an
 * elementwise neighbour (ll_ew_fuses) takes the best generated kernel
 * when kernel-kinds ranks `jit` above the chosen kernel's kind and the
 * chosen one is not at a blocked layout, since lite-lower-to-loops
 * computes such a group in one pass over memory. */
#include <stdlib.h>
#include <string.h>

#include "dialects/lite/lite.h"
#include "ir/diagnostics.h"
#include "passes/kernel_registry.h"
#include "passes/lower_loops.h"
#include "passes/pass_list.h"
#include "passes/place_passes.h"

#define PICK_MAX_PLACES 16
#define PICK_MAX_INTS 32

typedef struct pick_kernels_options {
  char *places; /* "x86:f32:nchw8c,host:f32:nchw": the user's priority */
  char *kinds;  /* "jit,ref": kernel kinds allowed, preferred first */
  bool explain; /* a remark per op with every candidate's score */
} pick_kernels_options_t;

static const lt_pass_option_t kOptions[] = {
    {"places", LT_OPT_STRING, offsetof(pick_kernels_options_t, places),
     "host:f32:nchw",
     "Valid places, highest priority first: target:precision:layout,..."},
    {"kernel-kinds", LT_OPT_STRING, offsetof(pick_kernels_options_t, kinds),
     "",
     "Kernel kinds (the name's first word: jit, ref, ...) to choose from, "
     "preferred first at equal score; empty: every kind"},
    {"explain", LT_OPT_BOOL, offsetof(pick_kernels_options_t, explain), "false",
     "Emit a remark per op listing every candidate and its score"},
};

static const lt_pass_statistic_t kStatistics[] = {
    {"num-picked", "Number of ops given a kernel"},
};

/* ---- options ----------------------------------------------------------------
 */
typedef struct places {
  lk_place_t items[PICK_MAX_PLACES];
  uint32_t count;
  char text[512]; /* for diagnostics: "x86:f32:nchw8c, host:f32:nchw" */
} places_t;

static lt_result_t parse_places(lt_op_t *anchor, const char *text,
                                places_t *out) {
  out->count = 0;
  out->text[0] = 0;
  size_t pos = 0;
  const char *p = text ? text : "";
  for (;;) {
    while (*p == ' ')
      p++;
    const char *end = strchr(p, ',');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    while (n && p[n - 1] == ' ')
      n--;
    lk_place_t place;
    if (!lk_place_parse(p, n, &place))
      return lt_op_emit_error(anchor,
                              "lite-pick-kernels: bad place '%.*s' in "
                              "places='%s': expected target:precision:layout",
                              (int)n, p, text ? text : "");
    if (out->count == PICK_MAX_PLACES)
      return lt_op_emit_error(anchor, "lite-pick-kernels: more than %d places",
                              PICK_MAX_PLACES);
    out->items[out->count++] = place;
    char buf[64];
    lk_place_format(place, buf, sizeof(buf));
    int w = snprintf(out->text + pos, sizeof(out->text) - pos, "%s%s",
                     pos ? ", " : "", buf);
    if (w > 0 && pos + (size_t)w < sizeof(out->text)) pos += (size_t)w;
    if (!end) break;
    p = end + 1;
  }
  return LT_SUCCESS;
}

/* The kinds of kernel-kinds=, preferred first; none: every kind. */
#define PICK_MAX_KINDS 8

typedef struct kinds {
  char names[PICK_MAX_KINDS][16];
  uint32_t count;
} kinds_t;

static lt_result_t parse_kinds(lt_op_t *anchor, const char *text,
                               kinds_t *out) {
  out->count = 0;
  for (const char *p = text ? text : ""; *p;) {
    while (*p == ' ' || *p == ',')
      p++;
    size_t n = strcspn(p, ", ");
    if (!n) break;
    bool word = n < sizeof out->names[0];
    for (size_t i = 0; i < n && word; i++)
      word = (p[i] >= 'a' && p[i] <= 'z') || (p[i] >= '0' && p[i] <= '9');
    if (!word)
      return lt_op_emit_error(anchor,
                              "lite-pick-kernels: bad kind '%.*s' in "
                              "kernel-kinds='%s': expected a kernel name's "
                              "first word (jit, ref, ...)",
                              (int)n, p, text);
    if (out->count == PICK_MAX_KINDS)
      return lt_op_emit_error(anchor, "lite-pick-kernels: more than %d kinds",
                              PICK_MAX_KINDS);
    memcpy(out->names[out->count], p, n);
    out->names[out->count++][n] = 0;
    p += n;
  }
  return LT_SUCCESS;
}

/* The rank of k's kind (the name up to its first '_') in kinds: 0 is the
 * most preferred; -1 when kinds excludes it. Every kind ranks 0 when the
 * list is empty. */
static int kind_rank(const kinds_t *kinds, const lk_kernel_t *k) {
  if (!kinds->count) return 0;
  size_t n = strcspn(k->name, "_");
  for (uint32_t i = 0; i < kinds->count; i++)
    if (strlen(kinds->names[i]) == n && memcmp(kinds->names[i], k->name, n) == 0)
      return (int)i;
  return -1;
}

/* ---- matching --------------------------------------------------------------
 */
static bool component_matches(int kernel, int place, int any) {
  return kernel == place || kernel == any || place == any;
}

static bool candidate_for(const lk_kernel_t *k, lk_place_t p) {
  return component_matches(k->place.target, p.target, LK_TARGET_ANY) &&
         component_matches(k->place.precision, p.precision, LK_PRECISION_ANY) &&
         component_matches(k->place.layout, p.layout, LK_LAYOUT_ANY);
}

/* The precision a value is stored in: its Place's, else its element
 * type's. Values that are not tensors (`none`) have none. */
static bool value_precision(const lt_value_t *v, lk_precision_t *out) {
  const lt_type_t *t = v->type;
  if (!lt_type_is_shaped(t)) return false;
  lk_place_t place;
  if (lt_place_of_type(t, &place) && place.precision != LK_PRECISION_ANY) {
    *out = place.precision;
    return true;
  }
  *out = lt_precision_of_element(lt_type_element(t));
  return true;
}

/* Can a value of precision `have` meet a kernel declaring `want`? */
static bool precision_reachable(lk_precision_t have, lk_precision_t want) {
  return have == want || want == LK_PRECISION_ANY ||
         (have != LK_PRECISION_ANY && lk_precision_is_float(have) &&
          lk_precision_is_float(want));
}

/* Paddle-Lite's PrecisionCompatible for the input bonus. */
static bool precision_bonus(lk_precision_t have, lk_precision_t want) {
  bool half_single = (have == LK_PRECISION_F32 && want == LK_PRECISION_F16) ||
                     (have == LK_PRECISION_F16 && want == LK_PRECISION_F32);
  return have == want || have == LK_PRECISION_ANY || want == LK_PRECISION_ANY ||
         half_single;
}

typedef struct attr_lookup {
  lt_op_t *op;
  int64_t ints[PICK_MAX_INTS];
} attr_lookup_t;

static bool lookup_attr(void *user, const char *name, lk_attr_value_t *out) {
  attr_lookup_t *l = user;
  const lt_attr_t *a = lt_op_attr(l->op, name);
  if (!a) return false;
  *out = (lk_attr_value_t){.kind = LK_ATTR_VALUE_OTHER};
  switch (a->kind) {
  case LT_ATTR_INTEGER:
    out->kind = LK_ATTR_VALUE_INT;
    out->i = a->i;
    break;
  case LT_ATTR_BOOL:
    out->kind = LK_ATTR_VALUE_INT;
    out->i = a->b;
    break;
  case LT_ATTR_FLOAT:
    out->kind = LK_ATTR_VALUE_FLOAT;
    out->f = a->f;
    break;
  case LT_ATTR_STRING:
    out->kind = LK_ATTR_VALUE_STRING;
    out->s = a->str.data;
    out->n = a->str.len;
    break;
  case LT_ATTR_DENSE_ARRAY: {
    int64_t n = lt_attr_dense_count(a);
    if (!lt_type_is_int_or_index(a->type) || n > PICK_MAX_INTS) break;
    for (int64_t i = 0; i < n; i++)
      l->ints[i] = lt_attr_dense_int(a, i);
    out->kind = LK_ATTR_VALUE_INTS;
    out->ints = l->ints;
    out->num_ints = (int32_t)n;
    break;
  }
  case LT_ATTR_ARRAY: {
    if (a->array.count > PICK_MAX_INTS) break;
    for (uint32_t i = 0; i < a->array.count; i++) {
      if (a->array.elems[i]->kind != LT_ATTR_INTEGER) return true;
      l->ints[i] = a->array.elems[i]->i;
    }
    out->kind = LK_ATTR_VALUE_INTS;
    out->ints = l->ints;
    out->num_ints = (int32_t)a->array.count;
    break;
  }
  default:
    break;
  }
  return true;
}

/* ---- one op
 * ------------------------------------------------------------------ */
typedef struct candidate {
  const lk_kernel_t *kernel;
  double score;
  int kind; /* its kind's rank in kernel-kinds */
  char rejected[256]; /* why it cannot take the op; empty when it can */
} candidate_t;

typedef struct pick_state {
  lt_pass_t *pass;
  const lk_registry_t *registry;
  const places_t *places;
  const kinds_t *kinds;
  bool explain;
  candidate_t *cands;
  size_t cap;
  lt_result_t result;
} pick_state_t;

static bool static_value(const lt_value_t *v) {
  return v->type->kind == LT_TYPE_NONE ||
         (v->type->kind == LT_TYPE_TENSOR && lt_type_has_static_shape(v->type));
}

/* Fills c->rejected when k cannot take op. */
static void check_candidate(lt_op_t *op, candidate_t *c) {
  const lk_kernel_t *k = c->kernel;
  if (c->kind < 0) {
    snprintf(c->rejected, sizeof(c->rejected),
             "its kind is not in kernel-kinds");
    return;
  }
  if (k->static_shapes) {
    bool all = true;
    for (uint32_t i = 0; i < op->num_operands && all; i++)
      all = static_value(lt_op_operand(op, i));
    for (uint32_t i = 0; i < op->num_results && all; i++)
      all = static_value(lt_op_result(op, i));
    if (!all) {
      snprintf(c->rejected, sizeof(c->rejected),
               "generated for static shapes, and a shape here is dynamic");
      return;
    }
  }
  for (uint32_t i = 0; i < op->num_operands; i++) {
    lk_precision_t have, want = lk_kernel_input(k, (int32_t)i).precision;
    if (value_precision(lt_op_operand(op, i), &have) &&
        !precision_reachable(have, want)) {
      snprintf(c->rejected, sizeof(c->rejected),
               "operand %u is %s, the kernel reads %s", i,
               lk_precision_name(have), lk_precision_name(want));
      return;
    }
  }
  for (uint32_t i = 0; i < op->num_results; i++) {
    lk_precision_t have, want = lk_kernel_output(k, (int32_t)i).precision;
    if (value_precision(lt_op_result(op, i), &have) &&
        !precision_reachable(have, want)) {
      snprintf(c->rejected, sizeof(c->rejected),
               "result %u is %s, the kernel writes %s", i,
               lk_precision_name(have), lk_precision_name(want));
      return;
    }
  }
  /* A kernel of one float precision (the f32 rows) computes in it: it
   * needs float data, at least one float operand. Integer and bool ops
   * (equal on i32, non_zero on i64) go to the rows that take them. */
  if (lk_precision_is_float(k->place.precision) && op->num_operands > 0) {
    bool any_float = false;
    for (uint32_t i = 0; i < op->num_operands && !any_float; i++) {
      lk_precision_t have;
      any_float = value_precision(lt_op_operand(op, i), &have) &&
                  lk_precision_is_float(have);
    }
    if (!any_float) {
      snprintf(c->rejected, sizeof(c->rejected),
               "no operand is a float: the kernel computes in %s",
               lk_precision_name(k->place.precision));
      return;
    }
  }
  attr_lookup_t lookup = {.op = op};
  const lk_attr_constraint_t *failed = NULL;
  if (!lk_kernel_accepts(k, lookup_attr, &lookup, &failed)) {
    char text[200];
    lk_constraint_format(failed, text, sizeof(text));
    snprintf(c->rejected, sizeof(c->rejected), "needs %s", text);
  }
}

static double score_kernel(lt_op_t *op, const lk_kernel_t *k,
                           const places_t *places) {
  double best = 0;
  uint32_t n = places->count;
  for (uint32_t i = 0; i < n; i++) {
    lk_place_t p = places->items[i];
    double s = 0;
    if (component_matches(k->place.target, p.target, LK_TARGET_ANY)) s += 255;
    if (component_matches(k->place.precision, p.precision, LK_PRECISION_ANY))
      s += 127;
    if (component_matches(k->place.layout, p.layout, LK_LAYOUT_ANY)) s += 63;
    s *= (double)(n - i) / n;
    if (s > best) best = s;
  }
  bool all = true;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    lk_precision_t have;
    if (!value_precision(lt_op_operand(op, i), &have)) continue;
    if (precision_bonus(have, lk_kernel_input(k, (int32_t)i).precision))
      best += 1;
    else
      all = false;
  }
  return all ? best * 2 : best;
}

static void explain(lt_op_t *op, const candidate_t *cands, size_t n,
                    const candidate_t *chosen) {
  lt_strbuf_t sb = {0};
  if (chosen)
    lt_strbuf_printf(&sb, "kernel %s;", chosen->kernel->name);
  else
    lt_strbuf_puts(&sb, "no kernel;");
  for (size_t i = 0; i < n; i++) {
    if (cands[i].rejected[0])
      lt_strbuf_printf(&sb, " %s rejected (%s)", cands[i].kernel->name,
                       cands[i].rejected);
    else
      lt_strbuf_printf(&sb, " %s = %g", cands[i].kernel->name, cands[i].score);
    if (i + 1 < n) lt_strbuf_putc(&sb, ',');
  }
  lt_op_emit_remark(op, "%s", sb.data ? sb.data : "");
  lt_strbuf_free(&sb);
}

/* A generated kernel's row (passes/jit_kernels.def): the kind `jit`. */
static bool is_generated(const lk_kernel_t *k) {
  return strncmp(k->name, "jit_", 4) == 0;
}

static lt_result_t pick_one(pick_state_t *st, lt_op_t *op) {
  const char *name = lt_lite_op_name((lt_lite_op_id_t)lt_lite_op_id(op));
  size_t n = 0;
  for (size_t i = 0; i < lk_registry_size(st->registry); i++) {
    const lk_kernel_t *k = lk_registry_at(st->registry, i);
    if (strcmp(k->op, name) != 0) continue;
    bool any_place = false;
    for (uint32_t p = 0; p < st->places->count && !any_place; p++)
      any_place = candidate_for(k, st->places->items[p]);
    if (!any_place) continue;
    if (n == st->cap) {
      size_t cap = st->cap ? st->cap * 2 : 16;
      candidate_t *grown =
          lt_realloc(lt_context_allocator(lt_op_context(op)), st->cands,
                     st->cap * sizeof(*grown), cap * sizeof(*grown));
      if (!grown) return lt_op_emit_error(op, "out of memory");
      st->cands = grown;
      st->cap = cap;
    }
    candidate_t *c = &st->cands[n++];
    c->kernel = k;
    c->score = 0;
    c->kind = kind_rank(st->kinds, k);
    c->rejected[0] = 0;
    check_candidate(op, c);
    if (!c->rejected[0]) c->score = score_kernel(op, k, st->places);
  }
  const candidate_t *chosen = NULL;
  /* The best score; at equal scores the preferred kind, then the first
   * registered. */
  for (size_t i = 0; i < n; i++) {
    const candidate_t *c = &st->cands[i];
    if (!c->rejected[0] &&
        (!chosen || c->score > chosen->score ||
         (c->score == chosen->score && c->kind < chosen->kind)))
      chosen = c;
  }
  /* An elementwise op that fuses with a neighbour goes to the generated
   * kernels where the kinds prefer them to the chosen one's:
   * lite-lower-to-loops computes the group in one pass over memory, which
   * no kernel of one op matches. A blocked layout keeps its pick (the
   * layout choice weighs its regions). */
  if (chosen && lk_layout_channel_block(chosen->kernel->place.layout) <= 1 &&
      ll_ew_fuses(op)) {
    const candidate_t *gen = NULL;
    for (size_t i = 0; i < n; i++) {
      const candidate_t *c = &st->cands[i];
      if (!c->rejected[0] && c->kind < chosen->kind && is_generated(c->kernel) &&
          (!gen || c->score > gen->score ||
           (c->score == gen->score && c->kind < gen->kind)))
        gen = c;
    }
    if (gen) chosen = gen;
  }
  if (st->explain) explain(op, st->cands, n, chosen);
  if (!chosen) {
    lt_diag_t *d = lt_diag_begin(lt_op_context(op), op->loc, LT_SEV_ERROR);
    lt_diag_printf(d, "no kernel for '%s' at places %s", lt_op_name(op),
                   st->places->text);
    for (size_t i = 0; i < n; i++) {
      lt_diag_t *note = lt_diag_note(d, op->loc);
      lt_diag_printf(note, "kernel %s rejected: %s", st->cands[i].kernel->name,
                     st->cands[i].rejected);
    }
    return lt_diag_emit(d);
  }
  lt_context_t *ctx = lt_op_context(op);
  const lt_attr_t *value = lt_attr_string_cstr(ctx, chosen->kernel->name);
  if (lt_op_attr(op, "lite.kernel") != value) {
    lt_op_set_attr(op, "lite.kernel", value);
    if (st->pass) lt_pass_set_changed(st->pass, true);
  }
  if (st->pass) lt_pass_stat_add(st->pass, 0, 1);
  return LT_SUCCESS;
}

static lt_walk_result_t visit(lt_op_t *op, void *user) {
  pick_state_t *st = user;
  int id = lt_lite_op_id(op);
  /* A dispatch's kernel is its callee. */
  if (id < 0 || id == LT_LITE_CONSTANT || id == LT_LITE_NONE ||
      id == LT_LITE_DISPATCH)
    return LT_WALK_ADVANCE;
  /* Keep going after a failure so that every op without a kernel is
   * reported in one run. */
  if (LT_FAILED(pick_one(st, op))) st->result = LT_FAILURE;
  return LT_WALK_ADVANCE;
}

static lt_result_t run_pick_kernels(lt_pass_t *pass, lt_op_t *op) {
  const pick_kernels_options_t *o = pass->options;
  const lk_registry_t *registry = lt_kernels_registry(lt_op_context(op));
  if (!registry)
    return lt_op_emit_error(op, "out of memory creating the kernel registry");
  places_t places;
  kinds_t kinds;
  if (LT_FAILED(parse_places(op, o->places, &places)) ||
      LT_FAILED(parse_kinds(op, o->kinds, &kinds)))
    return LT_FAILURE;
  lt_pass_set_changed(pass, false);
  pick_state_t st = {.pass = pass,
                     .registry = registry,
                     .places = &places,
                     .kinds = &kinds,
                     .explain = o->explain,
                     .result = LT_SUCCESS};
  lt_op_walk(op, LT_WALK_PRE, visit, &st);
  lt_free(lt_context_allocator(lt_op_context(op)), st.cands,
          st.cap * sizeof(*st.cands));
  return st.result;
}

lt_result_t lt_pick_kernel_at(lt_op_t *op, const char *places,
                              const char *kinds) {
  const lk_registry_t *registry = lt_kernels_registry(lt_op_context(op));
  if (!registry)
    return lt_op_emit_error(op, "out of memory creating the kernel registry");
  places_t pl;
  kinds_t kd;
  if (LT_FAILED(parse_places(op, places && *places ? places : "host:f32:nchw",
                             &pl)) ||
      LT_FAILED(parse_kinds(op, kinds, &kd)))
    return LT_FAILURE;
  pick_state_t st = {.registry = registry, .places = &pl, .kinds = &kd};
  lt_result_t r = pick_one(&st, op);
  lt_free(lt_context_allocator(lt_op_context(op)), st.cands,
          st.cap * sizeof(*st.cands));
  return r;
}

const lt_pass_info_t lt_pick_kernels_pass = {
    .argument = "lite-pick-kernels",
    .name = "LitePickKernels",
    .summary = "Choose a kernel for every lite op by Place priority and "
               "record its stable name as lite.kernel",
    .anchor = "func.func",
    .options_size = sizeof(pick_kernels_options_t),
    .options = kOptions,
    .num_options = sizeof(kOptions) / sizeof(kOptions[0]),
    .statistics = kStatistics,
    .num_statistics = sizeof(kStatistics) / sizeof(kStatistics[0]),
    .run = run_pick_kernels,
};

/* --lite-explain-kernels: lite-pick-kernels with `explain` always on (it
 * takes lite-pick-kernels' other options). */
const lt_pass_info_t lt_explain_kernels_pass = {
    .argument = "lite-explain-kernels",
    .name = "LiteExplainKernels",
    .summary = "lite-pick-kernels with a remark per op listing every "
               "candidate kernel and its score",
    .alias_of = &lt_pick_kernels_pass,
    .preset = "explain=true",
};
