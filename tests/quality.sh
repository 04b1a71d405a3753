#!/bin/sh
# Graph quality: each example's node count against PyTorch's export and the
# pinned counts of tests/quality/node_counts.txt (tests/quality.py; needs
# torch and onnx for /usr/bin/python3, cached in $TSC_BUILDDIR/.cache).
python=${TSC_PYTHON:-/usr/bin/python3}
if ! "$python" -c "import torch, onnx" 2>/dev/null; then
    if [ "${TSC_BENCH_REQUIRE_DEPS:-}" = 1 ]; then
        echo "Bail out! $python with torch and onnx not found (run tests/setup-deps.sh)"
        exit 1
    fi
    echo "1..0 # SKIP $python with torch and onnx not found (run tests/setup-deps.sh)"
    exit 0
fi
exec "$python" -B "${TSC_SRCDIR:-.}/tests/quality.py"
