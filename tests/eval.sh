#!/bin/sh
# eval/'s numerics: NaN, infinities, signed zeros, integer wrapping,
# division by zero, casts out of range, and the blocked GEMM and
# convolution kernels on large shapes.  tests/eval/gen.py writes each case
# as an ONNX test folder whose expected outputs come from numpy (float64
# numpy/PyTorch for the large products); tests/unit/test_conformance runs
# them through the evaluator (exactly, -0.0 included, unless the case says
# otherwise); then ONNX Runtime runs the cases it defines, and its outputs
# must match the same expectations.  One TAP stream; the plan comes last.
#
# KEEP=1 keeps the work directory.
set -u
src=${TSC_SRCDIR:-.}
build=${TSC_BUILDDIR:-.}
python=/usr/bin/python3     # the python3 on PATH may lack numpy and onnx
tmp=$(mktemp -d)
[ "${KEEP:-}" = 1 ] && echo "# work directory $tmp" || trap 'rm -rf "$tmp"' EXIT

if ! "$python" -c 'import numpy, onnx, torch' 2>/dev/null; then
    echo "1..0 # SKIP $python with numpy, onnx and torch is not available"
    exit 0
fi
if ! "$python" -B "$src/tests/eval/gen.py" "$tmp/cases" >"$tmp/gen.log" 2>&1; then
    echo "Bail out! tests/eval/gen.py failed"
    sed 's/^/# /' "$tmp/gen.log"
    exit 1
fi

"$build/tests/unit/test_conformance" "$tmp/cases" >"$tmp/tap" 2>"$tmp/stderr"
grep -v '^1\.\.' "$tmp/tap"
n=$(grep -c '^\(not \)\{0,1\}ok ' "$tmp/tap")
n=$((n + 1))
if grep -q '^1\.\.' "$tmp/tap"; then
    echo "ok $n - test_conformance ran to the end"
else
    echo "not ok $n - test_conformance did not finish"
fi
sed 's/^/# /' "$tmp/stderr" | head -20

node=$(command -v node)
if [ -z "$node" ] || [ ! -d "$src/tests/node_modules/onnxruntime-node" ]; then
    echo "# ONNX Runtime is not installed (tests/setup-deps.sh): expectations not cross-checked"
    echo "1..$n"
    exit 0
fi
(cd "$src/tests/bench" && "$node" ort_run.js "$tmp/cases/ort_jobs.json" "$tmp/progress.jsonl") \
    >"$tmp/ort.log" 2>&1 || sed 's/^/# ort_run.js: /' "$tmp/ort.log" | head -20
"$python" -B "$src/tests/eval/gen.py" --compare "$tmp/cases" "$n"
n=$(cat "$tmp/cases/last" 2>/dev/null || echo "$n")
echo "1..$n"
