#!/usr/bin/env bash
# The components study's CUDA variants and the device CSR on a GPU host, in order of importance,
# each step under its own timeout and the whole within BUDGET seconds (default 290: gpu-run.sh's
# cmds step allows 300; all steps need about 560, BUDGET=560 when run directly):
#   1. the CUDA tests components_cuda and graph_dcsr_cuda (full sizes), graph_gen_cuda (the
#      generators after their stream refactor);
#   2. compute-sanitizer memcheck on the first two at their quick sizes;
#   3. a first timing run of the components study's modern graphs (bacopy, gnm, kron, wsfast,
#      average degree 16): the CUDA rows at n = 2^20, unionfind.cuda and afforest.cuda at 2^24,
#      the CUDA rows at 2^22;
#   4. the "generate -> CSR" rows graphgen.<model>.cudacsr beside the tuple rows at 2^24 tuples,
#      then gnm and rmat at 2^28;
#   5. racecheck on components_cuda (its "race" subset: the kernels with shared memory).
# Logs and result sets go to gpu-out/ (packed into $OUT by gpu-run.sh; OUT_DIR overrides).
#   usage: GPU_CMDS=scripts/gpu-cmds-components.sh bash scripts/gpu-run.sh h100-sxm build,cmds
#      or: bash scripts/gpu-cmds-components.sh BUILD_DIR
set -u
. "$(dirname "$0")/gpu-cmds-lib.sh" # b, out, budget, step, t, cx
run_opts="--out $out/gpu-results --machine ${MACHINE:-h100-sxm} --no-progress --noise 0 --reps 3 --max-reps 10 --budget 3"

echo "== $(date -u) components/dcsr on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null)"
step test-components_cuda 120 "$(t components_cuda)"
step test-graph_dcsr_cuda 60 "$(t graph_dcsr_cuda)"
step test-graph_gen_cuda 60 "$(t graph_gen_cuda)"
for x in components_cuda graph_dcsr_cuda; do
    step memcheck-$x 90 compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 9 "$(t $x)" quick
done
CC_CUDA=components.k1.cuda,components.k2.cuda,components.unionfind.cuda,components.afforest.cuda
# one n per run (--set takes one value): each run is one result set
# most of a run's time is the host's: each row of each point generates its graph and the
# reference labels; the headline (unionfind and afforest at 2^24) comes second
step run-cc-2e20 60 $cx run components --preset modern --impl $CC_CUDA --set n=1048576 $run_opts
step run-cc-2e24 180 $cx run components --preset modern --impl components.unionfind.cuda,components.afforest.cuda \
    --set n=16777216 $run_opts
step run-cc-2e22 100 $cx run components --preset modern --impl $CC_CUDA --set n=4194304 $run_opts
GG=graphgen.bacopy.cuda,graphgen.gnm.cuda,graphgen.wsfast.cuda,graphgen.rmat.cuda
GGCSR=graphgen.bacopy.cudacsr,graphgen.gnm.cudacsr,graphgen.wsfast.cudacsr,graphgen.rmat.cudacsr
step run-csr-2e24 90 $cx run graphgen --preset fast --impl $GG,$GGCSR --set tuples=16777216 $run_opts
step run-csr-2e28 120 $cx run graphgen --preset fast --impl graphgen.gnm.cudacsr,graphgen.rmat.cudacsr \
    --set tuples=268435456 $run_opts
# shared memory: k2's staged offsets, afforest's sample block (what budget is left)
step racecheck-components_cuda 60 compute-sanitizer --tool racecheck --report-api-errors no --error-exitcode 9 \
    "$(t components_cuda)" race
for f in "$out"/run-*.log; do
    [ -f "$f" ] || continue
    echo "== ${f##*/}"
    grep -E "components\.|graphgen\." "$f" | grep -vE "^\s*#" | head -60
done
echo "== done $(date -u), $(( $(date +%s) - start )) s"
