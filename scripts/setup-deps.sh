#!/bin/sh
# Installs what cxbench needs on a fresh Debian/Ubuntu machine (cmake, a C compiler,
# libhwloc-dev, libcjson-dev, libmetis-dev, gnuplot-nox, valgrind; test oracles librandom123-dev and
# python3-networkx) when run as root; otherwise prints the exact command and carries on: CMake then builds with the missing features off and
# says so (no hwloc: no pinning; no gnuplot: data and .gp scripts, no images).
set -u
need=""
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
command -v cmake >/dev/null 2>&1 || need="$need cmake"
command -v cc >/dev/null 2>&1 || need="$need gcc"
command -v make >/dev/null 2>&1 || need="$need make"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
command -v gnuplot >/dev/null 2>&1 || need="$need gnuplot-nox"
command -v valgrind >/dev/null 2>&1 || need="$need valgrind"
if command -v dpkg-query >/dev/null 2>&1; then
    have_pkg libhwloc-dev || need="$need libhwloc-dev"
    have_pkg libcjson-dev || need="$need libcjson-dev"
    have_pkg libmetis-dev || need="$need libmetis-dev" # propagation's metis partitioner
    have_pkg librandom123-dev || need="$need librandom123-dev" # a test oracle only
    have_pkg python3-networkx || need="$need python3-networkx"  # a test oracle only
fi
[ -z "$need" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "cxbench: note: missing:$need (no apt-get here: install them by hand)" >&2
    exit 0
fi
if [ "$(id -u)" = 0 ]; then
    echo "cxbench: installing:$need" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq --no-install-recommends $need >/dev/null 2>&1 ||
        { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq --no-install-recommends $need >/dev/null 2>&1; } ||
        echo "cxbench: note: apt-get could not install:$need (building without them)" >&2
else
    echo "cxbench: note: missing:$need - to install: sudo apt-get install -y$need" >&2
    echo "cxbench: note: carrying on without them (features off, said at configure time)" >&2
fi
exit 0
