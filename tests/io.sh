#!/bin/sh
# io/ and the PRNG: generates fixtures with numpy (tests/io/gen.py), runs
# tests/unit/test_io over them, then checks with numpy that every array
# test_io re-saved (DIR/out/*.npy) loads back equal to the original and is
# byte-identical to what np.save writes.  One TAP stream; the plan comes last.
#
# VALGRIND=1 runs test_io under valgrind (leaks and invalid reads fail).
# KEEP=1 keeps the fixture directory.
set -u
src=${TSC_SRCDIR:-.}
build=${TSC_BUILDDIR:-.}
prog=$build/tests/unit/test_io
python=/usr/bin/python3     # the python3 on PATH may lack numpy
tmp=$(mktemp -d)
[ "${KEEP:-}" = 1 ] && echo "# fixtures in $tmp" || trap 'rm -rf "$tmp"' EXIT

if ! "$python" -c 'import numpy' 2>/dev/null; then
    echo "1..0 # SKIP $python with numpy is not available"
    exit 0
fi
if ! "$python" "$src/tests/io/gen.py" "$tmp/fx" >"$tmp/gen.log" 2>&1; then
    echo "Bail out! tests/io/gen.py failed"
    sed 's/^/# /' "$tmp/gen.log"
    exit 1
fi

run=
[ "${VALGRIND:-}" = 1 ] && run="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect"
$run "$prog" "$tmp/fx" >"$tmp/tap" 2>"$tmp/stderr"
status=$?
grep -v '^1\.\.' "$tmp/tap"
n=$(grep -c '^\(not \)\{0,1\}ok ' "$tmp/tap")

n=$((n + 1))
if grep -q '^1\.\.' "$tmp/tap" && [ $status -le 1 ]; then
    echo "ok $n - test_io ran to the end"
else
    echo "not ok $n - test_io did not finish cleanly (status $status)"
fi
sed 's/^/# /' "$tmp/stderr" | head -40

# numpy reads back what npy_save wrote.
"$python" - "$tmp/fx" "$n" <<'EOF'
import glob, io, os, sys
import numpy as np
d, n = sys.argv[1], int(sys.argv[2])
for path in sorted(glob.glob(os.path.join(d, "out", "npy_*.npy"))):
    name = os.path.basename(path)
    n += 1
    try:
        want = np.load(os.path.join(d, name))
        got = np.load(path)
        buf = io.BytesIO()
        np.save(buf, want)
        same = (got.dtype == want.dtype and got.shape == want.shape
                and got.tobytes() == want.tobytes())
        identical = open(path, "rb").read() == buf.getvalue()
        ok = same and identical
        why = "" if ok else " (values differ)" if not same else " (bytes differ from np.save)"
    except Exception as e:
        ok, why = False, " (%s)" % e
    print("%s %d - numpy reads out/%s back%s" % ("ok" if ok else "not ok", n, name, why))
n += 1
try:
    rank10 = np.load(os.path.join(d, "out", "rank10.npy"))
    ok = rank10.dtype == np.int16 and rank10.shape == (1, 2, 1, 1, 3, 1, 1, 1, 1, 2) and \
        list(rank10.ravel()) == [i * 1000 - 5000 for i in range(12)]
except Exception:
    ok = False
print("%s %d - numpy reads out/rank10.npy back" % ("ok" if ok else "not ok", n))
print("1..%d" % n)
EOF
