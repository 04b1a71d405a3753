#!/bin/sh
# Lexer golden files: tests/lexer/X.py against X.py.tokens and X.py.err.
exec "$(dirname "$0")/golden.sh" lexer tokens
