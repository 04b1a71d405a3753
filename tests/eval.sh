#!/bin/sh
# eval/: tests/unit/test_eval (the C interface: in-memory graphs, constant
# folding, Loop, errors, coverage of the operator table), then its
# numerics: NaN, infinities, signed zeros, integer wrapping,
# division by zero, casts out of range, and the blocked GEMM and
# convolution kernels on large shapes.  tests/eval/gen.py writes each case
# as an ONNX test folder whose expected outputs come from numpy (float64
# numpy/PyTorch for the large products); tests/unit/test_conformance runs
# them through the evaluator (exactly, -0.0 included, unless the case says
# otherwise); then ONNX Runtime runs the cases it defines, and its outputs
# must match the same expectations.  One TAP stream; the plan comes last.
#
# KEEP=1 keeps the work directory; VALGRIND=1 runs the C programs under
# valgrind (leaks and invalid accesses fail).
set -u
src=${TSC_SRCDIR:-.}
build=${TSC_BUILDDIR:-.}
python=/usr/bin/python3     # the python3 on PATH may lack numpy and onnx
tmp=$(mktemp -d)
[ "${KEEP:-}" = 1 ] && echo "# work directory $tmp" || trap 'rm -rf "$tmp"' EXIT

run=
[ "${VALGRIND:-}" = 1 ] && run="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect"
n=0
# Runs a TAP program, renumbering its cases after the N already printed.
run_tap() {
    name=$1
    shift
    $run "$@" >"$tmp/tap" 2>"$tmp/stderr"
    status=$?
    awk -v base="$n" '
        /^1\.\./ { next }
        /^(not )?ok [0-9]+/ { sub(/ok [0-9]+/, "ok " (base + (++k))) }
        { print }' "$tmp/tap"
    n=$((n + $(grep -c '^\(not \)\{0,1\}ok ' "$tmp/tap") + 1))
    if grep -q '^1\.\.' "$tmp/tap" && [ $status -le 1 ]; then
        echo "ok $n - $name ran to the end"
    else
        echo "not ok $n - $name did not finish cleanly (status $status)"
    fi
    sed 's/^/# /' "$tmp/stderr" | head -20
}

run_tap test_eval "$build/tests/unit/test_eval"
if ! "$python" -c 'import numpy, onnx, torch' 2>/dev/null; then
    echo "# $python with numpy, onnx and torch is not available: no numerics cases"
    echo "1..$n"
    exit 0
fi
if ! "$python" -B "$src/tests/eval/gen.py" "$tmp/cases" >"$tmp/gen.log" 2>&1; then
    echo "Bail out! tests/eval/gen.py failed"
    sed 's/^/# /' "$tmp/gen.log"
    exit 1
fi
run_tap test_conformance "$build/tests/unit/test_conformance" "$tmp/cases"

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
