#!/usr/bin/env bash
# components_cli: cxbench graph components as users and scripts see it (docs/cli.md "graph
# components", docs/studies/components.md): the key: value lines in their order, labels_hash
# recomputed independently, --labels through the one output path (a file, a FIFO, a symlink, a
# directory refused, nothing left on failure) with --ids compact mapping back to the original
# ids, exit 1 on a verification mismatch, 2 on bad input, 3 for a CUDA row this build or host
# cannot run, --help; and the study through the runner.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
d=$tmp/c
mkdir -p "$d"

# ---- a hand-made file: {10,20,30} {40,50}, a self-loop at 70 ----
printf '# two components\n10 20\n20 30\n50 40\n70 70\n30 10\n' >"$d/g.el"
out=$("$cx" graph components "$d/g.el" --impl unionfind.seq --verify 2>"$tmp/err")
[ $? = 0 ] || fail "asis run: $(cat "$tmp/err")"
keys=$(echo "$out" | sed 's/:.*//' | tr '\n' ' ')
[ "$keys" = "graph vertices edges impl components largest_component isolated_vertices labels_hash verified time_ms phase_ms rate_gedges_s " ] ||
    fail "keys: [$keys]"
want="graph: $d/g.el
vertices: 71
edges: 4
impl: components.unionfind.seq
components: 68
largest_component: 3
isolated_vertices: 66"
[ "$(echo "$out" | head -7)" = "$want" ] || fail "asis block: [$out]"
echo "$out" | grep -qx 'verified: yes (components.recursive.seq)' || fail "verified line: [$out]"
echo "$out" | grep -Eq '^time_ms: [0-9]+\.[0-9]{3}$' || fail "time_ms"
echo "$out" | grep -Eq '^phase_ms: kernel=[0-9]+\.[0-9]{3}$' || fail "phase_ms"
echo "$out" | grep -Eq '^rate_gedges_s: [0-9.e+-]+$' || fail "rate"

# labels_hash: sum of mix64((v << 32) | label) (docs/studies/graph.md), recomputed here
hash_of() { # hash_of "label0 label1 ..."
    /usr/bin/python3 - "$@" <<'PY' 2>/dev/null
import sys
M = (1 << 64) - 1
def mix(z):
    z ^= z >> 30; z = z * 0xbf58476d1ce4e5b9 & M; z ^= z >> 27
    z = z * 0x94d049bb133111eb & M; z ^= z >> 31; return z
lab = [int(x) for x in sys.argv[1].split()]
print("0x%016x" % (sum(mix(v << 32 | l) for v, l in enumerate(lab)) & M))
PY
}
asis_labels=$(for v in $(seq 0 70); do
    case $v in 20 | 30) echo 10 ;; 50) echo 40 ;; *) echo "$v" ;; esac; done | tr '\n' ' ')
h=$(hash_of "$asis_labels")
[ -z "$h" ] || echo "$out" | grep -qx "labels_hash: $h" || fail "labels_hash, independent $h: [$out]"

# ---- --ids compact, --labels in original ids, every row ----
for impl in recursive.seq unionfind.seq cas.pthreads unionfind.pthreads afforest.pthreads; do
    rm -f "$d/lab.tsv"
    out=$("$cx" graph components "$d/g.el" --ids compact --impl "components.$impl" --labels "$d/lab.tsv" --verify \
        --quiet --set threads=3 2>"$tmp/err") || fail "$impl compact: $(cat "$tmp/err")"
    echo "$out" | grep -qx 'vertices: 6' || fail "$impl: vertices [$out]"
    echo "$out" | grep -qx 'components: 3' || fail "$impl: components [$out]"
    echo "$out" | grep -qx 'isolated_vertices: 1' || fail "$impl: isolated [$out]"
    echo "$out" | grep -q '^verified: yes (components\.' || fail "$impl: verified [$out]"
    echo "$out" | grep -q 'time_ms' && fail "$impl: --quiet printed time_ms"
    [ "$(printf '10\t10\n20\t10\n30\t10\n40\t40\n50\t40\n70\t70')" = "$(cat "$d/lab.tsv")" ] ||
        fail "$impl: labels file [$(cat "$d/lab.tsv")]"
    if [ "$impl" = cas.pthreads ]; then
        echo "$out" | grep -Eq '^iterations: [0-9]+$' || fail "cas: iterations line"
    else
        echo "$out" | grep -q '^iterations' && fail "$impl: iterations line"
    fi
done
h=$(hash_of "0 0 0 3 3 5")
[ -z "$h" ] || echo "$out" | grep -qx "labels_hash: $h" || fail "compact labels_hash, independent $h"

# ---- --gen, --reps, samples_ms, --multigraph ----
out=$("$cx" graph components --gen line:n=5000 --impl cas.pthreads --reps 3 --set threads=2 2>"$tmp/err") ||
    fail "--gen: $(cat "$tmp/err")"
keys=$(echo "$out" | sed 's/:.*//' | tr '\n' ' ')
[ "$keys" = "graph vertices edges impl components largest_component isolated_vertices labels_hash iterations verified time_ms samples_ms phase_ms rate_gedges_s " ] ||
    fail "--gen keys: [$keys]"
echo "$out" | grep -qx 'graph: line:n=5000' || fail "graph line"
echo "$out" | grep -qx 'components: 1' || fail "line components"
echo "$out" | grep -qx 'verified: skipped' || fail "verified skipped"
echo "$out" | grep -Eq '^samples_ms: [0-9.]+,[0-9.]+,[0-9.]+$' || fail "samples_ms: [$out]"
"$cx" graph components --gen disjoint:n=1000,e=3000,c=3,seed=2 --multigraph --impl unionfind.seq --quiet |
    grep -qx 'edges: 3000' && true # (self-loops are dropped: just below 3000)
m=$("$cx" graph components --gen disjoint:n=1000,e=3000,c=3,seed=2 --multigraph --impl unionfind.seq --quiet |
    sed -n 's/^edges: //p')
s=$("$cx" graph components --gen disjoint:n=1000,e=3000,c=3,seed=2 --impl unionfind.seq --quiet | sed -n 's/^edges: //p')
[ -n "$m" ] && [ -n "$s" ] && [ "$m" -gt "$s" ] || fail "--multigraph keeps parallel edges ($m vs $s)"

# ---- --labels: FIFO streamed, symlink followed, directory refused, nothing left on failure ----
mkfifo "$d/fifo"
cat "$d/fifo" >"$d/fifo.out" &
reader=$!
"$cx" graph components "$d/g.el" --ids compact --impl unionfind.seq --labels "$d/fifo" --quiet >/dev/null ||
    fail "FIFO output"
wait $reader
[ "$(wc -l <"$d/fifo.out")" = 6 ] || fail "FIFO content: [$(cat "$d/fifo.out")]"
[ -p "$d/fifo" ] || fail "the FIFO was replaced"
echo old >"$d/target.tsv"
ln -s target.tsv "$d/link.tsv"
"$cx" graph components "$d/g.el" --ids compact --impl unionfind.seq --labels "$d/link.tsv" --quiet >/dev/null ||
    fail "symlink output"
[ -L "$d/link.tsv" ] || fail "the symlink was replaced"
[ "$(head -1 "$d/target.tsv")" = "$(printf '10\t10')" ] || fail "symlink target content"
mkdir "$d/adir"
expect_error 2 "$cx" graph components "$d/g.el" --labels "$d/adir"
expect_error 2 "$cx" graph components "$d/g.el" --labels "$d/nosuchdir/x.tsv"
expect_error 2 "$cx" graph components "$d/missing.el" --impl unionfind.seq --labels "$d/never.tsv"
printf '1 2\n3 x\n' >"$d/bad.el"
expect_error 2 "$cx" graph components "$d/bad.el" --impl unionfind.seq --labels "$d/never.tsv"
grep -q "bad.el:2" "$tmp/err" || fail "bad input names FILE:LINE: $(cat "$tmp/err")"
! ls "$d"/never* >/dev/null 2>&1 || fail "output or temporary left behind: $(ls "$d")"

# ---- exit 1: a wrong labelling (the fault=1 test hook) is caught by --verify ----
"$cx" graph components --gen gnm:n=2000,m=800,seed=3 --impl unionfind.pthreads --verify --set fault=1 --quiet \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || fail "mismatch exit $rc"
grep -Eq '^verified: no \(.*labels_hash 0x[0-9a-f]{16} != 0x[0-9a-f]{16}\)$' "$tmp/out" || fail "mismatch line: $(cat "$tmp/out")"
"$cx" graph components --gen gnm:n=2000,m=800,seed=3 --impl unionfind.pthreads --set fault=1 --quiet >/dev/null ||
    fail "without --verify a fault is not checked"

# ---- exit 2: bad input and parameters ----
expect_error 2 "$cx" graph components
expect_error 2 "$cx" graph components "$d/g.el" --gen line:n=5
expect_error 2 "$cx" graph components --gen nosuch:n=5
expect_error 2 "$cx" graph components --gen gnm:n=5
expect_error 2 "$cx" graph components --gen line:n=5 --ids compact
expect_error 2 "$cx" graph components --gen line:n=5 --impl nosuch.seq
expect_error 2 "$cx" graph components --gen line:n=5 --impl unionfind.seq --set colour=red
expect_error 2 "$cx" graph components --gen line:n=5 --impl unionfind.seq --set instances=0
expect_error 2 "$cx" graph components --gen line:n=5 --reps 0
expect_error 2 "$cx" graph components --gen line:n=5 --ids sideways
expect_error 2 "$cx" graph components "$d/g.el" --n 3

# ---- exit 3: a CUDA row without CUDA or without a GPU ----
"$cx" graph components --gen line:n=5 --impl components.k1.cuda >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc != 0 ]; then
    expect_error 3 "$cx" graph components --gen line:n=5 --impl components.k1.cuda
    grep -Eq 'built without CUDA|unavailable' "$tmp/err" || fail "CUDA refusal: $(cat "$tmp/err")"
fi

# ---- --help, and the group ----
"$cx" graph components --help >"$tmp/out" 2>&1 || fail "--help exit"
for f in --gen --impl --ids --n --multigraph --set --reps --labels --verify --quiet; do
    grep -q -- "$f" "$tmp/out" || fail "--help lacks $f"
done
"$cx" graph >"$tmp/out" 2>&1
grep -q 'components' "$tmp/out" || fail "cxbench graph does not list components"

# ---- the runner: a preset slice with instances, and a fault caught there ----
"$cx" run components --impl components.cas.pthreads,components.unionfind.seq --set preset=leist.fig6.5 \
    --set instances=2 --reps 2 --max-reps 2 --min-time 0 --noise 0 --no-table --no-progress --out "$d/runs" \
    >"$tmp/out" 2>"$tmp/err" || fail "run components: $(cat "$tmp/err")"
[ "$(grep -c '^components\.' "$tmp/out")" = 10 ] || fail "run: 10 point lines expected: $(cat "$tmp/out")"
"$cx" run components --impl components.unionfind.seq --set preset=quick --set fault=1 --reps 1 --max-reps 1 \
    --min-time 0 --noise 0 --no-table --no-progress --out "$d/runs" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || fail "run with a fault: exit $rc"
grep -q 'verification failed' "$tmp/out" "$tmp/err" || fail "run with a fault: no verification failure reported"
finish
