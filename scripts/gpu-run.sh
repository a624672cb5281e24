#!/usr/bin/env bash
# One batched session on the GPU machine (device tool): build with CUDA for sm_90, run the
# whole ctest suite (the CUDA tests included), the studies on every backend, then
# compute-sanitizer on the CUDA tests. Everything lands under $OUT as it is produced, so a
# session cut short by the device time limit still brings back what finished.
#   usage (on the GPU machine): bash scripts/gpu-run.sh MACHINE [STEPS] [STUDY ARGS...]
#   STEPS: comma list of build,test,study,sanitize (default all of them)
# MACHINE names the GPU by model (e.g. h100-sxm), never by host.
set -uo pipefail
machine=${1:-h100-sxm}
steps=${2:-build,test,study,sanitize}
shift 2 2>/dev/null || shift $#
# The device tool brings back at most 8 files from $OUT, two folders deep: the logs and the
# result sets are written to gpu-out/ and packed into $OUT/gpu-out.tar.gz after every step.
final=${OUT:-/tmp/out}
out=gpu-out
rm -rf "$out"
mkdir -p "$out" "$final"
pack() { tar czf "$final/gpu-out.tar.gz" "$out"; }
trap pack EXIT
log="$out/gpu-run.log"
exec > >(tee -a "$log") 2>&1
has() { case ",$steps," in *",$1,"*) return 0 ;; esac; return 1; }
echo "== $(date -u) on a $(nproc)-core host: $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader 2>/dev/null)"
build=build-gpu

if has build || [ ! -x $build/cxbench ]; then
    cmake -S . -B $build -DCMAKE_BUILD_TYPE=Release -DCXB_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 \
        >"$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
    grep -E "cxbench:" "$out/configure.log"
    cmake --build $build -j16 >"$out/build.log" 2>&1 || { grep -E "error" "$out/build.log" | head -40; echo "BUILD FAILED"; exit 1; }
    grep -E "warning" "$out/build.log" | head -20
    pack
fi

if has test; then
    echo "== ctest"
    timeout 300 ctest --test-dir $build --output-on-failure -j8 >"$out/ctest.log" 2>&1
    echo "ctest exit $?"
    grep -E "tests passed|Failed|Skipped|G numbers/s|GPU 0|empty kernel" "$out/ctest.log" | head -40
    pack
fi

if has study; then
    echo "== studies"
    # the launch-shape sweep first: `plot --all` draws the newest result set of a study
    timeout 120 $build/cxbench run prng --preset launch --out "$out/gpu-results" --machine "$machine" --no-progress \
        >"$out/study-prng-launch.log" 2>&1
    echo "prng launch exit $?"
    grep -E "median" "$out/study-prng-launch.log" | tail -20
    for study in prng; do
        # each line stamped with the time, to see where a slow session spends it
        timeout 330 $build/cxbench run $study --out "$out/gpu-results" --machine "$machine" --no-progress "$@" 2>&1 |
            while IFS= read -r l; do printf '%(%H:%M:%S)T %s\n' -1 "$l"; done >"$out/study-$study.log"
        echo "$study exit ${PIPESTATUS[0]}"
        grep -vE '^\| ' "$out/study-$study.log" | tail -20
        pack
    done
fi

if has sanitize; then
    echo "== compute-sanitizer on the CUDA tests (quick sizes)"
    # --report-api-errors no: the test provokes allocation failures on purpose (4 TiB
    # requests) and checks that they come back as errors; every API call is checked by the
    # code itself, so memcheck is asked about memory accesses only.
    for t in $build/tests/prng_lf24_cuda $build/tests/prng_bulk_cuda $build/tests/prng_curand_cuda; do
        for tool in memcheck racecheck synccheck initcheck; do
            timeout 90 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 "$t" quick \
                >"$out/sanitize-$tool-${t##*/}.log" 2>&1
            echo "${t##*/} $tool exit $?: $(grep -E 'ERROR SUMMARY|HAZARD|RACECHECK SUMMARY|check\(s\) failed' "$out/sanitize-$tool-${t##*/}.log" | tr '\n' ' ')"
        done
    done
fi
echo "== done $(date -u)"
