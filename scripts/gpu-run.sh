#!/usr/bin/env bash
# One batch on the GPU machine: build with CUDA for sm_90, run the whole ctest
# suite (the CUDA tests included), the studies on every backend, then compute-sanitizer on the
# CUDA tests. Everything lands under $OUT as it is produced, so a batch cut short by the device
# time limit still brings back what finished.
#   usage (on the GPU machine): bash scripts/gpu-run.sh MACHINE [STEPS] [STUDY ARGS...]
#   STEPS: comma list of build,test,study,cmds,anchors,anchors-clustering,sanitize (default
#   build,test,study,sanitize;
#   CTEST_REGEX limits the test step to the matching tests; BUILD_TARGETS, e.g. cxbench, limits
#   the build to those targets, for a call that runs no test);
#   study runs the lines of $GPU_STUDIES (a run list, scripts/campaigns/<what it reproduces>.txt;
#   default scripts/campaigns/r3-generators.txt), cmds the scripts of
#   $GPU_CMDS (default scripts/gpu-cmds.sh) with the build directory as their argument, anchors
#   the components study's calibration (scripts/anchors/build.sh on the carried anchors/, then
#   scripts/anchors/run-components.sh; ANCHOR_* variables as documented there; docs/gpu.md),
#   anchors-clustering the clustering study's (scripts/anchors/run-clustering.sh: GAP's tc against
#   our tc rows; docs/studies/clustering.md, Calibration anchor)
# MACHINE names the GPU by model (e.g. h100-sxm), never by host.
set -uo pipefail
machine=${1:-h100-sxm}
steps=${2:-build,test,study,sanitize}
shift 2 2>/dev/null || shift $#
# The GPU machine's runner brings back at most 8 files from $OUT, two folders deep: the logs and the
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
build="build-gpu"

if has build || [ ! -x $build/cxbench ]; then
    cmake -S . -B $build -DCMAKE_BUILD_TYPE=Release -DCXB_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 \
        >"$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
    grep -E "cxbench:" "$out/configure.log"
    cmake --build $build -j16 ${BUILD_TARGETS:+--target $BUILD_TARGETS} >"$out/build.log" 2>&1 || { grep -E "error" "$out/build.log" | head -40; echo "BUILD FAILED"; exit 1; }
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
    # A `run` line stops starting points at three quarters of its limit (--stop-after), so a
    # line that runs long still leaves a set of the points it finished (docs/method.md
    # "Stopping early"); the last quarter is for the point under way.
    while read -r label limit args; do
        case "$label" in ''|'#'*) continue ;; esac
        early=""
        case " $args " in " run "*) case "$args" in *--stop-after*) ;; *) early="--stop-after $((limit * 3 / 4))" ;; esac ;; esac
        # shellcheck disable=SC2086
        timeout "$limit" $build/cxbench $args $early --out "$out/gpu-results" --machine "$machine" --no-progress 2>&1 |
            while IFS= read -r l; do printf '%(%H:%M:%S)T %s\n' -1 "$l"; done >"$out/study-$label.log"
        echo "$label exit ${PIPESTATUS[0]} ($(wc -l <"$out/study-$label.log") lines)"
        grep -E "error|FAIL|mismatch" "$out/study-$label.log" | head -5
        pack
    done <"${GPU_STUDIES:-scripts/campaigns/r3-generators.txt}"
fi

if has cmds; then
    # GPU_CMDS: one or more scripts (space-separated), each run in turn with the build directory
    # as its argument, under CMDS_TIMEOUT seconds (default 300) each; console in cmds-NAME.log
    for cmds in ${GPU_CMDS:-scripts/gpu-cmds.sh}; do
        name=${cmds##*/}
        name=${name%.sh}
        echo "== commands ($cmds)"
        timeout "${CMDS_TIMEOUT:-300}" bash "$cmds" "$build" >"$out/cmds-${name#gpu-cmds-}.log" 2>&1
        echo "cmds exit $?"; tail -40 "$out/cmds-${name#gpu-cmds-}.log"
        pack
    done
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

if has anchors-clustering; then
    echo "== anchors-clustering (scripts/anchors/run-clustering.sh; docs/studies/clustering.md, Calibration anchor)"
    if [ ! -d anchors/src ]; then
        echo "anchors-clustering: no anchors/src (run scripts/anchors/fetch.sh where there is network, carry anchors/)"
    else
        [ -x anchors/bin/gap-tc ] || { bash scripts/anchors/build.sh anchors >"$out/anchors-build.log" 2>&1
            echo "anchors build exit $?"; tail -3 "$out/anchors-build.log"; }
        WORKDIR=${WORKDIR:-/tmp/cxb-anchors-work} timeout "${ANCHOR_TIMEOUT:-540}" \
            bash scripts/anchors/run-clustering.sh $build "$out/gpu-results" "$machine" >"$out/anchors-clustering.log" 2>&1
        echo "anchors-clustering exit $?"
        grep -E "result set|mismatch|triangles, cxbench|failed|skipped|interrupted" "$out/anchors-clustering.log" | head -20
    fi
    pack
fi

if has sanitize; then
    echo "== compute-sanitizer on the CUDA tests (quick sizes)"
    # Every test that runs kernels: the *_cuda binaries and those named in SAN_GPU_EXTRA (tests
    # that use the GPU when one is present, without the suffix; harness_cuda_spin is not among
    # them by default: its checks are times, which the tools stretch, and its kernel is a spin). Each runs under every tool of
    # SAN_TOOLS (default memcheck racecheck synccheck, initcheck added for the tests that read
    # device buffers they upload in part), at its quick sizes (a test that takes no argument
    # ignores it); one log per tool and test, gpu-out/sanitize-TOOL-TEST.log, and at the end one
    # summary line per tool: tests run, tests with errors (named), runs cut by SAN_TIMEOUT.
    #  - memcheck: out-of-bounds and misaligned accesses; --report-api-errors no, since the
    #    tests provoke allocation failures on purpose (4 TiB requests) and check that they come
    #    back as errors: every API call is checked by the code itself;
    #  - racecheck: shared-memory hazards; --racecheck-report analysis (the default) reports
    #    each race once with both accesses, "RACECHECK SUMMARY: N hazards displayed (E errors,
    #    W warnings)"; warnings (hazards the tool cannot prove) are logged, errors fail;
    #  - synccheck: invalid uses of __syncthreads, __syncwarp and barriers (divergent
    #    barriers, invalid masks), "ERROR SUMMARY: E errors".
    # --error-exitcode 9 makes a finding distinguishable from a failing check (exit 1) and
    # --target-processes all follows the tests that start cxbench as a child.
    # SAN_TESTS (a grep -E pattern) limits the step to the matching tests; SAN_TIMEOUT (s,
    # default 150) bounds each tool run (racecheck is the slowest: 10-100x the plain run).
    # SAN_JOBS (default 6) tool runs go at once: the tools spend most of their time on the host
    # (one core each), and the tests' kernels are small at their quick sizes.
    san_tools=${SAN_TOOLS:-memcheck racecheck synccheck}
    san_list=()
    for t in "$build"/tests/*/*_cuda; do [ -x "$t" ] && san_list+=("$t"); done
    for name in ${SAN_GPU_EXTRA:-prng_bulk_fill}; do
        for t in "$build"/tests/*/"$name"; do [ -x "$t" ] && san_list+=("$t"); done
    done
    san_jobs=()
    for t in "${san_list[@]}"; do
        test=${t##*/}
        [ -n "${SAN_TESTS:-}" ] && ! echo "$test" | grep -qE "$SAN_TESTS" && continue
        tools=$san_tools
        case "$test" in prng_init_cuda | prng_bulk_cuda) [ -z "${SAN_TOOLS:-}" ] && tools="$tools initcheck" ;; esac
        # the longest runs first, so that they do not finish alone at the end
        for tool in $tools; do
            case "$test" in components_cuda | propagation_cuda) san_jobs=("$tool $t" "${san_jobs[@]}") ;;
            *) san_jobs+=("$tool $t") ;; esac
        done
    done
    # one tool run: its log, and a line "TOOL TEST RC ERRORS" in gpu-out/sanitize-TOOL-TEST.res
    san_one() {
        local tool=$1 t=$2 test=${2##*/} extra=() arg=quick
        # components_cuda's racecheck size: its shared-memory kernels on small graphs
        [ "$tool" = racecheck ] && [ "$test" = components_cuda ] && arg=race
        local san_log="$out/sanitize-$tool-$test.log"
        [ "$tool" = memcheck ] && extra=(--report-api-errors no)
        [ "$tool" = racecheck ] && extra=(--racecheck-report analysis)
        timeout "${SAN_TIMEOUT:-150}" compute-sanitizer --tool "$tool" "${extra[@]}" --target-processes all \
            --error-exitcode 9 "$t" "$arg" >"$san_log" 2>&1
        local rc=$?
        # the errors a tool counted (its summary line), whatever the test's own exit code
        local errors
        errors=$(grep -hoE '(ERROR SUMMARY: [0-9]+ error|RACECHECK SUMMARY: [0-9]+ hazards? displayed \([0-9]+ error)' \
            "$san_log" | grep -oE '[0-9]+ error' | awk '{ s += $1 } END { print s + 0 }')
        echo "$tool $test $rc $errors" >"$out/sanitize-$tool-$test.res"
        echo "$test $tool exit $rc, $errors error(s): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|check\(s\) failed' \
            "$san_log" | tr '\n' ' ')"
    }
    export -f san_one
    export out
    printf '%s\n' "${san_jobs[@]}" | SAN_TIMEOUT=${SAN_TIMEOUT:-150} xargs -P "${SAN_JOBS:-6}" -L 1 bash -c 'san_one "$0" "$1"'
    for tool in $san_tools initcheck; do
        ls "$out"/sanitize-"$tool"-*.res >/dev/null 2>&1 || continue
        cat "$out"/sanitize-"$tool"-*.res | awk -v tool="$tool" '
            { runs++; if ($3 == 124) cut = cut " " $2; else if ($3 != 0 || $4 != 0) { bad = bad " " $2 "(" $4 ")"; nbad++ } }
            END { ncut = split(cut, a, " ");
                  printf "sanitize summary: %s: %d test(s), %d with errors%s, %d cut by the timeout%s\n",
                         tool, runs, nbad, nbad ? ":" bad : "", ncut, ncut ? ":" cut : "" }'
    done | tee "$out/sanitize-summary.txt"
    rm -f "$out"/sanitize-*.res
    pack
fi
echo "== done $(date -u)"
