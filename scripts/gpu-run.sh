#!/usr/bin/env bash
# One batch on the GPU machine (device tool): build with CUDA for sm_90, run the whole ctest
# suite (the CUDA tests included), the studies on every backend, then compute-sanitizer on the
# CUDA tests. Everything lands under $OUT as it is produced, so a batch cut short by the device
# time limit still brings back what finished.
#   usage (on the GPU machine): bash scripts/gpu-run.sh MACHINE [STEPS] [STUDY ARGS...]
#   STEPS: comma list of build,test,study,cmds,anchors,sanitize (default build,test,study,sanitize;
#   CTEST_REGEX limits the test step to the matching tests);
#   study runs the lines of $GPU_STUDIES (a run list, scripts/campaigns/<what it reproduces>.txt;
#   default scripts/campaigns/r3-generators.txt), cmds the script
#   $GPU_CMDS (default scripts/gpu-cmds.sh) with the build directory as its argument, anchors
#   the components study's calibration (scripts/anchors/build.sh on the carried anchors/, then
#   scripts/anchors/run-components.sh; ANCHOR_* variables as documented there; docs/gpu.md)
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
    timeout 300 ctest --test-dir $build --output-on-failure -j8 ${CTEST_REGEX:+-R "$CTEST_REGEX"} >"$out/ctest.log" 2>&1
    echo "ctest exit $?"
    grep -E "tests passed|Failed|Skipped|G numbers/s|GPU 0|empty kernel" "$out/ctest.log" | head -40
    pack
fi

if has study; then
    echo "== studies (${GPU_STUDIES:-scripts/campaigns/r3-generators.txt})"
    # one line per run: LABEL TIMEOUT_S cxbench-arguments... ('#' comments); the result sets
    # go to gpu-results/<machine>/, the console of each to study-LABEL.log, time-stamped
    while read -r label limit args; do
        case "$label" in ''|'#'*) continue ;; esac
        # shellcheck disable=SC2086
        timeout "$limit" $build/cxbench $args --out "$out/gpu-results" --machine "$machine" --no-progress 2>&1 |
            while IFS= read -r l; do printf '%(%H:%M:%S)T %s\n' -1 "$l"; done >"$out/study-$label.log"
        echo "$label exit ${PIPESTATUS[0]} ($(wc -l <"$out/study-$label.log") lines)"
        grep -E "error|FAIL|mismatch" "$out/study-$label.log" | head -5
        pack
    done <"${GPU_STUDIES:-scripts/campaigns/r3-generators.txt}"
fi

if has cmds; then
    echo "== commands (${GPU_CMDS:-scripts/gpu-cmds.sh})"
    timeout 300 bash "${GPU_CMDS:-scripts/gpu-cmds.sh}" "$build" >"$out/cmds.log" 2>&1
    echo "cmds exit $?"; tail -40 "$out/cmds.log"
    pack
fi

if has anchors; then
    echo "== anchors (scripts/anchors/run-components.sh; docs/studies/components.md, Calibration anchors)"
    # anchors/ holds fetch.sh's sources, carried here (this host has no network); built here for
    # this GPU and host compiler; the graph files go outside gpu-out/ so they are not packed
    if [ ! -d anchors/src ]; then
        echo "anchors: no anchors/src (run scripts/anchors/fetch.sh where there is network, carry anchors/)"
    else
        bash scripts/anchors/build.sh anchors >"$out/anchors-build.log" 2>&1
        echo "anchors build exit $?"; tail -3 "$out/anchors-build.log"
        WORKDIR=${WORKDIR:-/tmp/cxb-anchors-work} timeout "${ANCHOR_TIMEOUT:-540}" \
            bash scripts/anchors/run-components.sh $build "$out/gpu-results" "$machine" >"$out/anchors.log" 2>&1
        echo "anchors exit $?"
        grep -E "result set|mismatch|components, cxbench|failed|skipped|interrupted" "$out/anchors.log" | head -20
    fi
    pack
fi

if has sanitize; then
    echo "== compute-sanitizer on the CUDA tests (quick sizes)"
    # --report-api-errors no: the test provokes allocation failures on purpose (4 TiB
    # requests) and checks that they come back as errors; every API call is checked by the
    # code itself, so memcheck is asked about memory accesses only.
    # memcheck on every CUDA test; racecheck and synccheck where kernels share memory; each
    # test at its quick sizes (tests that take no argument ignore it)
    # SAN_TIMEOUT (s, default 150) bounds each tool run; SAN_TOOLS=memcheck limits every test
    # to memcheck (a short batch)
    for t in $build/tests/*/*_cuda; do
        # SAN_TESTS (a grep -E pattern) limits the step to the matching tests
        [ -n "${SAN_TESTS:-}" ] && ! echo "${t##*/}" | grep -qE "$SAN_TESTS" && continue
        tools="memcheck"
        case "${t##*/}" in prng_lf24_cuda|prng_mt_cuda|graph_gen_cuda) tools="memcheck racecheck synccheck" ;;
            prng_init_cuda|prng_bulk_cuda) tools="memcheck racecheck synccheck initcheck" ;; esac
        [ -n "${SAN_TOOLS:-}" ] && tools=$SAN_TOOLS
        for tool in $tools; do
            timeout "${SAN_TIMEOUT:-150}" compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 "$t" quick \
                >"$out/sanitize-$tool-${t##*/}.log" 2>&1
            echo "${t##*/} $tool exit $?: $(grep -E 'ERROR SUMMARY|HAZARD|RACECHECK SUMMARY|check\(s\) failed' "$out/sanitize-$tool-${t##*/}.log" | tr '\n' ' ')"
        done
        pack
    done
fi
echo "== done $(date -u)"
