# lit configuration for lite's FileCheck tests.
import os
import platform
import shutil

import lit.formats

config.name = "lite"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.lite_obj_root, "test", "lit")

path = [config.lite_tools_dir, config.llvm_tools_dir, os.environ.get("PATH", "")]
config.environment["PATH"] = os.pathsep.join(path)
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# Interop tests run our output through upstream mlir-opt-16.
mlir_opt = shutil.which("mlir-opt-16") or shutil.which("mlir-opt", path=config.llvm_tools_dir)
if mlir_opt:
    config.available_features.add("mlir-opt")
    config.substitutions.append(("%mlir-opt", mlir_opt))
if shutil.which("mlir-cpu-runner-16"):
    config.available_features.add("mlir-cpu-runner")

# The LLVM code generator (LITE_WITH_LLVM): lite-translate --emit-llvm and
# --emit-object exist.
if getattr(config, "lite_with_llvm", "OFF").upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("llvm")

# The hand-written x86 kernels (kernels/simd) are built on x86_64 only.
if platform.machine() in ("x86_64", "AMD64"):
    config.available_features.add("x86-kernels")

# Python with onnx and numpy (Debian's python3-onnx), for tests that build
# ONNX models or .npy files on the fly.
config.substitutions.append(("%python", "/usr/bin/python3"))
onnx_data = "/usr/share/libonnx-testdata/data"
if os.path.isdir(onnx_data):
    config.available_features.add("onnx-testdata")
    config.substitutions.append(("%onnx_testdata", onnx_data))
