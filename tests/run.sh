#!/bin/sh
# tsc2onnx run: models written by other tools (PyTorch's exporter, with and
# without external data; onnx.helper graphs with If, Loop and sequences)
# are evaluated and their outputs compared with ONNX Runtime's; then the
# command line itself: printing, -o, --input forms, --check-outputs, and
# every error path with its message and exit status.  One TAP stream; the
# plan comes last.
#
# KEEP=1 keeps the work directory.
set -u
src=${TSC_SRCDIR:-.}
build=${TSC_BUILDDIR:-.}
prog=${TSC2ONNX:-$build/tsc2onnx}
python=/usr/bin/python3     # the python3 on PATH may lack torch
tmp=$(mktemp -d)
[ "${KEEP:-}" = 1 ] && echo "# work directory $tmp" || trap 'rm -rf "$tmp"' EXIT

if ! "$python" -c 'import numpy, onnx, torch' 2>/dev/null; then
    echo "1..0 # SKIP $python with numpy, onnx and torch is not available"
    exit 0
fi
if ! "$python" -B "$src/tests/run/gen.py" "$tmp/m" >"$tmp/gen.log" 2>&1; then
    echo "Bail out! tests/run/gen.py failed"
    sed 's/^/# /' "$tmp/gen.log" | tail -20
    exit 1
fi
m=$tmp/m
n=0

report() {  # report OK DESCRIPTION [DETAIL FILE]
    n=$((n + 1))
    if [ "$1" = 0 ]; then
        echo "ok $n - $2"
    else
        echo "not ok $n - $2"
        [ -n "${3:-}" ] && sed 's/^/# /' "$3" | head -20
    fi
}

# ---- against ONNX Runtime ------------------------------------------------------
# The compiler's own models too: examples/mlp.ts at every opset it lists,
# tests/e2e/bench/dtypes.py (float64, int32, uint8, float16) and the
# examples' convolutional networks.
compiled=
for opset in 9 13 17 21; do
    "$prog" "$src/examples/mlp.ts" --opset $opset --example 'a=randn(2,4)' --example 'b=randn(2,3)' \
        --example 'c=randn(2,5)' -o "$m/mlp_opset$opset.onnx" >"$tmp/out" 2>&1 &&
        compiled="$compiled mlp_opset$opset"
done
"$prog" "$src/tests/e2e/bench/dtypes.py" --example 'd=randn(2,3):float64' --example 'i=arange(2,3):int32' \
    --example 'u=arange(2,3):uint8' --example 'h=randn(2,3):float16' -o "$m/dtypes.onnx" >"$tmp/out" 2>&1 &&
    compiled="$compiled dtypes"
# the examples' networks, built with their own directives (# tsc2onnx:,
# # example:)
for ex in alexnet resnet densenet inception superres dcgan resnet_functions; do
    case $ex in
    resnet_functions) file=$src/examples/resnet.ts extra=--functions ;;
    *) file=$src/examples/$ex.ts extra= ;;
    esac
    opts=$(sed -n 's/^# tsc2onnx: //p' "$file")
    examples=
    for e in $(sed -n 's/^# example: //p' "$file"); do
        examples="$examples --example $e"
    done
    # shellcheck disable=SC2086 # one word per option
    "$prog" "$file" $opts $extra $examples -o "$m/$ex.onnx" >"$tmp/out" 2>&1 && compiled="$compiled $ex"
done
# shellcheck disable=SC2086 # one word per model
"$python" - "$m" $compiled <<'EOF'
import json, os, sys, numpy as np, onnx
from onnx import mapping
d, names = sys.argv[1], sys.argv[2:]
with open(os.path.join(d, "jobs.json")) as f:
    jobs = json.load(f)
rng = np.random.RandomState(11)
for name in names:
    indir = os.path.join(d, name + ".in")
    os.makedirs(indir, exist_ok=True)
    files = {}
    for i in onnx.load(os.path.join(d, name + ".onnx")).graph.input:
        t = i.type.tensor_type
        shape = [x.dim_value or 3 for x in t.shape.dim]
        a = (rng.randn(*shape) * 4).astype(mapping.TENSOR_TYPE_TO_NP_TYPE[t.elem_type])
        files[i.name] = os.path.join(indir, i.name + ".npy")
        np.save(files[i.name], a)
    jobs["jobs"].append({"id": name, "model": os.path.join(d, name + ".onnx"),
                         "outdir": os.path.join(d, name + ".ort"), "sets": [{"inputs": files}]})
with open(os.path.join(d, "jobs.json"), "w") as f:
    json.dump(jobs, f)
EOF
node=$(command -v node)
if [ -n "$node" ] && [ -d "$src/tests/node_modules/onnxruntime-node" ]; then
    (cd "$src/tests/bench" && "$node" ort_run.js "$m/jobs.json" "$tmp/progress.jsonl") \
        >"$tmp/ort.log" 2>&1
    # shellcheck disable=SC2086 # one word per model
    set -- $compiled
    [ $# = 12 ] || echo "# only these compiled models could be built:$compiled"
    for model in attention cnn cnn_external control functions loop recurrent $compiled; do
        args=
        for f in "$m/$model.in"/*.npy; do
            args="$args --input $(basename "$f" .npy)=@$f"
        done
        # shellcheck disable=SC2086 # one word per option
        "$prog" run "$m/$model.onnx" $args -o "$m/$model.out" >"$tmp/out" 2>&1 &&
            "$python" - "$m" "$model" >>"$tmp/out" 2>&1 <<'EOF'
import sys, numpy as np, onnx
d, name = sys.argv[1:]
graph = onnx.load("%s/%s.onnx" % (d, name), load_external_data=False).graph
for k, o in enumerate(graph.output):
    got = np.load("%s/%s.out/%s.npy" % (d, name, o.name))
    want = np.load("%s/%s.ort/set0/%d.npy" % (d, name, k))
    assert got.dtype == want.dtype and got.shape == want.shape, (o.name, got.shape, want.shape)
    assert np.allclose(got, want, rtol=1e-4, atol=1e-5), (o.name, np.abs(got - want).max())
EOF
        report $? "run $model.onnx agrees with ONNX Runtime" "$tmp/out"
    done
else
    echo "# ONNX Runtime is not installed (tests/setup-deps.sh): no comparison with it"
fi

# ---- the command line ------------------------------------------------------------
# check STATUS PATTERN DESCRIPTION -- ARGS...: runs tsc2onnx run ARGS, expects
# exit status STATUS and PATTERN (grep -E) in its stdout or stderr.
check() {
    want=$1 pattern=$2 what=$3
    shift 4
    "$prog" run "$@" >"$tmp/out" 2>&1
    got=$?
    if [ "$got" = "$want" ] && grep -Eq -- "$pattern" "$tmp/out"; then
        report 0 "$what"
    else
        echo "exit status $got, expected $want; output:" >"$tmp/why"
        cat "$tmp/out" >>"$tmp/why"
        report 1 "$what" "$tmp/why"
    fi
}

"$python" -c "import numpy as np; np.save('$tmp/a.npy', np.arange(6, dtype=np.float32).reshape(2, 3)); np.save('$tmp/a64.npy', np.zeros((2, 3)))"
"$python" -c "
from onnx import numpy_helper; import numpy as np
open('$tmp/b.pb', 'wb').write(numpy_helper.from_array(np.ones((2, 3), np.float32), 'b').SerializeToString())"
check 0 '^y: float32\[2, 3\]' "prints each output's type" -- "$m/two_inputs.onnx" --input a=@"$tmp/a.npy" --input b=@"$tmp/b.pb"
check 0 '\[\[1, 2, 3\],' "prints the values as nested lists" -- "$m/two_inputs.onnx" --input a=@"$tmp/a.npy" --input b=@"$tmp/b.pb"
check 0 'min 1  max 6  mean 3.5' "prints min, max and mean of float outputs" -- "$m/two_inputs.onnx" --input a=@"$tmp/a.npy" --input b=@"$tmp/b.pb"
check 0 '\[\[2, 2, 2\]' "converts literals to the input's element type" -- "$m/two_inputs.onnx" --input 'a=[[1,1,1],[1,1,1]]' --input b=ones\(2,3\)
check 0 'wrote .*/out_dir/y.npy: float32\[2, 3\]' "-o DIR writes DIR/<output>.npy" -- "$m/two_inputs.onnx" --input a=@"$tmp/a.npy" --input b=zeros\(2,3\) -o "$tmp/out_dir"
"$python" -c "import numpy as np; assert (np.load('$tmp/out_dir/y.npy') == np.arange(6).reshape(2, 3)).all()" 2>"$tmp/why"
report $? "the .npy file holds the output" "$tmp/why"
check 0 's\[2\]: float32\[1, 2\]' "prints sequence outputs element by element" -- "$m/sequence.onnx" --input x=arange\(3,2\)
check 0 'wrote .*/s_2.npy' "-o writes a sequence as <name>_<i>.npy" -- "$m/sequence.onnx" --input x=arange\(3,2\) -o "$tmp/seq_dir"
check 0 'final: float32\[2\]' "runs If and Loop bodies" -- "$m/control.onnx" --input 'x=[1.5, -2]' --input c=True --input n=3
check 0 'run: median [0-9.]+ ms, fastest [0-9.]+ ms over 3 runs; first run [0-9.]+ ms' "--repeat N times N more runs" -- "$m/control.onnx" --input 'x=[1.5, -2]' --input c=True --input n=3 --repeat 3
check 2 "--repeat expects a number of runs from 1 to 1000000, found '0'" "--repeat 0 is refused" -- "$m/control.onnx" --repeat 0
check 2 "no value for input 'b' \(give --input b=VALUE; it expects float32\[2, 3\]\)" "a missing input is named with its type" -- "$m/two_inputs.onnx" --input a=@"$tmp/a.npy"
check 2 "the model has no input 'c' \(inputs: a, b\)" "an unknown input lists the model's inputs" -- "$m/two_inputs.onnx" --input c=1
check 2 "--input a: the model expects float32\[2, 3\], got float32\[3\]" "a value of the wrong shape is refused" -- "$m/two_inputs.onnx" --input a=ones\(3\) --input b=ones\(2,3\)
check 2 "--input a: the model expects float32\[2, 3\], got float64\[2, 3\]" "a file of the wrong element type is refused" -- "$m/two_inputs.onnx" --input a=@"$tmp/a64.npy" --input b=ones\(2,3\)
check 4 "cannot read" "an unreadable .npy is an I/O error" -- "$m/two_inputs.onnx" --input a=@"$tmp/none.npy" --input b=ones\(2,3\)
# one exit status per kind of fault: a corrupt file is an I/O error (4)
# whatever its format; a valid file using what is not supported, a usage
# error (2)
printf 'not a tensor' >"$tmp/bad.pb"
printf 'not an array' >"$tmp/bad.npy"
check 4 "not a TensorProto" "a corrupt .pb input is an I/O error, as a corrupt .npy" -- "$m/two_inputs.onnx" --input a=@"$tmp/bad.pb" --input b=ones\(2,3\)
check 4 "not a .npy file" "a corrupt .npy input is an I/O error" -- "$m/two_inputs.onnx" --input a=@"$tmp/bad.npy" --input b=ones\(2,3\)
"$python" -c "
from onnx import TensorProto, helper
t = helper.make_tensor('a', TensorProto.FLOAT, [2, 3], [0.0] * 6)
t.segment.begin, t.segment.end = 0, 6
open('$tmp/segmented.pb', 'wb').write(t.SerializeToString())"
check 2 "segmented tensors are not supported" "a valid .pb using what is not supported is a usage error" -- "$m/two_inputs.onnx" --input a=@"$tmp/segmented.pb" --input b=ones\(2,3\)
check 2 "operator com.example.Frob \(opset 17\) is not supported yet" "an operator of another domain is refused up front" -- "$m/custom.onnx" --input x=ones\(2\)
check 1 "node 'r' \(Reshape\): cannot reshape 6 elements to 4" "an evaluation error names the node" -- "$m/bad_reshape.onnx" --input x=ones\(2,3\)
check 4 "cannot read: No such file" "a missing model is an I/O error" -- "$tmp/none.onnx" --input x=1
printf 'not a model' >"$tmp/bad.onnx"
check 4 "not an ONNX model" "a file that is not ONNX is refused" -- "$tmp/bad.onnx"
check 4 "node 'r1' \(Relu\): input 'nope' is not defined" "the loader names an undefined input" -- "$m/undefined_input.onnx" --input x=ones\(2\)
check 4 "output 'y' is defined twice" "the loader reports every problem, not only the first" -- "$m/undefined_input.onnx" --input x=ones\(2\)
check 4 "the nodes form a cycle" "a cycle is refused" -- "$m/cycle.onnx" --input x=ones\(2\)
check 0 '\[-1, -0\]' "nodes out of order are sorted" -- "$m/unsorted.onnx" --input 'x=[1, -2]'
check 4 "external data location '../w.bin' must be a relative path inside the model's directory" "external data may not leave the model's directory" -- "$m/external_escape.onnx" --input x=ones\(2\)
check 4 "external data file '.*short.bin' is shorter than offset \+ length" "short external data is refused" -- "$m/external_short.onnx" --input x=ones\(4\)
check 2 "calls inline into more than 1000000 nodes" "function calls that multiply are bounded in all (2^40 nodes)" -- "$m/function_blowup.onnx" --input x=ones\(2\)
check 1 "more than 16777216 iterations in all" "nested Loops are bounded in the product of their trip counts" -- "$m/nested_loops.onnx" --input 'x=0.0'
check 2 "--entry is an option of the compile command" "compile options are refused" -- "$m/two_inputs.onnx" --entry M
check 2 "only apply to --check-outputs" "--rtol needs --check-outputs" -- "$m/two_inputs.onnx" --rtol 0.1
mkdir -p "$tmp/ds"
"$python" -c "
from onnx import numpy_helper; import numpy as np
for k, a in enumerate([np.ones((2, 3), np.float32), np.ones((2, 3), np.float32)]):
    open('$tmp/ds/input_%d.pb' % k, 'wb').write(numpy_helper.from_array(a).SerializeToString())
open('$tmp/ds/output_0.pb', 'wb').write(numpy_helper.from_array(np.full((2, 3), 2.001, np.float32)).SerializeToString())"
check 0 "outputs match" "--check-outputs compares within the tolerances" -- "$m/two_inputs.onnx" --check-outputs "$tmp/ds"
check 3 "output 'y': 6 of 6 elements differ; element 0 is 2, expected 2.00099993" "--check-outputs reports a divergence" -- "$m/two_inputs.onnx" --check-outputs "$tmp/ds" --rtol 1e-6
echo "1..$n"
