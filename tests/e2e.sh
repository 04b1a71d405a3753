#!/bin/sh
# End-to-end tests: each model file runs in PyTorch eager and, compiled, in
# ONNX Runtime; outputs must agree.  One TAP test per (case, opset).
#
#   tests/e2e.sh [CASE.py ...]        default: examples/*.ts tests/e2e/**/*.py
#
# Without arguments it first runs the bench's self-test (tests/e2e/bench/
# exported by torch.onnx.export, plus checks that the compare step rejects
# wrong numbers), then compiles every case with $TSC2ONNX.
# TSC_BENCH_EXPORTER=torch exports every case with PyTorch instead (checks
# the cases themselves); TSC_BENCH_EXPORTER=tsc2onnx skips the self-test.
# The directives and the other variables are described in
# tests/bench/bench.py; the flow in tests/bench/*.py and ort_run.js.
set -u
here=$(cd "$(dirname "$0")" && pwd)
# PyTorch, onnx and numpy are Debian packages for the system interpreter,
# which need not be the python3 first on PATH.
python=${TSC_PYTHON:-/usr/bin/python3}
if [ ! -x "$python" ]; then
    if [ "${TSC_BENCH_REQUIRE_DEPS:-}" = 1 ]; then
        echo "Bail out! $python not found (run tests/setup-deps.sh)"
        exit 1
    fi
    echo "1..0 # SKIP $python not found (run tests/setup-deps.sh)"
    exit 0
fi
exec "$python" -B "$here/bench/bench.py" "$@"
