#!/bin/sh
# Runs every test from a clean clone, as CI does (.ci/run execs this):
#
#   tests/run-all.sh                  from any directory
#
# installs missing dependencies (tests/setup-deps.sh), bootstraps, configures
# in build/ inside the source tree (out of tree: the sources stay clean; set
# TSC_BUILD_DIR for another place), builds, runs `make check`; then, in
# build-san/ (TSC_SAN_BUILD_DIR), builds with clang, AddressSanitizer,
# LeakSanitizer, UndefinedBehaviorSanitizer and the libFuzzer targets
# (./configure CC=clang --enable-sanitizers --enable-fuzz), runs its `make
# check` and `make fuzz-smoke` (each fuzz target for TSC_FUZZ_SECONDS, 45 by
# default; TSC_SANITIZERS=0 skips this second build).  PyTorch's reference
# outputs are cached once for both builds in $TSC_TEST_CACHE (build/.cache).  It prints a summary
# whose last line is `N passed, M failed`, summed over every TAP case of
# every test script of both builds (PASS and XFAIL pass; FAIL, XPASS and
# ERROR fail; SKIP is counted on an earlier line).  The exit status is 0
# only when nothing failed and the builds worked; a failed step before the
# tests ends with `0 passed, 1 failed`.  Logs stay in the build directories.
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
build=${TSC_BUILD_DIR:-$src/build}
san_build=${TSC_SAN_BUILD_DIR:-$src/build-san}
sanitizers=${TSC_SANITIZERS:-1}
fuzz_seconds=${TSC_FUZZ_SECONDS:-45}
jobs=${TSC_JOBS:-2}
start=$(date +%s)

elapsed() {
    echo "time: $(( $(date +%s) - start )) s"
}

# A step before the tests failed: show the end of its log, count one failure.
step_failed() {
    echo "run-all: $1 failed${2:+ (log: $2)}"
    if [ -n "${2:-}" ] && [ -f "$2" ]; then
        tail -n 40 "$2" | sed 's/^/  /'
    fi
    elapsed
    echo "0 passed, 1 failed"
    exit 1
}

echo "== dependencies"
sh "$src/tests/setup-deps.sh" || step_failed "tests/setup-deps.sh"

echo "== bootstrap"
bootstrap_log=$(mktemp) || step_failed "mktemp"
(cd "$src" && ./bootstrap) >"$bootstrap_log" 2>&1 ||
    step_failed "./bootstrap" "$bootstrap_log"
rm -f "$bootstrap_log"

# build_and_check DIR LABEL CONFIGURE-ARGS...: configures in DIR, builds and
# runs make check there (status in $check_status, log DIR/check.log).
build_and_check() {
    dir=$1 label=$2
    shift 2
    mkdir -p "$dir" || step_failed "mkdir $dir"
    # git status stays clean even where .gitignore does not list the build dir.
    [ -f "$dir/.gitignore" ] || printf '*\n' >"$dir/.gitignore"
    echo "== configure$label (in $dir)"
    (cd "$dir" && "$src/configure" -q "$@") >"$dir/configure.log" 2>&1 ||
        step_failed "configure$label" "$dir/configure.log"
    echo "== make -j$jobs$label"
    (cd "$dir" && make -j"$jobs") >"$dir/make.log" 2>&1 ||
        step_failed "make$label" "$dir/make.log"
    echo "== make -j$jobs check$label"
    # Results of tests that no longer exist must not be counted.
    find "$dir" -name '*.trs' -type f -exec rm -f {} +
    (cd "$dir" && TSC_BENCH_REQUIRE_DEPS=1 make -j"$jobs" check) >"$dir/check.log" 2>&1
    check_status=$?
}

# PyTorch's references (weights, inputs, outputs) depend on the test cases,
# not on the build: both builds share one cache, so the sanitizer build
# neither recomputes them nor stores them twice (tens of GB were a full disk).
mkdir -p "$build" || step_failed "mkdir $build"
TSC_TEST_CACHE=${TSC_TEST_CACHE:-$(cd "$build" && pwd)/.cache}
export TSC_TEST_CACHE
build_and_check "$build" ""
build=$(cd "$build" && pwd)
status_normal=$check_status
status_san=0 status_fuzz=0
if [ "$sanitizers" = 1 ]; then
    build_and_check "$san_build" " (sanitizers)" CC=clang --enable-sanitizers --enable-fuzz
    san_build=$(cd "$san_build" && pwd)
    status_san=$check_status
    echo "== make fuzz-smoke (sanitizers, $fuzz_seconds s per target)"
    (cd "$san_build" && make -j"$jobs" fuzz-smoke FUZZ_SMOKE_SECONDS="$fuzz_seconds") \
        >"$san_build/fuzz-smoke.log" 2>&1
    status_fuzz=$?
fi

# Per test script: its counts, and for failures the TAP lines that failed
# with their diagnostics (from the script's .log).
pass=0 fail=0 skip=0 scripts=0
newline='
'
dirs=$build
[ "$sanitizers" = 1 ] && dirs="$build$newline$san_build"
IFS=$newline
for trs in $(for d in $dirs; do find "$d" -name '*.trs' -type f | LC_ALL=C sort; done); do
    IFS=' 	'"$newline"
    scripts=$((scripts + 1))
    case $trs in
    "$build"/*) top=$build prefix= ;;
    *) top=$san_build prefix="sanitizers: " ;;
    esac
    name=${trs#"$top"/}
    name=${name%.trs}
    counts=$(awk '
        /^:test-result: (PASS|XFAIL)/ { p++ }
        /^:test-result: (FAIL|XPASS|ERROR)/ { f++ }
        /^:test-result: SKIP/ { s++ }
        END { printf "%d %d %d", p, f, s }' "$trs")
    # shellcheck disable=SC2086 # three numbers
    set -- $counts
    pass=$((pass + $1)) fail=$((fail + $2)) skip=$((skip + $3))
    echo "$prefix$name: $1 passed, $2 failed, $3 skipped"
    if [ "$2" -gt 0 ] && [ -f "$top/$name.log" ]; then
        # The driver copies the TAP stream into the log, its own result
        # line (FAIL: ...) after each test line, before the diagnostics.
        awk '
            /^(not ok|Bail out!)/ { show = 1; n++; print "  " $0; next }
            /^(PASS|FAIL|XFAIL|XPASS|SKIP|ERROR): / { next }
            /^#/ && show && n <= 40 { print "    " $0; next }
            { show = 0 }' "$top/$name.log" | head -n 300
        grep -h -E '^(ERROR|FAIL|XPASS):' "$top/check.log" "$top/fuzz-smoke.log" 2>/dev/null |
            grep -F "$name" | grep -v ' [0-9]* - ' | sed 's/^/  /'
    fi
done
IFS=' 	'"$newline"

echo "== summary"
# make_failed STATUS LOG WHAT: a make that failed outside any test case (a
# check program did not build...) counts as one failure.
make_failed() {
    if [ "$1" -ne 0 ] && [ "$fail" -eq 0 ]; then
        echo "run-all: $3 failed with no failing test case (log: $2)"
        tail -n 40 "$2" | sed 's/^/  /'
        fail=1
    fi
}
make_failed "$status_normal" "$build/check.log" "make check"
if [ "$sanitizers" = 1 ]; then
    make_failed "$status_san" "$san_build/check.log" "make check (sanitizers)"
    make_failed "$status_fuzz" "$san_build/fuzz-smoke.log" "make fuzz-smoke"
    echo "test scripts: $scripts; logs: $build/check.log, $san_build/check.log, $san_build/fuzz-smoke.log"
else
    echo "test scripts: $scripts; logs: $build/tests/*.log and $build/check.log"
fi
echo "skipped: $skip"
elapsed
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
