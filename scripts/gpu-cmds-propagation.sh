#!/usr/bin/env bash
# The propagation study on a GPU host (docs/studies/propagation.md). NCCL_NVLS_ENABLE=0 (NVLink
# multicast stays off on shared machines).
# Mode "one": the CUDA test, compute-sanitizer memcheck, racecheck and synccheck at its small
#   size, Jin et al.'s 1m256m graph with every loop on one GPU (--check), the exit code for more
#   GPUs than present, the four one-GPU rows on 1m256m as a result set, with the rows' warp per
#   row and again with a thread per row, and the quick preset as a result set.
# Mode "two" (two GPUs): the same, then the multi-GPU test, memcheck of its small size, every
#   synchronisation scheme with the A- and E-Loops on 2 GPUs (--check), and Fig 11's points.
#   usage: bash scripts/gpu-cmds-propagation.sh BUILD_DIR [one|two]   (BUDGET, OUT_DIR, MACHINE)
set -u
export NCCL_NVLS_ENABLE=0
. "$(dirname "$0")/gpu-cmds-lib.sh"
mode=${2:-one}
gpus=$(nvidia-smi -L 2>/dev/null | wc -l)
echo "== $(date -u) propagation ($mode) on $gpus x $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
step test-propagation_cuda 120 "$(t propagation_cuda)"
for tool in memcheck racecheck synccheck; do
    step "$tool-propagation_cuda" 120 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 \
        "$(t propagation_cuda)" small
done
for l in e a c t; do
    step "prop-1m256m-$l" 60 "$cx" propagate --gen paper:1m256m --loop $l --backend cuda --check --time --out "$out/act.txt"
    tail -1 "$out/act.txt" 2>/dev/null
done
expect 3 prop-too-many-gpus 30 "$cx" propagate --gen gnm:n=100000,m=400000 --backend cuda --gpus $((gpus + 1))
if [ "$mode" = two ]; then
    step test-propagation_mgpu 150 "$(t propagation_cuda)" mgpu
    step memcheck-propagation_mgpu 120 compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 9 \
        --target-processes all "$(t propagation_cuda)" mgpu-small
    for s in host p2p nccl allreduce; do
        for l in a e; do
            step "prop-1m256m-$l-g2-$s" 60 "$cx" propagate --gen paper:1m256m --loop $l --backend cuda --gpus 2 \
                --sync $s --check --time --out "$out/act.txt"
            tail -1 "$out/act.txt" 2>/dev/null
        done
    done
fi
rm -f "$out/act.txt"
# the one-GPU rows on 1m256m through the runner: the medians of the targets of docs/studies/
# propagation.md (whole run, and kernel_ns over the passes)
step run-prop-1m256m 240 "$cx" run propagation --preset jin.fig11 \
    --impl propagation.aloop.cuda,propagation.eloop.cuda,propagation.cloop.cuda,propagation.tloop.cuda $run_opts
# the same rows with Jin et al.'s thread per row (docs "CUDA mapping"), for the mapping's speed-up
step run-prop-1m256m-thread-rows 240 "$cx" run propagation --preset jin.fig11.thread-rows $run_opts
step run-prop-quick 120 "$cx" run propagation --preset quick $run_opts
