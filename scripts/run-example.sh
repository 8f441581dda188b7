#!/usr/bin/env bash
# First run on a fresh machine: installs what is missing, builds lite, makes a
# small ONNX CNN, imports it into the lite dialect and runs it with the
# reference interpreter on seeded random inputs.
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
model=build/models/tiny_cnn.onnx
/usr/bin/python3 test/models/gen_models.py build/models tiny_cnn >&2
echo "== build/bin/lite-translate --import-onnx $model" >&2
build/bin/lite-translate --import-onnx "$model" \
  --mlir-elide-elementsattrs-if-larger=8 | sed '/^{-#/,$d'
echo "== build/bin/lite-run --reference $model --seed 1" >&2
exec build/bin/lite-run --reference "$model" --seed 1
