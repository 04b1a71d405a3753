#!/bin/sh
# configure fails clearly, naming what is missing and the Debian package,
# when a generator or library it needs is not there.  Each case runs the
# source tree's configure in a scratch directory with one thing broken.
set -u
src=$(cd "${TSC_SRCDIR:-$(dirname "$0")/..}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A re2c that is too old for lexer/lexer.re (re2c:eof came with 1.2).
cat >"$tmp/old-re2c" <<'SH'
#!/bin/sh
case $1 in --vernum) echo 010100 ;; *) echo "re2c 1.1" ;; esac
SH
chmod +x "$tmp/old-re2c"

# A compiler held to C99.
printf '#!/bin/sh\nexec cc "$@" -std=c99 -pedantic-errors\n' >"$tmp/cc99"
chmod +x "$tmp/cc99"

# name | environment setting | text the error must contain
cases="c11-missing|CC=$tmp/cc99|configure: error: a C11 compiler is required
re2c-missing|RE2C=$tmp/none/re2c|configure: error: RE2C=$tmp/none/re2c does not run; re2c is needed to generate the lexer (Debian: apt-get install re2c)
re2c-too-old|RE2C=$tmp/old-re2c|configure: error: re2c 1.2 or newer is required to generate the lexer; $tmp/old-re2c is re2c 1.1
lemon-missing|LEMON=$tmp/none/lemon|configure: error: LEMON=$tmp/none/lemon does not run; lemon is needed to generate the parser (Debian: apt-get install lemon)
lempar-missing|LEMPAR=$tmp/none/lempar.c|configure: error: LEMPAR=$tmp/none/lempar.c: no such file; it must name Lemon's template lempar.c
protoc-c-missing|PROTOC_C=$tmp/none/protoc-c|configure: error: PROTOC_C=$tmp/none/protoc-c does not run; protoc-c is needed to generate emit/onnx.pb-c.c from emit/onnx.proto (Debian: apt-get install protobuf-c-compiler)
libprotobuf-c-missing|PKG_CONFIG_LIBDIR=$tmp/none|configure: error: libprotobuf-c was not found (Debian: apt-get install libprotobuf-c-dev)"

echo "1..$(printf '%s\n' "$cases" | grep -c .)"
i=0
printf '%s\n' "$cases" | while IFS='|' read -r name setting want; do
    i=$((i + 1))
    mkdir -p "$tmp/$name"
    (cd "$tmp/$name" && env "$setting" "$src/configure" -q >out 2>err)
    status=$?
    if [ $status -ne 0 ] && grep -qxF "$want" "$tmp/$name/err"; then
        echo "ok $i - configure with $name fails clearly"
    else
        echo "not ok $i - configure with $name: exit status $status, expected the message: $want"
        tail -n 5 "$tmp/$name/err" | sed 's/^/# /'
    fi
done
