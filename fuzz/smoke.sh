#!/bin/sh
# One target of `make fuzz-smoke` (libFuzzer builds): fuzzes fuzz/X for
# $FUZZ_SMOKE_SECONDS (45 by default) from its seeds (fuzz/seeds.sh), with
# the settings of fuzz/X.smoke, at the lowest CPU priority.  One TAP case:
# no crash, no timeout, no memory exhaustion.  libFuzzer's random seed is
# fixed ($FUZZ_SMOKE_SEED, 1 by default) so that a CI run explores the same
# inputs every time: a red CI means the change broke something, not that the
# dice found an old bug.  Exploring is the campaign's job (fuzz/campaign.sh).  What libFuzzer reports is
# kept in $TSC_BUILDDIR/fuzz/crashes/ with its log, to be added to
# fuzz/regress/X/ once fixed.
#
#   sh fuzz/smoke.sh fuzz/X.smoke       (make fuzz-smoke runs it)
set -u
smoke=$1
name=$(basename "$smoke" .smoke)
src=${TSC_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
build=${TSC_BUILDDIR:-.}
seconds=${FUZZ_SMOKE_SECONDS:-45}
seed=${FUZZ_SMOKE_SEED:-1}
prog=$build/fuzz/$name
max_len=4096 timeout=10 rss_limit_mb=2048 dict=
# shellcheck disable=SC1090 # the target's settings
. "$smoke"

echo "1..1"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
if ! sh "$src/fuzz/seeds.sh" "$name" "$tmp/seeds" 2>"$tmp/seeds.log"; then
    echo "not ok 1 - fuzz/$name: no seeds"
    sed 's/^/# /' "$tmp/seeds.log"
    exit 0
fi
mkdir "$tmp/corpus" "$tmp/found"
nice -n 19 "$prog" -seed="$seed" -max_total_time="$seconds" -timeout="$timeout" \
    -rss_limit_mb="$rss_limit_mb" -max_len="$max_len" ${dict:+-dict="$src/fuzz/dict/$dict"} \
    -artifact_prefix="$tmp/found/" -print_final_stats=1 "$tmp/corpus" "$tmp/seeds" \
    >"$tmp/log" 2>&1
status=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$tmp/log")
cov=$(sed -n 's/^#[0-9]*[[:space:]]*DONE[[:space:]]*cov: \([0-9]*\).*/\1/p' "$tmp/log" | tail -n 1)
# slow-unit-* files are inputs that took long, not failures
found=$(ls "$tmp/found" 2>/dev/null | grep -v '^slow-unit-' | head -n 1)
if [ "$status" -eq 0 ] && [ -z "$found" ]; then
    echo "ok 1 - fuzz/$name: $seconds s, seed $seed, ${runs:-?} runs, coverage ${cov:-?}, no crash"
    exit 0
fi
mkdir -p "$build/fuzz/crashes"
keep=$build/fuzz/crashes/$name-$(date +%Y%m%d-%H%M%S)
cp "$tmp/log" "$keep.log"
[ -n "$found" ] && cp "$tmp/found/$found" "$keep.input"
echo "not ok 1 - fuzz/$name: libFuzzer exited with status $status${found:+ ($found)}"
grep -E '^(==[0-9]+==ERROR|SUMMARY|[^ ]*runtime error|ALARM|==[0-9]+== ERROR: libFuzzer)' "$tmp/log" |
    head -n 5 | sed 's/^/# /'
echo "# seed $seed; log: $keep.log${found:+; input: $keep.input (add it to fuzz/regress/$name/ with the fix)}"
exit 0
