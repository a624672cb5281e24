#!/usr/bin/env bash
# The clustering study's CUDA rows on a GPU host (docs/studies/clustering-cuda.md "CUDA variants"),
# in order of importance, each step under its own timeout and the whole within BUDGET seconds
# (default 290: gpu-run.sh's cmds step allows 300).
# Mode "one" (default, any GPU host):
#   1. the CUDA test clustering_cuda (full sizes; on a 1-GPU host the mgpu rows run with gpus=1);
#   2. compute-sanitizer memcheck and racecheck on it at its quick sizes;
#   3. a first timing run of the modern rows (tcmerge, tcbsearch, tchash, tcbitmap .cuda) on the
#      modern graphs (bacopy, gnm, kron, wsfast, average degree 16) at n = 2^20, 2^22, 2^24,
#      then k1.cuda and k2.cuda at 2^20.
# Mode "two" (a host with two GPUs):
#   1. clustering_cuda (the mgpu rows at gpus = 1 and 2 against the reference);
#   2. k1.mgpu and k2.mgpu at gpus = 1 and gpus = 2 beside k1.cuda and k2.cuda (paper preset,
#      Leist Figs 6.12-6.13) and on the modern graphs at n = 2^22.
# Logs and result sets go to gpu-out/ (packed into $OUT by gpu-run.sh; OUT_DIR overrides).
#   usage: GPU_CMDS=scripts/gpu-cmds-clustering.sh bash scripts/gpu-run.sh h100-sxm build,cmds
#      or: bash scripts/gpu-cmds-clustering.sh BUILD_DIR [one|two]
set -u
b=${1:-build-gpu}
mode=${2:-${CL_MODE:-one}}
out=${OUT_DIR:-gpu-out}
mkdir -p "$out"
budget=${BUDGET:-290}
start=$(date +%s)
left() { echo $((budget - ($(date +%s) - start))); }
# step LABEL TIMEOUT command...: runs while the budget lasts, the console to $out/LABEL.log
step() {
    local label=$1 limit=$2
    shift 2
    local l
    l=$(left)
    if [ "$l" -le 10 ]; then echo "$label: skipped (budget spent)"; return; fi
    [ "$limit" -gt "$l" ] && limit=$l
    local t0
    t0=$(date +%s)
    timeout "$limit" "$@" >"$out/$label.log" 2>&1
    local rc=$?
    echo "$label: exit $rc in $(($(date +%s) - t0)) s (limit $limit s)"
    grep -E "CHECK failed|check\(s\) failed|ERROR SUMMARY|error:|FAIL|SKIP" "$out/$label.log" | head -8
}
t() { find "$b/tests" -name "$1" -type f -perm -u+x | head -1; }
cx=$b/cxbench
run_opts="--out $out/gpu-results --machine ${MACHINE:-h100-sxm} --no-progress --noise 0 --reps 3 --max-reps 10 --budget 3"
TC=clustering.tcmerge.cuda,clustering.tcbsearch.cuda,clustering.tchash.cuda,clustering.tcbitmap.cuda

echo "== $(date -u) clustering ($mode) on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | tr '\n' ' ')"
if [ "$mode" = two ]; then
    step test-clustering_cuda 150 "$(t clustering_cuda)"
    # one gpus value per run (--set takes one value): each run is one result set
    for g in 1 2; do
        step run-mgpu-paper-g$g 90 $cx run clustering --preset paper \
            --impl clustering.k1.cuda,clustering.k2.cuda,clustering.k1.mgpu,clustering.k2.mgpu --set gpus=$g $run_opts
        step run-mgpu-2e22-g$g 60 $cx run clustering --preset modern --impl clustering.k1.mgpu,clustering.k2.mgpu \
            --set n=4194304 --set gpus=$g $run_opts
    done
else
    step test-clustering_cuda 150 "$(t clustering_cuda)"
    step memcheck-clustering_cuda 100 compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 9 \
        "$(t clustering_cuda)" quick
    # shared memory: tchash's tables, the faithful kernels' per-block counters
    step racecheck-clustering_cuda 100 compute-sanitizer --tool racecheck --report-api-errors no --error-exitcode 9 \
        "$(t clustering_cuda)" quick
    step run-tc-2e20 60 $cx run clustering --preset modern --impl $TC --set n=1048576 $run_opts
    step run-tc-2e22 75 $cx run clustering --preset modern --impl $TC --set n=4194304 $run_opts
    step run-tc-2e24 150 $cx run clustering --preset modern --impl $TC --set n=16777216 $run_opts
    step run-k-2e20 60 $cx run clustering --preset modern --impl clustering.k1.cuda,clustering.k2.cuda \
        --set n=1048576 $run_opts
fi
for f in "$out"/run-*.log; do
    [ -f "$f" ] || continue
    echo "== ${f##*/}"
    grep -E "clustering\." "$f" | grep -vE "^\s*#" | head -60
done
echo "== done $(date -u), $(( $(date +%s) - start )) s"
