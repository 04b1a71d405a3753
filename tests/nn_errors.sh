#!/bin/sh
# The errors of torch.nn and torch.nn.functional: each tests/nn_errors/X.ts
# must fail to compile with exit status 1, write no output file, and print
# exactly X.ts.err.  A '# tsc2onnx:' comment line gives compiler options
# (e.g. --input x:float32[N,3,H,W] --opset 10).  UPDATE=1 rewrites the .err
# files from the current output.
set -u
dir=${TSC_SRCDIR:-.}/tests/nn_errors
tsc=${TSC2ONNX:-tsc2onnx}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

files=$(cd "$dir" && ls *.ts 2>/dev/null | LC_ALL=C sort)
n=$(printf '%s\n' $files | grep -c .)
echo "1..$n"
i=0
for f in $files; do
    i=$((i + 1))
    opts=$(sed -n 's/^# tsc2onnx://p' "$dir/$f" | tr '\n' ' ')
    # shellcheck disable=SC2086
    (cd "$dir" && "$tsc" $opts "$f" -o "$tmp/out.onnx" >"$tmp/out" 2>"$tmp/err")
    status=$?
    [ "${UPDATE:-}" = 1 ] && cp "$tmp/err" "$dir/$f.err"
    problem=
    [ $status -eq 1 ] || problem="exit status $status, expected 1"
    [ -e "$tmp/out.onnx" ] && problem="${problem:+$problem; }an output file was written"
    rm -f "$tmp/out.onnx"
    if [ ! -f "$dir/$f.err" ]; then
        problem="${problem:+$problem; }$f.err is missing"
    elif ! cmp -s "$tmp/err" "$dir/$f.err"; then
        problem="${problem:+$problem; }stderr differs from $f.err"
        diff -u "$dir/$f.err" "$tmp/err" | head -40 | sed 's/^/# /'
    fi
    if [ -n "$problem" ]; then
        echo "not ok $i - nn_errors/$f: $problem"
    else
        echo "ok $i - nn_errors/$f"
    fi
done
