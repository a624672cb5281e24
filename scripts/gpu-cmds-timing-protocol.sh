#!/usr/bin/env bash
# The timing-protocol experiment (scripts/experiments/
# timing_protocol.cu) and the SASS of the counter-based store kernels (instruction histogram of
# bulk_store_blocks per generator tag); argument: the build directory.
b=${1:-build-gpu}
nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -I"$b/generated" scripts/experiments/timing_protocol.cu -lcurand -o /tmp/tp &&
    timeout 200 /tmp/tp
o=$(find "$b" -name 'bulk.cu.o' | head -1)
echo "== SASS of bulk_store_blocks in $o"
cuobjdump -sass "$o" | awk '/Function : .*bulk_store_blocks/{f=$0; print; next} /Function :/{f=""} f!="" && /^\s+\/\*[0-9a-f]{4}\*\//{print}' >/tmp/blocks.sass
grep -c "" /tmp/blocks.sass
awk '/Function :/{if(name!="")print name, n; name=$NF; n=0; next} {n++} END{print name, n}' /tmp/blocks.sass
for fn in $(grep -oE 'Function : \S+' /tmp/blocks.sass | awk '{print $3}'); do
    echo "-- $fn"
    awk -v f="$fn" '/Function :/{on=($3==f); next} on' /tmp/blocks.sass | grep -oE '^\s+/\*[0-9a-f]{4}\*/\s+(@!?U?P[0-9T] )?[A-Z0-9]+' | awk '{print $NF}' | sort | uniq -c | sort -rn | head -14
done
