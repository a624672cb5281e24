#!/usr/bin/env bash
# scripts/anchors/build.sh [ANCHORS_DIR] - builds the calibration anchors exported by fetch.sh
# (docs/studies/components-anchors.md) into ANCHORS_DIR/bin/ (default anchors/):
#   eclcc, eclcc-racefree   ECL-CC v1.1 baseline and race-free: nvcc -O3 -arch=sm_$ARCH (ARCH
#                           default 90, the H100); skipped with a note when nvcc is missing
#   gap-cc, gap-cc_sv, gap-tc  GAP's cc (Afforest), cc_sv and tc (the clustering study's anchor):
#                           g++ -std=c++11 -O3 -Wall -fopenmp,
#                           the flags of GAP's Makefile (its Makefile includes test and
#                           benchmark files that are not exported, so it is not used)
#   egr2sg                  .egr -> GAP .sg (scripts/anchors/egr2sg.c, cc -O2)
# Writes ANCHORS_DIR/bin/BUILD: one line per binary with its source repository, commit, compiler
# version and flags, which run-components.sh copies into the result set's provenance.
# Exit 0 when every buildable binary was built; 1 on a compiler error.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-anchors}
arch=${ARCH:-90}
src="$dir/src"
bin="$dir/bin"
mkdir -p "$bin"
info="$bin/BUILD.tmp"
: >"$info"
source_of() { # repository@commit of an exported source
    awk '/^repository /{r=$2} /^commit /{c=$2} END{printf "%s@%s", r, c}' "$src/$1/SOURCE"
}
record() { # binary, source, compiler, flags
    printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >>"$info"
}
cc=${CC:-cc}
"$cc" -std=c11 -O2 -Wall -Wextra -o "$bin/egr2sg" "$here/egr2sg.c"
record egr2sg "cxbench scripts/anchors/egr2sg.c" "$("$cc" --version | head -1)" "-std=c11 -O2"

if [ -f "$src/gapbs/SOURCE" ]; then
    cxx=${CXX:-g++}
    gflags="-std=c++11 -O3 -Wall -fopenmp"
    for k in cc cc_sv tc; do
        # shellcheck disable=SC2086 # gflags is a list of flags
        "$cxx" $gflags "$src/gapbs/src/$k.cc" -o "$bin/gap-$k"
        record "gap-$k" "$(source_of gapbs) src/$k.cc" "$("$cxx" --version | head -1)" "$gflags"
    done
    echo "build: gap-cc gap-cc_sv gap-tc"
else
    echo "build: no $src/gapbs (run scripts/anchors/fetch.sh): GAP anchors skipped"
fi

if [ ! -f "$src/eclcc/SOURCE" ]; then
    echo "build: no $src/eclcc (run scripts/anchors/fetch.sh): ECL-CC anchors skipped"
elif ! command -v nvcc >/dev/null; then
    echo "build: nvcc not found: ECL-CC anchors skipped"
else
    nflags="-O3 -arch=sm_$arch"
    nvver=$(nvcc --version | tail -1)
    major=$(nvcc --version | sed -n 's/.*release \([0-9]*\)\..*/\1/p')
    # CUDA 13 removed cudaDeviceProp's clockRate and memoryClockRate, which ECL-CC prints in its
    # "gpu:" line before the timed region: from CUDA 13 on, a copy of the source under
    # ANCHORS_DIR/build/ reads them with cudaDeviceGetAttribute instead. Nothing else changes;
    # the note goes into BUILD and the provenance.
    mkdir -p "$dir/build"
    for pair in "eclcc src/baseline/egr-input/CC/ECL-CC_11.cu" "eclcc-racefree src/racefree/egr-input/CC/ECL-CC-atomic.cu"; do
        name=${pair%% *} file=${pair#* }
        cu="$src/eclcc/$file" note=""
        if [ "${major:-0}" -ge 13 ]; then
            cu="$dir/build/$name.cu"
            { printf 'static int cxb_attr(cudaDeviceAttr a) { int v = 0; cudaDeviceGetAttribute(&v, a, 0); return v; }\n'
              sed -e 's/deviceProp\.clockRate/cxb_attr(cudaDevAttrClockRate)/g' \
                  -e 's/deviceProp\.memoryClockRate/cxb_attr(cudaDevAttrMemoryClockRate)/g' "$src/eclcc/$file"; } >"$cu"
            note=" (CUDA >= 13: clock rates of the gpu: line read with cudaDeviceGetAttribute)"
        fi
        # shellcheck disable=SC2086 # nflags is a list of flags
        nvcc $nflags -I"$src/eclcc/library" "$cu" -o "$bin/$name"
        record "$name" "$(source_of eclcc) $file$note" "$nvver" "$nflags"
    done
    echo "build: eclcc eclcc-racefree (sm_$arch)"
fi
mv "$info" "$bin/BUILD"
