#!/bin/sh
# The exporter's options on real models: names, dynamic axes, structured
# inputs, initializers, local functions, metadata, text and dot forms, the
# report; outputs checked in ONNX Runtime against PyTorch.  One TAP case
# per check (tests/export/check.py, cases in tests/export/cases.py).
set -u
here=$(cd "$(dirname "$0")" && pwd)
python=${TSC_PYTHON:-/usr/bin/python3}
if [ ! -x "$python" ]; then
    echo "1..0 # SKIP $python not found (run tests/setup-deps.sh)"
    exit 0
fi
exec "$python" -B "$here/export/check.py" "$@"
