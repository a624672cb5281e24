#!/usr/bin/env bash
# Ad hoc commands of a GPU run that are not harness studies (rates printed by
# `cxbench graph gen`, the repro matrix); argument: the build directory.
set -u
b=$1
echo "== graph gen --impl cuda and pthreads (gen phase rates; the CSR build is sequential on the host)"
for spec in wsfast:n=2^22,k=16,p=0.1 nw:n=2^22,k=16,p=0.1 bacopy:n=2^22,m=8 kron:scale=20 gnm:n=2^22,m=2^25 "disjoint:n=2^20,e=2^25,c=100 --multigraph"; do
    for impl in cuda pthreads; do
        echo "-- $spec $impl"
        # shellcheck disable=SC2086
        timeout 60 $b/cxbench graph gen $spec --impl $impl 2>&1 | grep -E "^(edges|tuples|impl|phase_ms|time_ms)|error"
    done
done
echo "== prng-repro (Figure R1, CPU and CUDA columns)"
timeout 120 $b/cxbench prng-repro --dc tests/prng/data/tinymt32dc.head.txt --out gpu-out/gpu-results --machine "${MACHINE:-h100-sxm}" 2>&1 | tail -40
echo "== prng_init_cuda five times (a flaky failure was seen once)"
for i in 1 2 3 4 5; do $b/tests/prng_init_cuda >/tmp/init$i.log 2>&1; echo "run $i exit $?"; grep -m3 "CHECK failed" /tmp/init$i.log; done
