#!/usr/bin/env bash
# components_oracle: the min-id labels of cxbench graph components against networkx's
# connected_components and igraph's connected_components (docs/studies/components.md
# "Verification", external oracles), memberships mapped to minimum ids, on random graphs of up to
# 10^6 edges: generated models written by graph gen (every CPU row), and random edge lists with
# sparse original ids read with --ids compact. Debian's own interpreter (a python3 found first on
# PATH may not import Debian's python3-networkx and python3-igraph); skipped (77) without them.
cx=$1
py=/usr/bin/python3
[ -x "$py" ] || { echo "SKIP: no $py"; exit 77; }
"$py" -c 'import networkx, igraph' 2>/dev/null || { echo "SKIP: networkx or igraph missing for $py"; exit 77; }
. "$(dirname "$0")/../cli_lib.sh"
d=$tmp/o
mkdir -p "$d"
seed=${CXB_CC_SEED:-$(( $(date +%s) % 100000 ))}
echo "fresh seed $seed (CXB_CC_SEED=$seed replays it)"

# oracle FILE N LABELS...: 0 when both libraries give exactly each LABELS file's min-id labels
# ("v<TAB>label")
oracle() {
    "$py" - "$@" <<'PY'
import sys, networkx as nx, igraph as ig
path, n, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
edges = []
for line in open(path):
    if line.startswith(('#', '%')) or not line.strip():
        continue
    u, v = map(int, line.split()[:2])
    edges.append((u, v))
if n > 0:            # --ids asis: vertices 0 .. n-1
    nodes = list(range(n))
else:                # --ids compact: the ids that occur
    nodes = sorted({x for e in edges for x in e})
G = nx.Graph()
G.add_nodes_from(nodes)
G.add_edges_from(edges)
want = {}
for comp in nx.connected_components(G):
    m = min(comp)
    for v in comp:
        want[v] = m
index = {v: i for i, v in enumerate(nodes)}
H = ig.Graph(n=len(nodes), edges=[(index[u], index[v]) for u, v in edges])
memb = H.connected_components().membership
low = {}
for i, c in enumerate(memb):
    low[c] = min(low.get(c, nodes[i]), nodes[i])
want_ig = {nodes[i]: low[c] for i, c in enumerate(memb)}
rc = 0
for labels in files:
    got = {}
    for line in open(labels):
        v, l = map(int, line.split())
        got[v] = l
    bad = [v for v in nodes if got.get(v) != want[v] or want_ig[v] != want[v]]
    if bad or len(got) != len(nodes):
        v = bad[0] if bad else None
        print(labels, "mismatch at", v, "cxbench", got.get(v), "networkx", want.get(v), "igraph", want_ig.get(v),
              len(got), len(nodes))
        rc = 1
sys.exit(rc)
PY
}

rows="recursive.seq unionfind.seq cas.pthreads unionfind.pthreads afforest.pthreads"
specs="gnm:n=20000,m=9500,seed=$seed gnm:n=30000,m=150000,seed=$((seed + 1)) ws:n=20000,k=4,p=0.5,seed=$seed
kron:scale=14,ef=4,seed=$seed bacopy:n=30000,m=3,n0=6,seed=$seed gnp:n=5000,p=0.0003,seed=$seed
disjoint:n=30000,e=20000,c=100,seed=$seed"
for spec in $specs; do
    "$cx" graph gen "$spec" --impl seq --out "$d/g.el" --quiet >/dev/null 2>"$tmp/err" || { fail "gen $spec: $(cat "$tmp/err")"; continue; }
    files=()
    for impl in $rows; do
        n=$("$cx" graph components "$d/g.el" --impl "$impl" --labels "$d/lab.$impl.tsv" --quiet --set threads=3 2>"$tmp/err" |
            sed -n 's/^vertices: //p')
        [ -n "$n" ] || { fail "$impl on $spec: $(cat "$tmp/err")"; continue; }
        files+=("$d/lab.$impl.tsv")
    done
    oracle "$d/g.el" "$n" "${files[@]}" || fail "$spec"
done

# sparse original ids, read with --ids compact; labels come back in original ids
"$py" - "$seed" "$d/sparse.el" <<'PY'
import random, sys
r = random.Random(int(sys.argv[1]))
ids = r.sample(range(1, 10**7), 8000)
with open(sys.argv[2], "w") as f:
    for _ in range(6000):
        u, v = r.choice(ids), r.choice(ids)
        if u != v:
            f.write("%d %d\n" % (u, v))
PY
files=()
for impl in $rows; do
    "$cx" graph components "$d/sparse.el" --ids compact --impl "$impl" --labels "$d/sp.$impl.tsv" --quiet >/dev/null 2>"$tmp/err" ||
        { fail "$impl compact: $(cat "$tmp/err")"; continue; }
    files+=("$d/sp.$impl.tsv")
done
oracle "$d/sparse.el" 0 "${files[@]}" || fail "sparse ids (--ids compact)"
finish
