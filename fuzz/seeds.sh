#!/bin/sh
# The seed corpus of one fuzz target, made from the test inputs:
#
#   fuzz/seeds.sh TARGET DIR
#
#   parse        every model file of tests/ and examples/, and the stdlib
#   compile      the model files of tests/ and examples/
#   safetensors  the fixtures of tests/io/gen.py and tests/cli/mkweights.py
#   npy          the fixtures of tests/io/gen.py
#   example      the values of the '# example:' and '# inputs:' lines of
#                tests/e2e and examples, and every form of io/example.h
#   onnx         the models of tests/e2e compiled at opsets 9, 13 and 17
#                by $TSC2ONNX (those under 64 KiB)
#
# The binary fixtures need python3 with numpy (Debian python3-numpy).
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
target=$1
out=$2
python=/usr/bin/python3
[ -x "$python" ] || python=python3
mkdir -p "$out" && out=$(cd "$out" && pwd) || exit 1

# model_files DIR...: the .py and .ts files under DIR, not test outputs.
model_files() {
    find "$@" \( -name node_modules -o -name .cache -o -name out \) -prune -o \
        -type f \( -name '*.py' -o -name '*.ts' \) -print | LC_ALL=C sort
}

# copy: each file named on standard input goes to $out under a name made
# from its path, so that files of different folders do not collide.
copy() {
    while IFS= read -r f; do
        name=$(printf '%s' "${f#"$src"/}" | tr '/' '_')
        cp "$f" "$out/$name" || exit 1
    done
}

fixtures() {
    tmp=$(mktemp -d) || exit 1
    if ! "$python" "$src/tests/io/gen.py" "$tmp/io" >"$tmp/log" 2>&1 ||
       ! "$python" "$src/tests/cli/mkweights.py" "$tmp/w" >>"$tmp/log" 2>&1; then
        echo "fuzz/seeds.sh: the fixture generators failed:" >&2
        sed 's/^/  /' "$tmp/log" >&2
        rm -rf "$tmp"
        exit 1
    fi
    find "$tmp" -type f -name "*.$1" | LC_ALL=C sort | while IFS= read -r f; do
        cp "$f" "$out/$(basename "$(dirname "$f")")_$(basename "$f")"
    done
    rm -rf "$tmp"
}

case $target in
parse)
    model_files "$src/tests" "$src/examples" "$src/stdlib" | copy ;;
compile)
    model_files "$src/tests" "$src/examples" | grep -v '/tests/\(lexer\|parser\)/' | copy ;;
safetensors)
    fixtures safetensors ;;
npy)
    fixtures npy ;;
example)
    i=0
    { sed -n 's/^# *\(example\|inputs\)://p' $(model_files "$src/tests/e2e" "$src/examples") |
          tr ' ' '\n' | sed -n 's/^[A-Za-z_][A-Za-z0-9_]*=//p'
      printf '%s\n' '5' '-3' '0x1f' '1_000' '2.5' '1e-3' '.5' "float('inf')" "float('-nan')" \
          'True' 'False' '[[1, 2], [3, 4]]' '[1.5, 2,]' '[]' '[[True], [False]]' 'randn(2, 3)' \
          'rand(4)' 'ones(2,3)' 'zeros(1,0,2)' 'arange(2, 3)' 'randn()' '300:int8' \
          '1e39:float32' 'ones(2):bool' 'arange(4):float16' '[1, 2]:uint8' '2.5:bfloat16'
    } | LC_ALL=C sort -u | while IFS= read -r v; do
        i=$((i + 1))
        printf '%s' "$v" >"$out/value$i"
    done ;;
onnx)
    "$python" - "${TSC2ONNX:-tsc2onnx}" "$out" "$src" <<'PY' || exit 1
import os, subprocess, sys
tsc, out, src = sys.argv[1:4]
sys.path.insert(0, os.path.join(src, "tests"))
sys.path.insert(0, os.path.join(src, "tests", "bench"))
import directives
from determinism import cli_value
for path in directives.cases_under(os.path.join(src, "tests", "e2e")):
    case = directives.parse_case(path, os.path.relpath(path, src))
    args = list(case.options)
    for name, spec in case.example or []:
        args += ["--example", "%s=%s" % (name, cli_value(spec))]
    for opset in (9, 13, 17):
        name = os.path.join(out, "%s-%d.onnx" % (case.name.replace("/", "_")[:-3], opset))
        subprocess.run([tsc, path] + args + ["--opset", str(opset), "-o", name], cwd=case.dir,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if os.path.exists(name) and os.path.getsize(name) > 65536:
            os.remove(name)
PY
    ;;
*)
    echo "fuzz/seeds.sh: unknown target '$target'" >&2
    exit 2 ;;
esac
