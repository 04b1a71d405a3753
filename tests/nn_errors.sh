#!/bin/sh
# The errors of torch.nn and torch.nn.functional: tests/nn_errors/X.py
# against X.py.err.
exec "$(dirname "$0")/golden.sh" nn_errors
