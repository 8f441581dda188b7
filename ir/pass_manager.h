/* pass_manager.h - the pass manager: nested pipelines anchored on op names,
 * MLIR's textual pipeline syntax, named pipelines, and the instrumentation
 * around pass runs (verification, IR printing, timing, statistics).
 *
 * A pass manager is anchored on an op name ("builtin.module", "func.func")
 * or on "any". It holds passes and nested pass managers; a nested manager
 * runs on every op directly nested (one region level down) in the op its
 * parent runs on whose name is its anchor, all of its passes on the first
 * such op, then on the next, sequentially. Errors are reported as
 * diagnostics on the manager's context. */
#ifndef LITE_IR_PASS_MANAGER_H
#define LITE_IR_PASS_MANAGER_H

#include <stdio.h>

#include "ir/diagnostics.h"
#include "ir/pass.h"

/* ---- named pipelines (a registry, global like the pass registry) -------- */
/* A named pipeline is code: `build` appends its passes to the manager it is
 * named in (`--lite-optimize`, or `lite-optimize` inside --pass-pipeline
 * text), with lt_pass_manager_add and lt_pass_manager_nest, and returns
 * LT_FAILURE after diagnostics on the manager's context. */
typedef struct lt_pass_pipeline_info {
  const char *name; /* "lite-default": usable as `--lite-default` */
  const char *summary;
  lt_result_t (*build)(lt_pass_manager_t *pm);
} lt_pass_pipeline_info_t;

/* Registers a named pipeline (a static descriptor, borrowed; the first
 * registration of a name wins, so registering twice is harmless). False
 * when info is invalid or memory ran out. */
bool lt_pass_pipeline_register(const lt_pass_pipeline_info_t *info);
const lt_pass_pipeline_info_t *lt_pass_pipeline_lookup(const char *name);
/* All registered pipelines sorted by name. */
size_t lt_pass_pipeline_registry_size(void);
const lt_pass_pipeline_info_t *lt_pass_pipeline_registry_at(size_t i);

/* ---- building ------------------------------------------------------------ */
/* Creates an empty manager anchored on `anchor` (an op name or "any"). */
lt_pass_manager_t *lt_pass_manager_create(lt_context_t *ctx,
                                          const char *anchor);
void lt_pass_manager_destroy(lt_pass_manager_t *pm);
const char *lt_pass_manager_anchor(const lt_pass_manager_t *pm);
/* Number of top-level entries (passes and nested managers). */
size_t lt_pass_manager_size(const lt_pass_manager_t *pm);

/* Appends a nested manager anchored on `anchor` and returns it (owned by
 * pm); NULL after an out-of-memory error. */
lt_pass_manager_t *lt_pass_manager_nest(lt_pass_manager_t *pm,
                                        const char *anchor);

/* Appends a pass instance with options in pass-option syntax
 * ("max-iterations=3 top-down=false", NULL for defaults). A pass anchored on
 * another op than pm's is nested into `anchor(...)` (reusing a trailing
 * nested manager that was created this way); a pass anchored on an op name
 * cannot go into a manager anchored on a different op name otherwise.
 * out_pass (optional) receives the instance. */
lt_result_t lt_pass_manager_add(lt_pass_manager_t *pm,
                                const lt_pass_info_t *info, const char *options,
                                lt_pass_t **out_pass);
/* Appends a registered pass or named pipeline by its argument (a named
 * pipeline takes no options). */
lt_result_t lt_pass_manager_add_named(lt_pass_manager_t *pm,
                                      const char *argument,
                                      const char *options);
/* Parses pipeline elements (`cse,func.func(canonicalize{top-down=false})`,
 * without an outer anchor) and appends them to pm: the one parser of
 * pipeline text, also behind --pass-pipeline and LT_OPT_PIPELINE options. */
lt_result_t lt_pass_manager_add_pipeline(lt_pass_manager_t *pm,
                                         const char *elements);
/* Parses a full pipeline `anchor(elements)` (--pass-pipeline) into a new
 * manager anchored on `anchor`. */
lt_result_t lt_pass_pipeline_parse(lt_context_t *ctx, const char *text,
                                   lt_pass_manager_t **out_pm);

/* Writes the pipeline in MLIR's textual form with every option shown:
 * `builtin.module(func.func(cse,canonicalize{max-iterations=10 ...}))`. */
void lt_pass_manager_print(const lt_pass_manager_t *pm, lt_strbuf_t *sb);
/* Writes only the elements, `cse,canonicalize{...}`, as
 * lt_pass_manager_add_pipeline reads them back. */
void lt_pass_manager_print_elements(const lt_pass_manager_t *pm,
                                    lt_strbuf_t *sb);
/* `Pass Manager with N passes:\n<pipeline>\n\n` (--dump-pass-pipeline). */
void lt_pass_manager_dump(const lt_pass_manager_t *pm, lt_strbuf_t *sb);

/* ---- pass options ------------------------------------------------------- */
/* Fills an options struct from the table's defaults, then from `text`
 * (NULL or pass-option syntax). Emits diagnostics on ctx on bad input; the
 * struct must then still be released with lt_pass_options_free. */
lt_result_t lt_pass_options_parse(lt_context_t *ctx, const lt_pass_info_t *info,
                                  void *options, const char *text);
/* Releases what lt_pass_options_parse allocated inside the struct. */
void lt_pass_options_free(lt_context_t *ctx, const lt_pass_info_t *info,
                          void *options);
/* Writes `{name=value ...}` in MLIR's order (by name), or nothing when the
 * pass has no options. */
void lt_pass_options_print(const lt_pass_info_t *info, const void *options,
                           lt_strbuf_t *sb);

/* ---- instrumentation ------------------------------------------------- */
/* Prints an op for IR dumps; the default (NULL) prints with lt_op_print's
 * default flags. `local_scope` is set when printing a nested op alone. */
typedef void (*lt_ir_print_fn_t)(void *user, lt_op_t *op, bool local_scope,
                                 lt_strbuf_t *out);

typedef struct lt_ir_print_config {
  bool before_all, after_all;
  const char *const *before; /* pass arguments; */
  size_t num_before;
  const char *const *after;
  size_t num_after;
  bool after_change;  /* only after passes that changed the IR */
  bool after_failure; /* only after passes that failed */
  bool module_scope;  /* print the top-level op, name the anchor op */
  FILE *out;          /* NULL: stderr */
  lt_ir_print_fn_t print;
  void *print_user;
} lt_ir_print_config_t;

/* Enables `// -----// IR Dump After CSE (cse) //----- //` dumps (the config
 * is copied; its arrays must outlive the manager). */
void lt_pass_manager_enable_ir_printing(lt_pass_manager_t *pm,
                                        const lt_ir_print_config_t *config);
/* Verification of the anchor op after each pass (default on). */
void lt_pass_manager_enable_verifier(lt_pass_manager_t *pm, bool enable);

/* Wall-clock timing tree, as MLIR's DefaultTimingManager. The root starts
 * when created; nodes are nested by name (and an optional identity key)
 * and accumulate over repeated start/stop. */
typedef struct lt_timing lt_timing_t;
typedef struct lt_timer lt_timer_t;
typedef enum lt_timing_display {
  LT_TIMING_TREE,
  LT_TIMING_LIST
} lt_timing_display_t;

lt_timing_t *lt_timing_create(lt_allocator_t allocator);
void lt_timing_destroy(lt_timing_t *t);
lt_timer_t *lt_timing_root(lt_timing_t *t);
/* Child of parent with this name and key (NULL: by name), created on first
 * use; children keep their creation order. NULL on out-of-memory. */
lt_timer_t *lt_timer_nest(lt_timer_t *parent, const char *name,
                          const void *key);
void lt_timer_start(lt_timer_t *timer);
void lt_timer_stop(lt_timer_t *timer);
/* Stops the root and writes MLIR's "Execution time report". */
void lt_timing_report(lt_timing_t *t, lt_timing_display_t display,
                      lt_strbuf_t *out);

/* Times every pass, nested pipeline ("'func.func' Pipeline") and the
 * verifier under `parent` (NULL disables). */
void lt_pass_manager_enable_timing(lt_pass_manager_t *pm, lt_timer_t *parent);

typedef enum lt_pass_stats_display {
  LT_PASS_STATS_PIPELINE,
  LT_PASS_STATS_LIST
} lt_pass_stats_display_t;
/* Writes MLIR's "Pass statistics report" of the counters summed so far. */
void lt_pass_manager_print_statistics(const lt_pass_manager_t *pm,
                                      lt_pass_stats_display_t display,
                                      lt_strbuf_t *out);

/* ---- running --------------------------------------------------------------
 */
/* Runs the pipeline on op (whose name must be the anchor unless "any").
 * Stops at the first failing pass or verification. */
lt_result_t lt_pass_manager_run(lt_pass_manager_t *pm, lt_op_t *op);

/* For passes that schedule a pipeline's entries themselves (as
 * lite-fixed-point): the pass of top-level entry i, NULL when that entry is
 * a nested manager. */
lt_pass_t *lt_pass_manager_pass_at(const lt_pass_manager_t *pm, size_t i);
/* The nested manager of top-level entry i, NULL when it is a pass. */
lt_pass_manager_t *lt_pass_manager_nested_at(const lt_pass_manager_t *pm,
                                             size_t i);
/* Runs top-level entry i alone on op, as lt_pass_manager_run would, and sets
 * *out_changed to whether it changed the IR: what the pass reported
 * (lt_pass_set_changed), else a fingerprint of op before and after. */
lt_result_t lt_pass_manager_run_entry(lt_pass_manager_t *pm, size_t i,
                                      lt_op_t *op, bool *out_changed);

#endif /* LITE_IR_PASS_MANAGER_H */
