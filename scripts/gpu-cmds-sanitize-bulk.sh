#!/usr/bin/env bash
# compute-sanitizer on the bulk PRNG tests after the block-scope kernels' fix (memcheck had
# found reads of states past the uploaded ones: streams with no outputs); racecheck and
# synccheck on the shared-memory kernels. Argument: the build directory.
set -u
b=$1
for tool in memcheck racecheck synccheck; do
    for t in prng_bulk_cuda prng_mt_cuda; do
        timeout 80 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 "$b/tests/$t" quick \
            >"gpu-out/sanitize-$tool-$t.log" 2>&1
        echo "$t $tool exit $?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|check\(s\) failed' "gpu-out/sanitize-$tool-$t.log" | tr '\n' ' ')"
    done
done
