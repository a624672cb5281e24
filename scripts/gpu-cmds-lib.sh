# scripts/gpu-cmds-lib.sh - sourced by the studies' GPU command scripts (scripts/gpu-cmds-*.sh):
# each step runs under its own timeout and the whole within BUDGET seconds, the console of each to
# $out/LABEL.log, and a one-line verdict per step on stdout.
#   b: the build directory; out: the output folder (OUT_DIR, default gpu-out); budget: BUDGET
b=${1:-build-gpu}
out=${OUT_DIR:-gpu-out}
mkdir -p "$out"
budget=${BUDGET:-290}
start=$(date +%s)
left() { echo $((budget - ($(date +%s) - start))); }
# step LABEL TIMEOUT command...: runs while the budget lasts
step() {
    local label=$1 limit=$2
    shift 2
    local l
    l=$(left)
    if [ "$l" -le 10 ]; then echo "$label: skipped (budget spent)"; return; fi
    [ "$limit" -gt "$l" ] && limit=$l
    local t0
    t0=$(date +%s)
    timeout "$limit" "$@" >"$out/$label.log" 2>&1
    local rc=$?
    echo "$label: exit $rc in $(($(date +%s) - t0)) s (limit $limit s)"
    grep -E "CHECK failed|check\(s\) failed|ERROR SUMMARY|error:|FAIL|SKIP" "$out/$label.log" | head -8
}
# expect RC LABEL TIMEOUT command...: a step whose exit code must be RC (error paths)
expect() {
    local want=$1 label=$2 limit=$3
    shift 3
    timeout "$limit" "$@" >"$out/$label.log" 2>&1
    local rc=$?
    [ "$rc" = "$want" ] && echo "$label: exit $rc as expected" || echo "$label: exit $rc, want $want: $(tail -2 "$out/$label.log")"
}
t() { find "$b/tests" -name "$1" -type f -perm -u+x | head -1; }
# spec_label SPEC: a file-name label of a graph spec, its family and size (kron:scale=22,... -> kron-22)
spec_label() { echo "${1%%:*}-$(echo "$1" | grep -oE '(scale|n)=[0-9]+' | head -1 | cut -d= -f2)"; }
cx=$b/cxbench
machine=${MACHINE:-h100-sxm}
run_opts="--out $out/gpu-results --machine $machine --no-progress"
