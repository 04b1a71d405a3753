#!/bin/sh
# Trace mode, constant folding and tsc2onnx compare: the golden files of
# tests/trace/ (X.py.text, the graph of `--emit text`; X.py.err, the
# warnings) and of tests/compare/ (X.py.out, the table and result of
# `tsc2onnx compare`; X.py.err, the trace's warnings), run by
# tests/golden.sh; then a few command-line cases.  UPDATE=1 rewrites the
# golden files.
set -u
src=${TSC_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
golden_lib=1
. "$src/tests/golden.sh"

n_cli=14
echo "1..$(( $(golden_count trace compare) + n_cli ))"
golden_folder trace text
golden_folder compare out

# check STATUS PATTERN DESCRIPTION -- ARGS...: tsc2onnx ARGS (from
# tests/trace) exits STATUS with PATTERN (grep -E) on stderr.
check() {
    want=$1 pattern=$2 what=$3
    shift 4
    golden_n=$((golden_n + 1))
    (cd "$src/tests/trace" && "$tsc" "$@" >"$tmp/out" 2>"$tmp/err")
    status=$?
    problem=
    [ $status -eq "$want" ] || problem="exit status $status, expected $want"
    if [ -n "$pattern" ] && ! grep -Eq -e "$pattern" "$tmp/err"; then
        problem="${problem:+$problem; }stderr lacks '$pattern'"
    fi
    [ -n "$problem" ] && sed 's/^/# /' "$tmp/err" | head -10
    golden_report "$what"
}

check 2 "--trace needs an --example for every input; 'y' has none" \
    "--trace with only --input for an input exits 2" -- loop_int.py --trace --example 'x=ones(2,3)' --input 'y:int64[]' -o "$tmp/m.onnx"
check 2 "compare needs an --example for every input; 'y' has none" \
    "compare with only --input for an input exits 2" -- compare loop_int.py --example 'x=ones(2,3)' --input 'y:int64[]'
check 2 "--fold-limit expects a positive integer, found '0'" \
    "--fold-limit 0 exits 2" -- loop_int.py --fold-limit 0 --example 'x=ones(2,3)' --example y=1
check 2 "arange\\(\\) cannot produce bool" \
    "a bad example value in compare exits 2" -- compare loop_int.py --example 'x=ones(2,3)' --example 'y=arange(2):bool'
check 1 "not a parameter of forward" \
    "compare of a model with errors exits 1" -- compare loop_int.py --example 'x=ones(2,3)' --example y=1 --example nope=1
check 2 "--static-shapes is an option of tsc2onnx compare" \
    "--static-shapes outside compare exits 2" -- loop_int.py --trace --static-shapes --example 'x=ones(2,3)' --example y=1
check 2 "--repeat is an option of the run command" \
    "--repeat outside run exits 2" -- compare loop_int.py --example 'x=ones(2,3)' --example y=1 --repeat 2
check 0 "" "--trace --no-fold writes a model" -- loop_int.py --trace --no-fold --example 'x=ones(2,3)' --example y=2 -o "$tmp/nofold.onnx"
golden_n=$((golden_n + 1))
problem=
grep -q 'Cast' "$tmp/nofold.onnx" || problem="the unfolded trace has no Cast of the iteration numbers"
golden_report "--trace --no-fold keeps the Cast nodes that folding removes"
check 0 "" "--trace with --input-names" -- loop_int.py --trace --example 'x=ones(2,3)' --example y=2 --input-names a,b --emit text -o "$tmp/names.txt"
golden_n=$((golden_n + 1))
problem=
grep -q 'main_graph (float\[2,3\] a, int64 b)' "$tmp/names.txt" || problem="the trace's inputs are not renamed"
golden_report "--input-names renames the trace's inputs after specialization"

# The acceptance example: examples/loop.ts traced with y=5 has no Loop,
# warns at the loop's line, and gives 11 in ONNX Runtime for y=5 and y=9;
# compare exits 3 with a counterexample.
golden_n=$((golden_n + 1))
problem=
"$tsc" "$src/examples/loop.ts" --trace --example 'x=ones(2,3)' --example y=5 -o "$tmp/loop.onnx" 2>"$tmp/err" ||
    problem="tsc2onnx --trace failed"
"$tsc" "$src/examples/loop.ts" --trace --example 'x=ones(2,3)' --example y=5 --emit text -o "$tmp/loop.txt" 2>/dev/null
grep -v metadata_props "$tmp/loop.txt" | grep -q 'Loop' && problem="${problem:+$problem; }the trace has a Loop"
grep -q 'loop.ts:19:9: warning: loop `for i in range(int(y))` unrolled 5 times' "$tmp/err" ||
    problem="${problem:+$problem; }no warning at the loop's line"
golden_report "examples/loop.ts --trace y=5: no Loop, a warning at the loop"
golden_n=$((golden_n + 1))
ort="$src/tools/ort-run.js"
if command -v node >/dev/null 2>&1 && [ -d "$src/tests/node_modules/onnxruntime-node" ]; then
    problem=
    for y in 5 9; do
        node "$ort" "$tmp/loop.onnx" 'x=ones(2,3)' "y=full(;$y):int64" >"$tmp/ort" 2>&1 || problem="ONNX Runtime failed"
        [ "$(grep -c '11.0000 11.0000 11.0000' "$tmp/ort")" = 2 ] || problem="${problem:+$problem; }y=$y does not give 11"
    done
    [ -n "$problem" ] && sed 's/^/# /' "$tmp/ort"
    golden_report "examples/loop.ts traced with y=5 gives 11 in ONNX Runtime for y=5 and y=9"
else
    echo "ok $golden_n - examples/loop.ts in ONNX Runtime # SKIP node or onnxruntime-node missing (tests/setup-deps.sh)"
fi
golden_n=$((golden_n + 1))
(cd "$src/examples" && "$tsc" compare loop.ts --example 'x=ones(2,3):int64' --example y=5 -o "$tmp/ce" >"$tmp/out" 2>/dev/null)
status=$?
problem=
[ $status -eq 3 ] || problem="exit status $status, expected 3"
grep -q "^counterexample: --example 'x=ones(2,3):int64' --example y=" "$tmp/out" || problem="${problem:+$problem; }no counterexample"
grep -q 'output: script [0-9]*, trace 11 at' "$tmp/out" || problem="${problem:+$problem; }no 'script N, trace 11'"
[ -n "$problem" ] && sed 's/^/# /' "$tmp/out"
golden_report "compare examples/loop.ts y=5 exits 3 with a counterexample (trace 11)"
