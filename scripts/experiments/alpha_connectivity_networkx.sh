#!/usr/bin/env bash
# scripts/experiments/alpha_connectivity_networkx.sh - the independent check of
# alpha_connectivity.c: the reference graphs of `cxbench graph gen alpha:n=500,k=10,...
# --impl graphgen.alpha.seq`, written as SNAP edge lists, their components counted by
# networkx (Debian's /usr/bin/python3, python3-networkx). Prints "spec ALPHA SEED COMPONENTS",
# the format of alpha_connectivity.c --per-seed, so the two can be compared with diff.
#   scripts/experiments/alpha_connectivity_networkx.sh build/cxbench SEEDS "1 1.5 2 2.5 3"
set -euo pipefail
cxbench=${1:-build/cxbench}
seeds=${2:-30}
alphas=${3:-"1 1.5 2 2.5 3"}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for a in $alphas; do
    for s in $(seq 1 "$seeds"); do
        "$cxbench" graph gen "alpha:n=500,k=10,alpha=$a,seed=$s" --impl graphgen.alpha.seq --quiet \
            --out "$dir/g_${a}_$s.txt" >/dev/null
    done
done
/usr/bin/python3 - "$dir" "$seeds" $alphas <<'PY'
import sys, networkx as nx
d, seeds, alphas = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
for a in alphas:
    for s in range(1, seeds + 1):
        g = nx.Graph()
        g.add_nodes_from(range(500))
        with open(f"{d}/g_{a}_{s}.txt") as f:
            for line in f:
                if line.startswith('#') or not line.strip():
                    continue
                u, v = map(int, line.split()[:2])
                g.add_edge(u, v)
        assert g.number_of_edges() == 2500, (a, s, g.number_of_edges())
        print(f"spec {float(a):g} {s} {nx.number_connected_components(g)}")
PY
