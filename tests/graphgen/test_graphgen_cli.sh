#!/usr/bin/env bash
# graphgen_cli: cxbench graph gen alpha:... / ba:... (docs/studies/graphgen.md): the key lines in
# their order, seq and pthreads (1, 2, 3 threads) giving the same edgeset_hash with
# "verified: yes (graphgen.MODEL.seq)", the written file reading back with the same hash,
# CUDA variants exiting 3 without a GPU (or verifying with one), and bad specs giving
# exit 2, one error line and no output file.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
field() { sed -n "s/^$1: //p" "$2"; }

for spec in "alpha:n=300,k=6,alpha=1,seed=5" "alpha:n=200,k=4,alpha=2.5,seed=2,x=1" \
            "ba:n=3000,m=4,seed=3" "ba:n=500,m=2,n0=5,x=16"; do
    model=${spec%%:*}
    "$cx" graph gen "$spec" --verify --out "$tmp/ref.el" >"$tmp/ref" 2>"$tmp/err" || { fail "$spec: $(cat "$tmp/err")"; continue; }
    keys=$(sed 's/:.*//' "$tmp/ref" | tr '\n' ' ')
    [ "$keys" = "model spec stream_version impl x vertices tuples self_loops_removed duplicates_removed edges degree_max edgeset_hash verified written time_ms phase_ms " ] ||
        fail "$spec: key lines [$keys]"
    grep -qx "verified: yes (invariants)" "$tmp/ref" || fail "$spec: seq verified line"
    grep -qx "impl: graphgen.$model.seq" "$tmp/ref" || fail "$spec: impl line"
    h=$(field edgeset_hash "$tmp/ref")
    for t in 1 2 3; do
        "$cx" graph gen "$spec" --impl "graphgen.$model.pthreads" --threads $t --verify --quiet >"$tmp/p" ||
            fail "$spec: pthreads $t"
        [ "$(field edgeset_hash "$tmp/p")" = "$h" ] || fail "$spec: pthreads $t threads hash"
        grep -qx "verified: yes (graphgen.$model.seq)" "$tmp/p" || fail "$spec: pthreads verified line"
    done
    n=$(field vertices "$tmp/ref")
    "$cx" graph info "$tmp/ref.el" --n "$n" --check --quiet >"$tmp/info" || fail "$spec: info"
    [ "$(field edgeset_hash "$tmp/info")" = "$h" ] || fail "$spec: written file hash"
    "$cx" graph gen "$spec" --impl cuda2 --verify --quiet >"$tmp/c" 2>"$tmp/err"
    rc=$?
    if [ $rc = 0 ]; then
        grep -qx "verified: yes (graphgen.$model.seq)" "$tmp/c" || fail "$spec: cuda2 verified line"
        grep -q "^device_bytes_peak: " "$tmp/c" || fail "$spec: cuda2 device_bytes_peak"
    else
        [ $rc = 3 ] || fail "$spec: cuda2 without a GPU exits $rc, want 3"
    fi
done
"$cx" graph gen "alpha:n=500,k=10,alpha=1" --quiet | grep -qx "spec: alpha:n=500,k=10,alpha=1,seed=1,x=auto,reduce=canonical" ||
    fail "canonical alpha spec"
"$cx" graph gen "ba:n=100,m=3" --quiet | grep -qx "spec: ba:n=100,m=3,n0=6,seed=1,x=auto" || fail "canonical ba spec"
"$cx" graph gen "ba:n=100,m=3" --quiet | grep -qx "edges: 297" || fail "ba edge count 15 + 3*94"

expect_error 2 "$cx" graph gen "alpha:n=11,k=3,alpha=1" --out "$tmp/bad.el"
expect_error 2 "$cx" graph gen "alpha:n=10,k=9,alpha=1"
expect_error 2 "$cx" graph gen "alpha:n=10,k=2,alpha=-1"
expect_error 2 "$cx" graph gen "alpha:n=10,k=2"
expect_error 2 "$cx" graph gen "alpha:n=10,k=2,alpha=1,reduce=atomic"
expect_error 2 "$cx" graph gen "alpha:n=10,k=2,alpha=1,m=3"
expect_error 2 "$cx" graph gen "ba:n=10,m=0"
expect_error 2 "$cx" graph gen "ba:n=10,m=3,n0=3"
expect_error 2 "$cx" graph gen "ba:n=10,m=3,n0=11"
expect_error 2 "$cx" graph gen "ba:n=100,m=3" --impl graphgen.alpha.seq
expect_error 2 "$cx" graph gen "ba:n=100,m=3" --impl fast
[ ! -e "$tmp/bad.el" ] || fail "an output file was left behind"
finish
