#!/bin/sh
# A fuzzing campaign in chunks (libFuzzer builds), run from the build
# directory:
#
#   sh ../fuzz/campaign.sh TARGET SECONDS     fuzz TARGET for SECONDS more
#   sh ../fuzz/campaign.sh --report           CPU time and runs per target
#
# The corpus grows in fuzz/corpus/TARGET/ (seeded by fuzz/seeds.sh on the
# first chunk), what libFuzzer finds goes to fuzz/crashes/, and each chunk
# adds a line to fuzz/campaign.log:
#
#   DATE TARGET wall=S cpu=S runs=N cov=N corpus=N status=N
#
# The fuzzer runs at the lowest CPU priority with the settings of
# fuzz/TARGET.smoke (FUZZ_TIMEOUT=S overrides its timeout); cpu= counts
# user and system time of the fuzzer.
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
log=fuzz/campaign.log

if [ "${1:-}" = --report ]; then
    [ -f "$log" ] || { echo "no $log yet"; exit 0; }
    awk '{ for (i = 3; i <= NF; i++) { split($i, kv, "="); v[$2, kv[1]] += kv[2] }
           # 72: libFuzzer interrupted (SIGINT), not a finding
           if ($NF != "status=0" && $NF != "status=72") bad[$2]++; seen[$2] = 1; chunks[$2]++ }
         END { for (t in seen)
                   printf "%-12s %4d chunks  cpu %7.1f min  wall %7.1f min  %12d runs  %d chunks ended in a finding\n",
                          t, chunks[t], v[t, "cpu"] / 60, v[t, "wall"] / 60, v[t, "runs"], bad[t] }' "$log" |
        LC_ALL=C sort
    exit 0
fi

name=$1
seconds=$2
prog=fuzz/$name
[ -x "$prog" ] || { echo "campaign: no $prog here (run from a --enable-fuzz build directory)" >&2; exit 2; }
max_len=4096 timeout=10 rss_limit_mb=2048 dict=
# shellcheck disable=SC1090 # the target's settings
. "$src/fuzz/$name.smoke"
# A fuzzer at the lowest priority can wait seconds for the CPU on a busy
# machine, and libFuzzer's timeout counts wall time: FUZZ_TIMEOUT widens it.
timeout=${FUZZ_TIMEOUT:-$timeout}
corpus=fuzz/corpus/$name
if [ ! -d "$corpus" ]; then
    TSC2ONNX=${TSC2ONNX:-$PWD/tsc2onnx} sh "$src/fuzz/seeds.sh" "$name" "$corpus" || exit 1
fi
mkdir -p fuzz/crashes
out=$(mktemp) || exit 1
start=$(date +%s)
# shellcheck disable=SC2086 # the dictionary option is one word or none
/usr/bin/time -f 'cpu %U %S' -o "$out.time" nice -n 19 "$prog" -max_total_time="$seconds" \
    -timeout="$timeout" -rss_limit_mb="$rss_limit_mb" -max_len="$max_len" \
    ${dict:+-dict="$src/fuzz/dict/$dict"} -artifact_prefix="fuzz/crashes/$name-" \
    -print_final_stats=1 "$corpus" >"$out" 2>&1
status=$?
wall=$(( $(date +%s) - start ))
cpu=$(awk '/^cpu/ { printf "%d", $2 + $3 }' "$out.time")
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out")
cov=$(sed -n 's/^#[0-9]*[[:space:]]*DONE[[:space:]]*cov: \([0-9]*\).*/\1/p' "$out" | tail -n 1)
size=$(ls "$corpus" | wc -l)
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) $name wall=$wall cpu=${cpu:-0} runs=${runs:-0} cov=${cov:-0} corpus=$size status=$status" |
    tee -a "$log"
if [ "$status" -ne 0 ]; then
    cp "$out" "fuzz/crashes/$name-$(date +%Y%m%d-%H%M%S).log"
    grep -E '^(==[0-9]+==ERROR|SUMMARY|[^ ]*runtime error|ALARM)' "$out" | head -n 5
fi
rm -f "$out" "$out.time"
exit "$status"
