#!/usr/bin/env bash
# tests/components/test_anchors.sh CXBENCH - the calibration anchors' tooling
# (docs/studies/components.md "Calibration anchors"): the console parsers of scripts/anchors/lib.sh on
# captured outputs of ECL-CC, GAP and `cxbench graph components` (tests/components/data/, written
# from the programs' printf formats), the samples.csv rows they become (the header of
# harness/records.c, one cell per column), egr2sg against the .egr that cxbench writes, and
# bash -n / shellcheck on the scripts, and an anchor set read by `cxbench report` through INDEX.md.
# Expected values are worked out by hand from the captured
# text (seconds x 1e9, milliseconds x 1e6), not taken from the parser.
set -u
cxbench=${1:?usage: test_anchors.sh CXBENCH}
src=$(cd "$(dirname "$0")/../.." && pwd)
data="$src/tests/components/data"
# shellcheck source=scripts/anchors/lib.sh
. "$src/scripts/anchors/lib.sh"
fails=0
check() { # WHAT GOT WANT
    if [ "$2" != "$3" ]; then
        echo "FAIL: $1: got [$2], want [$3]"
        fails=$((fails + 1))
    fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ECL-CC: 0.000412345 s -> 412345 ns; A = 16777216 CSR entries (= 2m); its check passed
got=$(anchor_parse_eclcc "$data/eclcc_baseline.txt")
check "eclcc baseline" "$got" "time_ns=412345 nodes=1048576 arcs=16777216 components=1 verified=1"
# a run whose own verification failed still has its time, with verified=0
got=$(anchor_parse_eclcc "$data/eclcc_racefree_failed.txt")
check "eclcc race-free, failed check" "$got" "time_ns=2500000 nodes=4194304 arcs=67108864 components=1527403 verified=0"
check "eclcc race-free, get" "$(anchor_get "$got" components)" "1527403"
# no GPU: no compute time, exit 1
anchor_parse_eclcc "$data/eclcc_nogpu.txt" >/dev/null
check "eclcc without a GPU: exit" "$?" "1"

# GAP cc: three trials 4.12, 3.98, 4.05 ms; average 4.05 ms; 1 component; no -v
got=$(anchor_parse_gap "$data/gap_cc.txt" | tr '\n' ' ')
check "gap cc" "$got" "trial_ns=4120000 trial_ns=3980000 trial_ns=4050000 average_ns=4050000 nodes=1048576 edges=8388096 components=1 verify_pass=0 verify_fail=0 "
# GAP cc_sv with -v: two trials, one PASS and one FAIL
got=$(anchor_parse_gap "$data/gap_sv_verify.txt" | tail -1)
check "gap sv verify" "$(anchor_get "$got" verify_pass)/$(anchor_get "$got" verify_fail)" "1/1"
check "gap sv trials" "$(anchor_parse_gap "$data/gap_sv_verify.txt" | grep -c '^trial_ns=')" "2"
printf 'Read Time:           0.01\n' >"$tmp/gap_none.txt"
anchor_parse_gap "$tmp/gap_none.txt" >/dev/null
check "gap without a trial: exit" "$?" "1"

# cxbench graph components: samples_ms 0.421,0.418,0.415 -> ns
got=$(anchor_parse_cxbench "$data/cxbench_components.txt" | tr '\n' ' ')
check "cxbench components" "$got" "sample_ns=421000 sample_ns=418000 sample_ns=415000 vertices=1048576 edges=8388608 components=1 labels_hash=0x0123456789abcdef verified=yes "
grep -v '^samples_ms' "$data/cxbench_components.txt" >"$tmp/one.txt"
check "cxbench components, one sample" "$(anchor_parse_cxbench "$tmp/one.txt" | head -1)" "sample_ns=418000"

# samples.csv rows: as many cells as the header has columns, the impl's parts split
hdr=$(anchor_samples_header)
check "header = harness/records.c" "$hdr" "run_id,study,impl,backend,algorithm,variant,point,params,n,threads,bind,seed,rep,mode,batch,wall_ns,cpu_ns,alloc_ns,h2d_ns,kernel_ns,d2h_ns,free_ns,rng_ns,sync_ns,transfer_ns,time_ns,instructions,checksum,verified,t_start_ns,extra"
row=$(anchor_row R1 components.eclccracefree.anchor anchor "family=gnm;m=8388608;n=1048576" 8388608 1 1 3 cold 91000000 412345 412345 77 "arcs=16777216;components=1")
check "row cells" "$(awk -F, '{ print NF }' <<<"$row")" "$(awk -F, '{ print NF }' <<<"$hdr")"
check "row study/impl/backend/algorithm/variant" "$(cut -d, -f2-6 <<<"$row")" "components,components.eclccracefree.anchor,anchor,eclccracefree,anchor"
check "row time_ns, kernel_ns, verified" "$(cut -d, -f26,20,29 <<<"$row")" "412345,412345,1"
check "row extra" "$(cut -d, -f31 <<<"$row")" "arcs=16777216;components=1"
check "point differs by impl" "$(anchor_point a p)" "$(printf 'a|p' | sha256sum | cut -c1-16)"
check "json escape" "$(anchor_json 'a"b\c')" '"a\"b\\c"'

# an anchor set read by `cxbench report` through INDEX.md: unionfind.cuda 2 ms against race-free
# ECL-CC 3 ms on gnm n = 2^20 (m = 2^23): the anchors table says 1.50, the target holds
set_dir="$tmp/results/h100-sxm/20261127T000000Z-0000abcd"
mkdir -p "$set_dir"
{
    anchor_samples_header
    for r in 0 1 2; do
        anchor_row 20261127T000000Z-0000abcd components.unionfind.cuda cuda "d=16;model=gnm;n=1048576" 8388608 1 1 "$r" cli "" 2000000 2000000 "$r" "components=1;edges=8388608"
        anchor_row 20261127T000000Z-0000abcd components.eclccracefree.anchor anchor "d=16;model=gnm;n=1048576" 8388608 1 1 "$r" cold 9000000 3000000 3000000 "$r" "arcs=16777216;components=1;edges=8388608"
        anchor_row 20261127T000000Z-0000abcd components.afforest.pthreads pthreads "d=16;model=gnm;n=1048576" 8388608 16 1 "$r" cli "" "" 11000000 "$r" "components=1;edges=8388608"
        anchor_row 20261127T000000Z-0000abcd components.gapafforest.anchor anchor "d=16;model=gnm;n=1048576" 8388608 16 1 "$r" cpu 10000000 "" 10000000 "$r" "components=1;edges=8388608"
    done
} >"$set_dir/samples.csv"
printf '{"schema_version": "1.1.0", "run": {"run_id": "20261127T000000Z-0000abcd", "study": "components"}, "build": {"type": "anchors"}}\n' >"$set_dir/provenance.json"
printf '| key | study | sets | commit | protocol | output |\n|---|---|---|---|---|---|\n| cc.modern.anchor | components | 20261127T000000Z-0000abcd | - | anchors | - |\n| cc.modern.anchor.cpu | components | 20261127T000000Z-0000abcd | - | anchors | - |\n' >"$tmp/results/h100-sxm/INDEX.md"
if "$cxbench" report "$tmp/results" >"$tmp/report.md" 2>"$tmp/report.err"; then
    check "report: anchors row" "$(grep -c '^| gnm | 2^20 | 2 | - | 3 | 1.50 |' "$tmp/report.md")" "1"
    check "report: race-free target" "$(grep 'as fast as race-free ECL-CC' "$tmp/report.md" | grep -c '| holds | cc.modern.anchor |')" "1"
    # the CPU target is judged on its own key (GAP's rows may come from another call than the GPU rows)
    check "report: GAP target" "$(grep "within 1.25x of GAP's Afforest" "$tmp/report.md" | grep -c '| holds | cc.modern.anchor.cpu |')" "1"
    check "report: rate of the anchor row" "$(grep -c '| gnm | 2^20 | 8388608 | race-free ECL-CC (anchor) | 3 | 2.8 |' "$tmp/report.md")" "1"
else
    echo "FAIL: cxbench report on an anchor set: $(cat "$tmp/report.err")"
    fails=$((fails + 1))
fi

# egr2sg on the .egr that `cxbench graph gen` writes: GAP's .sg header and CSR
if command -v cc >/dev/null && "$cxbench" graph gen gnm:n=1000,m=4000 --threads 1 --out "$tmp/g.egr" --quiet >/dev/null; then
    cc -std=c11 -O2 -Wall -Wextra -Werror -o "$tmp/egr2sg" "$src/scripts/anchors/egr2sg.c" || { echo "FAIL: egr2sg does not compile cleanly"; fails=$((fails + 1)); }
    if "$tmp/egr2sg" "$tmp/g.egr" "$tmp/g.sg"; then
        # .egr: 4 + 4 + 4(n+1) + 4a bytes; .sg: 1 + 8 + 8 + 8(n+1) + 4a bytes (n = 1000, a = 8000)
        check "egr size" "$(stat -c %s "$tmp/g.egr")" "$((8 + 4 * 1001 + 4 * 8000))"
        check "sg size" "$(stat -c %s "$tmp/g.sg")" "$((17 + 8 * 1001 + 4 * 8000))"
        check "sg header" "$(od -An -t u1 -N1 "$tmp/g.sg" | tr -d ' ') $(od -An -t d8 -j1 -N16 "$tmp/g.sg" | xargs)" "0 8000 1000"
        check "sg neighbours = egr neighbours" "$(tail -c 32000 "$tmp/g.sg" | sha256sum)" "$(tail -c 32000 "$tmp/g.egr" | sha256sum)"
        check "sg last offset" "$(od -An -t d8 -j$((17 + 8 * 1000)) -N8 "$tmp/g.sg" | xargs)" "8000"
    else
        echo "FAIL: egr2sg"; fails=$((fails + 1))
    fi
    printf 'xx' >"$tmp/bad.egr"
    "$tmp/egr2sg" "$tmp/bad.egr" "$tmp/bad.sg" 2>/dev/null
    check "egr2sg on a truncated file: exit" "$?" "2"
fi

# end to end where scripts/anchors/build.sh has built GAP in anchors/bin (a local check; the
# GPU host runs the whole of run-components.sh): GAP's own output through the parser
gap="$src/anchors/bin/gap-cc"
if [ -x "$gap" ] && [ -f "$tmp/g.sg" ]; then
    OMP_NUM_THREADS=1 "$gap" -f "$tmp/g.sg" -n 2 -a >"$tmp/gap.txt" 2>&1
    got=$(anchor_parse_gap "$tmp/gap.txt" | tail -1)
    # the graph: gnm n = 1000, m = 4000 (simple); its component count from cxbench's CSR would
    # need the components study, so check GAP's count is plausible (>= 1) and its edges exact
    check "gap end to end: edges" "$(anchor_get "$got" edges)" "4000"
    check "gap end to end: trials" "$(anchor_parse_gap "$tmp/gap.txt" | grep -c '^trial_ns=')" "2"
    [ "$(anchor_get "$got" components)" -ge 1 ] 2>/dev/null || { echo "FAIL: gap end to end: components"; fails=$((fails + 1)); }
fi

# the scripts parse, and are shellcheck-clean where shellcheck is installed
for s in "$src"/scripts/anchors/*.sh "$src/scripts/gpu-run.sh"; do
    bash -n "$s" || { echo "FAIL: bash -n $s"; fails=$((fails + 1)); }
done
if command -v shellcheck >/dev/null; then
    (cd "$src" && shellcheck -x scripts/anchors/*.sh tests/components/test_anchors.sh tests/components/test_overlay.sh) || { echo "FAIL: shellcheck"; fails=$((fails + 1)); }
fi
[ "$fails" = 0 ] && echo "anchors: all checks passed"
[ "$fails" = 0 ]
