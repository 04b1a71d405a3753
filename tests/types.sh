#!/bin/sh
# Type and shape errors: tests/types/X.py against X.py.err.  A file pins
# several errors: the compiler reports every one of them in the same run.
exec "$(dirname "$0")/golden.sh" types
