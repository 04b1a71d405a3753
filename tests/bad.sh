#!/bin/sh
# The bad-input corpus: malformed or unsupported input for every stage, each
# with its exact diagnostic.  One TAP case per file of tests/bad/, run by
# tests/golden.sh:
#
#   NAME.py        a model file, compiled as `tsc2onnx OPTIONS NAME.py -o
#                  out.onnx`; '# tsc2onnx:' comment lines give the OPTIONS,
#                  a '# status: N' line the exit status
#   NAME.cmd       a command line: its one line that is not a comment holds
#                  the arguments of tsc2onnx (shell words), its '# status: N'
#                  line the exit status
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
golden_lib=1
. "$src/tests/golden.sh"

# The directory each case starts from.
python=/usr/bin/python3
[ -x "$python" ] || python=python3
mkdir "$tmp/template" &&
    cp "$src/tests/bad/files/model.py" "$tmp/template/model.py" &&
    "$python" "$src/tests/bad/files/make.py" "$tmp/template/files" || {
    echo "Bail out! tests/bad/files/make.py failed"
    exit 1
}

echo "1..$(golden_count bad)"
golden_folder --sandbox "$tmp/template" bad
