#!/bin/sh
# make bench-ci: the CI benchmark gate for a noisy 2-core machine without a GPU
# (docs/method.md).
#  1. correctness + wall times: the ci preset of every study, verified before timing;
#     wall times and their slopes are printed for information only (too noisy to gate).
#  2. instruction counts: the same CPU kernels under callgrind, compared with the committed
#     baseline results/ci/<study>-ir/ by `cxbench compare` (theta_ir = 2%, and the slope of
#     log Ir on log n): exit 1 on a regression fails the gate.
#     Exit 2 (cannot compare: no baseline, another compiler or flags) is reported loudly but
#     does not fail, because counts from another toolchain are not comparable; rebaseline with
#       scripts/bench-ci.sh --rebaseline
set -u
cx=${1:-build/cxbench}
rebaseline=0
[ "${2:-}" = "--rebaseline" ] || [ "${1:-}" = "--rebaseline" ] && rebaseline=1
[ "${1:-}" = "--rebaseline" ] && cx=build/cxbench
studies=${STUDIES:-prng}
work=${BENCH_CI_DIR:-build/bench-ci}
rm -rf "$work"
status=0
for s in $studies; do
    echo "== $s: correctness and wall times (ci preset) =="
    "$cx" run "$s" --preset ci --reps 5 --min-time 0 --out "$work/wall" --machine ci --plot --no-progress || exit $?

    echo "== $s: instruction counts (callgrind) =="
    "$cx" run "$s" --preset ci --instructions --threads 1 --out "$work/ir" --machine ci-ir --no-progress --no-table || exit $?
    new=$(ls -d "$work"/ir/ci-ir/2* | tail -1)
    base_root="results/ci/$s-ir"
    if [ "$rebaseline" = 1 ]; then
        rm -rf "$base_root" && mkdir -p "$base_root" && cp -r "$new" "$base_root/"
        echo "rebaselined: $base_root/$(basename "$new")"
        continue
    fi
    base=$(ls -d "$base_root"/2* 2>/dev/null | tail -1)
    if [ -z "$base" ]; then
        echo "cxbench: warning: no committed baseline under $base_root: instruction counts not gated" >&2
        continue
    fi
    "$cx" compare "$base" "$new"
    rc=$?
    case $rc in
    0) echo "instruction-count gate: pass" ;;
    1) echo "instruction-count gate: REGRESSION" >&2; status=1 ;;
    *) echo "cxbench: warning: instruction counts could not be compared with $base (exit $rc): rebaseline with scripts/bench-ci.sh --rebaseline if the toolchain changed" >&2 ;;
    esac
done
exit $status
