# One TAP line per check, for the shell test scripts that source this file
# (tests/cli.sh, tests/faults.sh): `result STATUS DESCRIPTION [DIAGNOSTIC...]`
# prints "ok N - DESCRIPTION" when STATUS is 0, else "not ok N" and the
# diagnostics as comments, then the first lines of $tap_stderr when that
# names a non-empty file.
n=0
tap_stderr=

result() {
    n=$((n + 1))
    if [ "$1" = 0 ]; then
        echo "ok $n - $2"
    else
        echo "not ok $n - $2"
        shift 2
        for line in "$@"; do echo "# $line"; done
        if [ -n "$tap_stderr" ] && [ -s "$tap_stderr" ]; then
            sed 's/^/#   stderr: /' "$tap_stderr" | head -5
        fi
    fi
}
