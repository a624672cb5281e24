#!/usr/bin/env bash
# propagation_oracle: with p = 1 the act array is the multi-source BFS distance
# (docs/studies/propagation.md "The model", "Verification"): cxbench propagate --p 1 on random graphs
# (G(n,m), R-MAT, sparse graphs with several components and isolated vertices) written by
# graph gen, for every loop, against networkx's multi_source_dijkstra_path_length on unit weights
# (-1 outside the sources' components) and steps = the largest distance. Debian's own interpreter
# (a python3 first on PATH may not import Debian's python3-networkx); skipped (77) without it.
cx=$1
py=/usr/bin/python3
[ -x "$py" ] || { echo "SKIP: no $py"; exit 77; }
"$py" -c 'import networkx' 2>/dev/null || { echo "SKIP: networkx missing for $py"; exit 77; }
. "$(dirname "$0")/../cli_lib.sh"
d=$tmp/o
mkdir -p "$d"
seed=${CXB_PROP_SEED:-$(($(date +%s) % 100000))}
echo "fresh seed $seed (CXB_PROP_SEED=$seed replays it)"

# oracle GRAPH N SOURCES OUT: 0 when OUT's n act lines are the BFS distances and its summary's
# steps is their maximum
oracle() {
    "$py" - "$@" <<'PY'
import sys, networkx as nx
path, n, srcfile, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
G = nx.Graph()
G.add_nodes_from(range(n))
for line in open(path):
    if line.startswith(('#', '%')) or not line.strip():
        continue
    u, v = map(int, line.split()[:2])
    if u != v:
        G.add_edge(u, v)
src = [int(x) for x in open(srcfile) if x.strip()]
dist = nx.multi_source_dijkstra_path_length(G, set(src)) if src else {}
lines = open(out).read().split('\n')
act = [int(x) for x in lines[:n]]
for v in range(n):
    want = dist.get(v, -1)
    if act[v] != want:
        print(f"vertex {v}: act {act[v]}, BFS {want}")
        sys.exit(1)
steps = int(lines[n].split(' steps=')[1].split()[0])
if steps != max([0] + list(dist.values())):
    print(f"steps {steps}, eccentricity {max(dist.values())}")
    sys.exit(1)
PY
}

specs=("gnm:n=2000,m=3000,seed=$seed" "rmat:scale=11,ef=4,seed=$seed" "gnm:n=3000,m=1400,seed=$seed")
for i in 0 1 2; do
    "$cx" graph gen "${specs[$i]}" --out "$d/g$i.txt" --quiet >/dev/null 2>"$tmp/e" || fail "graph gen: $(cat "$tmp/e")"
    for k in 1 3; do
        for l in c t a e; do
            "$cx" propagate "$d/g$i.txt" --p 1 --sources $k --seed "$seed" --loop $l --backend pthreads \
                --threads 2 >"$d/out" 2>"$tmp/e" || { fail "${specs[$i]} loop $l: $(cat "$tmp/e")"; continue; }
            tail -n 1 "$d/out" | sed 's/.* sources=\([0-9,]*\) .*/\1/' | tr ',' '\n' >"$d/src"
            nn=$(tail -n 1 "$d/out" | sed 's/^# propagate n=\([0-9]*\) .*/\1/')
            oracle "$d/g$i.txt" "$nn" "$d/src" "$d/out" || fail "${specs[$i]} k=$k loop $l: differs from BFS"
        done
    done
done
[ "$fails" = 0 ] || exit 1
echo "propagation_oracle: all checks passed"
