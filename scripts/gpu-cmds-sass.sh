#!/usr/bin/env bash
# SASS instruction histogram of the shared-memory bulk kernels (what the compiler made of
# them: shared vs generic loads, branches, integer ops); argument: the build directory.
b=${1:-build-gpu}
for o in $(find "$b" -name 'mt19937.cu.o' -o -name 'mtgp32.cu.o'); do
    echo "== $o"
    cuobjdump -sass "$o" | grep -oE '^\s+/\*[0-9a-f]{4}\*/\s+(@!?U?P[0-9T] )?[A-Z0-9]+' | awk '{print $NF}' | sort | uniq -c | sort -rn | head -25
done
