#!/bin/sh
# The parser on real code: every .py file of Debian's python3-torchvision and
# every .py file under torch/nn/ of python3-torch must parse with
# `tsc2onnx --emit ast` without a diagnostic, and the AST must equal the one
# CPython builds (tests/pyast.py prints Python's ast in the dump's format,
# positions included).  Two TAP cases per package: no errors, same ASTs;
# the descriptions say how many files were parsed.
#
# Missing packages are installed by tests/setup-deps.sh (idempotent).
set -u
src=$(cd "${TSC_SRCDIR:-$(dirname "$0")/..}" && pwd)
tsc=${TSC2ONNX:-tsc2onnx}
python=${TSC_PYTHON:-/usr/bin/python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

have_packages() {
    dpkg -s python3-torchvision python3-torch >/dev/null 2>&1 && [ -x "$python" ]
}
if ! have_packages; then
    sh "$src/tests/setup-deps.sh" >&2
    have_packages || { echo "Bail out! python3-torchvision and python3-torch are required (tests/setup-deps.sh)"; exit 1; }
fi

list_files() {
    dpkg -L "$1" | grep "$2" | while read -r f; do [ -f "$f" ] && echo "$f"; done | LC_ALL=C sort
}
list_files python3-torchvision '\.py$' >"$tmp/torchvision.list"
list_files python3-torch '/torch/nn/.*\.py$' >"$tmp/torch.nn.list"

echo "1..4"
i=0
for set in torchvision torch.nn; do
    list=$tmp/$set.list
    n=$(grep -c . "$list")
    mkdir -p "$tmp/$set.ours" "$tmp/$set.ref"
    # tsc2onnx: one process per file (well under a second for all of them).
    k=0 failed=0
    while read -r f; do
        if ! "$tsc" --emit ast "$f" >"$tmp/$set.ours/$k.ast" 2>"$tmp/err" || [ -s "$tmp/err" ]; then
            failed=$((failed + 1))
            [ $failed -le 10 ] && head -5 "$tmp/err" | sed 's/^/# /'
        fi
        k=$((k + 1))
    done <"$list"
    i=$((i + 1))
    if [ "$n" -gt 0 ] && [ $failed -eq 0 ]; then
        echo "ok $i - $set: parsed $n files with no error"
    else
        echo "not ok $i - $set: $failed of $n files failed to parse"
    fi

    # CPython's ASTs, all files in one process.
    # shellcheck disable=SC2046 # one argument per file; paths have no blanks
    "$python" -B "$src/tests/pyast.py" "$tmp/$set.ref" $(cat "$list")
    k=0 differ=0
    while read -r f; do
        # Nodes without a position in CPython: compare without one.
        sed -E '/^ *([a-z_]+: )?(Module|arguments|comprehension|withitem)( |$)/s/( @[0-9:-]+)?$/ @-/' \
            "$tmp/$set.ours/$k.ast" >"$tmp/ours"
        if ! cmp -s "$tmp/ours" "$tmp/$set.ref/$k.ast"; then
            differ=$((differ + 1))
            if [ $differ -le 5 ]; then
                echo "# $f: AST differs from CPython's (< CPython, > tsc2onnx)"
                diff "$tmp/$set.ref/$k.ast" "$tmp/ours" | head -12 | sed 's/^/#   /'
            fi
        fi
        k=$((k + 1))
    done <"$list"
    i=$((i + 1))
    if [ "$n" -gt 0 ] && [ $differ -eq 0 ]; then
        echo "ok $i - $set: $n ASTs equal CPython's"
    else
        echo "not ok $i - $set: $differ of $n ASTs differ from CPython's"
    fi
done
