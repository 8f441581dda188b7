/* isa.c - which instruction set a call's CPU offers the x86 kernels. */
#include "kernels/x86/x86.h"

#include "kernels/cpu.h"

lk_x86_isa_t lk_x86_isa_of(const lk_cpu_info_t *cpu) {
  if (!lk_cpu_has(cpu, LK_CPU_AVX2) || !lk_cpu_has(cpu, LK_CPU_FMA))
    return LK_X86_ISA_NONE;
  return lk_cpu_has(cpu, LK_CPU_AVX512F) ? LK_X86_ISA_AVX512
                                         : LK_X86_ISA_AVX2;
}

lk_x86_isa_t lk_x86_call_isa(const lk_call_t *call) {
  return lk_x86_isa_of(call->target ? call->target->cpu : NULL);
}

const char *lk_x86_isa_name(lk_x86_isa_t isa) {
  static const char *const names[] = {
#define X(e, s) s,
      LK_X86_ISAS(X)
#undef X
  };
  return isa >= 0 && isa < LK_X86_NUM_ISAS ? names[isa] : "none";
}
