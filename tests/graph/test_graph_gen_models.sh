#!/usr/bin/env bash
# graph_gen_models_cli: cxbench graph gen for ws, wsfast, nw, disjoint, rmat, kron and
# bacopy (docs/studies/graph.md): the same block for seq and pthreads at 1, 2, 3 and 8 threads
# (only the impl line differs), byte-identical SNAP files and .cxg payloads, --multigraph
# for disjoint, graph info on the written file agreeing with the block, and bad specs
# giving exit 2, one error line and no output file. A fresh seed, printed.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
d=$tmp/g
mkdir -p "$d"
seed=${CXB_TEST_SEED:-$RANDOM$RANDOM}
echo "graph_gen_models_cli: seed $seed (CXB_TEST_SEED=$seed repeats this run)"

field() { sed -n "s/^$1: //p" "$2"; }
# the CUDA comparisons run where a GPU answers; elsewhere --impl cuda must exit 3, one line
gpu=0
if "$cx" graph gen line:n=3 --impl cuda --quiet >/dev/null 2>&1; then
    gpu=1
else
    expect_error 3 "$cx" graph gen line:n=3 --impl cuda --out "$d/none.el"
    grep -q "graphgen.line.cuda: no CUDA device found" "$tmp/err" || fail "no-GPU message: $(cat "$tmp/err")"
    [ ! -e "$d/none.el" ] || fail "no-GPU run left a file"
fi
echo "graph_gen_models_cli: CUDA comparisons $([ $gpu = 1 ] && echo on || echo 'off (no GPU)')"

for spec in "line:n=1000" "ring:n=500,k=6" "lattice:dims=7x5x3,periodic=0" \
            "gnm:n=3000,m=20000,seed=$seed" "gnp:n=3000,p=0.004,seed=$seed" \
            "ws:n=3000,k=8,p=0.2,seed=$seed" "wsfast:n=3000,k=8,p=0.3,seed=$seed" \
            "nw:n=3000,k=6,p=0.4,seed=$seed" "disjoint:n=2000,e=9000,c=13,seed=$seed" \
            "rmat:scale=11,seed=$seed" "rmat:scale=10,ef=5,a=0.45,b=0.15,c=0.15,perm=0,seed=$seed" \
            "kron:scale=10,ef=8,seed=$seed" "bacopy:n=5000,m=4,seed=$seed" \
            "bacopy:n=3000,m=2,n0=0,seed=$seed"; do
    model=${spec%%:*}
    mg=""
    [ "$model" = disjoint ] && mg=--multigraph
    "$cx" graph gen "$spec" --impl seq $mg --quiet --out "$d/ref.el" >"$d/ref" 2>"$tmp/err" ||
        { fail "$spec seq: $(cat "$tmp/err")"; continue; }
    grep -qx "impl: graphgen.$model.seq" "$d/ref" || fail "$spec: impl line"
    grep -qx "model: $model" "$d/ref" || fail "$spec: model line"
    [ "$(field tuples "$d/ref")" = "$(field pairs_read "$d/ref")" ] || fail "$spec: tuples"
    "$cx" graph gen "$spec" --impl seq $mg --quiet --out "$d/ref.cxg" >/dev/null || fail "$spec cxg"
    for t in 1 2 3 8; do
        "$cx" graph gen "$spec" --impl pthreads --threads $t $mg --quiet --out "$d/p.el" >"$d/p" ||
            fail "$spec pthreads $t"
        diff <(grep -v '^impl:' "$d/ref") <(grep -v '^impl:' "$d/p" | sed "s|$d/p.el|$d/ref.el|") \
            >/dev/null || fail "$spec: pthreads $t threads block differs: $(diff "$d/ref" "$d/p")"
        cmp -s "$d/ref.el" "$d/p.el" || fail "$spec: pthreads $t threads SNAP file differs"
        "$cx" graph gen "$spec" --threads $t $mg --quiet --out "$d/p.cxg" >/dev/null
        cmp -s "$d/ref.cxg" "$d/p.cxg" || fail "$spec: pthreads $t threads .cxg differs"
    done
    if [ "$gpu" = 1 ]; then # --impl cuda: the same block, SNAP bytes and .cxg bytes
        "$cx" graph gen "$spec" --impl cuda $mg --quiet --out "$d/c.el" >"$d/c" ||
            fail "$spec cuda: $(cat "$d/c")"
        grep -qx "impl: graphgen.$model.cuda" "$d/c" || fail "$spec: cuda impl line"
        "$cx" graph gen "$spec" $mg | grep -qx "impl: graphgen.$model.cuda" || fail "$spec: cuda is not the default"
        "$cx" graph gen "$spec" --impl cuda $mg |
            grep -q '^phase_ms: gen=[0-9.]* csr=[0-9.]* d2h=[0-9.]* write=[0-9.]*$' || fail "$spec: cuda phase_ms"
        diff <(grep -v '^impl:' "$d/ref") <(grep -v '^impl:' "$d/c" | sed "s|$d/c.el|$d/ref.el|") \
            >/dev/null || fail "$spec: cuda block differs: $(diff "$d/ref" "$d/c")"
        cmp -s "$d/ref.el" "$d/c.el" || fail "$spec: cuda SNAP file differs"
        "$cx" graph gen "$spec" --impl cuda $mg --quiet --out "$d/c.cxg" >/dev/null
        cmp -s "$d/ref.cxg" "$d/c.cxg" || fail "$spec: cuda .cxg differs"
    fi
    "$cx" graph info "$d/ref.cxg" $mg --check --quiet >"$d/info" || fail "$spec: info on the .cxg"
    for k in vertices edges edgeset_hash degree_max isolated_vertices; do
        [ "$(field $k "$d/info")" = "$(field $k "$d/ref")" ] || fail "$spec: $k differs in info"
    done
done
# ws is exact: nk/2 edges, nothing removed; nw keeps the ring
"$cx" graph gen "ws:n=1000,k=10,p=0.5,seed=$seed" --quiet >"$d/ws"
[ "$(field edges "$d/ws")" = 5000 ] && [ "$(field duplicates_removed "$d/ws")" = 0 ] || fail "ws counts"
# canonical spec lines with defaults
"$cx" graph gen kron:scale=4 --quiet | grep -qx "spec: kron:scale=4,ef=16,seed=1" || fail "kron spec"
"$cx" graph gen bacopy:n=100,m=3 --quiet | grep -qx "spec: bacopy:n=100,m=3,n0=6,seed=1" || fail "bacopy spec"
"$cx" graph gen rmat:scale=4 --quiet |
    grep -qx "spec: rmat:scale=4,ef=16,a=0.57,b=0.19,c=0.19,perm=1,seed=1" || fail "rmat spec"

expect_gen_fail() { # expect_gen_fail "message fragment" ARGS...
    local want=$1; shift
    rm -rf "$d/o"; mkdir -p "$d/o"
    expect_error 2 "$cx" graph gen "$@"
    grep -qF -- "$want" "$tmp/err" || fail "message for [$*]: $(cat "$tmp/err") lacks [$want]"
    [ -z "$(ls -A "$d/o")" ] || fail "output left behind for [$*]: $(ls -A "$d/o")"
}
o=$d/o/out.el
expect_gen_fail "ws needs k even and 2 <= k <= n - 2" ws:n=10,k=3,p=0.1 --out "$o"
expect_gen_fail "wsfast needs k/2 < 65536" wsfast:n=1000000,k=131072,p=0.1 --out "$o"
expect_gen_fail "nw needs p=" nw:n=10,k=4 --out "$o"
expect_gen_fail "p=2: expected a decimal in [0, 1]" nw:n=10,k=4,p=2 --out "$o"
expect_gen_fail "disjoint needs 1 <= c <= n sets" disjoint:n=10,e=5,c=11 --out "$o"
expect_gen_fail "disjoint needs 1 <= c <= n sets" disjoint:n=10,e=5,c=0 --out "$o"
expect_gen_fail "scale=32: at most 31" rmat:scale=32 --out "$o"
expect_gen_fail "a + b + c must be at most 1" rmat:scale=5,a=0.6,b=0.3,c=0.2 --out "$o"
expect_gen_fail "unknown key 'a' for kron (keys: scale, ef, seed)" kron:scale=5,a=0.5 --out "$o"
expect_gen_fail "perm=3: expected 0 or 1" rmat:scale=5,perm=3 --out "$o"
expect_gen_fail "bacopy needs m >= 1" bacopy:n=10,m=0 --out "$o"
expect_gen_fail "bacopy needs n0 = 0 or 2 <= n0 <= n" bacopy:n=10,m=2,n0=1 --out "$o"
expect_gen_fail "bacopy needs n0 = 0 or 2 <= n0 <= n" bacopy:n=5,m=3 --out "$o"
expect_gen_fail "unknown model 'barabasi'" barabasi:n=10,m=2 --out "$o"
# a run-time error of ws (near-complete ring) also leaves nothing behind: exit 2
# (n = 6, k = 4, p = 1: a vertex soon neighbours all five others; seeds 1 .. 10 include
# failures)
rm -rf "$d/o"; mkdir -p "$d/o"
errors=0
for s in 1 2 3 4 5 6 7 8 9 10; do
    "$cx" graph gen "ws:n=6,k=4,p=1,seed=$s" --out "$o" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc != 0 ]; then
        errors=$((errors + 1))
        [ $rc = 2 ] && grep -q "^cxbench: error: ws: vertex [0-9]* has no admissible target" "$tmp/err" &&
            [ -z "$(ls -A "$d/o")" ] || fail "ws run-time error: rc $rc $(cat "$tmp/err")"
    fi
    rm -f "$o"
done
[ $errors -gt 0 ] || fail "ws:n=6,k=4,p=1 never hit the no-admissible-target error"
finish
