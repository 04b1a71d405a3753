#!/bin/sh
# Type and shape error goldens, one TAP case per model file.
#
#   tests/types.sh
#
# Each tests/types/NAME.py is compiled from inside tests/types (so that
# diagnostics name the file without a path) with the options of its
# '# tsc2onnx:' comment lines; stderr must equal NAME.py.err, the exit
# status must be 1 and no output file may be left.  A file pins several
# errors: the compiler reports every one of them in the same run.
# UPDATE=1 rewrites the .err files from the current output.
set -u
dir=${TSC_SRCDIR:-.}/tests/types
tsc=${TSC2ONNX:-tsc2onnx}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

files=$(cd "$dir" && ls *.py 2>/dev/null | LC_ALL=C sort)
n=$(printf '%s\n' $files | grep -c .)
echo "1..$n"
i=0
for f in $files; do
    i=$((i + 1))
    opts=$(sed -n 's/^# tsc2onnx: //p' "$dir/$f")
    # shellcheck disable=SC2086
    (cd "$dir" && "$tsc" "$f" $opts -o "$tmp/out.onnx" >"$tmp/out" 2>"$tmp/err")
    status=$?
    if [ "${UPDATE:-}" = 1 ]; then
        cp "$tmp/err" "$dir/$f.err"
    fi
    problem=
    if [ ! -f "$dir/$f.err" ]; then
        problem="no $f.err"
    elif ! cmp -s "$tmp/err" "$dir/$f.err"; then
        problem="stderr differs from $f.err"
        diff -u "$dir/$f.err" "$tmp/err" | head -40 | sed 's/^/# /'
    fi
    [ $status -eq 1 ] || problem="${problem:+$problem; }exit status $status, expected 1"
    [ -e "$tmp/out.onnx" ] && problem="${problem:+$problem; }an output file was written"
    rm -f "$tmp/out.onnx"
    if [ -n "$problem" ]; then
        echo "not ok $i - types/$f: $problem"
    else
        echo "ok $i - types/$f ($(grep -c ': error: ' "$dir/$f.err") errors)"
    fi
done
