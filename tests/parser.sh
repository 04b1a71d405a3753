#!/bin/sh
# Parser golden files: tests/parser/X.py against X.py.ast (the AST dump) and
# X.py.err (the exact diagnostics of a malformed input, err_*.py).
exec "$(dirname "$0")/golden.sh" parser ast
