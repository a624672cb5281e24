#!/usr/bin/env bash
# graph_gen_spec: the models ws, wsfast, nw, disjoint, rmat, kron and bacopy re-implemented
# in Python from the text of docs/studies/graph.md (Philox4x32-10 from Random123's
# constants, checked against its known answer for counter 0, key 0), and compared edge
# for edge with the SNAP files cxbench writes, on small graphs and a fresh seed (printed).
# Debian's /usr/bin/python3, standard library only; skipped (77) without it.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
py=/usr/bin/python3
[ -x "$py" ] || { echo "SKIP: $py not found"; exit 77; }
seed=${CXB_TEST_SEED:-$RANDOM$RANDOM}
echo "graph_gen_spec: seed $seed (CXB_TEST_SEED=$seed repeats this run)"
specs=("ws:n=200,k=6,p=0.3,seed=$seed" "ws:n=60,k=40,p=0.7,seed=$seed"
       "wsfast:n=300,k=8,p=0.2,seed=$seed" "nw:n=300,k=4,p=0.3,seed=$seed"
       "disjoint:n=300,e=1000,c=7,seed=$seed" "rmat:scale=8,ef=4,seed=$seed"
       "rmat:scale=9,ef=3,a=0.45,b=0.15,c=0.15,perm=0,seed=$seed" "kron:scale=7,seed=$seed"
       "bacopy:n=500,m=3,seed=$seed" "bacopy:n=300,m=2,n0=0,seed=$seed"
       "bacopy:n=200,m=4,n0=3,seed=$seed")
i=0
for s in "${specs[@]}"; do
    "$cx" graph gen "$s" --threads 3 --quiet --out "$tmp/g$i.el" >/dev/null || fail "gen $s"
    i=$((i + 1))
done
"$py" - "$tmp" "${specs[@]}" <<'PY' || fail "spec re-implementation differs"
import sys
M = (1 << 64) - 1
def philox(c, k):  # Random123 Philox4x32-10
    c = list(c); k = list(k)
    for r in range(10):
        p0 = 0xD2511F53 * c[0]; p1 = 0xCD9E8D57 * c[2]
        c = [(p1 >> 32) ^ c[1] ^ k[0], p1 & 0xffffffff, (p0 >> 32) ^ c[3] ^ k[1], p0 & 0xffffffff]
        k = [(k[0] + 0x9E3779B9) & 0xffffffff, (k[1] + 0xBB67AE85) & 0xffffffff]
    return c
assert philox([0, 0, 0, 0], [0, 0]) == [0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8]
def gdraw(seed, dom, i, j):  # docs/studies/graph.md
    return philox([i & 0xffffffff, i >> 32, j, dom], [seed & 0xffffffff, seed >> 32])
def x0(w): return w[0] | w[1] << 32
def x1(w): return w[2] | w[3] << 32
def bounded(x, r): return (x * r) >> 64
def thresh(p): return 1 << 64 if p >= 1 else int(p * 2.0 ** 64)
def hit(x, p): return p >= 1 or x < thresh(p)

def ws(n, k, p, seed):
    h = k // 2
    adj = [set() for _ in range(n)]
    for v in range(n):
        for s in range(1, h + 1):
            adj[v].add((v + s) % n); adj[(v + s) % n].add(v)
    for s in range(1, h + 1):
        for v in range(n):
            if not hit(x0(gdraw(seed, 3, v, s << 16)), p):
                continue
            for a in range(65535):
                j = bounded(x0(gdraw(seed, 3, v, (s << 16) | (a + 1))), n)
                if j != v and j not in adj[v]:
                    break
            else:
                raise SystemExit("no admissible target")
            far = (v + s) % n
            adj[v].discard(far); adj[far].discard(v); adj[v].add(j); adj[j].add(v)
    return n, [(u, v) for u in range(n) for v in adj[u] if u < v]

def wsfast(n, k, p, seed):
    t = []
    for v in range(n):
        for s in range(1, k // 2 + 1):
            w = gdraw(seed, 4, v, s << 16)
            t.append((v, (v + k // 2 + 1 + bounded(x1(w), n - k - 1)) % n if hit(x0(w), p) else (v + s) % n))
    return n, t

def nw(n, k, p, seed):
    t = [(v, (v + s) % n) for v in range(n) for s in range(1, k // 2 + 1)]
    for s in range(1, k // 2 + 1):
        for v in range(n):
            e = (s - 1) * n + v
            if hit(x0(gdraw(seed, 5, e, 0)), p):
                w = gdraw(seed, 5, e, 1)
                t.append((bounded(x0(w), n), bounded(x1(w), n)))
    return n, t

def disjoint(n, e, c, seed):
    st = [bounded(x0(gdraw(seed, 6, v, 0)), c) for v in range(n)]
    members = [[] for _ in range(c)]
    for v in range(n):
        members[st[v]].append(v)
    t = []
    for i in range(e):
        w = gdraw(seed, 6, i, 1)
        u = bounded(x0(w), n); m = members[st[u]]
        t.append((u, m[bounded(x1(w), len(m))]))
    return n, t

def rmat(scale, ef, a, b, c, perm, seed):
    ta, tab, tabc = (min(int(x * 2.0 ** 32), 1 << 32) for x in (a, a + b, a + b + c))
    mask = (1 << scale) - 1
    keys = [gdraw(seed, 8, r, 0) for r in range(3)]
    def pm(x):
        for w in keys:
            x = (x + (x0(w) & mask)) & mask
            x = (x * ((x1(w) & mask) | 1)) & mask
            x ^= x >> ((scale + 1) // 2)
        return x
    t = []
    for e in range(ef << scale):
        u = v = 0
        for l in range(scale):
            r = gdraw(seed, 7, e, l // 4)[l % 4]
            bit = 1 << (scale - 1 - l)
            if r < ta: pass
            elif r < tab: v |= bit
            elif r < tabc: u |= bit
            else: u |= bit; v |= bit
        t.append((pm(u), pm(v)) if perm else (u, v))
    return 1 << scale, t

def bacopy(n, m, n0, seed):
    core = [(a, b) for a in range(n0) for b in range(a + 1, n0)]
    c0 = len(core)
    def target(x):
        while True:
            r = bounded(x0(gdraw(seed, 9, x, 0)), x)
            if r < 2 * c0: return core[r // 2][r & 1]
            if r % 2 == 0: return n0 + (r // 2 - c0) // m
            x = r
    t = list(core)
    for v in range(n0, n):
        for i in range(m):
            E = c0 + (v - n0) * m + i
            t.append((v, target(2 * E + 1)))
    return n, t

d = sys.argv[1]
bad = 0
for idx, spec in enumerate(sys.argv[2:]):
    model, _, rest = spec.partition(":")
    kv = dict(x.split("=") for x in rest.split(","))
    g = lambda k, dflt=None: kv.get(k, dflt)
    seed = int(g("seed"))
    if model in ("ws", "wsfast", "nw"):
        n, t = {"ws": ws, "wsfast": wsfast, "nw": nw}[model](int(g("n")), int(g("k")), float(g("p")), seed)
    elif model == "disjoint":
        n, t = disjoint(int(g("n")), int(g("e")), int(g("c")), seed)
    elif model in ("rmat", "kron"):
        n, t = rmat(int(g("scale")), int(g("ef", 16)), float(g("a", 0.57)), float(g("b", 0.19)),
                    float(g("c", 0.19)), int(g("perm", 1)), seed)
    else:
        m = int(g("m"))
        n, t = bacopy(int(g("n")), m, int(g("n0", 2 * m)), seed)
    want = sorted({(min(u, v), max(u, v)) for u, v in t if u != v})
    got = []
    for line in open(f"{d}/g{idx}.el"):
        if not line.startswith("#"):
            u, v = line.split()
            got.append((int(u), int(v)))
    ok = got == want
    print(f"{spec}: {len(t)} tuples, {len(want)} edges: {'same' if ok else 'DIFFERENT'}")
    if not ok:
        bad += 1
        print("  only in cxbench:", sorted(set(got) - set(want))[:5], " only in python:", sorted(set(want) - set(got))[:5])
sys.exit(1 if bad else 0)
PY
finish
