#!/bin/sh
# emit/: writes the hand-built models of tests/unit/test_emit as .onnx,
# text and dot (and checks atomic writing), then checks the files with
# onnx 1.12 in one /usr/bin/python3 process (tests/emit/check.py).  One TAP
# stream: the C program's lines, then Python's, then the plan.
srcdir=${TSC_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${TSC_BUILDDIR:-.}
python=/usr/bin/python3     # the distribution's python, which has onnx 1.12

out=$(mktemp -d "${TMPDIR:-/tmp}/tsc-emit.XXXXXX") || exit 99
trap 'rm -rf "$out"' EXIT

"$builddir/tests/unit/test_emit" "$out" > "$out/c.tap"
status=$?
cat "$out/c.tap"
n=$(grep -c '^\(not \)\{0,1\}ok ' "$out/c.tap")
if [ "$status" -ne 0 ] && ! grep -q '^not ok' "$out/c.tap"; then
    n=$((n + 1))
    echo "not ok $n - test_emit exited with status $status"
fi

if [ -x "$python" ]; then
    "$python" "$srcdir/tests/emit/check.py" "$out" "$n"
else
    n=$((n + 1))
    echo "ok $n - onnx checks # SKIP $python not found"
    echo "1..$n"
fi
