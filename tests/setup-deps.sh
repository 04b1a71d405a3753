#!/bin/sh
# Installs what the build and the tests need on a Debian 12 machine, and only
# what is missing: Debian packages through apt-get (with sudo when not root),
# then ONNX Runtime for node (tests/package-lock.json) into tests/node_modules.
# Quiet when there is nothing to do or everything goes well; safe to rerun.
#
#   tests/setup-deps.sh
set -u
tests=$(cd "$(dirname "$0")" && pwd)

build_pkgs="gcc clang make re2c lemon protobuf-c-compiler libprotobuf-c-dev
autoconf automake libtool pkg-config libjansson-dev"
# clang's sanitizer and libFuzzer runtimes: the sanitizer build of
# tests/run-all.sh (./configure CC=clang --enable-sanitizers --enable-fuzz).
build_pkgs="$build_pkgs libclang-rt-14-dev"
# The evaluator's BLAS (eval/blas.c), found by configure with pkg-config:
# the single-threaded build, whose results do not depend on the load.
build_pkgs="$build_pkgs libopenblas-serial-dev"
test_pkgs="python3-torch python3-torchvision python3-torchaudio python3-onnx python3-numpy
nodejs npm valgrind graphviz time"

log=$(mktemp)
trap 'rm -f "$log"' EXIT

fail() {
    echo "setup-deps: $1" >&2
    [ -s "$log" ] && tail -n 30 "$log" | sed 's/^/  /' >&2
    exit 1
}

installed() {
    dpkg -s "$1" 2>/dev/null | grep -q '^Status: install ok installed'
}

missing=
for p in $build_pkgs $test_pkgs; do
    case $p in
    # Node.js may come from elsewhere (NodeSource's nodejs bundles npm and
    # conflicts with Debian's npm): a working command is enough.
    nodejs) command -v node >/dev/null 2>&1 && continue ;;
    npm) command -v npm >/dev/null 2>&1 && continue ;;
    esac
    installed "$p" || missing="$missing $p"
done

if [ -n "$missing" ]; then
    if [ "$(id -u)" -eq 0 ]; then
        sudo=
    elif command -v sudo >/dev/null 2>&1; then
        sudo="sudo -n"
    else
        fail "missing packages:$missing (and not root, no sudo)"
    fi
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q >"$log" 2>&1 ||
        fail "apt-get update failed"
    # shellcheck disable=SC2086 # one word per package
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing >>"$log" 2>&1 ||
        fail "apt-get install failed for:$missing"
fi

# ONNX Runtime for node: its install script downloads extras (CUDA) and fails
# offline; the CPU runtime is inside the package, so skip the scripts.
lock=$tests/package-lock.json
stamp=$tests/node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ -n "$(find "$lock" -newer "$stamp")" ]; then
    (cd "$tests" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) >"$log" 2>&1 ||
        fail "npm ci in tests/ failed"
    touch "$stamp"
fi
exit 0
