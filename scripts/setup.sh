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
  python3-psutil     # lit --timeout (kills a hung test instead of the whole run)
  llvm-16-tools      # lit.py, FileCheck, not, count, split-file
  mlir-16-tools      # mlir-opt-16: the syntax oracle for interop tests and bench/
  clang-14           # libFuzzer builds (scripts/build.sh fuzz)
  libclang-rt-14-dev # clang-14's sanitizer and libFuzzer runtimes
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null || true)
  if [[ "$status" != ii* ]]; then
    missing+=("$pkg")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup: all ${#PACKAGES[@]} packages present"
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
