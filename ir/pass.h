/* pass.h - passes and the pass manager.
 *
 * A pass is a static descriptor (lt_pass_info_t): its command-line argument,
 * summary, anchor op name, options and statistics tables, and run callback;
 * or an alias: another pass with some of its options preset. A pass manager
 * holds a nested pipeline anchored on an op name and runs it (MLIR's textual
 * syntax: `builtin.module(func.func(cse,canonicalize{...}))`). */
#ifndef LITE_IR_PASS_H
#define LITE_IR_PASS_H

#include "ir/operation.h"

typedef struct lt_pass lt_pass_t;
typedef struct lt_pass_info lt_pass_info_t;
typedef struct lt_pass_manager lt_pass_manager_t;

typedef enum lt_pass_option_kind {
  LT_OPT_BOOL,
  LT_OPT_INT,    /* int64_t */
  LT_OPT_STRING, /* char* (heap, owned by the pass instance) */
  LT_OPT_INT_LIST, /* lt_int_list_t */
  /* lt_pass_manager_t* anchored on the pass's anchor, built from pipeline
   * elements (`cse,canonicalize{top-down=false}`) by the pass manager's
   * parser and owned by the pass instance: a pass that runs passes */
  LT_OPT_PIPELINE
} lt_pass_option_kind_t;

typedef struct lt_int_list {
  int64_t *items;
  uint32_t count;
} lt_int_list_t;

/* One option: stored at `offset` inside the pass's options struct. */
typedef struct lt_pass_option {
  const char *name;
  lt_pass_option_kind_t kind;
  size_t offset;
  const char *default_value; /* textual, parsed like user input */
  const char *help;
} lt_pass_option_t;

typedef struct lt_pass_statistic {
  const char *name;
  const char *help;
} lt_pass_statistic_t;

struct lt_pass_info {
  const char *argument;    /* "cse" */
  const char *name;        /* "CSE" (shown in IR dumps and timing) */
  const char *summary;
  const char *anchor;      /* "func.func", "builtin.module", or NULL = any */
  size_t options_size;     /* sizeof the options struct (0 if none) */
  const lt_pass_option_t *options;
  uint32_t num_options;
  const lt_pass_statistic_t *statistics;
  uint32_t num_statistics;
  /* Runs on one anchor op. Return LT_FAILURE after emitting diagnostics to
   * fail the pipeline. */
  lt_result_t (*run)(lt_pass_t *pass, lt_op_t *op);
  /* Optional: checks an instance's parsed options once, when it is added
   * to a pipeline (before any run); emits errors on ctx to refuse them. */
  lt_result_t (*check_options)(lt_context_t *ctx, const void *options);
  /* An alias is `alias_of` with `preset` (pass-option syntax,
   * "no-reuse=true") applied over its defaults: only its argument, name and
   * summary are its own; it takes and lists the base's other options. */
  const lt_pass_info_t *alias_of;
  const char *preset;
};

/* The descriptor whose anchor, options, statistics and run an instance of
 * `info` uses: the base of an alias, else info itself. */
static inline const lt_pass_info_t *lt_pass_base(const lt_pass_info_t *info) {
  return info->alias_of ? info->alias_of : info;
}
/* Whether option `name` is one an alias presets (not the user's to set,
 * nor shown); false for every option of a pass that is not an alias. */
bool lt_pass_option_preset(const lt_pass_info_t *info, const char *name);

/* A pass instance in a pipeline. */
struct lt_pass {
  const lt_pass_info_t *info;
  void *options;       /* options_size bytes, filled from defaults + user */
  uint64_t *stats;     /* num_statistics counters, summed over runs */
  bool changed;        /* set by run when it changed the IR (for
                          --mlir-print-ir-after-change); passes that do not
                          set it are compared by fingerprint */
  bool changed_known;
};

/* Registry of passes reachable from lite-opt (static descriptors, borrowed;
 * the first registration of an argument wins, so registering twice is
 * harmless). False when info is invalid or memory ran out. */
bool lt_pass_register(const lt_pass_info_t *info);
const lt_pass_info_t *lt_pass_lookup(const char *argument);
/* All registered passes sorted by argument. */
size_t lt_pass_registry_size(void);
const lt_pass_info_t *lt_pass_registry_at(size_t i);

/* Adds `n` to statistic i of the pass. */
static inline void lt_pass_stat_add(lt_pass_t *p, uint32_t i, uint64_t n) {
  p->stats[i] += n;
}
/* Pass authors call this to mark that the IR was (not) changed. */
static inline void lt_pass_set_changed(lt_pass_t *p, bool changed) {
  p->changed = changed;
  p->changed_known = true;
}

#endif /* LITE_IR_PASS_H */
