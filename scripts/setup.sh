#!/usr/bin/env bash
# Installs the Debian packages lite needs to build and test. Safe to run
# again: when every package is already installed it only checks and returns.
set -euo pipefail

# One line per package, with the reason it is needed.
PACKAGES=(
  cmake              # build system
  ninja-build        # build tool used by scripts/build.sh
  gcc                # the default C compiler (C11)
  python3            # lit, bench/ and the fuzz corpus script
  python3-psutil     # lets lit stop a test that hangs (--timeout)
  llvm-16-tools      # lit.py, FileCheck, not, count, split-file
  mlir-16-tools      # mlir-opt-16: the syntax oracle for interop tests and bench/
  clang-14           # libFuzzer builds (scripts/build.sh fuzz)
  libclang-rt-14-dev # clang-14's sanitizer and libFuzzer runtimes
  python3-onnx       # onnx.proto (the importer's schema) and the model generator
  python3-numpy      # .npy files in tests and the conformance runner
  python3-venv       # .venv: the PyPI packages below, beside Debian's onnx
  time               # /usr/bin/time: peak memory of benchmarked processes
  libonnx-testdata   # the ONNX backend tests: the conformance oracle
  pkgconf            # pkg-config: the installed-library check builds the example with it
  binutils           # nm and strip: what liblite_runtime.so exports, its size
  llvm-16-dev        # codegen/llvm: the LLVM 16 C API and shared libLLVM-16 (JIT, AOT)
  gcc-aarch64-linux-gnu  # links aarch64 AOT objects (codegen_aot_test)
  libc6-dev-arm64-cross  # the aarch64 libc those programs link against
  qemu-user          # qemu-aarch64 runs them on x86_64
  libdnnl-dev        # oneDNN 2.6: the per-kernel peer of bench/kernels
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null || true)
  if [[ "$status" != ii* ]]; then
    missing+=("$pkg")
  fi
done

install_python_packages() {
  # PyPI packages, pinned, in .venv (which also sees Debian's onnx and
  # numpy): onnxruntime is the numeric and performance peer of the model
  # tests. Without a reachable registry those tests skip and say so.
  local root venv
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  venv=$root/.venv
  if [[ -x $venv/bin/python ]] &&
     "$venv/bin/python" -c 'import onnxruntime' 2>/dev/null; then
    echo "setup: .venv has onnxruntime"
    return 0
  fi
  /usr/bin/python3 -m venv --system-site-packages "$venv" &&
    "$venv/bin/pip" install -q --disable-pip-version-check \
      -r "$root/scripts/requirements.txt" ||
    echo "setup: warning: could not install scripts/requirements.txt from" \
         "PyPI; the onnxruntime comparisons will be skipped" >&2
}

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup: all ${#PACKAGES[@]} packages present"
  install_python_packages
  exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "setup: need root or sudo to install: ${missing[*]}" >&2
  exit 1
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${missing[@]}"
install_python_packages
