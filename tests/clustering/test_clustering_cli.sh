#!/usr/bin/env bash
# clustering_cli: cxbench graph clustering as users and scripts see it (docs/cli.md "graph
# clustering", docs/studies/clustering.md "Command line"): the key: value lines in their order on
# Zachary's karate club (Zachary 1977: 45 triangles, 528 triples, the published float strings),
# --local for the thesis's rows, --per-vertex through the one output path (a file, a FIFO, a
# symlink, a directory refused, nothing left on failure; T_v of the karate club as published),
# --order reversed, duplicated input edges, exit 1 on a verification mismatch, 2 on bad input and
# multigraph input, 3 for a CUDA or multi-GPU row this build or host cannot run, --help; and the
# study through the runner.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
d=$tmp/c
mkdir -p "$d"

# ---- Zachary's karate club, networkx's numbering, every edge once ----
cat >"$d/karate.el" <<'EL'
# Zachary's karate club
0 1
0 2
0 3
0 4
0 5
0 6
0 7
0 8
0 10
0 11
0 12
0 13
0 17
0 19
0 21
0 31
1 2
1 3
1 7
1 13
1 17
1 19
1 21
1 30
2 3
2 7
2 8
2 9
2 13
2 27
2 28
2 32
3 7
3 12
3 13
4 6
4 10
5 6
5 10
5 16
6 16
8 30
8 32
8 33
9 33
13 33
14 32
14 33
15 32
15 33
18 32
18 33
19 33
20 32
20 33
22 32
22 33
23 25
23 27
23 29
23 32
23 33
24 25
24 27
24 31
25 31
26 29
26 33
27 33
28 31
28 33
29 32
29 33
30 32
30 33
31 32
31 33
32 33
EL
karate_block="vertices: 34
edges: 78
triangles: 45
triples: 528
transitivity: 0.2556818181818182"
for impl in tcmerge.seq tcmerge.pthreads; do
    out=$("$cx" graph clustering "$d/karate.el" --impl "$impl" --verify --set threads=3 2>"$tmp/err") ||
        fail "$impl: $(cat "$tmp/err")"
    keys=$(echo "$out" | sed 's/:.*//' | tr '\n' ' ')
    [ "$keys" = "graph vertices edges impl triangles triples transitivity avg_local_clustering avg_local_clustering_deg2 verified time_ms phase_ms rate_gedges_s " ] ||
        fail "$impl keys: [$keys]"
    [ "$(echo "$out" | grep -v '^graph\|^impl\|^avg\|^verified\|_ms\|^rate')" = "$karate_block" ] || fail "$impl block: [$out]"
    echo "$out" | grep -qx 'avg_local_clustering: 0.5706384782076823' || fail "$impl avg_local: [$out]"
    echo "$out" | grep -qx 'avg_local_clustering_deg2: 0.5879305533048848' || fail "$impl avg_local_deg2: [$out]"
    echo "$out" | grep -qx "impl: clustering.$impl" || fail "$impl: impl line"
    echo "$out" | grep -q '^verified: yes (clustering\.' || fail "$impl: verified [$out]"
    echo "$out" | grep -Eq '^phase_ms: prep=[0-9]+\.[0-9]{3} kernel=[0-9]+\.[0-9]{3}$' || fail "$impl: phase_ms [$out]"
done
for impl in smallest.seq smallest.pthreads smallest.pthreadsgrain; do
    for order in smallest reversed; do
        out=$("$cx" graph clustering "$d/karate.el" --impl "clustering.$impl" --order $order --verify --quiet \
            --set threads=2 2>"$tmp/err") || fail "$impl $order: $(cat "$tmp/err")"
        keys=$(echo "$out" | sed 's/:.*//' | tr '\n' ' ')
        [ "$keys" = "graph vertices edges impl triangles triples transitivity verified " ] || fail "$impl keys: [$keys]"
        echo "$out" | grep -qx 'triangles: 45' || fail "$impl $order triangles [$out]"
        echo "$out" | grep -qx 'triples: 528' || fail "$impl $order triples"
        echo "$out" | grep -qx 'verified: yes (clustering.tcmerge.seq)' || fail "$impl $order verified [$out]"
    done
    out=$("$cx" graph clustering "$d/karate.el" --impl "$impl" --local --quiet 2>"$tmp/err") || fail "$impl --local"
    echo "$out" | grep -qx 'avg_local_clustering: 0.5706384782076823 (reference)' || fail "$impl --local: [$out]"
    echo "$out" | grep -qx 'avg_local_clustering_deg2: 0.5879305533048848 (reference)' || fail "$impl --local deg2"
    echo "$out" | grep -qx 'verified: skipped' || fail "$impl: verified skipped"
done

# ---- --per-vertex: the published T_v, degrees and local coefficients ----
"$cx" graph clustering "$d/karate.el" --impl tcmerge.seq --per-vertex "$d/pv.tsv" --quiet >/dev/null ||
    fail "--per-vertex"
tv="18 12 11 10 2 3 3 6 5 0 2 0 1 6 1 1 1 1 1 1 1 1 1 4 1 1 1 1 1 4 3 3 13 15"
[ "$(cut -f3 "$d/pv.tsv" | tr '\n' ' ')" = "$tv " ] || fail "T_v column: [$(cut -f3 "$d/pv.tsv" | tr '\n' ' ')]"
[ "$(cut -f1 "$d/pv.tsv" | tr '\n' ' ')" = "$(seq 0 33 | tr '\n' ' ')" ] || fail "vertex column"
[ "$(sed -n 1p "$d/pv.tsv")" = "$(printf '0\t16\t18\t0.15')" ] || fail "vertex 0 line: [$(sed -n 1p "$d/pv.tsv")]"
[ "$(sed -n 12p "$d/pv.tsv")" = "$(printf '11\t1\t0\tnan')" ] || fail "vertex 11 (degree 1) line"
[ "$(sed -n 10p "$d/pv.tsv")" = "$(printf '9\t2\t0\t0.0')" ] || fail "vertex 9 (degree 2, no triangle) line"
# vertex 33: 15 / C(17, 2) = 15/136, printed as Python's repr prints it
want33=$(/usr/bin/python3 -c 'print(repr(30/(17*16)))' 2>/dev/null)
[ -z "$want33" ] || [ "$(sed -n 34p "$d/pv.tsv")" = "$(printf '33\t17\t15\t%s' "$want33")" ] || fail "vertex 33 line"
# the thesis's rows write the reference's counts
"$cx" graph clustering "$d/karate.el" --impl smallest.seq --per-vertex "$d/pv2.tsv" --quiet >/dev/null ||
    fail "--per-vertex smallest.seq"
cmp -s "$d/pv.tsv" "$d/pv2.tsv" || fail "--per-vertex of smallest.seq differs"
# --ids compact maps back to the original ids
printf '100 200\n200 300\n300 100\n300 400\n' >"$d/tri.el"
"$cx" graph clustering "$d/tri.el" --ids compact --impl tcmerge.seq --per-vertex "$d/tri.tsv" --quiet >/dev/null ||
    fail "--ids compact"
[ "$(cat "$d/tri.tsv")" = "$(printf '100\t2\t1\t1.0\n200\t2\t1\t1.0\n300\t3\t1\t0.3333333333333333\n400\t1\t0\tnan')" ] ||
    fail "compact per-vertex: [$(cat "$d/tri.tsv")]"
mkfifo "$d/fifo"
cat "$d/fifo" >"$d/fifo.out" &
reader=$!
"$cx" graph clustering "$d/karate.el" --impl tcmerge.pthreads --per-vertex "$d/fifo" --quiet >/dev/null || fail "FIFO"
wait $reader
cmp -s "$d/fifo.out" "$d/pv.tsv" || fail "FIFO content"
[ -p "$d/fifo" ] || fail "the FIFO was replaced"
echo old >"$d/target.tsv"
ln -s target.tsv "$d/link.tsv"
"$cx" graph clustering "$d/karate.el" --impl tcmerge.seq --per-vertex "$d/link.tsv" --quiet >/dev/null || fail "symlink"
[ -L "$d/link.tsv" ] || fail "the symlink was replaced"
cmp -s "$d/target.tsv" "$d/pv.tsv" || fail "symlink target content"
mkdir "$d/adir"
expect_error 2 "$cx" graph clustering "$d/karate.el" --per-vertex "$d/adir"
expect_error 2 "$cx" graph clustering "$d/karate.el" --per-vertex "$d/nosuchdir/x.tsv"
expect_error 2 "$cx" graph clustering "$d/missing.el" --impl tcmerge.seq --per-vertex "$d/never.tsv"
printf '1 2\n3 x\n' >"$d/bad.el"
expect_error 2 "$cx" graph clustering "$d/bad.el" --impl tcmerge.seq --per-vertex "$d/never.tsv"
grep -q "bad.el:2" "$tmp/err" || fail "bad input names FILE:LINE: $(cat "$tmp/err")"
! ls "$d"/never* >/dev/null 2>&1 || fail "output or temporary left behind: $(ls "$d")"

# ---- duplicated input edges are one edge; multigraph input is refused ----
printf '0 1\n1 0\n1 2\n2 0\n0 2\n0 1\n' >"$d/dup.el"
out=$("$cx" graph clustering "$d/dup.el" --impl smallest.seq --quiet --verify) || fail "duplicates"
echo "$out" | grep -qx 'triangles: 1' && echo "$out" | grep -qx 'triples: 3' || fail "duplicates: [$out]"
expect_error 2 "$cx" graph clustering "$d/dup.el" --multigraph
"$cx" graph convert "$d/dup.el" "$d/dup.cxg" --multigraph --quiet >/dev/null 2>&1 || fail "convert --multigraph"
expect_error 2 "$cx" graph clustering "$d/dup.cxg" --impl tcmerge.seq
grep -q 'multigraph' "$tmp/err" || fail "multigraph refusal: $(cat "$tmp/err")"

# ---- --gen, --reps, samples_ms; degenerate graphs print nan ----
out=$("$cx" graph clustering --gen ring:n=1000,k=10 --impl tcmerge.pthreads --reps 3 --set threads=2 2>"$tmp/err") ||
    fail "--gen: $(cat "$tmp/err")"
echo "$out" | grep -qx 'graph: ring:n=1000,k=10' || fail "graph line [$out]"
echo "$out" | grep -qx 'triangles: 10000' && echo "$out" | grep -qx 'triples: 45000' || fail "ring counts [$out]"
echo "$out" | grep -qx 'transitivity: 0.6666666666666666' || fail "ring transitivity"
echo "$out" | grep -Eq '^samples_ms: [0-9.]+,[0-9.]+,[0-9.]+$' || fail "samples_ms: [$out]"
out=$("$cx" graph clustering --gen line:n=2 --impl tcmerge.seq --quiet) || fail "line:n=2"
echo "$out" | grep -qx 'transitivity: nan' && echo "$out" | grep -qx 'avg_local_clustering: 0.0' &&
    echo "$out" | grep -qx 'avg_local_clustering_deg2: nan' || fail "degenerate: [$out]"

# ---- exit 1: wrong counts (the fault=1 test hook) are caught by --verify ----
"$cx" graph clustering --gen gnm:n=2000,m=8000,seed=3 --impl tcmerge.pthreads --verify --set fault=1 --quiet \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || fail "mismatch exit $rc"
grep -Eq '^verified: no \(.*triangles [0-9]+ != [0-9]+ of clustering.tcmerge.seq\)$' "$tmp/out" ||
    fail "mismatch line: $(cat "$tmp/out")"
"$cx" graph clustering --gen gnm:n=2000,m=8000,seed=3 --impl smallest.seq --set fault=1 --quiet >/dev/null ||
    fail "without --verify a fault is not checked"

# ---- exit 2: bad input and parameters ----
expect_error 2 "$cx" graph clustering
expect_error 2 "$cx" graph clustering "$d/karate.el" --gen line:n=5
expect_error 2 "$cx" graph clustering --gen nosuch:n=5
expect_error 2 "$cx" graph clustering --gen line:n=5 --ids compact
expect_error 2 "$cx" graph clustering --gen line:n=5 --impl nosuch.seq
expect_error 2 "$cx" graph clustering --gen line:n=5 --impl smallest.seq --set colour=red
expect_error 2 "$cx" graph clustering --gen line:n=5 --impl smallest.pthreads --set block=0
expect_error 2 "$cx" graph clustering --gen line:n=5 --impl tcmerge.seq --order reversed
expect_error 2 "$cx" graph clustering --gen line:n=5 --order sideways
expect_error 2 "$cx" graph clustering --gen line:n=5 --reps 0
expect_error 2 "$cx" graph clustering --gen line:n=5 --gpus 0
expect_error 2 "$cx" graph clustering "$d/karate.el" --n 3

# ---- exit 3: a CUDA or multi-GPU row without CUDA or without a GPU ----
for row in clustering.k1.cuda clustering.k2.mgpu; do
    "$cx" graph clustering --gen line:n=5 --impl $row >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc != 0 ]; then
        expect_error 3 "$cx" graph clustering --gen line:n=5 --impl $row
        grep -Eq 'built without CUDA|unavailable' "$tmp/err" || fail "CUDA refusal: $(cat "$tmp/err")"
    fi
done

# ---- --help, and the group ----
"$cx" graph clustering --help >"$tmp/out" 2>&1 || fail "--help exit"
for f in --gen --impl --order --ids --n --multigraph --local --gpus --set --reps --per-vertex --verify --quiet; do
    grep -q -- "$f" "$tmp/out" || fail "--help lacks $f"
done
"$cx" graph >"$tmp/out" 2>&1
grep -q 'clustering' "$tmp/out" || fail "cxbench graph does not list clustering"

# ---- the runner: a preset slice with instances, and a fault caught there ----
"$cx" run clustering --impl clustering.smallest.pthreads,clustering.tcmerge.seq --set preset=quick \
    --set instances=2 --reps 2 --max-reps 2 --min-time 0 --noise 0 --no-table --no-progress --out "$d/runs" \
    >"$tmp/out" 2>"$tmp/err" || fail "run clustering: $(cat "$tmp/err")"
[ "$(grep -c '^clustering\.' "$tmp/out")" = 24 ] || fail "run: 24 point lines expected (2 rows, 2 sweeps of 6 points): $(cat "$tmp/out")"
"$cx" run clustering --impl clustering.tcmerge.seq --set preset=quick --set fault=1 --reps 1 --max-reps 1 \
    --min-time 0 --noise 0 --no-table --no-progress --out "$d/runs" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || fail "run with a fault: exit $rc"
grep -q 'verification failed' "$tmp/out" "$tmp/err" || fail "run with a fault: no verification failure reported"
finish
