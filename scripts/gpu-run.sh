#!/usr/bin/env bash
# One batched session on the GPU machine (device tool): build with CUDA for sm_90, run the
# whole ctest suite (the CUDA tests included), compute-sanitizer on the CUDA tests, then the
# studies on every backend; everything that comes back is packed under $OUT.
#   usage (on the GPU machine): bash scripts/gpu-run.sh MACHINE [STUDY ARGS...]
# MACHINE names the GPU by model (e.g. h100-sxm), never by host.
set -uo pipefail
machine=${1:-h100-sxm}
shift || true
out=${OUT:-/tmp/out}
mkdir -p "$out"
log="$out/gpu-run.log"
exec > >(tee -a "$log") 2>&1
echo "== $(date -u) on $(hostname): $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader 2>/dev/null)"
nproc
build=build-gpu
cmake -S . -B $build -DCMAKE_BUILD_TYPE=Release -DCXB_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 >"$out/configure.log" 2>&1 \
    || { tail -30 "$out/configure.log"; exit 1; }
grep -E "cxbench:" "$out/configure.log"
cmake --build $build -j16 2>&1 | grep -E "error|warning" | head -40
cmake --build $build -j16 >/dev/null 2>&1 || { echo "BUILD FAILED"; exit 1; }

echo "== ctest"
ctest --test-dir $build --output-on-failure -j8 2>&1 | tail -40

echo "== compute-sanitizer (memcheck, racecheck) on the CUDA tests"
for t in $build/tests/prng_lf24_cuda; do
    [ -x "$t" ] || continue
    CXB_SANITIZER_RUN=1 compute-sanitizer --tool memcheck --error-exitcode 9 "$t" 2>&1 | tail -4
    CXB_SANITIZER_RUN=1 compute-sanitizer --tool racecheck --error-exitcode 9 "$t" 2>&1 | tail -4
done

echo "== studies"
rm -rf gpu-results
for study in prng; do
    $build/cxbench run $study --out gpu-results --machine "$machine" --threads "$(nproc)" --plot "$@" \
        2>&1 | grep -v '^\[' | tail -60
done
tar czf "$out/results.tar.gz" gpu-results
ls -la "$out"
