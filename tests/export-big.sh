#!/bin/sh
# A model over protobuf's 2 GiB limit, compiled with --seed weights: external
# data written by itself, peak RSS near the largest tensor, loads and runs in
# ONNX Runtime (tests/export/big.py; skipped with under 6 GB of free disk).
set -u
here=$(cd "$(dirname "$0")" && pwd)
python=${TSC_PYTHON:-/usr/bin/python3}
if [ ! -x "$python" ]; then
    echo "1..0 # SKIP $python not found (run tests/setup-deps.sh)"
    exit 0
fi
exec "$python" -B "$here/export/big.py" "$@"
