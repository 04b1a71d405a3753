#!/bin/sh
# Resource limits: deep nesting, huge literals, a 100,000-line file, a
# million-iteration loop, exponential and endless evaluation, deep
# recursion, huge tensors and lists end with a clear error or compile,
# within the time and memory bounds of docs/reliability.md
# (tests/limits.py).  Needs only python3.
set -u
here=$(cd "$(dirname "$0")" && pwd)
python=${TSC_PYTHON:-/usr/bin/python3}
[ -x "$python" ] || python=python3
exec "$python" -B "$here/limits.py" "${TSC2ONNX:-tsc2onnx}"
