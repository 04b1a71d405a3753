#!/bin/sh
# Run-time control flow: tests/control/X.py against X.py.text (the graph,
# `--emit text`) or X.py.err (the diagnostics of a model that cannot compile).
exec "$(dirname "$0")/golden.sh" control text
