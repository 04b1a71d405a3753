#!/bin/sh
# The bad-input corpus: malformed or unsupported input for every stage, each
# with its exact diagnostic.  One TAP case per file of tests/bad/:
#
#   NAME.py, NAME.ts   a model file, compiled as `tsc2onnx NAME.py OPTIONS
#                      -o out.onnx`; '# tsc2onnx:' comment lines give the
#                      OPTIONS, a '# status: N' line the exit status (1 when
#                      there is none)
#   NAME.cmd           a command line: its one line that is not a comment
#                      holds the arguments of tsc2onnx (shell words), its
#                      '# status: N' line the exit status
#
# and NAME.EXT.err beside each, the exact standard error.  Every case runs in
# a fresh directory holding model.py (a small valid model, for the command
# lines), files/ (the corrupt weights and arrays tests/bad/files/make.py
# writes) and, for a model-file case, the file itself.  Checks: standard
# error equals the .err file, the exit status is the expected one, standard
# output is empty, and afterwards the directory holds exactly the files it
# held, unchanged: no output, no partial or temporary file.  UPDATE=1
# rewrites the .err files from the current output (review them before
# committing).
set -u
src=${TSC_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
dir=$src/tests/bad
tsc=${TSC2ONNX:-tsc2onnx}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

python=/usr/bin/python3
[ -x "$python" ] || python=python3
mkdir "$tmp/template" &&
    cp "$dir/files/model.py" "$tmp/template/model.py" &&
    "$python" "$dir/files/make.py" "$tmp/template/files" || {
    echo "Bail out! tests/bad/files/make.py failed"
    exit 1
}

# The files under the current directory with their checksums.
snapshot() {
    find . -type f -exec cksum {} + | LC_ALL=C sort -k 3
    find . ! -type f | LC_ALL=C sort
}

cases=$(cd "$dir" && ls *.py *.ts *.cmd 2>/dev/null | LC_ALL=C sort)
echo "1..$(printf '%s\n' "$cases" | grep -c .)"
i=0
for f in $cases; do
    i=$((i + 1))
    rm -rf "$tmp/case"
    cp -R "$tmp/template" "$tmp/case"
    want=$(sed -n 's/^# status: *\([0-9]*\).*/\1/p' "$dir/$f" | head -n 1)
    case $f in
    *.cmd)
        line=$(grep -v '^#' "$dir/$f" | grep . | head -n 1)
        cd "$tmp/case" && before=$(snapshot)
        eval "set -- $line"
        timeout 60 "$tsc" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
        status=$? ;;
    *)
        want=${want:-1}
        cp "$dir/$f" "$tmp/case/$f"
        opts=$(sed -n 's/^# tsc2onnx://p' "$dir/$f" | tr '\n' ' ')
        cd "$tmp/case" && before=$(snapshot)
        eval "set -- $opts"
        timeout 60 "$tsc" "$f" "$@" -o out.onnx >"$tmp/out" 2>"$tmp/err" </dev/null
        status=$? ;;
    esac
    after=$(snapshot)
    cd "$tmp" || exit 99
    [ "${UPDATE:-}" = 1 ] && cp "$tmp/err" "$dir/$f.err"
    problem=
    if [ -z "$want" ]; then
        problem="no '# status: N' line"
    elif [ "$status" -ne "$want" ]; then
        problem="exit status $status, expected $want"
    fi
    if [ ! -f "$dir/$f.err" ]; then
        problem="${problem:+$problem; }no $f.err"
    elif ! cmp -s "$tmp/err" "$dir/$f.err"; then
        problem="${problem:+$problem; }stderr differs from $f.err"
        diff -u "$dir/$f.err" "$tmp/err" | head -n 30 | sed 's/^/# /'
    fi
    [ -s "$tmp/out" ] && problem="${problem:+$problem; }output on stdout"
    if [ "$before" != "$after" ]; then
        problem="${problem:+$problem; }files were created or changed"
        printf '%s\n' "$before" >"$tmp/before"
        printf '%s\n' "$after" | diff "$tmp/before" - | head -n 10 | sed 's/^/# /'
    fi
    if [ -n "$problem" ]; then
        echo "not ok $i - bad/$f: $problem"
    else
        echo "ok $i - bad/$f"
    fi
done
