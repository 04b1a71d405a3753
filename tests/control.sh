#!/bin/sh
# Control-flow golden files: tests/control/X.ts compiled with the options of
# its `# tsc2onnx:` and `# example:` comments, from inside tests/control so
# diagnostics name the file alone.
#   X.ts.err   expected diagnostics (the exit status must then be 1)
#   X.ts.text  expected `--emit text` output (status 0, no diagnostics)
# UPDATE=1 rewrites the golden files from the current output.
set -u
dir=${TSC_SRCDIR:-.}/tests/control
tsc=${TSC2ONNX:-tsc2onnx}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

files=$(cd "$dir" && ls *.ts | LC_ALL=C sort)
n=$(printf '%s\n' $files | grep -c .)
echo "1..$n"
i=0
for f in $files; do
    i=$((i + 1))
    opts=$(sed -n 's/^# tsc2onnx://p' "$dir/$f" | tr '\n' ' ')
    examples=$(sed -n 's/^# example://p' "$dir/$f" | tr '\n' ' ')
    set -- $opts
    for e in $examples; do
        set -- "$@" --example "$e"
    done
    (cd "$dir" && "$tsc" --emit text "$@" "$f" >"$tmp/raw" 2>"$tmp/err")
    status=$?
    # the command line in the metadata names the binary's path
    grep -v 'metadata_props:' "$tmp/raw" >"$tmp/out"
    if [ "${UPDATE:-}" = 1 ]; then
        if [ $status -ne 0 ]; then cp "$tmp/err" "$dir/$f.err"; rm -f "$dir/$f.text"
        else cp "$tmp/out" "$dir/$f.text"; rm -f "$dir/$f.err"; fi
    fi
    problem=
    if [ -f "$dir/$f.err" ]; then
        if ! cmp -s "$tmp/err" "$dir/$f.err"; then
            problem="stderr differs from $f.err"
            diff -u "$dir/$f.err" "$tmp/err" | head -40 | sed 's/^/# /'
        fi
        [ $status -eq 1 ] || problem="${problem:+$problem; }exit status $status, expected 1"
    elif [ -f "$dir/$f.text" ]; then
        if ! cmp -s "$tmp/out" "$dir/$f.text"; then
            problem="output differs from $f.text"
            diff -u "$dir/$f.text" "$tmp/out" | head -40 | sed 's/^/# /'
        fi
        if [ -s "$tmp/err" ] || [ $status -ne 0 ]; then
            problem="${problem:+$problem; }status $status with diagnostics"
            head -20 "$tmp/err" | sed 's/^/# /'
        fi
    else
        problem="no $f.err or $f.text"
    fi
    if [ -n "$problem" ]; then
        echo "not ok $i - control/$f: $problem"
    else
        echo "ok $i - control/$f"
    fi
done
