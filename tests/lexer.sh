#!/bin/sh
# Lexer golden files: tests/lexer/X.py against X.py.tokens and X.py.err.
exec "$TSC_SRCDIR/tests/golden.sh" tokens lexer
