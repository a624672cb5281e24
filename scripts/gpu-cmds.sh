#!/usr/bin/env bash
# Ad hoc commands of a GPU session that are not harness studies (rates printed by
# `cxbench graph gen`, the repro matrix); argument: the build directory.
set -u
b=$1
echo "== graph gen --impl cuda (gen phase rates)"
for spec in wsfast:n=2^25,k=8,p=0.1 nw:n=2^25,k=8,p=0.1 bacopy:n=2^25,m=4 kron:scale=23 gnm:n=2^24,m=2^27 "disjoint:n=2^21,e=5e7,c=100 --multigraph"; do
    for impl in cuda pthreads; do
        echo "-- $spec $impl"
        # shellcheck disable=SC2086
        timeout 60 $b/cxbench graph gen $spec --impl $impl 2>&1 | grep -E "^(edges|tuples|impl|phase_ms|time_ms)|error"
    done
done
echo "== prng-repro (Figure R1, CPU and CUDA columns)"
timeout 120 $b/cxbench prng-repro --out gpu-out/gpu-results --machine "${MACHINE:-h100-sxm}" 2>&1 | tail -30
