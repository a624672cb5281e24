#!/usr/bin/env bash
# graph_networkx: vertices, edges, degree extremes, isolated vertices and self-loop count of
# a random multigraph-with-loops edge list against networkx (docs/studies/graph.md "oracles"), with
# Debian's interpreter (not a python3 first on PATH, which may not see Debian's modules).
# Skipped (77) when networkx is absent. A fresh seed each run, printed.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
py=/usr/bin/python3
"$py" -c 'import networkx' 2>/dev/null || { echo "SKIP: networkx not importable by $py"; exit 77; }
seed=${CXB_TEST_SEED:-$RANDOM$RANDOM}
echo "graph_networkx: seed $seed (CXB_TEST_SEED=$seed repeats this run)"
for round in 1 2 3; do
    "$py" - "$seed$round" "$tmp/r.el" "$tmp/want" <<'PY'
import random, sys
import networkx as nx
rng = random.Random(int(sys.argv[1]))
n = rng.randint(1, 3000)
pairs = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 4 * n))]
with open(sys.argv[2], "w") as f:
    f.write("# random tuples with loops and repeats\n")
    for u, v in pairs:
        f.write(f"{u}\t{v}\n")
g = nx.Graph()
g.add_nodes_from(range(max((max(p) for p in pairs), default=-1) + 1))
g.add_edges_from(pairs)
loops = sum(1 for u, v in pairs if u == v)
g.remove_edges_from(list(nx.selfloop_edges(g)))
deg = [d for _, d in g.degree()]
with open(sys.argv[3], "w") as f:
    f.write(f"vertices: {g.number_of_nodes()}\nedges: {g.number_of_edges()}\n")
    f.write(f"self_loops_removed: {loops}\n")
    f.write(f"isolated_vertices: {nx.number_of_isolates(g)}\n")
    f.write(f"degree_min: {min(deg, default=0)}\ndegree_max: {max(deg, default=0)}\n")
    f.write(f"degree_mean: {repr(2 * g.number_of_edges() / g.number_of_nodes()) if deg else '0.0'}\n")
PY
    got=$("$cx" graph info "$tmp/r.el" --quiet |
          grep -E '^(vertices|edges|self_loops_removed|isolated_vertices|degree_min|degree_max|degree_mean):')
    [ "$got" = "$(cat "$tmp/want")" ] || fail "round $round: got [$got] want [$(cat "$tmp/want")]"
done
finish
