#!/usr/bin/env bash
# tests/fuzz/run.sh - builds the libFuzzer entry points with clang (CXB_FUZZ=ON, no CUDA) and
# runs each for a bounded time on a copy of its seed corpus tests/fuzz/corpus/<target>/.
#   tests/fuzz/run.sh [SECONDS [TARGET...]]     default 60 s each, every target
# Environment: BUILD (default build-fuzz), JOBS (default nproc), FUZZ_ARGS (more libFuzzer
# flags, e.g. -runs=N). A finding stops that target with its crash-* / leak-* / oom-* file in
# $BUILD/fuzz-out/<target>/ and makes the script exit 1 after the other targets have run.
set -euo pipefail
cd "$(dirname "$0")/../.."
secs=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz_snap fuzz_mtx fuzz_cxg fuzz_csv fuzz_prov fuzz_results fuzz_points)
build=${BUILD:-build-fuzz}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
command -v clang >/dev/null || { echo "cxbench: error: tests/fuzz/run.sh: clang not found (apt-get install clang)" >&2; exit 3; }
cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCXB_CUDA=OFF \
      -DCXB_FUZZ=ON >/dev/null
cmake --build "$build" -j"$jobs" --target "${targets[@]}" >/dev/null
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
failed=0
for t in "${targets[@]}"; do
    seeds=tests/fuzz/corpus/${t#fuzz_}
    work=$build/fuzz-out/$t
    rm -rf "$work"
    mkdir -p "$work/corpus"
    [ -d "$seeds" ] && cp "$seeds"/* "$work/corpus/" 2>/dev/null || true
    dict=()
    [ -f "tests/fuzz/$t.dict" ] && dict=(-dict="tests/fuzz/$t.dict")
    # -rss_limit_mb: the readers hold whole files; 2 GiB is far above what a seed needs
    if "$build/tests/fuzz/$t" "$work/corpus" "${dict[@]}" -max_total_time="$secs" -rss_limit_mb=2048 \
        -max_len=65536 -artifact_prefix="$work/" -print_final_stats=1 ${FUZZ_ARGS:-} >"$work/log" 2>&1; then
        echo "$t: $(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/log" | grep -o '[0-9]*$') runs, no finding"
    else
        failed=1
        echo "$t: FINDING (log $work/log):" >&2
        grep -m3 -E 'ERROR|runtime error|fuzz:|SUMMARY' "$work/log" >&2 || tail -5 "$work/log" >&2
    fi
done
exit $failed
