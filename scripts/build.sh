#!/usr/bin/env bash
# Configures and builds one flavour of lite.
#
#   scripts/build.sh [default|asan|fuzz] [extra cmake arguments...]
#
#   default  gcc, RelWithDebInfo                          -> build/
#   asan     gcc with ASan + UBSan (-DLITE_SANITIZE=ON)    -> build-asan/
#   tsan     gcc with ThreadSanitizer (-DLITE_TSAN=ON)     -> build-tsan/
#   nollvm   gcc, without the LLVM code generator          -> build-nollvm/
#   fuzz     clang-14, libFuzzer targets (-DLITE_FUZZ=ON)  -> build-fuzz/
#
# Environment: BUILD_DIR overrides the build directory, JOBS the number of
# parallel jobs (default: number of cores), TARGETS the ninja targets to build
# (default: all).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
flavour=${1:-default}
[[ $# -gt 0 ]] && shift

args=(-G Ninja)
case "$flavour" in
  default)
    dir=build ;;
  asan)
    dir=build-asan
    args+=(-DLITE_SANITIZE=ON) ;;
  tsan)
    dir=build-tsan
    args+=(-DLITE_TSAN=ON) ;;
  nollvm)
    dir=build-nollvm
    args+=(-DLITE_WITH_LLVM=OFF) ;;
  fuzz)
    dir=build-fuzz
    # libFuzzer ships with clang only; the fuzzer links the same libraries
    # built with ASan + UBSan so a crash anywhere is reported.
    export CC=clang-14 CXX=clang++-14
    args+=(-DLITE_SANITIZE=ON -DLITE_FUZZ=ON) ;;
  -h|--help)
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
    exit 0 ;;
  *)
    echo "build.sh: unknown flavour '$flavour' (default, asan, tsan, nollvm or fuzz)" >&2
    exit 2 ;;
esac
dir=${BUILD_DIR:-$root/$dir}
jobs=${JOBS:-$(nproc)}

# Keeps the build tree out of `git status` whatever its name.
mkdir -p "$dir"
[[ -f "$dir/.gitignore" ]] || echo '*' > "$dir/.gitignore"
cmake -S "$root" -B "$dir" "${args[@]}" "$@"
# shellcheck disable=SC2086 # TARGETS is a word list
ninja -C "$dir" -j "$jobs" ${TARGETS:-}
