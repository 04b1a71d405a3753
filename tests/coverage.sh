#!/bin/sh
# docs/coverage.md, the table of the aten operators PyTorch's ONNX exporter
# covers and which of them tsc2onnx supports, is up to date, and each row
# that claims support names an end-to-end case that exists and calls the
# function (tests/coverage.py --check; TAP).
set -u
here=$(cd "$(dirname "$0")" && pwd)
python=${TSC_PYTHON:-/usr/bin/python3}
if [ ! -x "$python" ] || ! "$python" -c "import torch" 2>/dev/null; then
    echo "1..0 # SKIP $python with torch not found (run tests/setup-deps.sh)"
    exit 0
fi
exec "$python" -B "$here/coverage.py" --check
