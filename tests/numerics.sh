#!/bin/sh
# The compiler's own numerics: compile-time arithmetic as Python's (NaN,
# infinities, signed zeros, floor division, the exceptions) and special
# values in compile-time tensors bit for bit (tests/numerics.py).  Needs
# /usr/bin/python3 with torch, numpy and onnx (tests/setup-deps.sh).
set -u
here=$(cd "$(dirname "$0")" && pwd)
python=${TSC_PYTHON:-/usr/bin/python3}
if [ ! -x "$python" ]; then
    echo "1..0 # SKIP $python not found (run tests/setup-deps.sh)"
    exit 0
fi
exec "$python" -B "$here/numerics.py" "${TSC2ONNX:-tsc2onnx}"
