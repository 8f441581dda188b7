#!/usr/bin/env bash
# First run on a fresh machine: installs what is missing, builds lite, makes
# an ONNX mobilenet_v2, shows the start of its import into the lite dialect,
# and runs it end to end: compiled in-process (optimize, kernel pick,
# Places, casts, memory plan) and run on the runtime, with the per-op
# profile and the summary line.
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
model=build/models/mobilenet_v2.onnx
/usr/bin/python3 test/models/gen_models.py build/models mobilenet_v2 >&2
echo "== build/bin/lite-translate --import-onnx $model (the first lines)" >&2
build/bin/lite-translate --import-onnx "$model" \
  --mlir-elide-elementsattrs-if-larger=8 | sed '/^{-#/,$d' | awk 'NR <= 12'
echo "== build/bin/lite-run $model --seed 1 --num-runs 5 --profile" >&2
exec build/bin/lite-run "$model" --seed 1 --num-runs 5 --profile
