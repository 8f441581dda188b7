#!/usr/bin/env bash
# The runtime on aarch64 Linux, cross-built and run under qemu-aarch64,
# against the same artifacts run on x86_64 (docs/arm.md).
#
#   scripts/check_aarch64.sh [MODEL...]     (default: tiny_cnn tiny_mlp tiny_transformer squeezenet1_1
#                                                   mobilenet_v3_small)
#
#   1. cross-builds what a deployment ships (-DLITE_RUNTIME_ONLY=ON, warnings
#      as errors, cmake/aarch64-linux-gnu.cmake) into build-aarch64/ and
#      installs it; reports the stripped size of liblite_runtime.so and checks
#      that it exports the C API only; runs the SIMD kernels' unit tests
#      (test/unit/simd_*_test.c: NEON against the reference kernels) there
#   2. compiles each model (test/models/gen_models.py) with the x86 build's
#      lite-translate --emit-artifact (reference kernels), runs it with
#      test/aarch64/run_artifact.c on x86_64 and on aarch64 under qemu (same
#      inputs, .npy), and compares the outputs; the aarch64 driver also
#      linked statically must give the same bytes
#   3. the same with generated kernels (the jit pick, lite.dispatch): an
#      artifact and the AOT objects of its kernels for aarch64 and x86_64
#      (lite-translate --emit-artifact/--emit-object --kernel-kinds=jit,ref),
#      each object linked into its driver; both runs compared with the
#      reference kernels' x86 outputs and with each other (skipped, and said
#      so, when the x86 build has no LLVM)
#   4. the same with the hand-written NEON kernels (kernels/simd, the arm_*
#      rows): compiled with --lite-places=arm:f32:nchw,host:f32:nchw, run on
#      aarch64 and compared with the x86 reference outputs; the x86 runtime
#      must refuse the artifact (its arm rows have no code there)
#
# Agreement: the largest absolute difference over an output, relative to its
# largest absolute x86 value, at most 1e-5 (integers and bools: equal).
# Needs the x86 build in build/ (scripts/build.sh; BUILD_DIR overrides);
# exits 0 with a message when aarch64-linux-gnu-gcc, the aarch64 libc or
# qemu-aarch64 are missing, 1 on any failure or mismatch.
# Environment: BUILD_DIR, AARCH64_BUILD_DIR (default build-aarch64), JOBS.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 1
host=${BUILD_DIR:-$root/build}
cross=${AARCH64_BUILD_DIR:-$root/build-aarch64}
jobs=${JOBS:-$(nproc)}
sysroot=/usr/aarch64-linux-gnu
models=("$@")
((${#models[@]})) || models=(tiny_cnn tiny_mlp tiny_transformer squeezenet1_1 mobilenet_v3_small)
py=/usr/bin/python3
start=$SECONDS

say() { printf 'check_aarch64: %s\n' "$*"; }
die() { say "FAILED: $*"; exit 1; }

missing=()
command -v aarch64-linux-gnu-gcc >/dev/null || missing+=(aarch64-linux-gnu-gcc)
[[ -e $sysroot/lib/ld-linux-aarch64.so.1 ]] || missing+=("$sysroot (libc6-dev-arm64-cross)")
command -v qemu-aarch64 >/dev/null || missing+=("qemu-aarch64 (qemu-user)")
if ((${#missing[@]})); then
  say "skipped: missing ${missing[*]} (scripts/setup.sh installs them)"
  exit 0
fi
[[ -x $host/bin/lite-translate && -e $host/runtime/liblite_runtime.so ]] ||
  die "no x86 build in $host (run scripts/build.sh first)"
"$py" -c 'import numpy, onnx' 2>/dev/null || die "$py lacks numpy or onnx"

qemu=(qemu-aarch64 -L "$sysroot")
work=$cross/check
rm -rf "$work" && mkdir -p "$work"
mkdir -p "$cross"
[[ -f $cross/.gitignore ]] || echo '*' >"$cross/.gitignore"

# ---- 1. the cross-built runtime ---------------------------------------------
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache)
t0=$SECONDS
if ! cmake -S "$root" -B "$cross" -G Ninja \
       -DCMAKE_TOOLCHAIN_FILE="$root/cmake/aarch64-linux-gnu.cmake" \
       -DLITE_RUNTIME_ONLY=ON -DLITE_WITH_LLVM=OFF -DLITE_WERROR=ON \
       -DLITE_KERNEL_TESTS=ON "${launcher[@]}" >"$work/configure.log" 2>&1 ||
   ! ninja -C "$cross" -j "$jobs" >"$work/build.log" 2>&1 ||
   ! cmake --install "$cross" --prefix "$cross/install" >"$work/install.log" 2>&1; then
  tail -30 "$work"/*.log
  die "cross build (logs in $work)"
fi
lib=$cross/install/lib/liblite_runtime.so
aarch64-linux-gnu-strip -o "$work/liblite_runtime.stripped.so" "$lib" || die "strip"
size=$(stat -c %s "$work/liblite_runtime.stripped.so")
exported=$(aarch64-linux-gnu-nm -D --defined-only "$lib" | awk '{print $3}' |
           grep -v '^lite_' | grep -v '^_' || true)
[[ -z $exported ]] || die "liblite_runtime.so exports beyond the C API: $exported"
say "cross build: base, kernels, runtime for aarch64 (-Werror) in $((SECONDS - t0)) s;" \
    "liblite_runtime.so stripped $size bytes, exports the C API only"

# The SIMD kernels' unit tests (test/unit/simd_*_test.c), each kernel on
# NEON against the reference kernels, run by ctest under the toolchain
# file's emulator.
t0=$SECONDS
if ! ctest --test-dir "$cross" -j "$jobs" --output-on-failure >"$work/ctest.log" 2>&1; then
  tail -40 "$work/ctest.log"
  die "the SIMD kernels' tests on aarch64 (log in $work/ctest.log)"
fi
say "$(grep -c 'Passed' "$work/ctest.log") SIMD kernel tests (NEON vs reference) passed" \
    "under qemu in $((SECONDS - t0)) s"

# The driver, built as an application would be: the installed header and
# library (the aarch64 one is found by rpath, through qemu's -L prefix).
driver=$root/test/aarch64/run_artifact.c
cflags=(-std=c11 -O2 -Wall -Wextra -Werror)
cc "${cflags[@]}" -I "$root/include" "$driver" -o "$work/run_x86" \
   -L "$host/runtime" -llite_runtime -Wl,-rpath,"$host/runtime" || die "x86 driver"
aarch64-linux-gnu-gcc "${cflags[@]}" -I "$cross/install/include" "$driver" \
   -o "$work/run_aarch64" -L "$cross/install/lib" -llite_runtime \
   -Wl,-rpath,"$cross/install/lib" || die "aarch64 driver"
# And as a static program over the three archives a static link takes
# (runtime, kernels, base), which qemu runs without the aarch64 libc's root.
aarch64-linux-gnu-gcc "${cflags[@]}" -static -I "$root/include" "$driver" \
   -o "$work/run_aarch64_static" "$cross/runtime/liblite_runtime.a" \
   "$cross/kernels/liblite_kernels.a" "$cross/base/liblite_base.a" -lpthread -lm ||
  die "aarch64 static driver"

# compare X86_DIR OTHER_DIR LABEL: every output_*.npy of X86_DIR against
# OTHER_DIR's; prints the worst error and fails on a mismatch.
compare() {
  "$py" - "$@" <<'EOF'
import glob, os, sys
import numpy as np
ref_dir, got_dir, label = sys.argv[1:4]
outs = sorted(glob.glob(os.path.join(ref_dir, "output_*.npy")))
if not outs:
    sys.exit(f"{label}: no outputs in {ref_dir}")
worst, bad = 0.0, []
for path in outs:
    name = os.path.basename(path)
    ref, got = np.load(path), np.load(os.path.join(got_dir, name))
    if ref.dtype != got.dtype or ref.shape != got.shape:
        bad.append(f"{name}: {got.dtype}{list(got.shape)}, x86 {ref.dtype}{list(ref.shape)}")
        continue
    if ref.dtype.kind not in "fc":
        if not np.array_equal(ref, got):
            bad.append(f"{name}: integers differ")
        continue
    r, g = ref.astype(np.float64), got.astype(np.float64)
    if not np.array_equal(np.isnan(r), np.isnan(g)):
        bad.append(f"{name}: NaNs differ")
        continue
    fin = ~np.isnan(r)
    scale = max(np.abs(r[fin]).max(initial=0.0), 1e-30)
    rel = float(np.abs(r[fin] - g[fin]).max(initial=0.0) / scale)
    worst = max(worst, rel)
    if rel > 1e-5:
        bad.append(f"{name}: max error {rel:.3g} relative")
print(f"{label}: {len(outs)} outputs, max error {worst:.3g} relative"
      + ("" if bad else " (<= 1e-5)") + "".join("\n  " + b for b in bad))
sys.exit(1 if bad else 0)
EOF
}

failed=0
# ---- 2. reference kernels -----------------------------------------------------
"$py" test/models/gen_models.py "$work/models" "${models[@]}" >/dev/null ||
  die "gen_models.py ${models[*]}"
for m in "${models[@]}"; do
  d=$work/$m
  mkdir -p "$d/x86" "$d/aarch64"
  t0=$SECONDS
  if ! "$host/bin/lite-translate" --emit-artifact "$work/models/$m.onnx" -o "$d/$m.lite" ||
     ! "$work/run_x86" "$d/$m.lite" "$d/x86" >"$d/x86.log" 2>&1 ||
     ! "${qemu[@]}" "$work/run_aarch64" "$d/$m.lite" "$d/aarch64" "$d"/x86/input_*.npy \
         >"$d/aarch64.log" 2>&1; then
    cat "$d"/*.log
    say "FAILED: $m (reference kernels): compile or run"
    failed=1
    continue
  fi
  mkdir -p "$d/static"
  same=1
  qemu-aarch64 "$work/run_aarch64_static" "$d/$m.lite" "$d/static" "$d"/x86/input_*.npy \
    >"$d/static.log" 2>&1 || same=0
  for f in "$d"/aarch64/output_*.npy; do
    cmp -s "$f" "$d/static/${f##*/}" || same=0
  done
  if ((!same)); then
    cat "$d/static.log"
    say "FAILED: $m: the static aarch64 program does not give the shared one's outputs"
    failed=1
  fi
  compare "$d/x86" "$d/aarch64" "$m, reference kernels, aarch64 (qemu; shared and static alike) vs x86_64 [$((SECONDS - t0)) s]" ||
    failed=1
done

# ---- 3. generated kernels -----------------------------------------------------
# aot_build ONNX DIR: DIR/model.jit.lite, whose lite.dispatch instructions
# name the generated kernels, and DIR/kernels_{aarch64,x86_64}.o holding
# them and their table (the kernel names match: one compile, one hash).
aot_build() {
  local onnx=$1 d=$2 tr=$host/bin/lite-translate triple
  "$tr" --emit-artifact --kernel-kinds=jit,ref "$onnx" -o "$d/model.jit.lite" || return 1
  for triple in aarch64-linux-gnu x86_64-linux-gnu; do
    "$tr" --emit-object --kernel-kinds=jit,ref --target=$triple "$onnx" \
      -o "$d/kernels_${triple%%-*}.o" || return 1
  done
}

aot_models=("${models[@]}")
help=$("$host/bin/lite-translate" --help 2>/dev/null)
if ! grep -q -- '--emit-object' <<<"$help"; then
  say "generated kernels: skipped (the x86 build has no LLVM: lite-translate has no --emit-object)"
  aot_models=()
elif ! grep -q -- '--kernel-kinds' <<<"$help"; then
  say "generated kernels: skipped (lite-translate has no --kernel-kinds: an older build?)"
  aot_models=()
fi
for m in "${aot_models[@]}"; do
  d=$work/$m/aot
  [[ -f $work/$m/x86/output_0.npy ]] || continue
  mkdir -p "$d/x86_64" "$d/aarch64"
  t0=$SECONDS
  inputs=("$work/$m"/x86/input_*.npy)
  if ! aot_build "$work/models/$m.onnx" "$d" >"$d/build.log" 2>&1 ||
     ! cc "${cflags[@]}" -DRUN_ARTIFACT_AOT -I "$root/include" "$driver" \
         "$d/kernels_x86_64.o" -o "$d/run_x86" -L "$host/runtime" -llite_runtime \
         -Wl,-rpath,"$host/runtime" -lm >>"$d/build.log" 2>&1 ||
     ! aarch64-linux-gnu-gcc "${cflags[@]}" -DRUN_ARTIFACT_AOT \
         -I "$cross/install/include" "$driver" "$d/kernels_aarch64.o" \
         -o "$d/run_aarch64" -L "$cross/install/lib" -llite_runtime \
         -Wl,-rpath,"$cross/install/lib" -lm >>"$d/build.log" 2>&1 ||
     ! "$d/run_x86" "$d/model.jit.lite" "$d/x86_64" "${inputs[@]}" >"$d/run.log" 2>&1 ||
     ! "${qemu[@]}" "$d/run_aarch64" "$d/model.jit.lite" "$d/aarch64" "${inputs[@]}" \
         >>"$d/run.log" 2>&1; then
    cat "$d/build.log" "$d/run.log" 2>/dev/null | tail -30
    say "FAILED: $m (generated kernels): compile, link or run"
    failed=1
    continue
  fi
  # The runtime has no generated kernel of its own: without the table the
  # artifact must be refused, or the check would prove nothing.
  if "${qemu[@]}" "$work/run_aarch64" "$d/model.jit.lite" "$d" >"$d/no_table.log" 2>&1; then
    say "FAILED: $m: $d/model.jit.lite runs without the kernel table (no lite.dispatch?)"
    failed=1
    continue
  fi
  n=$(aarch64-linux-gnu-nm --defined-only "$d/kernels_aarch64.o" | grep -c ' T jit_' || true)
  label="$m, $n generated kernels (AOT)"
  compare "$work/$m/x86" "$d/x86_64" "$label, x86_64 vs x86_64 reference kernels" || failed=1
  compare "$work/$m/x86" "$d/aarch64" "$label, aarch64 (qemu) vs x86_64 reference kernels" || failed=1
  compare "$d/x86_64" "$d/aarch64" "$label, aarch64 (qemu) vs x86_64 [$((SECONDS - t0)) s]" ||
    failed=1
done

# ---- 4. hand-written NEON kernels -------------------------------------------
# The artifact compiled for arm places picks the arm_* rows (descriptions on
# this x86 build, code on aarch64): the x86 runtime must refuse it, the
# aarch64 one must match the x86 reference kernels.
for m in "${models[@]}"; do
  d=$work/$m/neon
  [[ -f $work/$m/x86/output_0.npy ]] || continue
  mkdir -p "$d/out"
  t0=$SECONDS
  if ! "$host/bin/lite-translate" --emit-artifact --lite-places=arm:f32:nchw,host:f32:nchw \
         "$work/models/$m.onnx" -o "$d/$m.lite" >"$d/run.log" 2>&1 ||
     ! "${qemu[@]}" "$work/run_aarch64" "$d/$m.lite" "$d/out" "$work/$m"/x86/input_*.npy \
         >>"$d/run.log" 2>&1; then
    cat "$d/run.log"
    say "FAILED: $m (NEON kernels): compile or run"
    failed=1
    continue
  fi
  n=$(grep -a -o 'arm_[a-z0-9_]*__f32_nchw' "$d/$m.lite" | sort -u | wc -l)
  if ((n == 0)); then
    say "FAILED: $m: $d/$m.lite names no arm_* kernel"
    failed=1
    continue
  fi
  if "$work/run_x86" "$d/$m.lite" "$d" >"$d/x86.log" 2>&1; then
    say "FAILED: $m: the x86 runtime ran an artifact of arm kernels"
    failed=1
    continue
  fi
  compare "$work/$m/x86" "$d/out" "$m, $n arm_* rows (NEON), aarch64 (qemu) vs x86_64 reference kernels [$((SECONDS - t0)) s]" ||
    failed=1
done

if ((failed)); then
  say "FAILED (work files in $work) after $((SECONDS - start)) s"
  exit 1
fi
say "passed in $((SECONDS - start)) s"
