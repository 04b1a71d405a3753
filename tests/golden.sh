#!/bin/sh
# The golden-file runner: one TAP case per case file of a folder of tests/.
#
#   tests/golden.sh [--sandbox DIR] FOLDER [MODE]
#
# A case file is FOLDER/NAME.py, a model file (_NAME.py files are helper
# modules that cases import, not cases), or FOLDER/NAME.cmd, a command line:
# its one line that is not a comment holds the arguments of tsc2onnx (shell
# words).  The expected files beside it choose what runs and what is compared:
#
#   NAME.py.tokens   standard output of `tsc2onnx --emit tokens`
#   NAME.py.ast      standard output of `tsc2onnx --emit ast`
#   NAME.py.text     standard output of `tsc2onnx --emit text`, without its
#                    metadata_props line (it names the binary's path)
#   NAME.py.out      standard output of `tsc2onnx compare -o CE` (the
#                    counterexample directory written CE; each CE/X.npy it
#                    names must have been written)
#   NAME.py.shapes   the element types and shapes of the graph's outputs of
#                    `tsc2onnx -o X.onnx`, read back by onnx (tests/shapes.py)
#   NAME.py.err      standard error
#
# A case with none of the first five runs in MODE: tokens, ast, text, out,
# shapes as above, or onnx (the default): `tsc2onnx -o X.onnx`, whose
# standard output must be empty.  Whole-line comments of a case file give
# (a .cmd file only the last):
#
#   # tsc2onnx: OPTIONS   compiler options (shell words; may repeat)
#   # example: V W ...    each word one --example
#   # status: N           the exit status; by default 1 when NAME.err holds
#                         an error (': error: '), 0 otherwise
#
# The command is `tsc2onnx [--emit MODE | compare] OPTIONS --example V ...
# [-o CE] NAME.py [-o X.onnx]`, from inside FOLDER so that diagnostics name
# the file alone, with no standard input.  Checks: each expected file equals
# the output, standard output and standard error are empty where there is
# none, the exit status, and a failed compile writes no file.
# --sandbox DIR runs each case in a fresh copy of DIR holding the model file
# (not a .cmd), with -o out.onnx and a 60 s timeout, and checks that the
# copy holds exactly the files it held, unchanged, afterwards.
#
# UPDATE=1 rewrites the expected files from the current output: the output
# one when there is output or it exists, NAME.err when there are diagnostics
# or the status is not 0 (otherwise NAME.err is removed).
#
# A script with cases of its own sources this file with golden_lib=1 and
# calls golden_count, golden_folder and golden_report (tests/trace.sh).
set -u
src=${TSC_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
tsc=${TSC2ONNX:-tsc2onnx}
golden_python=/usr/bin/python3     # the distribution's python, which has onnx
golden_n=0                          # the number of the last TAP case
golden_onnx=                        # yes or no once the shapes mode asked
tmp=$(mktemp -d) && mkdir "$tmp/o" || exit 99
trap 'rm -rf "$tmp"' EXIT

# golden_cases FOLDER: the case files of tests/FOLDER, sorted.
golden_cases() {
    (cd "$src/tests/$1" && ls) | grep -E '^[^_].*\.(py|cmd)$' | LC_ALL=C sort
}

# golden_count FOLDER...: how many cases the folders hold.
golden_count() {
    for d in "$@"; do golden_cases "$d"; done | grep -c .
}

# golden_report NAME: the TAP line of case $golden_n, failed when $problem
# says why.
golden_report() {
    if [ -n "$problem" ]; then
        echo "not ok $golden_n - $1: $problem"
    else
        echo "ok $golden_n - $1"
    fi
}

# golden_fail WHY: adds WHY to $problem.
golden_fail() {
    problem="${problem:+$problem; }$1"
}

# golden_scan DIR FILE...: the directive lines of the case files, as
# FILE:# KEY: VALUE in the files' order, in $tmp/directives, the first read
# into $pending (one grep per folder: starting a program is what a case
# mostly costs).
golden_scan() {
    (cd "$1" && shift && grep -E -H '^# (tsc2onnx|example|status):' "$@" </dev/null) >"$tmp/directives"
    exec 3<"$tmp/directives"
    read -r pending <&3 || pending=
}

# golden_directives FILE: the directives of FILE, the next lines of
# golden_scan's, in $opts (shell words), $examples (words) and $want (the
# status, empty when none is given).
golden_directives() {
    opts='' examples='' want=''
    while [ -n "$pending" ] && [ "${pending%%:*}" = "$1" ]; do
        key=${pending#*:# } && key=${key%%:*}
        value=${pending#*:# *:}
        value=${value#"${value%%[![:blank:]]*}"}
        case $key in
        tsc2onnx) opts="$opts $value" ;;
        example) examples="$examples $value" ;;
        status) [ -n "$want" ] || want=${value%%[!0-9]*} ;;
        esac
        read -r pending <&3 || pending=
    done
}

# The files under the current directory with their checksums.
golden_snapshot() {
    find . -type f -exec cksum {} + | LC_ALL=C sort -k 3
    find . ! -type f | LC_ALL=C sort
}

# golden_onnx_found: whether the shapes mode's python has onnx.
golden_onnx_found() {
    if [ -z "$golden_onnx" ]; then
        golden_onnx=no
        [ -x "$golden_python" ] && "$golden_python" -c 'import onnx' 2>/dev/null && golden_onnx=yes
    fi
    [ "$golden_onnx" = yes ]
}

# golden_written: whether the compile left a file in $tmp/o, where its -o
# points outside a sandbox.
golden_written() {
    for x in "$tmp"/o/* "$tmp"/o/.[!.]* "$tmp"/o/..?*; do
        [ -e "$x" ] && return 0
    done
    return 1
}

# golden_case DIR FILE MODE SANDBOX: runs the case DIR/FILE; its output in
# $tmp/out and $tmp/err, its status in $status.  (Few programs per case:
# starting one is what a case mostly costs.)
golden_case() {
    dir=$1 f=$2 kind=$3 sandbox=$4
    golden_directives "$f"
    set -f
    case $f in
    *.cmd) eval "set -- $(grep -v '^#' "$dir/$f" | grep . | head -n 1)" ;;
    *)
        eval "set -- $opts"
        for e in $examples; do set -- "$@" --example "$e"; done
        model=$tmp/o/out.onnx
        [ -n "$sandbox" ] && model=out.onnx
        case $kind in
        tokens | ast | text) set -- --emit "$kind" "$@" "$f" ;;
        out) set -- compare "$@" -o "$tmp/ce" "$f" ;;
        *) set -- "$@" "$f" -o "$model" ;;
        esac ;;
    esac
    set +f
    got=$tmp/out
    case $kind in text | out | shapes) got=$tmp/raw ;; esac
    [ "$kind" = out ] && rm -rf "$tmp/ce"
    if [ -n "$sandbox" ]; then
        rm -rf "$tmp/case" && cp -R "$sandbox" "$tmp/case"
        case $f in *.cmd) ;; *) cp "$dir/$f" "$tmp/case/$f" ;; esac
        cd "$tmp/case" && before=$(golden_snapshot)
    else
        cd "$dir" || exit 99
    fi
    if [ -n "$sandbox" ]; then
        timeout 60 "$tsc" "$@" >"$got" 2>"$tmp/err" </dev/null
    else
        "$tsc" "$@" >"$got" 2>"$tmp/err" </dev/null
    fi
    status=$?
    [ -n "$sandbox" ] && after=$(golden_snapshot)
    cd "$tmp" || exit 99
    case $kind in
    text) grep -v 'metadata_props:' "$tmp/raw" >"$tmp/out" ;;
    out) sed "s|$tmp/ce|CE|g" "$tmp/raw" >"$tmp/out" ;;
    shapes)
        mv "$tmp/raw" "$tmp/out"
        if [ $status -eq 0 ] && ! "$golden_python" "$src/tests/shapes.py" "$tmp/o/out.onnx" >"$tmp/out" 2>"$tmp/py"; then
            golden_fail "tests/shapes.py failed"
            head -20 "$tmp/py" | sed 's/^/# /'
        fi ;;
    esac
}

# golden_update DIR FILE MODE: rewrites the expected files of DIR/FILE.
golden_update() {
    if [ "$3" != onnx ]; then
        if [ -s "$tmp/out" ] || [ -f "$1/$2.$3" ]; then cp "$tmp/out" "$1/$2.$3"; fi
    fi
    if [ -s "$tmp/err" ] || [ $status -ne 0 ]; then cp "$tmp/err" "$1/$2.err"; else rm -f "$1/$2.err"; fi
}

# golden_compare GOT FILE WHAT: adds to $problem when GOT differs from FILE,
# or when there is no FILE and GOT is not empty.
golden_compare() {
    if [ -f "$2" ]; then
        if ! cmp -s "$1" "$2"; then
            golden_fail "$3 differs from ${2##*/}"
            diff -u "$2" "$1" | head -40 | sed 's/^/# /'
        fi
    elif [ -s "$1" ]; then
        golden_fail "unexpected $3 (no ${2##*/})"
        head -20 "$1" | sed 's/^/# /'
    fi
}

# golden_check DIR FILE MODE SANDBOX: the checks of a case that ran.
golden_check() {
    golden_compare "$tmp/out" "$1/$2.$3" "stdout"
    golden_compare "$tmp/err" "$1/$2.err" "stderr"
    if [ -z "$want" ]; then
        want=0
        [ -f "$1/$2.err" ] && grep -q ': error: ' "$1/$2.err" && want=1
    fi
    [ $status -eq "$want" ] || golden_fail "exit status $status, expected $want"
    if golden_written; then
        [ $status -eq 0 ] || golden_fail "an output file was written"
        rm -rf "$tmp/o" && mkdir "$tmp/o"
    fi
    if [ "$3" = out ]; then
        for npy in $(grep -o 'CE/[A-Za-z0-9_]*\.npy' "$tmp/out"); do
            [ -f "$tmp/ce/${npy#CE/}" ] || golden_fail "$npy not written"
        done
    fi
    if [ -n "$4" ] && [ "$before" != "$after" ]; then
        golden_fail "files were created or changed"
        printf '%s\n' "$before" >"$tmp/before"
        printf '%s\n' "$after" | diff "$tmp/before" - | head -n 10 | sed 's/^/# /'
    fi
}

# golden_folder [--sandbox DIR] FOLDER [MODE]: the TAP lines of the cases
# of tests/FOLDER, numbered on from $golden_n.
golden_folder() {
    sandbox=
    if [ "$1" = --sandbox ]; then sandbox=$2; shift 2; fi
    folder=$1 mode=${2:-onnx}
    dir=$src/tests/$folder
    cases=$(golden_cases "$folder")
    # shellcheck disable=SC2086 # one word per case; names have no blanks
    golden_scan "$dir" $cases
    for f in $cases; do
        golden_n=$((golden_n + 1))
        kind=$mode
        for k in tokens ast text out shapes; do
            if [ -f "$dir/$f.$k" ]; then kind=$k; break; fi
        done
        if [ "$kind" = shapes ] && ! golden_onnx_found; then
            echo "ok $golden_n - $folder/$f # SKIP onnx for $golden_python not found"
            continue
        fi
        problem=
        golden_case "$dir" "$f" "$kind" "$sandbox"
        [ "${UPDATE:-}" = 1 ] && golden_update "$dir" "$f" "$kind"
        golden_check "$dir" "$f" "$kind" "$sandbox"
        golden_report "$folder/$f"
    done
}

if [ "${golden_lib:-}" != 1 ]; then
    if [ "${1:-}" = --sandbox ]; then
        echo "1..$(golden_count "$3")"
    else
        echo "1..$(golden_count "$1")"
    fi
    golden_folder "$@"
fi
