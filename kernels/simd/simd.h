/* simd.h - the hand-written SIMD kernels (simd.def lists them): their
 * entry points and the instruction-set choice they share.
 *
 * One set of sources serves every architecture with vector units: on
 * x86_64 they run as the `x86_*` rows (AVX2 + FMA, AVX-512F), on aarch64
 * as the `arm_*` rows (NEON). Each family is one portable C file (the
 * entry point: operand checks, geometry, threads) and, where it has vector
 * code of its own, one file per instruction set compiled with that set's
 * flags (`<family>_avx2.c`: -mavx2 -mfma, `<family>_avx512.c`: -mavx512f
 * as well, `<family>_neon.c`), all instantiating one template
 * (`<family>_kernel.inc`) over a small vector vocabulary
 * (kernels/simd/vec_*.h), so the variants cannot drift apart. Families
 * built on the shared pieces (gemm.h, epilogue.h) or bound by memory
 * (resize) need no files of their own per set. The functions of one
 * instruction set are named in XNNPACK's style, `lk_f32_<what>__<isa>`,
 * and a family's driver finds its set's through a table indexed by the
 * set (LK_SIMD_BY_ISA). */
#ifndef LITE_KERNELS_SIMD_SIMD_H
#define LITE_KERNELS_SIMD_SIMD_H

#include "kernels/abi.h"

/* This build's instruction sets, narrowest first: X(ENUM, suffix, a), a
 * handed through (LK_SIMD_BY_ISA). LK_SIMD_ARCH is the rows' kernel-name
 * prefix and Place target; a build for another architecture has no sets
 * and lists every SIMD row as a description only (kernels/registry.c). */
#if defined(__x86_64__)
#define LK_SIMD_ARCH_X86 1
#define LK_SIMD_ISAS(X, a)                                                     \
  X(AVX2, avx2, a)     /* AVX2 + FMA: the baseline */                          \
  X(AVX512, avx512f, a) /* AVX-512F (with AVX2 + FMA) */
#define LK_SIMD_ISA_WIDEST LK_SIMD_ISA_AVX512
#elif defined(__aarch64__)
#define LK_SIMD_ARCH_ARM 1
#define LK_SIMD_ISAS(X, a) X(NEON, neon, a) /* Advanced SIMD: every aarch64 */
#define LK_SIMD_ISA_WIDEST LK_SIMD_ISA_NEON
#else
#define LK_SIMD_ISAS(X, a)
#endif
#if defined(LK_SIMD_ARCH_X86) || defined(LK_SIMD_ARCH_ARM)
#define LK_SIMD_ENABLED 1
#endif
/* The name of this build's row of a kernel ("x86_" "gemm__f32_nchw"). */
#if defined(LK_SIMD_ARCH_ARM)
#define LK_SIMD_KERNEL(rest) "arm_" rest
#else
#define LK_SIMD_KERNEL(rest) "x86_" rest
#endif

typedef enum lk_simd_isa {
  LK_SIMD_ISA_NONE = -1, /* none: the reference kernel runs */
#define X(e, s, a) LK_SIMD_ISA_##e,
  LK_SIMD_ISAS(X, _)
#undef X
      LK_SIMD_NUM_ISAS
} lk_simd_isa_t;

/* {[LK_SIMD_ISA_AVX2] = name__avx2, ...}: a table of one function per
 * set, indexed by lk_simd_isa_t; LK_SIMD_DECLARE(decl) expands decl(suffix)
 * once per set (the prototypes). */
#define LK_SIMD_ENTRY_(e, s, name) [LK_SIMD_ISA_##e] = name##__##s,
#define LK_SIMD_BY_ISA(name) {LK_SIMD_ISAS(LK_SIMD_ENTRY_, name)}
#define LK_SIMD_DECL_(e, s, decl) decl(s)
#define LK_SIMD_DECLARE(decl) LK_SIMD_ISAS(LK_SIMD_DECL_, decl)

/* The widest set the CPU info offers (NULL: none, so NONE). */
lk_simd_isa_t lk_simd_isa_of(const lk_cpu_info_t *cpu);
/* The call's: lk_simd_isa_of(call->target->cpu), NONE without a target. */
lk_simd_isa_t lk_simd_call_isa(const lk_call_t *call);
/* The set's suffix ("avx2"); "none" for NONE. */
const char *lk_simd_isa_name(lk_simd_isa_t isa);

/* Whether every operand and result of the call is a dense row-major nchw
 * view with its data (what the reference kernels take; checked at run
 * time, since workspace functions see views before data is bound). */
bool lk_simd_views_dense(const lk_call_t *call);

/* The call's set for a blocked-layout row, which has no reference kernel
 * to hand a CPU without AVX2 + FMA to: UNIMPLEMENTED naming kernel then. */
lt_status_t lk_simd_blocked_isa(const char *kernel, const lk_call_t *call,
                               lk_simd_isa_t *out_isa);

/* Whether v is a dense f32 nchw16c view of rank 4 with its data, not
 * packed: what the blocked kernels other than the convolution take. */
bool lk_simd_view_nchw16c(const lk_view_t *v);

/* Whether a convolution's call (conv2d or its transpose) has what the x86
 * families take: 2 to 4 inputs and one result, lk_conv_params_t over two
 * spatial dims with a group of 1 or more, x, w and y f32 of rank 4 with
 * known dims, and where present the bias [M] (M: y's channels) and a
 * residual of y's shape, both f32. */
bool lk_simd_conv2d_views(const lk_call_t *call);

/* The call's workspace as `floats` floats from a 64-byte boundary (a
 * workspace function asks lk_simd_workspace_bytes(floats) for them), or
 * INVALID_ARGUMENT naming kernel when it is shorter. */
size_t lk_simd_workspace_bytes(size_t floats);
lt_status_t lk_simd_workspace(const char *kernel, const lk_call_t *call,
                             size_t floats, float **out);

#define LK_SIMD_DECL_NONE(op, layout)
#define LK_SIMD_DECL_PACK(op, layout)                                           \
  lt_status_t lk_simd_##op##_pack__f32_##layout(                                \
      const void *params, const lk_view_t *consts, uint32_t num_consts,        \
      void *out, size_t *out_size);                                            \
  size_t lk_simd_##op##_workspace__f32_##layout(const lk_call_t *call);
#define LK_SIMD(op, layout, archs, operands, extras, attrs, header)                 \
  lt_status_t lk_simd_##op##__f32_##layout(const lk_call_t *call);              \
  LK_SIMD_DECL_##extras(op, layout)
#include "kernels/simd/simd.def"
#undef LK_SIMD

#endif /* LITE_KERNELS_SIMD_SIMD_H */
