#!/usr/bin/env bash
# The test command: what CI runs and what a developer runs before pushing.
#
#   1. scripts/setup.sh (installs missing Debian packages and .venv), then
#      scripts/check_layers.py: no file includes a layer above its own
#   2. default build (gcc, -DLITE_WERROR=ON) and ctest: unit tests + lit suite
#   3. the same with ASan + UBSan, and without LLVM (-DLITE_WITH_LLVM=OFF)
#   4. ONNX conformance (test/onnx, both builds, on the interpreter and
#      through the compiled path on the runtime, and on the default build
#      with generated kernels preferred): every test listed in
#      test/onnx/expected_pass.txt must pass every way
#   5. models (test/models) under lite-run --reference, on the runtime and
#      (default build) with generated kernels against onnxruntime (the
#      runtime also within 1e-5 of the interpreter), and optimized, placed and memory-planned against
#      themselves, in both builds: every generated model and the PP-OCR
#      models (skipped, and said so, without onnxruntime or without a
#      reachable registry for PP-OCR)
#   6. the installed library: cmake --install, the C API example built
#      against it through its CMake package and through pkg-config and run;
#      liblite_runtime.so exports only the C API (nm) and its stripped size
#      is reported; the runtime's thread test under ThreadSanitizer
#   7. the libFuzzer targets (clang-14) run for FUZZ_SECONDS each on seed
#      corpora made from test/lit and the ONNX test models: the parser, the
#      ONNX importer, the artifact loader, and the runtime (load, plan and
#      run an arbitrary artifact)
#   8. aarch64: scripts/check_aarch64.sh, the runtime cross-built, its NEON
#      kernels' unit tests and artifacts (reference, generated and NEON
#      kernels) run under qemu-aarch64, each model's outputs matching
#      x86_64's (skipped, and said so, without the cross compiler or qemu)
#
# Ends with one line `N passed, N failed` (each unit test and each lit test
# counts once per build; the layer check, conformance, the model comparison
# and each fuzz run count once) and exits non-zero on any failure.
# Environment: FUZZ_SECONDS (default 60 per target; 0 skips fuzzing),
# TEST_TIMEOUT (seconds one unit or lit test may take, default 120), JOBS.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 1
fuzz_seconds=${FUZZ_SECONDS:-60}
test_timeout=${TEST_TIMEOUT:-120}
jobs=${JOBS:-$(nproc)}
export JOBS=$jobs

passed=0
failed=0
summary=()

note() { printf '\n==== %s\n' "$*"; }
pass() { passed=$((passed + $1)); summary+=("$2"); }
fail() { failed=$((failed + $1)); summary+=("$2"); }

# Sanitizer reports must fail the run, with stacks a reader can use.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

note "setup"
if ! scripts/setup.sh; then
  fail 1 "setup: FAILED"
  echo "0 passed, 1 failed"
  exit 1
fi

note "layering"
if python3 scripts/check_layers.py; then
  pass 1 "layering: no upward include"
else
  fail 1 "layering: FAILED (upward includes above)"
fi

# run_suite FLAVOUR DIR: build with warnings as errors, then ctest (which runs
# lit as one of its tests; LIT_OPTS makes lit stop hung tests and write
# per-test results).
run_suite() {
  local flavour=$1 dir=$2
  note "build ($flavour)"
  if ! scripts/build.sh "$flavour" -DLITE_WERROR=ON; then
    fail 1 "$flavour: build FAILED"
    return
  fi
  note "ctest ($flavour)"
  rm -f "$dir"/ctest-*.xml "$dir/lit-results.xml"
  # Unit tests one by one with a timeout each; then lit, which stops its own
  # hung tests, so its ctest entry only gets a cap for the whole suite.
  ctest --test-dir "$dir" --output-on-failure -E '^lit$' \
    --timeout "$test_timeout" -j "$jobs" --output-junit "$dir/ctest-unit.xml"
  LIT_OPTS="--timeout=$test_timeout --xunit-xml-output=$dir/lit-results.xml" \
    ctest --test-dir "$dir" --output-on-failure -R '^lit$' --timeout 3600 \
    --output-junit "$dir/ctest-lit.xml"
  local counts p f
  counts=$(python3 scripts/count_results.py --lit "$dir/lit-results.xml" \
           "$dir/ctest-unit.xml" "$dir/ctest-lit.xml") || counts="0 1"
  read -r p f <<<"$counts"
  passed=$((passed + p))
  failed=$((failed + f))
  summary+=("$flavour: $p passed, $f failed")
}

# conformance FLAVOUR DIR [MODES...]: the ONNX backend tests against the
# expected list, on the reference interpreter and through the compiled path
# (each model compiled and run on the runtime; `jit`: with generated
# kernels preferred): the same list must pass every way.
conformance() {
  local flavour=$1 dir=$2 mode
  shift 2
  local modes=("$@")
  (( ${#modes[@]} )) || modes=(reference runtime)
  for mode in "${modes[@]}"; do
    note "ONNX conformance ($flavour, $mode)"
    local report=$dir/onnx-report-$mode
    if /usr/bin/python3 test/onnx/conformance.py --bin "$dir/bin" -q --mode "$mode" \
         --check test/onnx/expected_pass.txt --report "$report"; then
      local counts
      counts=$(/usr/bin/python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["suites"]
tp = sum(v.get("pass", 0) for v in s.values())
tt = sum(v.get("total", 0) for v in s.values())
print("%d of %d node tests, %d of %d in all"
      % (s["node"]["pass"], s["node"]["total"], tp, tt))' "$report/report.json")
      pass 1 "$flavour: ONNX conformance ($mode): passed ($counts)"
    else
      fail 1 "$flavour: ONNX conformance ($mode): FAILED (see $report/report.md)"
    fi
  done
}

# The compile path every model also goes through, checked with lite-run
# --compare against the unoptimized model: graph optimization, kernel pick,
# place inference, cast insertion, memory planning.
compile_pipeline='builtin.module(lite-optimize,func.func(lite-pick-kernels{places=x86:f32:nchw8c,host:f32:nchw},lite-infer-places{places=x86:f32:nchw8c,host:f32:nchw},lite-insert-casts,lite-plan-memory))'

# models FLAVOUR DIR ARGS...: lite-run --reference against onnxruntime, and
# the compile path against the unoptimized model.
models() {
  local flavour=$1 dir=$2
  shift 2
  note "models vs onnxruntime ($flavour)"
  local py=$root/.venv/bin/python
  if [[ ! -x $py ]] || ! "$py" -c 'import onnxruntime' 2>/dev/null; then
    echo "onnxruntime is not installed (no registry?): model comparison skipped"
    summary+=("$flavour: models: skipped (no onnxruntime)")
    return
  fi
  if "$py" test/models/check_models.py --bin "$dir/bin" \
       --models "$root/build/models" --pipeline "$compile_pipeline" "$@"; then
    pass 1 "$flavour: models agree with onnxruntime (interpreter, runtime${jit_note:-}), and compiled with themselves"
  else
    fail 1 "$flavour: models: FAILED"
  fi
}

run_suite default "$root/build"
# Generated kernels exist where the build has LLVM (lite-run --jit).
default_modes=(reference runtime)
if grep -q '^LITE_WITH_LLVM:BOOL=ON' "$root/build/CMakeCache.txt" 2>/dev/null; then
  default_modes+=(jit)
fi
conformance default "$root/build" "${default_modes[@]}"
ppocr=()
if .venv/bin/python test/models/fetch_ppocr.py "$root/build/models/ppocr"; then
  ppocr=(--ppocr "$root/build/models/ppocr")
fi
jit_models=() jit_note=
if [[ " ${default_modes[*]} " == *" jit "* ]]; then
  jit_models=(--jit) jit_note=", generated kernels"
fi
models default "$root/build" "${ppocr[@]}" "${jit_models[@]}"
jit_note=
run_suite asan "$root/build-asan"
conformance asan "$root/build-asan"
models asan "$root/build-asan" "${ppocr[@]}"
# Without LLVM the code generator and the generated kernels' rows are gone
# and everything else builds and passes.
run_suite nollvm "$root/build-nollvm"

# installed: cmake --install of the default build into build/install; the C
# API example built against it through find_package(lite) and through
# pkg-config, run on a compiled artifact; what liblite_runtime.so exports and
# holds (nm: the C API only, nothing of the IR, the passes or LLVM) and its
# stripped size (the target: under 1 MB).
installed() {
  note "installed library"
  local prefix=$root/build/install lib model=$root/build/installed-check
  rm -rf "$prefix" "$model" && mkdir -p "$model"
  lib=$prefix/lib/liblite_runtime.so
  if ! cmake --install "$root/build" --prefix "$prefix" >"$model/install.log" 2>&1 ||
     ! cmake -S examples/c-api -B "$model/cmake" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
         -DCMAKE_C_FLAGS="-Wall -Wextra -Werror" >"$model/example.log" 2>&1 ||
     ! ninja -C "$model/cmake" >>"$model/example.log" 2>&1 ||
     ! cc -std=c11 -Wall -Wextra -Werror examples/c-api/main.c -o "$model/lite_example_pc" \
         $(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs lite) \
         >>"$model/example.log" 2>&1; then
    fail 1 "installed: install or example build FAILED (see $model/*.log)"
    return
  fi
  /usr/bin/python3 test/models/gen_models.py "$model" tiny_cnn >/dev/null &&
    "$root/build/bin/lite-translate" --import-onnx "$model/tiny_cnn.onnx" -o "$model/tiny_cnn.mlir" &&
    "$root/build/bin/lite-opt" "$model/tiny_cnn.mlir" --lite-compile \
      --lite-emit-artifact="path=$model/tiny_cnn.lite" -o /dev/null
  local ok=1 exe
  for exe in "$model/cmake/lite_example" "$model/lite_example_pc"; do
    if ! LD_LIBRARY_PATH=$prefix/lib "$exe" "$model/tiny_cnn.lite" 2 >"$exe.out" 2>&1 ||
       ! grep -q "^output #0 'softmax_0_out': f32 \[1, 10\]" "$exe.out"; then
      echo "installed: $exe did not run the artifact:"; cat "$exe.out"
      ok=0
    fi
  done
  local exported foreign size
  exported=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -v '^lite_' | grep -v '^_' || true)
  foreign=$(nm "$lib" | awk '{print $3}' |
            grep -E '^(lt_(op|context|attr|type|pass|lite|parse|print|block|region|value|diag|rw|mem)_|LLVM)' || true)
  size=$(strip -o "$model/stripped.so" "$lib" && stat -c %s "$model/stripped.so")
  if [[ -n $exported ]]; then echo "installed: exported beyond the C API:"; echo "$exported"; ok=0; fi
  if [[ -n $foreign ]]; then echo "installed: compiler symbols in the runtime:"; echo "$foreign" | head; ok=0; fi
  if (( size >= 1048576 )); then echo "installed: stripped size $size bytes is over 1 MB"; ok=0; fi
  if (( ok )); then
    pass 1 "installed: example built (CMake package, pkg-config) and ran; liblite_runtime.so exports the C API only, stripped $size bytes"
  else
    fail 1 "installed: FAILED"
  fi
}

# tsan: the runtime's tests (concurrent predictors of one model, the thread
# pool) under ThreadSanitizer, in a build of their own.
tsan() {
  note "ThreadSanitizer (runtime)"
  if TARGETS="runtime_test thread_pool_test" scripts/build.sh tsan >"$root/build-tsan.log" 2>&1 &&
     TSAN_OPTIONS=halt_on_error=1 "$root/build-tsan/test/unit/runtime_test" &&
     TSAN_OPTIONS=halt_on_error=1 "$root/build-tsan/test/unit/thread_pool_test"; then
    pass 1 "tsan: runtime_test and thread_pool_test race-free"
  else
    fail 1 "tsan: FAILED (build log: build-tsan.log)"
  fi
}

installed
tsan

# fuzz TARGET SEEDS [ARGS...]: one libFuzzer target for FUZZ_SECONDS on its
# seed corpus (made by the build) and the corpus it grew in earlier runs.
fuzz() {
  local target=$1 seeds=$2
  shift 2
  local fz=$root/build-fuzz/test/fuzz
  note "fuzz ($target, ${fuzz_seconds}s)"
  mkdir -p "$fz/corpus-$target" "$fz/artifacts-$target"
  if "$root/build-fuzz/bin/$target" -max_total_time="$fuzz_seconds" -timeout=20 \
       -rss_limit_mb=2048 -print_final_stats=1 "$@" \
       -artifact_prefix="$fz/artifacts-$target/" "$fz/corpus-$target" "$fz/$seeds"; then
    pass 1 "fuzz: $target passed (${fuzz_seconds}s, no crash)"
  else
    fail 1 "fuzz: $target FAILED (reproducer in $fz/artifacts-$target/)"
  fi
}

if [[ "$fuzz_seconds" != 0 ]]; then
  if ! TARGETS="parser_fuzz onnx_import_fuzz artifact_fuzz runtime_fuzz" scripts/build.sh fuzz -DLITE_WERROR=ON; then
    fail 1 "fuzz: build FAILED"
  else
    fuzz parser_fuzz seeds -dict="$root/test/fuzz/mlir.dict"
    fuzz onnx_import_fuzz onnx_seeds
    fuzz artifact_fuzz artifact_seeds
    fuzz runtime_fuzz runtime_seeds -malloc_limit_mb=1024
  fi
fi

# aarch64: the same artifacts on the cross-built runtime under qemu as on
# x86_64 (scripts/check_aarch64.sh skips with exit 0 when tools are missing).
note "aarch64 (cross-built runtime under qemu)"
aarch64_log=$root/build/check-aarch64.log
if scripts/check_aarch64.sh 2>&1 | tee "$aarch64_log"; then
  if grep -q '^check_aarch64: skipped' "$aarch64_log"; then
    summary+=("aarch64: skipped (no cross compiler or qemu)")
  else
    pass 1 "aarch64: runtime cross-built, artifacts under qemu match x86_64 ($(grep -o 'stripped [0-9]* bytes' "$aarch64_log"))"
  fi
else
  fail 1 "aarch64: FAILED (log: build/check-aarch64.log)"
fi

note "summary"
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
