#!/bin/sh
# Golden-file tests, one TAP case per input file.
#
#   tests/golden.sh MODE DIR
#
# For each DIR/*.py and DIR/*.ts, runs `tsc2onnx --emit MODE NAME` from inside
# DIR (so diagnostics name the file without a path) and compares:
#   stdout with NAME.MODE  (NAME.tokens, NAME.ast) when that file exists
#   stderr with NAME.err   when it exists; then the exit status must be 1
#                          (0 when NAME.err holds only warnings), otherwise
#                          stderr must be empty and the status 0.
# UPDATE=1 rewrites the golden files from the current output instead.
set -u
mode=$1
dir=${TSC_SRCDIR:-.}/tests/$2
tsc=${TSC2ONNX:-tsc2onnx}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

files=$(cd "$dir" && ls *.py *.ts 2>/dev/null | LC_ALL=C sort)
n=$(printf '%s\n' $files | grep -c .)
echo "1..$n"
i=0
for f in $files; do
    i=$((i + 1))
    (cd "$dir" && "$tsc" --emit "$mode" "$f" >"$tmp/out" 2>"$tmp/err")
    status=$?
    if [ "${UPDATE:-}" = 1 ]; then
        if [ -s "$tmp/err" ] || [ $status -ne 0 ]; then cp "$tmp/err" "$dir/$f.err"; else rm -f "$dir/$f.err"; fi
        if [ -s "$tmp/out" ] || [ -f "$dir/$f.$mode" ]; then cp "$tmp/out" "$dir/$f.$mode"; fi
    fi
    problem=
    if [ -f "$dir/$f.$mode" ] && ! cmp -s "$tmp/out" "$dir/$f.$mode"; then
        problem="stdout differs from $f.$mode"
        diff -u "$dir/$f.$mode" "$tmp/out" | head -40 | sed 's/^/# /'
    fi
    if [ -f "$dir/$f.err" ]; then
        if ! cmp -s "$tmp/err" "$dir/$f.err"; then
            problem="${problem:+$problem; }stderr differs from $f.err"
            diff -u "$dir/$f.err" "$tmp/err" | head -40 | sed 's/^/# /'
        fi
        want=0
        grep -q ': error: ' "$dir/$f.err" && want=1
        [ $status -eq $want ] || problem="${problem:+$problem; }exit status $status, expected $want"
    else
        if [ -s "$tmp/err" ]; then
            problem="${problem:+$problem; }unexpected diagnostics"
            head -20 "$tmp/err" | sed 's/^/# /'
        fi
        [ $status -eq 0 ] || problem="${problem:+$problem; }exit status $status, expected 0"
    fi
    if [ -n "$problem" ]; then
        echo "not ok $i - $2/$f: $problem"
    else
        echo "ok $i - $2/$f"
    fi
done
