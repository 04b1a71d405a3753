#!/bin/sh
# Inputs that once crashed, hung or exhausted a fuzz target (or were written
# to probe a limit): each file of fuzz/regress/TARGET/ runs once through
# fuzz/TARGET, in any build (libFuzzer or fuzz/standalone.c).  One TAP case
# per file: the run must end, within 60 seconds, with status 0 and no
# sanitizer report.
set -u
src=${TSC_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
build=${TSC_BUILDDIR:-.}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

cases=$(cd "$src/fuzz/regress" && find . -type f ! -name '.*' | sed 's|^\./||' | LC_ALL=C sort)
echo "1..$(printf '%s\n' "$cases" | grep -c .)"
i=0
for c in $cases; do
    i=$((i + 1))
    target=${c%%/*}
    timeout 60 "$build/fuzz/$target" -rss_limit_mb=3072 "$src/fuzz/regress/$c" >"$tmp/log" 2>&1
    status=$?
    if [ $status -eq 0 ] && ! grep -q -E '^==[0-9]+==ERROR|runtime error:' "$tmp/log"; then
        echo "ok $i - fuzz/regress/$c"
    else
        echo "not ok $i - fuzz/regress/$c: exit status $status$([ $status -eq 124 ] && echo ' (timed out)')"
        grep -v -E '^(INFO|Running|Executed|MS:|\*\*\*)' "$tmp/log" | head -n 20 | sed 's/^/# /'
    fi
done
