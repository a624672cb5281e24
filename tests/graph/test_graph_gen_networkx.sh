#!/usr/bin/env bash
# graph_gen_networkx: generated graphs against networkx (docs/studies/graph.md oracles), with Debian's
# interpreter: ring n=1000 k=10 has 10,000 triangles and transitivity 3(k-2)/(4(k-1)) = 2/3;
# lattices have no triangles and degree 2d; gnp's degree histogram matches Binomial(n-1, p)
# by a chi-square test (pooled bins, expected >= 5, p-value > 1e-4) and its transitivity is
# near p (within 0.55 p at n = 4000, p = 0.002: triangles ~ Poisson(85), about 5 sigma);
# gnm's edge count and simplicity. Skipped (77) without networkx and scipy. A fresh
# seed each run, printed.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
py=/usr/bin/python3
"$py" -c 'import networkx, scipy' 2>/dev/null || { echo "SKIP: networkx/scipy not importable by $py"; exit 77; }
seed=${CXB_TEST_SEED:-$RANDOM$RANDOM}
echo "graph_gen_networkx: seed $seed (CXB_TEST_SEED=$seed repeats this run)"
gen() { "$cx" graph gen "$1" --quiet --out "$tmp/$2.el" >/dev/null || fail "gen $1"; }
gen "ring:n=1000,k=10" ring
gen "lattice:dims=30x30" torus
gen "lattice:dims=4x4x4,periodic=0" cube
gen "gnp:n=4000,p=0.002,seed=$seed" gnp
gen "gnp:n=400,p=0.3,seed=$seed" dense
gen "gnm:n=2000,m=9000,seed=$seed" gnm
"$py" - "$tmp" <<'PY' || fail "networkx checks"
import sys
import networkx as nx
from scipy import stats
d = sys.argv[1]
def load(name, n):
    g = nx.read_edgelist(f"{d}/{name}.el", nodetype=int, comments="#")
    g.add_nodes_from(range(n))
    return g
bad = 0
def check(ok, what):
    global bad
    if not ok:
        print("FAIL:", what); bad += 1
g = load("ring", 1000)
check(sum(nx.triangles(g).values()) // 3 == 10000, "ring triangles")
check(abs(nx.transitivity(g) - 2 / 3) < 1e-12, "ring transitivity")
check(set(dict(g.degree()).values()) == {10}, "ring degrees")
g = load("torus", 900)
check(nx.number_of_edges(g) == 1800 and sum(nx.triangles(g).values()) == 0, "torus")
check(nx.is_isomorphic(g, nx.grid_2d_graph(30, 30, periodic=True)), "torus = networkx torus")
g = load("cube", 64)
check(nx.is_isomorphic(g, nx.grid_graph(dim=[4, 4, 4])), "open 4x4x4 = networkx grid")
for name, n, p in (("gnp", 4000, 0.002), ("dense", 400, 0.3)):
    g = load(name, n)
    deg = [x for _, x in g.degree()]
    # chi-square of the degree histogram against Binomial(n-1, p), bins pooled to E >= 5
    b = stats.binom(n - 1, p)
    lo, hi = int(b.ppf(1e-4)), int(b.isf(1e-4))
    edges = list(range(lo, hi + 1))
    obs = [sum(1 for x in deg if x <= lo)] + [deg.count(k) for k in edges[1:-1]] + \
          [sum(1 for x in deg if x >= hi)]
    exp = [n * b.cdf(lo)] + [n * b.pmf(k) for k in edges[1:-1]] + [n * b.sf(hi - 1)]
    po, pe = [], []
    ao = ae = 0.0
    for o, e in zip(obs, exp):
        ao += o; ae += e
        if ae >= 5:
            po.append(ao); pe.append(ae); ao = ae = 0.0
    po[-1] += ao; pe[-1] += ae
    chi = sum((o - e) ** 2 / e for o, e in zip(po, pe))
    pv = stats.chi2.sf(chi, len(po) - 1)
    print(f"{name}: {g.number_of_edges()} edges, chi2 {chi:.1f} on {len(po) - 1} dof, p-value {pv:.3g}")
    check(pv > 1e-4, f"{name} degree histogram p-value {pv}")
    t = nx.transitivity(g)
    check(abs(t - p) < 0.55 * p if name == "gnp" else abs(t - p) < 0.01, f"{name} transitivity {t}")
g = load("gnm", 2000)
check(g.number_of_edges() == 9000 and nx.number_of_selfloops(g) == 0, "gnm edges")
sys.exit(1 if bad else 0)
PY
finish
