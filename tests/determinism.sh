#!/bin/sh
# Determinism: every example compiled twice, from other directories, by a
# relative and an absolute path, in other locales and time zones, gives the
# same bytes (tests/determinism.py).  Needs only python3.
set -u
here=$(cd "$(dirname "$0")" && pwd)
python=${TSC_PYTHON:-/usr/bin/python3}
[ -x "$python" ] || python=python3
exec "$python" -B "$here/determinism.py" "${TSC2ONNX:-tsc2onnx}"
