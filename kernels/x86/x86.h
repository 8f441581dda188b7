/* x86.h - the hand-written x86 kernels (x86.def lists them): their entry
 * points and the instruction-set choice they share.
 *
 * Each family is one portable C file (the entry point: operand checks,
 * geometry, threads) and, where it has vector code of its own, one file
 * per instruction set compiled with that set's flags (`<family>_avx2.c`:
 * -mavx2 -mfma, `<family>_avx512.c`: -mavx512f as well), both
 * instantiating one template (`<family>_kernel.inc`) over a small vector
 * vocabulary (kernels/x86/vec_*.h), so the variants cannot drift apart.
 * Families built on the shared pieces (gemm.h, epilogue.h) or bound by
 * memory (resize) need no files of their own per set. The functions of one
 * instruction set are named in XNNPACK's style, `lk_f32_<what>__<isa>`. */
#ifndef LITE_KERNELS_X86_X86_H
#define LITE_KERNELS_X86_X86_H

#include "kernels/abi.h"

/* The instruction sets, narrowest first. X(ENUM, suffix) */
#define LK_X86_ISAS(X)                                                         \
  X(AVX2, "avx2")       /* AVX2 + FMA: the baseline */                         \
  X(AVX512, "avx512f")  /* AVX-512F (with AVX2 + FMA) */

typedef enum lk_x86_isa {
  LK_X86_ISA_NONE = -1, /* neither: the reference kernel runs */
#define X(e, s) LK_X86_ISA_##e,
  LK_X86_ISAS(X)
#undef X
      LK_X86_NUM_ISAS
} lk_x86_isa_t;

/* The widest set the CPU info offers (NULL: none, so NONE). */
lk_x86_isa_t lk_x86_isa_of(const lk_cpu_info_t *cpu);
/* The call's: lk_x86_isa_of(call->target->cpu), NONE without a target. */
lk_x86_isa_t lk_x86_call_isa(const lk_call_t *call);
/* The set's suffix ("avx2"); "none" for NONE. */
const char *lk_x86_isa_name(lk_x86_isa_t isa);

/* Whether every operand and result of the call is a dense row-major nchw
 * view with its data (what the reference kernels take; checked at run
 * time, since workspace functions see views before data is bound). */
bool lk_x86_views_dense(const lk_call_t *call);

/* The call's set for a blocked-layout row, which has no reference kernel
 * to hand a CPU without AVX2 + FMA to: UNIMPLEMENTED naming kernel then. */
lt_status_t lk_x86_blocked_isa(const char *kernel, const lk_call_t *call,
                               lk_x86_isa_t *out_isa);

/* Whether v is a dense f32 nchw16c view of rank 4 with its data, not
 * packed: what the blocked kernels other than the convolution take. */
bool lk_x86_view_nchw16c(const lk_view_t *v);

/* Whether a convolution's call (conv2d or its transpose) has what the x86
 * families take: 2 to 4 inputs and one result, lk_conv_params_t over two
 * spatial dims with a group of 1 or more, x, w and y f32 of rank 4 with
 * known dims, and where present the bias [M] (M: y's channels) and a
 * residual of y's shape, both f32. */
bool lk_x86_conv2d_views(const lk_call_t *call);

/* The call's workspace as `floats` floats from a 64-byte boundary (a
 * workspace function asks lk_x86_workspace_bytes(floats) for them), or
 * INVALID_ARGUMENT naming kernel when it is shorter. */
size_t lk_x86_workspace_bytes(size_t floats);
lt_status_t lk_x86_workspace(const char *kernel, const lk_call_t *call,
                             size_t floats, float **out);

#define LK_X86_DECL_NONE(op, layout)
#define LK_X86_DECL_PACK(op, layout)                                           \
  lt_status_t lk_x86_##op##_pack__f32_##layout(                                \
      const void *params, const lk_view_t *consts, uint32_t num_consts,        \
      void *out, size_t *out_size);                                            \
  size_t lk_x86_##op##_workspace__f32_##layout(const lk_call_t *call);
#define LK_X86(op, layout, operands, extras, attrs, header)                    \
  lt_status_t lk_x86_##op##__f32_##layout(const lk_call_t *call);              \
  LK_X86_DECL_##extras(op, layout)
#include "kernels/x86/x86.def"
#undef LK_X86

#endif /* LITE_KERNELS_X86_X86_H */
