/* artifact_emit.h - a compiled module to an artifact: the bridge from the
 * IR (after optimize, pick kernels, infer places, insert casts, plan memory)
 * to the table writer. */
#ifndef LITE_COMPILER_ARTIFACT_EMIT_H
#define LITE_COMPILER_ARTIFACT_EMIT_H

#include "compiler/artifact_writer.h"
#include "ir/operation.h"

/* Fills w from the module's func.func: block arguments become inputs,
 * constant-like ops weights, every other op an instruction, the returned
 * values outputs. Emits an error at the op (naming it) for what the format
 * cannot hold: an op without `lite.kernel`, a result without a plan slot,
 * an attribute of another kind than int, float, string, a list of numbers
 * or a type (written as its lk_dtype_t code). */
lt_result_t lt_artifact_emit(lt_op_t *module, lt_aw_t *w);

/* lt_artifact_emit, then writes the file at path; errors at the module. */
lt_result_t lt_artifact_emit_file(lt_op_t *module, const char *path);

#endif /* LITE_COMPILER_ARTIFACT_EMIT_H */
