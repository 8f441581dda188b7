/* fixed_point.c - lite-fixed-point, the driver that repeats a list of
 * passes until none of them changes the function (see fixed_point.h). */
#include "passes/fixed_point.h"

#include <stdio.h>
#include <string.h>

#include "ir/diagnostics.h"
#include "ir/pass_manager.h"

typedef struct fixed_point_options {
  char *pipeline;
  int64_t max_rounds;
} fixed_point_options_t;

static const lt_pass_option_t fixed_point_options[] = {
    {"max-rounds", LT_OPT_INT, offsetof(fixed_point_options_t, max_rounds),
     "8", "Most rounds run; the IR may still change in the last one"},
    {"pipeline", LT_OPT_STRING, offsetof(fixed_point_options_t, pipeline), "",
     "Passes run in each round, in order: `a,b{opt=1},c`"},
};

/* ---- statistics ------------------------------------------------------------ */
/* The statistics report shows at most 64 rows of a pass. */
#define LT_FP_MAX_STATS 64
enum { STAT_ROUNDS, STAT_UNCONVERGED, STAT_FIRST_INNER };

static lt_pass_statistic_t g_stats[LT_FP_MAX_STATS] = {
    {"num-rounds", "Rounds run, summed over the functions"},
    {"num-unconverged",
     "Functions still changing when max-rounds was reached"},
};
/* Row i >= STAT_FIRST_INNER holds statistic g_row_stat[i] of g_row_pass[i]. */
static const lt_pass_info_t *g_row_pass[LT_FP_MAX_STATS];
static uint32_t g_row_stat[LT_FP_MAX_STATS];
static char g_row_name[LT_FP_MAX_STATS][128];

static lt_result_t run_fixed_point(lt_pass_t *pass, lt_op_t *op);

/* Not const: the statistics table is only known once the other passes are
 * registered. */
static lt_pass_info_t fixed_point_pass = {
    .argument = "lite-fixed-point",
    .name = "LiteFixedPoint",
    .summary = "Run a list of passes again and again until none changes the "
               "function",
    .anchor = "func.func",
    .options_size = sizeof(fixed_point_options_t),
    .options = fixed_point_options,
    .num_options = LT_ARRAY_SIZE(fixed_point_options),
    .statistics = g_stats,
    .num_statistics = STAT_FIRST_INNER,
    .run = run_fixed_point,
};

void lt_fixed_point_register(const lt_pass_info_t *const *passes,
                             size_t count) {
  if (lt_pass_lookup(fixed_point_pass.argument)) return;
  uint32_t n = STAT_FIRST_INNER;
  for (size_t i = 0; i < count; i++) {
    const lt_pass_info_t *info = passes[i];
    for (uint32_t s = 0; s < info->num_statistics && n < LT_FP_MAX_STATS;
         s++, n++) {
      snprintf(g_row_name[n], sizeof(g_row_name[n]), "%s.%s", info->argument,
               info->statistics[s].name);
      g_stats[n] = (lt_pass_statistic_t){g_row_name[n],
                                         info->statistics[s].help};
      g_row_pass[n] = info;
      g_row_stat[n] = s;
    }
  }
  fixed_point_pass.num_statistics = n;
  lt_pass_register(&fixed_point_pass);
}

static void add_inner_stats(lt_pass_t *driver, const lt_pass_t *inner) {
  for (uint32_t row = STAT_FIRST_INNER; row < driver->info->num_statistics;
       row++)
    if (g_row_pass[row] == inner->info)
      lt_pass_stat_add(driver, row, inner->stats[g_row_stat[row]]);
}

/* ---- change detection ------------------------------------------------------ */
/* Identities of ops, attributes, locations, operands and result types:
 * uniqued objects compare by pointer, so any rewrite shows up. */
static lt_walk_result_t fingerprint_op(lt_op_t *op, void *user) {
  uint64_t *h = user;
  *h = lt_hash_combine(*h, lt_hash_ptr(op));
  *h = lt_hash_combine(*h, lt_hash_ptr(op->info));
  *h = lt_hash_combine(*h, lt_hash_ptr(op->attrs));
  *h = lt_hash_combine(*h, lt_hash_ptr(op->loc));
  for (uint32_t i = 0; i < op->num_operands; i++)
    *h = lt_hash_combine(*h, lt_hash_ptr(op->operands[i].value));
  for (uint32_t i = 0; i < op->num_results; i++)
    *h = lt_hash_combine(*h, lt_hash_ptr(op->results[i].type));
  return LT_WALK_ADVANCE;
}

static uint64_t fingerprint(lt_op_t *op) {
  uint64_t h = 0x66697865u;
  lt_op_walk(op, LT_WALK_PRE, fingerprint_op, &h);
  return h;
}

/* ---- the inner passes -------------------------------------------------------- */
typedef struct inner {
  lt_pass_manager_t *pm; /* this pass alone, anchored on the op */
  lt_pass_t *pass;
  bool reports; /* it said whether it changed the IR last time */
} inner_t;

typedef struct inner_list {
  inner_t *items;
  size_t count, cap;
} inner_list_t;

static void inner_free(lt_allocator_t a, inner_list_t *l) {
  for (size_t i = 0; i < l->count; i++)
    lt_pass_manager_destroy(l->items[i].pm);
  lt_free(a, l->items, l->cap * sizeof(inner_t));
}

/* Adds one element `name` or `name{options}` of the pipeline option. */
static lt_result_t add_inner(lt_op_t *op, const char *elem, size_t len,
                             inner_list_t *l) {
  lt_context_t *ctx = lt_op_context(op);
  lt_allocator_t a = lt_context_allocator(ctx);
  const char *brace = memchr(elem, '{', len);
  size_t name_len = brace ? (size_t)(brace - elem) : len;
  while (name_len && elem[name_len - 1] == ' ')
    name_len--;
  char name[256];
  snprintf(name, sizeof(name), "%.*s", (int)name_len, elem);
  if (strchr(name, '(') || strchr(name, ')'))
    return lt_op_emit_error(op,
                            "lite-fixed-point runs a flat list of passes; "
                            "'%.*s' is a nested pipeline",
                            (int)len, elem);
  const lt_pass_info_t *info = lt_pass_lookup(name);
  if (!info)
    return lt_op_emit_error(op,
                            "lite-fixed-point: '%s' is not a registered "
                            "pass%s",
                            name,
                            lt_pass_pipeline_lookup(name)
                                ? " (it is a pass pipeline; list its passes)"
                                : "");
  if (info->anchor && strcmp(info->anchor, "any") != 0 &&
      strcmp(info->anchor, lt_op_name(op)) != 0)
    return lt_op_emit_error(op,
                            "lite-fixed-point: pass '%s' is anchored on '%s' "
                            "and cannot run on '%s'",
                            name, info->anchor, lt_op_name(op));
  if (l->count == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 8;
    inner_t *items = lt_realloc(a, l->items, l->cap * sizeof(inner_t),
                                cap * sizeof(inner_t));
    if (!items) return lt_op_emit_error(op, "out of memory");
    l->items = items;
    l->cap = cap;
  }
  inner_t *in = &l->items[l->count];
  memset(in, 0, sizeof(*in));
  in->pm = lt_pass_manager_create(ctx, lt_op_name(op));
  if (!in->pm) return lt_op_emit_error(op, "out of memory");
  l->count++;
  /* The driver verifies, after the passes that changed the function. */
  lt_pass_manager_enable_verifier(in->pm, false);
  lt_strbuf_t opts = {0};
  if (brace) {
    const char *close = elem + len;
    while (close > brace && close[-1] != '}')
      close--;
    if (close == brace)
      return lt_op_emit_error(op, "lite-fixed-point: missing '}' in '%.*s'",
                              (int)len, elem);
    lt_strbuf_append(&opts, brace + 1, (size_t)(close - 1 - (brace + 1)));
  }
  lt_result_t r = lt_pass_manager_add(
      in->pm, info, brace ? (opts.data ? opts.data : "") : NULL, &in->pass);
  lt_strbuf_free(&opts);
  if (LT_FAILED(r))
    return lt_op_emit_error(op, "lite-fixed-point: cannot add pass '%.*s'",
                            (int)len, elem);
  return LT_SUCCESS;
}

/* Splits `a,b{x=1 y=2},c` at the commas outside braces. */
static lt_result_t parse_inner(lt_op_t *op, const char *text,
                               inner_list_t *out) {
  const char *s = text;
  while (*s) {
    while (*s == ' ' || *s == ',')
      s++;
    if (!*s) break;
    const char *e = s;
    int depth = 0;
    while (*e && (depth > 0 || *e != ',')) {
      if (*e == '{') depth++;
      if (*e == '}') depth--;
      e++;
    }
    size_t len = (size_t)(e - s);
    while (len && s[len - 1] == ' ')
      len--;
    if (LT_FAILED(add_inner(op, s, len, out))) return LT_FAILURE;
    s = e;
  }
  return LT_SUCCESS;
}

/* ---- the driver -------------------------------------------------------------- */
static lt_result_t run_fixed_point(lt_pass_t *pass, lt_op_t *op) {
  const fixed_point_options_t *o = pass->options;
  lt_allocator_t a = lt_context_allocator(lt_op_context(op));
  lt_pass_set_changed(pass, false);
  if (o->max_rounds < 1)
    return lt_op_emit_error(op, "lite-fixed-point: max-rounds must be at "
                                "least 1");
  inner_list_t inner = {0};
  lt_result_t result = parse_inner(op, o->pipeline, &inner);
  int64_t rounds = 0;
  bool changed_any = false, converged = inner.count == 0;
  while (LT_SUCCEEDED(result) && !converged && rounds < o->max_rounds) {
    rounds++;
    bool changed = false;
    for (size_t i = 0; i < inner.count; i++) {
      inner_t *in = &inner.items[i];
      uint64_t before = in->reports ? 0 : fingerprint(op);
      bool failed = LT_FAILED(lt_pass_manager_run(in->pm, op));
      bool pass_changed = false;
      if (!failed) {
        in->reports = in->pass->changed_known;
        pass_changed =
            in->reports ? in->pass->changed : fingerprint(op) != before;
        /* What a pass left unchanged was valid before it. */
        failed = pass_changed && LT_FAILED(lt_op_verify(op));
      }
      if (failed) {
        result = lt_op_emit_error(op,
                                  "pass '%s' failed in round %lld of "
                                  "lite-fixed-point",
                                  in->pass->info->argument, (long long)rounds);
        break;
      }
      changed |= pass_changed;
    }
    if (LT_FAILED(result)) break;
    converged = !changed;
    changed_any |= changed;
  }
  for (size_t i = 0; i < inner.count; i++)
    if (inner.items[i].pass) add_inner_stats(pass, inner.items[i].pass);
  lt_pass_stat_add(pass, STAT_ROUNDS, (uint64_t)rounds);
  if (LT_SUCCEEDED(result) && !converged)
    lt_pass_stat_add(pass, STAT_UNCONVERGED, 1);
  inner_free(a, &inner);
  lt_pass_set_changed(pass, changed_any);
  return result;
}
