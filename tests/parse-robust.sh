#!/bin/sh
# The front end on hostile input (tests/parse-robust.py): binary garbage, NUL
# bytes, invalid UTF-8, megabyte lines, 10,000 nested brackets, an empty
# file, mutated model code...: exit status 0 or 1, diagnostics in the one
# format, no crash and no hang.  Inputs are generated, not committed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
python=${TSC_PYTHON:-/usr/bin/python3}
[ -x "$python" ] || python=python3
exec "$python" -B "$here/parse-robust.py" "${TSC2ONNX:-tsc2onnx}"
