#!/bin/sh
# The README's first command: installs what is missing (tests/setup-deps.sh),
# builds tsc2onnx in build/, compiles examples/mlp.ts with a symbolic batch
# dimension, and runs the ONNX file in ONNX Runtime.  Safe to rerun.
#
#   sh tools/demo.sh
set -e
src=$(cd "$(dirname "$0")/.." && pwd)
build=$src/build

sh "$src/tests/setup-deps.sh"
[ -x "$src/configure" ] || (cd "$src" && ./bootstrap >/dev/null 2>&1)
mkdir -p "$build"
[ -f "$build/.gitignore" ] || printf '*\n' >"$build/.gitignore"
[ -f "$build/Makefile" ] || (cd "$build" && "$src/configure" -q)
make -C "$build" -j2 -s >/dev/null

echo "\$ tsc2onnx examples/mlp.ts --seed 0 --input 'a:float32[N,4]' --input 'b:float32[N,3]' --input 'c:float32[N,5]' -o build/mlp.onnx"
"$build/tsc2onnx" "$src/examples/mlp.ts" --seed 0 \
    --input 'a:float32[N,4]' --input 'b:float32[N,3]' --input 'c:float32[N,5]' \
    -o "$build/mlp.onnx"
echo "\$ node tools/ort-run.js build/mlp.onnx 'a=ones(2,4)' 'b=arange(2,3)' 'c=full(2,5;0.5)'"
node "$src/tools/ort-run.js" "$build/mlp.onnx" 'a=ones(2,4)' 'b=arange(2,3)' 'c=full(2,5;0.5)'
