#!/usr/bin/env bash
# install_consumer: `cmake --install` into a temporary prefix, then a program outside the
# tree compiles and links against it with `pkg-config --cflags --libs cxb` alone (libcxb.a's
# own needs - hwloc, cJSON, the CUDA runtime, as built - come with it) and runs.
set -u
build=$1
src=$(cd "$(dirname "$0")" && pwd)
. "$src/../cli_lib.sh"
command -v pkg-config >/dev/null || { echo "no pkg-config: skipped"; exit 77; }
cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 || fail "install failed: $(tail -3 "$tmp/install.log")"
pc=$(find "$tmp/prefix" -name cxb.pc | head -1)
[ -n "$pc" ] || fail "no cxb.pc installed"
export PKG_CONFIG_PATH="$(dirname "$pc")${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
flags=$(pkg-config --cflags --libs cxb) || fail "pkg-config cannot resolve cxb: $flags"
cc -std=c11 -o "$tmp/consumer" "$src/consumer/consumer.c" $flags 2>"$tmp/cc.log" \
    || fail "consumer does not build with: $flags: $(head -5 "$tmp/cc.log")"
"$tmp/consumer" || fail "consumer failed"
finish
