#!/bin/sh
# eval/ against ONNX's own backend node tests: every folder of
# onnx-node-tests (model.onnx, test_data_set_0/input_K.pb, output_K.pb) is
# run by tests/unit/test_conformance, one TAP case each, ending with
# "# N passed, M failed".  The folder is ../shared/onnx-node-tests next to
# the source tree (for a git worktree, also next to the main checkout), or
# $ONNX_NODE_TESTS; without it the script skips.
#
# VALGRIND=1 runs a few models under valgrind (leaks and invalid accesses
# fail) instead of the whole suite.
set -u
src=${TSC_SRCDIR:-.}
build=${TSC_BUILDDIR:-.}
prog=$build/tests/unit/test_conformance

dir=${ONNX_NODE_TESTS:-}
if [ -z "$dir" ]; then
    dir=$src/../shared/onnx-node-tests
    if [ ! -f "$dir/INDEX.tsv" ]; then
        common=$(git -C "$src" rev-parse --path-format=absolute --git-common-dir 2>/dev/null)
        [ -n "$common" ] && dir=$(dirname "$common")/../shared/onnx-node-tests
    fi
fi
if [ ! -f "$dir/INDEX.tsv" ]; then
    echo "1..0 # SKIP onnx-node-tests not found (../shared/onnx-node-tests or \$ONNX_NODE_TESTS)"
    exit 0
fi

if [ "${VALGRIND:-}" = 1 ]; then
    exec valgrind -q --error-exitcode=99 --leak-check=full \
        --errors-for-leak-kinds=definite,indirect "$prog" "$dir" \
        test_conv_with_strides_padding test_loop13_seq test_if_opt test_lstm_defaults \
        test_resize_downsample_scales_cubic_antialias test_sequence_model3 \
        test_einsum_batch_diagonal test_top_k test_training_dropout_mask test_gather_0
fi
# test_conformance prints its own plan; a crash leaves the plan out, which
# the TAP driver reports as an error.
"$prog" "$dir"
exit 0
