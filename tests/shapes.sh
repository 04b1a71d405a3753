#!/bin/sh
# Inferred shapes: each tests/shapes/NAME.py is compiled with the options of
# its '# tsc2onnx:' lines, and the element types and shapes of the graph's
# outputs (read back by onnx, tests/shapes/dump.py) must equal
# NAME.py.shapes: symbolic dimensions (N, 2*N, N-1) where they are known,
# '?' where they cannot be.  UPDATE=1 rewrites the .shapes files.
set -u
dir=${TSC_SRCDIR:-.}/tests/shapes
tsc=${TSC2ONNX:-tsc2onnx}
python=/usr/bin/python3     # the distribution's python, which has onnx 1.12
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

files=$(cd "$dir" && ls *.py 2>/dev/null | grep -v '^dump.py$' | LC_ALL=C sort)
n=$(printf '%s\n' $files | grep -c .)
echo "1..$n"
if [ ! -x "$python" ] || ! "$python" -c 'import onnx' 2>/dev/null; then
    i=0
    for f in $files; do i=$((i + 1)); echo "ok $i - shapes/$f # SKIP onnx for $python not found"; done
    exit 0
fi
models=
for f in $files; do
    opts=$(sed -n 's/^# tsc2onnx: //p' "$dir/$f")
    # shellcheck disable=SC2086
    if (cd "$dir" && "$tsc" "$f" $opts -o "$tmp/$f.onnx" 2>"$tmp/$f.err"); then
        models="$models $tmp/$f.onnx"
    fi
done
# shellcheck disable=SC2086
[ -n "$models" ] && "$python" "$dir/dump.py" $models > "$tmp/all" 2>"$tmp/dump.err"
i=0
for f in $files; do
    i=$((i + 1))
    if [ ! -f "$tmp/$f.onnx" ]; then
        echo "not ok $i - shapes/$f: tsc2onnx failed"
        sed 's/^/# /' "$tmp/$f.err" | head -20
        continue
    fi
    awk -v want="== $f.onnx" '/^== /{on = ($0 == want); next} on' "$tmp/all" > "$tmp/$f.got"
    if [ "${UPDATE:-}" = 1 ]; then
        cp "$tmp/$f.got" "$dir/$f.shapes"
    fi
    if [ -f "$dir/$f.shapes" ] && cmp -s "$tmp/$f.got" "$dir/$f.shapes"; then
        echo "ok $i - shapes/$f ($(grep -c . "$dir/$f.shapes") outputs)"
    else
        echo "not ok $i - shapes/$f: outputs differ from $f.shapes"
        diff -u "$dir/$f.shapes" "$tmp/$f.got" 2>&1 | head -40 | sed 's/^/# /'
    fi
done
