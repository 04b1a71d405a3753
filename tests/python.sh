#!/bin/sh
# The Python package (tests/python_api.py): export() against the command
# line, compile(), CompileError, python3 -m tsc2onnx.
src=${TSC_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
python=/usr/bin/python3
[ -x "$python" ] || { echo "1..0 # SKIP no /usr/bin/python3"; exit 0; }
exec "$python" "$src/tests/python_api.py" "${TSC2ONNX:-tsc2onnx}"
