#!/usr/bin/env bash
# First run on a fresh machine: installs what is missing, builds lite, and
# runs the default pipeline on examples/model.mlir, printing the result.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
scripts/setup.sh
mkdir -p build
echo "== building (log: build/build.log)" >&2
if ! scripts/build.sh default >build/build.log 2>&1; then
  tail -40 build/build.log >&2
  exit 1
fi
echo "== build/bin/lite-opt examples/model.mlir --lite-default" >&2
exec build/bin/lite-opt examples/model.mlir --lite-default
