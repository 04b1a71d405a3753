#!/bin/sh
# torch.nn.init on the seeded stream: tests/nn_init.py (needs the Debian
# python3-onnx and numpy of /usr/bin/python3).
python=${TSC_PYTHON:-/usr/bin/python3}
if ! "$python" -c "import onnx, numpy" 2>/dev/null; then
    if [ "${TSC_BENCH_REQUIRE_DEPS:-}" = 1 ]; then
        echo "Bail out! $python with onnx and numpy not found (run tests/setup-deps.sh)"
        exit 1
    fi
    echo "1..0 # SKIP $python with onnx and numpy not found (run tests/setup-deps.sh)"
    exit 0
fi
exec "$python" -B "$TSC_SRCDIR/tests/nn_init.py"
