/* target.c - target machines, the O3 pipeline and object emission. */
#include "codegen/llvm/target.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <llvm-c/Transforms/PassBuilder.h>

#ifndef LITE_LLVM_VERSION_STRING
#define LITE_LLVM_VERSION_STRING "16"
#endif

const char *lt_llvm_version(void) { return LITE_LLVM_VERSION_STRING; }

static pthread_once_t g_init = PTHREAD_ONCE_INIT;

static void init_targets(void) {
  LLVMInitializeX86TargetInfo();
  LLVMInitializeX86Target();
  LLVMInitializeX86TargetMC();
  LLVMInitializeX86AsmPrinter();
  LLVMInitializeAArch64TargetInfo();
  LLVMInitializeAArch64Target();
  LLVMInitializeAArch64TargetMC();
  LLVMInitializeAArch64AsmPrinter();
}

void lt_llvm_initialize(void) { pthread_once(&g_init, init_targets); }

static char *dup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

static char *take_message(char *m) {
  char *d = dup(m ? m : "");
  LLVMDisposeMessage(m);
  return d;
}

void lt_llvm_target_destroy(lt_llvm_target_t *t) {
  if (!t) return;
  if (t->tm) LLVMDisposeTargetMachine(t->tm);
  free(t->triple);
  free(t->cpu);
  free(t->features);
  free(t);
}

lt_status_t lt_llvm_target_create(const char *triple, const char *cpu,
                                  const char *features,
                                  lt_llvm_target_t **out) {
  *out = NULL;
  lt_llvm_initialize();
  lt_llvm_target_t *t = calloc(1, sizeof(*t));
  if (!t) return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  bool host = triple == NULL;
  if (host) {
    char *def = LLVMGetDefaultTargetTriple();
    t->triple = take_message(LLVMNormalizeTargetTriple(def));
    LLVMDisposeMessage(def);
  } else {
    t->triple = dup(triple);
  }
  bool aarch64 = t->triple && strncmp(t->triple, "aarch64", 7) == 0;
  if (cpu)
    t->cpu = dup(cpu);
  else
    t->cpu = host ? take_message(LLVMGetHostCPUName()) : dup("generic");
  if (features)
    t->features = dup(features);
  else if (host && !cpu)
    t->features = take_message(LLVMGetHostCPUFeatures());
  else
    t->features = dup(aarch64 ? "+neon" : "");
  if (!t->triple || !t->cpu || !t->features) {
    lt_llvm_target_destroy(t);
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  }
  LLVMTargetRef target;
  char *err = NULL;
  if (LLVMGetTargetFromTriple(t->triple, &target, &err)) {
    lt_status_t st = lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                                    "unknown target '%s': %s", t->triple,
                                    err ? err : "");
    LLVMDisposeMessage(err);
    lt_llvm_target_destroy(t);
    return st;
  }
  t->tm = LLVMCreateTargetMachine(target, t->triple, t->cpu, t->features,
                                  LLVMCodeGenLevelAggressive, LLVMRelocPIC,
                                  LLVMCodeModelDefault);
  if (!t->tm) {
    lt_llvm_target_destroy(t);
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "cannot create a target machine for '%s'",
                          triple ? triple : "the host");
  }
  *out = t;
  return LT_OK;
}

/* Whether the comma-separated feature list enables `name` ("+avx512f"). */
static bool has_feature(const char *list, const char *name) {
  size_t n = strlen(name);
  for (const char *p = list; p && *p;) {
    size_t w = strcspn(p, ",");
    if (w == n && strncmp(p, name, n) == 0) return true;
    p += w;
    p += *p == ',';
  }
  return false;
}

int lt_llvm_target_vector_width(const lt_llvm_target_t *t) {
  return has_feature(t->features, "+avx512f") ? 16 : 8;
}

void lt_llvm_target_apply(const lt_llvm_target_t *t, LLVMModuleRef mod) {
  LLVMSetTarget(mod, t->triple);
  LLVMTargetDataRef dl = LLVMCreateTargetDataLayout(t->tm);
  LLVMSetModuleDataLayout(mod, dl);
  LLVMDisposeTargetData(dl);
}

lt_status_t lt_llvm_verify(LLVMModuleRef mod) {
  char *msg = NULL;
  if (!LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
    LLVMDisposeMessage(msg);
    return LT_OK;
  }
  lt_status_t st = lt_status_make(LT_STATUS_INTERNAL,
                                  "the translated LLVM module is invalid: %s",
                                  msg ? msg : "");
  LLVMDisposeMessage(msg);
  return st;
}

static lt_status_t from_error(LLVMErrorRef e, const char *what) {
  char *m = LLVMGetErrorMessage(e);
  lt_status_t st = lt_status_make(LT_STATUS_INTERNAL, "%s: %s", what, m);
  LLVMDisposeErrorMessage(m);
  return st;
}

lt_status_t lt_llvm_optimize(LLVMModuleRef mod, const lt_llvm_target_t *t,
                             int level) {
  if (level <= 0) return LT_OK;
  if (level > 3) level = 3;
  char pipeline[32];
  snprintf(pipeline, sizeof(pipeline), "default<O%d>", level);
  LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
  LLVMPassBuilderOptionsSetLoopVectorization(opts, level >= 2);
  LLVMPassBuilderOptionsSetSLPVectorization(opts, level >= 2);
  LLVMPassBuilderOptionsSetLoopInterleaving(opts, level >= 2);
  LLVMPassBuilderOptionsSetLoopUnrolling(opts, level >= 2);
  LLVMErrorRef e = LLVMRunPasses(mod, pipeline, t->tm, opts);
  LLVMDisposePassBuilderOptions(opts);
  return e ? from_error(e, "optimizing") : LT_OK;
}

lt_status_t lt_llvm_emit_object(LLVMModuleRef mod, const lt_llvm_target_t *t,
                                LLVMMemoryBufferRef *out) {
  char *err = NULL;
  *out = NULL;
  if (LLVMTargetMachineEmitToMemoryBuffer(t->tm, mod, LLVMObjectFile, &err,
                                          out)) {
    lt_status_t st = lt_status_make(LT_STATUS_INTERNAL,
                                    "emitting an object for %s: %s", t->triple,
                                    err ? err : "");
    LLVMDisposeMessage(err);
    return st;
  }
  return LT_OK;
}
