#!/usr/bin/env bash
# The threshold of unionfind.cuda's inline rule (docs/studies/components-cuda.md "unionfind.cuda"):
# `cxbench graph components` with --set deg_inline=D for each D of $DEG_INLINE (default
# "16 20 24 32"; 16 = deg_warp, the rule off) on each graph spec of $GRAPHS (default the four
# calibration graphs at 2^22, average degree 16), $REPS timed runs each
# (default 21; time_ms is their median of kernel events). One log per graph and threshold,
# gpu-out/inline-GRAPH-D.log, and one summary line each on stdout. Run the anchors step in the same
# call for ECL-CC on the same graphs (scripts/anchors/run-components.sh).
#   usage: GPU_CMDS=scripts/gpu-cmds-unionfind-inline.sh bash scripts/gpu-run.sh h100-sxm build,cmds,anchors
set -u
. "$(dirname "$0")/gpu-cmds-lib.sh" # b, out, budget, step, cx, spec_label
reps=${REPS:-21}
graphs=${GRAPHS:-kron:scale=22,ef=8 wsfast:n=4194304,k=16,p=0.1 bacopy:n=4194304,m=8 gnm:n=4194304,m=33554432}
echo "== $(date -u) unionfind.cuda deg_inline on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null)"
for g in $graphs; do
    for d in ${DEG_INLINE:-16 20 24 32}; do
        label="inline-$(spec_label "$g")-$d"
        step "$label" 60 "$cx" graph components --gen "$g" --impl components.unionfind.cuda --set "deg_inline=$d" \
            --reps "$reps"
        printf '%s %s deg_inline=%s %s\n' "$label" "$g" "$d" \
            "$(grep -E '^(components|time_ms|samples_ms):' "$out/$label.log" | tr '\n' ' ')"
    done
done
echo "== done $(date -u), $(($(date +%s) - start)) s"
