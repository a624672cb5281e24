#!/usr/bin/env bash
# The frnn study on a GPU host (docs/studies/frnn.md): the CUDA test at full size, every CUDA build
# and query with --check against brute force on 20,000 points, the CUDA average handler against
# seq byte for byte, then the quick preset (every backend) and the FLAME GPU 2 fixed-density
# Circles sweep (fgpu2) as result sets.
#   usage: bash scripts/gpu-cmds-frnn.sh BUILD_DIR   (BUDGET, OUT_DIR, MACHINE: scripts/gpu-cmds-lib.sh)
set -u
. "$(dirname "$0")/gpu-cmds-lib.sh"
echo "== $(date -u) frnn on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
step test-frnn_cuda 120 "$(t frnn_cuda)"
pts=$out/frnn-pts.txt
# 20,000 points at the density of the test's (brute force on the host is quadratic)
"$cx" frnn gen --n 20000 --dims 3 --seed 1 --width 18.6 >"$pts"
for bld in original acs acs_stable; do
    for q in moore pbw strips brute; do
        step "frnn-check-$bld-$q" 30 "$cx" frnn "$pts" --radius 1 --w 0.5 --backend cuda --build $bld --query $q \
            --check --force --no-summary --out "$out/frnn-$bld-$q.txt"
    done
done
"$cx" frnn "$pts" --radius 1 --w 0.5 --backend seq --handler avg --no-summary >"$out/frnn-avg-seq.txt"
"$cx" frnn "$pts" --radius 1 --w 0.5 --backend cuda --build acs_stable --handler avg --no-summary >"$out/frnn-avg-cuda.txt"
cmp -s "$out/frnn-avg-seq.txt" "$out/frnn-avg-cuda.txt" && echo "frnn avg: cuda = seq" || echo "frnn avg: FAIL cuda differs from seq"
rm -f "$out"/frnn-*.txt
step run-frnn-quick 120 "$cx" run frnn --preset quick $run_opts
step run-frnn-fgpu2 150 "$cx" run frnn --preset fgpu2 $run_opts
for f in "$out"/run-frnn-*.log; do
    [ -f "$f" ] && { echo "== ${f##*/}"; grep -E "frnn\.[a-z0-9_]+\.cuda" "$f" | head -40; }
done
