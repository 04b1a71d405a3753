#!/bin/sh
# The valid parser golden inputs (tests/parser/X.py with an X.py.ast) must
# give the AST CPython builds (tests/pyast.py), positions included: the
# reviewed .ast files are then also checked against the real thing.  One TAP
# case per file.
set -u
src=$(cd "${TSC_SRCDIR:-$(dirname "$0")/..}" && pwd)
tsc=${TSC2ONNX:-tsc2onnx}
python=${TSC_PYTHON:-/usr/bin/python3}
dir=$src/tests/parser
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$python" ]; then
    echo "1..0 # SKIP $python not found (run tests/setup-deps.sh)"
    exit 0
fi
files=$(cd "$dir" && for f in *.py; do [ -f "$f.ast" ] && echo "$f"; done | LC_ALL=C sort)
set -- $files
echo "1..$#"
# shellcheck disable=SC2046 # one argument per file; names have no blanks
(cd "$dir" && "$python" -B "$src/tests/pyast.py" "$tmp" "$@") || { echo "Bail out! tests/pyast.py failed"; exit 1; }
i=0
for f in "$@"; do
    (cd "$dir" && "$tsc" --emit ast "$f") 2>/dev/null |
        sed -E '/^ *([a-z_]+: )?(Module|arguments|comprehension|withitem)( |$)/s/( @[0-9:-]+)?$/ @-/' >"$tmp/ours"
    if cmp -s "$tmp/$i.ast" "$tmp/ours"; then
        echo "ok $((i + 1)) - parser/$f: same AST as CPython"
    else
        echo "not ok $((i + 1)) - parser/$f: AST differs from CPython's (< CPython, > tsc2onnx)"
        diff "$tmp/$i.ast" "$tmp/ours" | head -20 | sed 's/^/# /'
    fi
    i=$((i + 1))
done
