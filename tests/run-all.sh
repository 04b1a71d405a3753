#!/bin/sh
# Runs every test from a clean clone, as CI does (.ci/run execs this):
#
#   tests/run-all.sh                  from any directory
#
# installs missing dependencies (tests/setup-deps.sh), bootstraps, configures
# in build/ inside the source tree (out of tree: the sources stay clean; set
# TSC_BUILD_DIR for another place), builds, runs `make check`, and prints a
# summary whose last line is `N passed, M failed`, summed over every TAP case
# of every test script (PASS and XFAIL pass; FAIL, XPASS and ERROR fail; SKIP
# is counted on an earlier line).  The exit status is 0 only when nothing
# failed and the build worked; a failed step before the tests ends with
# `0 passed, 1 failed`.  Logs stay in the build directory.
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
build=${TSC_BUILD_DIR:-$src/build}
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

mkdir -p "$build" || step_failed "mkdir $build"
build=$(cd "$build" && pwd)
# git status stays clean even where .gitignore does not list the build dir.
[ -f "$build/.gitignore" ] || printf '*\n' >"$build/.gitignore"

echo "== bootstrap"
(cd "$src" && ./bootstrap) >"$build/bootstrap.log" 2>&1 ||
    step_failed "./bootstrap" "$build/bootstrap.log"

echo "== configure (in $build)"
(cd "$build" && "$src/configure" -q) >"$build/configure.log" 2>&1 ||
    step_failed "configure" "$build/configure.log"

echo "== make -j$jobs"
(cd "$build" && make -j"$jobs") >"$build/make.log" 2>&1 ||
    step_failed "make" "$build/make.log"

echo "== make -j$jobs check"
# Results of tests that no longer exist must not be counted.
find "$build" -name '*.trs' -type f -exec rm -f {} +
(cd "$build" && TSC_BENCH_REQUIRE_DEPS=1 make -j"$jobs" check) >"$build/check.log" 2>&1
check_status=$?

# Per test script: its counts, and for failures the TAP lines that failed
# with their diagnostics (from the script's .log).
pass=0 fail=0 skip=0 scripts=0
newline='
'
IFS=$newline
for trs in $(find "$build" -name '*.trs' -type f | LC_ALL=C sort); do
    IFS=' 	'"$newline"
    scripts=$((scripts + 1))
    name=${trs#"$build"/}
    name=${name%.trs}
    counts=$(awk '
        /^:test-result: (PASS|XFAIL)/ { p++ }
        /^:test-result: (FAIL|XPASS|ERROR)/ { f++ }
        /^:test-result: SKIP/ { s++ }
        END { printf "%d %d %d", p, f, s }' "$trs")
    # shellcheck disable=SC2086 # three numbers
    set -- $counts
    pass=$((pass + $1)) fail=$((fail + $2)) skip=$((skip + $3))
    echo "$name: $1 passed, $2 failed, $3 skipped"
    if [ "$2" -gt 0 ] && [ -f "$build/$name.log" ]; then
        # The driver copies the TAP stream into the log, its own result
        # line (FAIL: ...) after each test line, before the diagnostics.
        awk '
            /^(not ok|Bail out!)/ { show = 1; n++; print "  " $0; next }
            /^(PASS|FAIL|XFAIL|XPASS|SKIP|ERROR): / { next }
            /^#/ && show && n <= 40 { print "    " $0; next }
            { show = 0 }' "$build/$name.log" | head -n 300
        grep -E '^(ERROR|FAIL|XPASS):' "$build/check.log" | grep -F "$name" | grep -v ' [0-9]* - ' |
            sed 's/^/  /'
    fi
done
IFS=' 	'"$newline"

echo "== summary"
if [ "$check_status" -ne 0 ] && [ "$fail" -eq 0 ]; then
    # make check failed outside any test case (a check program did not build...)
    echo "run-all: make check failed with no failing test case (log: $build/check.log)"
    tail -n 40 "$build/check.log" | sed 's/^/  /'
    fail=1
fi
echo "test scripts: $scripts; logs: $build/tests/*.log and $build/check.log"
echo "skipped: $skip"
elapsed
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
