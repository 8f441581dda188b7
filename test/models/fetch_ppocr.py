#!/usr/bin/env python3
"""Fetches the PP-OCRv4 detection and recognition models and the PP-OCR
direction classifier, in the ONNX form that the rapidocr-onnxruntime wheel
ships under its models/ folder, by pinned version from PyPI.

  fetch_ppocr.py OUTDIR

Writes OUTDIR/ppocr_det.onnx, ppocr_rec.onnx and ppocr_cls.onnx. When the
registry cannot be reached it says so and exits 3 (callers skip).
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

PACKAGE = "rapidocr-onnxruntime==1.3.24"
FILES = {
    "ppocr_det.onnx": "rapidocr_onnxruntime/models/ch_PP-OCRv4_det_infer.onnx",
    "ppocr_rec.onnx": "rapidocr_onnxruntime/models/ch_PP-OCRv4_rec_infer.onnx",
    "ppocr_cls.onnx": "rapidocr_onnxruntime/models/ch_ppocr_mobile_v2.0_cls_infer.onnx",
}


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = sys.argv[1]
    if all(os.path.exists(os.path.join(out, f)) for f in FILES):
        print(f"fetch_ppocr.py: {out} already has the models")
        return 0
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "-q",
               "--disable-pip-version-check", "-d", tmp, PACKAGE]
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as e:
            print(f"fetch_ppocr.py: skipped: cannot run pip download ({e})", file=sys.stderr)
            return 3
        wheels = glob.glob(os.path.join(tmp, "*.whl"))
        if p.returncode != 0 or not wheels:
            print(f"fetch_ppocr.py: skipped: the registry did not give {PACKAGE}: "
                  f"{p.stderr.strip()[-300:]}", file=sys.stderr)
            return 3
        with zipfile.ZipFile(wheels[0]) as z:
            for dst, src in FILES.items():
                with z.open(src) as fi, open(os.path.join(out, dst), "wb") as fo:
                    shutil.copyfileobj(fi, fo)
    for f in FILES:
        print(os.path.join(out, f))
    return 0


if __name__ == "__main__":
    sys.exit(main())
