#!/bin/sh
# The command-line contract: exit statuses, one-line errors for bad weights
# files, and atomic output (a failed run never creates, truncates or
# replaces the output file).  One TAP case per check.
#
# Fixtures: tests/cli/mkweights.py writes .safetensors files for
# examples/mlp.ts (plain python3, no torch needed).
set -u
src=${TSC_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
tsc=${TSC2ONNX:-tsc2onnx}
python=/usr/bin/python3
[ -x "$python" ] || python=python3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tsc-cli.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

model=$src/examples/mlp.ts
examples="--example a=randn(2,4) --example b=randn(2,3) --example c=randn(2,5)"
. "$src/tests/tap.sh"
tap_stderr="$tmp/err"

# run ARGS...: runs tsc2onnx, status in $status, stderr in $tmp/err.
run() {
    # shellcheck disable=SC2086 # $examples is several words
    "$tsc" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}

# expect_status WANT DESCRIPTION: checks $status (WANT may be "4|1").
expect_status() {
    case "|$1|" in
    *"|$status|"*) result 0 "$2" ;;
    *) result 1 "$2" "exit status $status, expected $1" ;;
    esac
}

# one_line_error PATTERN DESCRIPTION: stderr is exactly one line containing PATTERN.
one_line_error() {
    lines=$(wc -l <"$tmp/err")
    if [ "$lines" -eq 1 ] && grep -q -- "$1" "$tmp/err" && grep -q '^tsc2onnx: error: ' "$tmp/err"; then
        result 0 "$2"
    else
        result 1 "$2" "expected one 'tsc2onnx: error:' line containing '$1' ($lines lines)"
    fi
}

if ! "$python" "$src/tests/cli/mkweights.py" "$tmp/w" >"$tmp/gen.log" 2>&1; then
    echo "Bail out! tests/cli/mkweights.py failed"
    sed 's/^/# /' "$tmp/gen.log"
    exit 1
fi

# ---- usage and statuses ----
run --help; expect_status 0 "--help exits 0"
grep -q '^usage: tsc2onnx' "$tmp/out"; result $? "--help prints the usage"
run --version; expect_status 0 "--version exits 0"
grep -q '^tsc2onnx [0-9]' "$tmp/out"; result $? "--version prints the version"
run --no-such-option "$model"; expect_status 2 "an unknown option exits 2"
run; expect_status 2 "no input file exits 2"
run --opset abc "$model"; expect_status 2 "--opset abc exits 2"
grep -q -- "--opset expects a positive integer, found 'abc'" "$tmp/err"; result $? "--opset abc names the problem"
run --emit bogus "$model"; expect_status 2 "--emit bogus exits 2"
run "$model" "$model"; expect_status 2 "two input files exit 2"
run --check-outputs "$tmp" "$model"; expect_status 2 "--check-outputs outside run exits 2"
grep -q -- "--check-outputs is an option of the run command" "$tmp/err"; result $? "... and says whose option it is"
run --rtol 0.1 "$model"; expect_status 2 "--rtol in a compile exits 2"
grep -q -- "--rtol and --atol are options of the run and compare commands" "$tmp/err"; result $? "... and says whose options they are"
run "$tmp/no-such-file.ts"; expect_status 4 "a missing model file exits 4"
one_line_error "cannot read" "a missing model file is one line naming it"

# ---- the entry's constructor arguments ----
run "$src/examples/resnet.ts" --input 'x:float32[1,3,64,64]' -o "$tmp/resnet.onnx"
expect_status 1 "an entry whose constructor needs arguments exits 1 without them"
grep -q "resnet.ts:[0-9]*:1: error: the entry 'ResNet' needs the arguments 'block', 'layers': give them with --arg NAME=VALUE" "$tmp/err"
result $? "the error names every missing constructor argument and --arg"
[ ! -e "$tmp/resnet.onnx" ]; result $? "no output file without the constructor arguments"

# ---- a good compile and the default output name ----
cp "$model" "$tmp/mlp.ts"
# shellcheck disable=SC2086
run "$tmp/mlp.ts" $examples --weights "$tmp/w/good.safetensors"
expect_status 0 "good weights compile"
[ -s "$tmp/mlp.onnx" ]; result $? "the default output is FILE with .onnx"
# shellcheck disable=SC2086
"$tsc" "$tmp/mlp.ts" $examples --weights "$tmp/w/good.safetensors" -o - >"$tmp/stdout.onnx" 2>"$tmp/err"
status=$?
[ $status -eq 0 ] && cmp -s "$tmp/stdout.onnx" "$tmp/mlp.onnx"
result $? "-o - writes the same bytes to standard output"

# ---- bad weights: one line naming the problem, exit 4 or 1, no output ----
bad_weights() {    # FIXTURE PATTERN
    rm -f "$tmp/bad.onnx"
    # shellcheck disable=SC2086
    run "$model" $examples --weights "$tmp/w/$1.safetensors" -o "$tmp/bad.onnx"
    expect_status "4|1" "$1 weights: exit 4 or 1"
    one_line_error "$2" "$1 weights: one line naming the problem"
    [ ! -e "$tmp/bad.onnx" ]; result $? "$1 weights: no output file"
}
bad_weights truncated "outside the data buffer"
bad_weights wrong_shape "'fc1.weight' has shape \[16, 13\] in the file but \[16, 12\] in the module"
bad_weights missing_key "missing weight 'fc2.bias' (the module has this parameter)"
bad_weights unexpected_key "unexpected weight 'fc4.weight'"
bad_weights garbage_header "invalid JSON header"
bad_weights tiny "too short for a weights file"
bad_weights huge_header "header length 1099511627776 is too large"
run "$model" $examples --weights "$tmp/w/none.safetensors" -o "$tmp/bad.onnx"
expect_status 4 "a missing weights file exits 4"

# ---- atomic output: an existing file survives a failed run unchanged ----
printf 'previous contents\n' >"$tmp/keep.onnx"
# shellcheck disable=SC2086
run "$model" $examples --weights "$tmp/w/wrong_shape.safetensors" -o "$tmp/keep.onnx"
[ "$(cat "$tmp/keep.onnx")" = "previous contents" ]
result $? "a failed compile leaves an existing output file unchanged"
printf 'x = (\n' >"$tmp/syntax.ts"
run "$tmp/syntax.ts" -o "$tmp/syntax.onnx"
expect_status 1 "a syntax error exits 1"
[ ! -e "$tmp/syntax.onnx" ]; result $? "a syntax error leaves no output file"
grep -q 'syntax.ts:[0-9]*:[0-9]*: error: ' "$tmp/err"; result $? "a syntax error is reported as FILE:LINE:COL: error:"
# shellcheck disable=SC2086
run "$model" $examples -o "$tmp/no-such-dir/out.onnx"
expect_status 4 "an output in a missing directory exits 4"
one_line_error "cannot write" "an unwritable output is one line naming it"
if [ -w /dev/full ]; then
    # shellcheck disable=SC2086
    run "$model" $examples -o /dev/full
    expect_status 4 "a full disk (/dev/full) exits 4"
else
    n=$((n + 1)); echo "ok $n - a full disk exits 4 # SKIP no /dev/full"
fi
leftovers=$(find "$tmp" -name '*.tmp*' | head -3)
[ -z "$leftovers" ]; result $? "no temporary files are left behind"

echo "1..$n"
