#!/usr/bin/env bash
# graph_gen_models_networkx: the new generators against networkx 2.8.8 (docs/studies/graph.md
# oracles), with Debian's interpreter; scipy is not needed. networkx's
# watts_strogatz_graph runs the same process as ws (Leist Sec. 2.6: lap s, vertex u, coin,
# uniform target avoiding u and its current neighbours), so over 10 graphs each at
# n = 2000, k = 10, p = 0.2 the mean transitivity, mean local clustering and mean degree
# variance must agree within 5 combined standard errors. At p = 0, ws, wsfast and nw are
# networkx's ring edge for edge. bacopy (m = 3) and networkx's barabasi_albert_graph share
# the degree law P(K >= k) = m(m+1)/(k(k+1)): the fraction with degree >= 4m agrees within
# 5 standard errors (+0.005 for finite size) and networkx finds one component; dense
# disjoint graphs have exactly c components. Skipped (77) without networkx. Fresh seed.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
py=/usr/bin/python3
"$py" -c 'import networkx' 2>/dev/null || { echo "SKIP: networkx not importable by $py"; exit 77; }
seed=${CXB_TEST_SEED:-$RANDOM$RANDOM}
echo "graph_gen_models_networkx: seed $seed (CXB_TEST_SEED=$seed repeats this run)"
gen() { "$cx" graph gen "$1" --quiet --out "$tmp/$2.el" >/dev/null || fail "gen $1"; }
for r in 0 1 2 3 4 5 6 7 8 9; do gen "ws:n=2000,k=10,p=0.2,seed=$((seed + r))" ws$r; done
for m in ws wsfast nw; do gen "$m:n=300,k=6,p=0" zero_$m; done
for r in 0 1 2; do gen "bacopy:n=20000,m=3,seed=$((seed + r))" ba$r; done
gen "disjoint:n=2000,e=40000,c=13,seed=$seed" dj
"$py" - "$tmp" "$seed" <<'PY' || fail "networkx checks"
import sys, statistics as st
import networkx as nx
d, seed = sys.argv[1], int(sys.argv[2])
def load(name, n):
    g = nx.read_edgelist(f"{d}/{name}.el", nodetype=int, comments="#")
    g.add_nodes_from(range(n))
    return g
bad = 0
def check(ok, what):
    global bad
    print(("ok   " if ok else "FAIL ") + what)
    bad += not ok
def stats(g):
    deg = [x for _, x in g.degree()]
    return nx.transitivity(g), nx.average_clustering(g), st.pvariance(deg)
ours = [stats(load(f"ws{r}", 2000)) for r in range(10)]
theirs = [stats(nx.watts_strogatz_graph(2000, 10, 0.2, seed=seed + r)) for r in range(10)]
for i, name in enumerate(("transitivity", "average clustering", "degree variance")):
    a, b = [x[i] for x in ours], [x[i] for x in theirs]
    se = (st.variance(a) / len(a) + st.variance(b) / len(b)) ** 0.5
    check(abs(st.mean(a) - st.mean(b)) <= 5 * se + 1e-12,
          f"ws {name}: cxbench {st.mean(a):.5f}, networkx {st.mean(b):.5f}, 5 se {5 * se:.5f}")
ring = {tuple(sorted(e)) for e in nx.watts_strogatz_graph(300, 6, 0).edges()}
for m in ("ws", "wsfast", "nw"):
    check({tuple(sorted(e)) for e in load("zero_" + m, 300).edges()} == ring, f"{m} p=0 is networkx's ring")
def tail(g, k):
    return sum(1 for _, x in g.degree() if x >= k) / g.number_of_nodes()
a = [tail(load(f"ba{r}", 20000), 12) for r in range(3)]
b = [tail(nx.barabasi_albert_graph(20000, 3, seed=seed + r), 12) for r in range(3)]
se = (0.077 * 0.923 / 20000 * (1 / 3 + 1 / 3)) ** 0.5
check(abs(st.mean(a) - st.mean(b)) <= 5 * se + 0.005,
      f"bacopy P(deg >= 12): cxbench {st.mean(a):.4f}, networkx BA {st.mean(b):.4f}, BA law {12 / 156:.4f}")
g = load("ba0", 20000)
check(nx.number_connected_components(g) == 1, f"bacopy m=3 connected ({nx.number_connected_components(g)} components)")
g = load("dj", 2000)
check(nx.number_connected_components(g) == 13, f"disjoint c=13 dense: {nx.number_connected_components(g)} components")
sys.exit(1 if bad else 0)
PY
finish
