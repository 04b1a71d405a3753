#!/bin/sh
# Trace mode, constant folding and tsc2onnx compare: golden files.
#
#   tests/trace/X.ts     compiled with the options of its `# tsc2onnx:` and
#                        `# example:` comments and --emit text, from inside
#                        tests/trace: X.ts.text is the graph, X.ts.err the
#                        warnings (exit status 0; 1 when it holds errors)
#   tests/compare/X.ts   `tsc2onnx compare` with the same comments: X.ts.out
#                        is the table and result (standard output, with the
#                        counterexample directory written CE), X.ts.err the
#                        trace's warnings; `# exit: N` the status (default 0)
#
# then a few command-line cases.  UPDATE=1 rewrites the golden files.
set -u
src=${TSC_SRCDIR:-.}
tsc=${TSC2ONNX:-tsc2onnx}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

trace_files=$(cd "$src/tests/trace" && ls *.ts | LC_ALL=C sort)
compare_files=$(cd "$src/tests/compare" && ls *.ts | LC_ALL=C sort)
n_cli=12
n=$(( $(printf '%s\n' $trace_files $compare_files | grep -c .) + n_cli ))
echo "1..$n"
i=0

# The options of file $1 (its # tsc2onnx: and # example: lines) in "$@".
options() {
    opts=$(sed -n 's/^# tsc2onnx://p' "$1" | tr '\n' ' ')
    examples=$(sed -n 's/^# example://p' "$1" | tr '\n' ' ')
}

# compare_golden GOT FILE WHAT: appends to $problem when GOT differs from FILE.
compare_golden() {
    if [ -f "$2" ]; then
        if ! cmp -s "$1" "$2"; then
            problem="${problem:+$problem; }$3 differs from $(basename "$2")"
            diff -u "$2" "$1" | head -40 | sed 's/^/# /'
        fi
    elif [ -s "$1" ]; then
        problem="${problem:+$problem; }unexpected $3 (no $(basename "$2"))"
        head -20 "$1" | sed 's/^/# /'
    fi
}

report() {
    if [ -n "$problem" ]; then echo "not ok $i - $1: $problem"; else echo "ok $i - $1"; fi
}

for f in $trace_files; do
    i=$((i + 1))
    dir=$src/tests/trace
    options "$dir/$f"
    set -- $opts
    for e in $examples; do set -- "$@" --example "$e"; done
    (cd "$dir" && "$tsc" --emit text "$@" "$f" >"$tmp/raw" 2>"$tmp/err")
    status=$?
    grep -v 'metadata_props:' "$tmp/raw" >"$tmp/out"
    if [ "${UPDATE:-}" = 1 ]; then
        if [ -s "$tmp/out" ]; then cp "$tmp/out" "$dir/$f.text"; else rm -f "$dir/$f.text"; fi
        if [ -s "$tmp/err" ]; then cp "$tmp/err" "$dir/$f.err"; else rm -f "$dir/$f.err"; fi
    fi
    problem=
    compare_golden "$tmp/out" "$dir/$f.text" "the graph"
    compare_golden "$tmp/err" "$dir/$f.err" "stderr"
    want=0
    [ -f "$dir/$f.err" ] && grep -q ': error: ' "$dir/$f.err" && want=1
    [ $status -eq $want ] || problem="${problem:+$problem; }exit status $status, expected $want"
    report "trace/$f"
done

for f in $compare_files; do
    i=$((i + 1))
    dir=$src/tests/compare
    options "$dir/$f"
    set -- $opts
    for e in $examples; do set -- "$@" --example "$e"; done
    want=$(sed -n 's/^# exit: *//p' "$dir/$f")
    rm -rf "$tmp/ce"
    (cd "$dir" && "$tsc" compare "$@" -o "$tmp/ce" "$f" >"$tmp/raw" 2>"$tmp/err")
    status=$?
    sed "s|$tmp/ce|CE|g" "$tmp/raw" >"$tmp/out"
    if [ "${UPDATE:-}" = 1 ]; then
        cp "$tmp/out" "$dir/$f.out"
        if [ -s "$tmp/err" ]; then cp "$tmp/err" "$dir/$f.err"; else rm -f "$dir/$f.err"; fi
    fi
    problem=
    compare_golden "$tmp/out" "$dir/$f.out" "the output"
    compare_golden "$tmp/err" "$dir/$f.err" "stderr"
    [ $status -eq "${want:-0}" ] || problem="${problem:+$problem; }exit status $status, expected ${want:-0}"
    # a counterexample written as files must read back as the same example
    for npy in $(grep -o 'CE/[A-Za-z0-9_]*\.npy' "$tmp/out"); do
        [ -f "$tmp/ce/${npy#CE/}" ] || problem="${problem:+$problem; }$npy not written"
    done
    report "compare/$f"
done

# check STATUS PATTERN DESCRIPTION -- ARGS...: tsc2onnx ARGS (from
# tests/trace) exits STATUS with PATTERN (grep -E) on stderr.
check() {
    want=$1 pattern=$2 what=$3
    shift 4
    i=$((i + 1))
    (cd "$src/tests/trace" && "$tsc" "$@" >"$tmp/out" 2>"$tmp/err")
    status=$?
    problem=
    [ $status -eq "$want" ] || problem="exit status $status, expected $want"
    if [ -n "$pattern" ] && ! grep -Eq -e "$pattern" "$tmp/err"; then
        problem="${problem:+$problem; }stderr lacks '$pattern'"
    fi
    [ -n "$problem" ] && sed 's/^/# /' "$tmp/err" | head -10
    report "$what"
}

check 2 "--trace needs an --example for every input; 'y' has none" \
    "--trace with only --input for an input exits 2" -- loop_int.ts --trace --example 'x=ones(2,3)' --input 'y:int64[]' -o "$tmp/m.onnx"
check 2 "compare needs an --example for every input; 'y' has none" \
    "compare with only --input for an input exits 2" -- compare loop_int.ts --example 'x=ones(2,3)' --input 'y:int64[]'
check 2 "--fold-limit expects a positive integer, found '0'" \
    "--fold-limit 0 exits 2" -- loop_int.ts --fold-limit 0 --example 'x=ones(2,3)' --example y=1
check 2 "randn\\(\\) needs a floating-point dtype" \
    "a bad example value in compare exits 2" -- compare loop_int.ts --example 'x=ones(2,3)' --example 'y=randn(2):int64'
check 1 "not a parameter of forward" \
    "compare of a model with errors exits 1" -- compare loop_int.ts --example 'x=ones(2,3)' --example y=1 --example nope=1
check 0 "" "--trace --no-fold writes a model" -- loop_int.ts --trace --no-fold --example 'x=ones(2,3)' --example y=2 -o "$tmp/nofold.onnx"
i=$((i + 1))
problem=
grep -q 'Cast' "$tmp/nofold.onnx" || problem="the unfolded trace has no Cast of the iteration numbers"
report "--trace --no-fold keeps the Cast nodes that folding removes"
check 0 "" "--trace with --input-names" -- loop_int.ts --trace --example 'x=ones(2,3)' --example y=2 --input-names a,b --emit text -o "$tmp/names.txt"
i=$((i + 1))
problem=
grep -q 'main_graph (float\[2,3\] a, int64 b)' "$tmp/names.txt" || problem="the trace's inputs are not renamed"
report "--input-names renames the trace's inputs after specialization"

# The acceptance example: examples/loop.ts traced with y=5 has no Loop,
# warns at the loop's line, and gives 11 in ONNX Runtime for y=5 and y=9;
# compare exits 3 with a counterexample.
i=$((i + 1))
problem=
"$tsc" "$src/examples/loop.ts" --trace --example 'x=ones(2,3)' --example y=5 -o "$tmp/loop.onnx" 2>"$tmp/err" ||
    problem="tsc2onnx --trace failed"
"$tsc" "$src/examples/loop.ts" --trace --example 'x=ones(2,3)' --example y=5 --emit text -o "$tmp/loop.txt" 2>/dev/null
grep -v metadata_props "$tmp/loop.txt" | grep -q 'Loop' && problem="${problem:+$problem; }the trace has a Loop"
grep -q 'loop.ts:19:9: warning: loop `for i in range(int(y))` unrolled 5 times' "$tmp/err" ||
    problem="${problem:+$problem; }no warning at the loop's line"
report "examples/loop.ts --trace y=5: no Loop, a warning at the loop"
i=$((i + 1))
ort="$src/tools/ort-run.js"
if command -v node >/dev/null 2>&1 && [ -d "$src/tests/node_modules/onnxruntime-node" ]; then
    problem=
    for y in 5 9; do
        node "$ort" "$tmp/loop.onnx" 'x=ones(2,3)' "y=full(;$y):int64" >"$tmp/ort" 2>&1 || problem="ONNX Runtime failed"
        [ "$(grep -c '11.0000 11.0000 11.0000' "$tmp/ort")" = 2 ] || problem="${problem:+$problem; }y=$y does not give 11"
    done
    [ -n "$problem" ] && sed 's/^/# /' "$tmp/ort"
    report "examples/loop.ts traced with y=5 gives 11 in ONNX Runtime for y=5 and y=9"
else
    echo "ok $i - examples/loop.ts in ONNX Runtime # SKIP node or onnxruntime-node missing (tests/setup-deps.sh)"
fi
i=$((i + 1))
(cd "$src/examples" && "$tsc" compare loop.ts --example 'x=ones(2,3):int64' --example y=5 -o "$tmp/ce" >"$tmp/out" 2>/dev/null)
status=$?
problem=
[ $status -eq 3 ] || problem="exit status $status, expected 3"
grep -q "^counterexample: --example 'x=ones(2,3):int64' --example y=" "$tmp/out" || problem="${problem:+$problem; }no counterexample"
grep -q 'output: script [0-9]*, trace 11 at' "$tmp/out" || problem="${problem:+$problem; }no 'script N, trace 11'"
[ -n "$problem" ] && sed 's/^/# /' "$tmp/out"
report "compare examples/loop.ts y=5 exits 3 with a counterexample (trace 11)"
