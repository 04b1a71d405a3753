#!/bin/sh
# Imports: packages and modules found as Python finds them, deferred
# imports, and what a failed module-level statement of a library becomes
# (tests/imports/X.py against X.py.err or X.py.text).
exec "$(dirname "$0")/golden.sh" imports
