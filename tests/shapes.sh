#!/bin/sh
# Inferred shapes: tests/shapes/X.py against X.py.shapes, the element types
# and shapes of the graph's outputs read back by onnx (tests/shapes.py):
# symbolic dimensions (N, 2*N, N-1) where they are known, '?' where they
# cannot be.
exec "$(dirname "$0")/golden.sh" shapes shapes
