#!/usr/bin/env bash
# The clustering study's CUDA rows on a GPU host (docs/studies/clustering-cuda.md "CUDA variants"),
# in order of importance, each step under its own timeout and the whole within BUDGET seconds
# (default 290: gpu-run.sh's cmds step allows 300).
# Mode "one" (default, any GPU host):
#   1. the CUDA test clustering_cuda (full sizes; on a 1-GPU host the mgpu rows run with gpus=1);
#   2. compute-sanitizer memcheck and racecheck on it at its quick sizes;
#   3. a first timing run of the modern rows (tcmerge, tcbsearch, tchash, tcbitmap .cuda) on the
#      modern graphs (bacopy, gnm, kron, wsfast, average degree 16) at n = 2^20, 2^22, 2^24,
#      then k1.cuda and k2.cuda on gnm with n = 2^20 (`graph clustering`, --verify).
# Mode "two" (a host with two GPUs):
#   1. clustering_cuda (the mgpu rows at gpus = 1 and 2 against the reference);
#   2. k1.mgpu and k2.mgpu at gpus = 1 and gpus = 2 beside k1.cuda and k2.cuda on Leist's largest
#      BA and WS graphs (Figs 6.12-6.13) and gnm with n = 2^22 (`graph clustering`, --verify).
# Logs and result sets go to gpu-out/ (packed into $OUT by gpu-run.sh; OUT_DIR overrides).
#   usage: GPU_CMDS=scripts/gpu-cmds-clustering.sh bash scripts/gpu-run.sh h100-sxm build,cmds
#      or: bash scripts/gpu-cmds-clustering.sh BUILD_DIR [one|two]
set -u
. "$(dirname "$0")/gpu-cmds-lib.sh" # b, out, budget, step, t, cx
mode=${2:-${CL_MODE:-one}}
run_opts="--out $out/gpu-results --machine ${MACHINE:-h100-sxm} --no-progress --noise 0 --reps 3 --max-reps 10 --budget 3"
TC=clustering.tcmerge.cuda,clustering.tcbsearch.cuda,clustering.tchash.cuda,clustering.tcbitmap.cuda

echo "== $(date -u) clustering ($mode) on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | tr '\n' ' ')"
if [ "$mode" = two ]; then
    step test-clustering_cuda 150 "$(t clustering_cuda)"
    # Leist's largest BA and WS points (Figs 6.12-6.13) and a modern graph: k1.cuda and k2.cuda
    # beside k1.mgpu and k2.mgpu at gpus = 1 and 2 (one row per command; --verify against the
    # reference row)
    for spec in bacopy:n=200000,m=25,n0=50 ws:n=1000000,k=50,p=0.1 gnm:n=4194304,m=33554432; do
        for k in k1 k2; do
            step "one-$k-${spec%%:*}" 60 "$cx" graph clustering --gen "$spec" --impl clustering.$k.cuda --reps 5 --verify
            for g in 1 2; do
                step "mgpu-$k-${spec%%:*}-g$g" 60 "$cx" graph clustering --gen "$spec" --impl clustering.$k.mgpu \
                    --gpus $g --reps 5 --verify
            done
        done
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
    for k in k1 k2; do
        step "one-$k-gnm-2e20" 60 "$cx" graph clustering --gen gnm:n=1048576,m=8388608 --impl clustering.$k.cuda \
            --reps 5 --verify
    done
fi
for f in "$out"/run-*.log "$out"/one-*.log "$out"/mgpu-*.log; do
    [ -f "$f" ] || continue
    echo "== ${f##*/}"
    grep -E "clustering\.|^(impl|triangles|verified|time_ms|phase_ms|rate_gedges_s):" "$f" | grep -vE "^\s*#" | head -60
done
echo "== done $(date -u), $(( $(date +%s) - start )) s"
