#!/usr/bin/env bash
# graph_cli: cxbench graph info / convert as users and scripts see them (docs/studies/graph.md,
# 11.3): the key: value block, round trips snap -> mtx -> cxg -> snap keeping the edge set
# and its hash, and every malformed input giving exit 2, one error line naming FILE:LINE,
# and no output file (not even a temporary).
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
d=$tmp/g
mkdir -p "$d"

# expect_fail CODE "exact message" IN [ARGS]: convert IN into d/out.el fails, leaves nothing
expect_fail() {
    local code=$1 want=$2; shift 2
    rm -f "$d"/out.*
    expect_error "$code" "$cx" graph convert "$@" "$d/out.el"
    local got; got=$(cat "$tmp/err")
    [ "$got" = "cxbench: error: $want" ] || fail "message: got [$got] want [cxbench: error: $want]"
    ! ls "$d"/out.* >/dev/null 2>&1 || fail "output or temporary left behind: $(ls "$d")"
    expect_error "$code" "$cx" graph info "$@"
}

# ---- the block, on a hand-made file with known counts ----
printf '# a path 0-1-2-3 and a star at 5, with one loop, two duplicates, CRLF and a weight\n0 1\r\n1 0\n1\t2 0.5\n2 3\n3 3\n5 6\n5 7\n7 5\n5 8' >"$d/h.el"
want="graph: $d/h.el
format: snap
vertices: 9
edges: 6
arcs: 12
pairs_read: 9
self_loops_removed: 1
duplicates_removed: 2
extra_columns_ignored: 1
isolated_vertices: 1
degree_min: 0
degree_max: 3
degree_mean: 1.3333333333333333
edgeset_hash: 0x$(printf '%016x' 0)"
got=$("$cx" graph info "$d/h.el" --quiet)
hash=$(echo "$got" | sed -n 's/^edgeset_hash: //p')
[ "$got" = "${want%edgeset_hash:*}edgeset_hash: $hash" ] || fail "info block: [$got]"
[[ "$hash" =~ ^0x[0-9a-f]{16}$ ]] || fail "hash format $hash"
# the hash is sum of mix64((u << 32) | v) over u < v (docs/studies/graph.md): recompute independently
ref=$(python3 - <<'PY' 2>/dev/null
M = (1 << 64) - 1
def mix(z):
    z ^= z >> 30; z = z * 0xbf58476d1ce4e5b9 & M; z ^= z >> 27
    z = z * 0x94d049bb133111eb & M; z ^= z >> 31; return z
print("0x%016x" % (sum(mix(u << 32 | v) for u, v in [(0,1),(1,2),(2,3),(5,6),(5,7),(5,8)]) & M))
PY
)
[ -z "$ref" ] || [ "$ref" = "$hash" ] || fail "hash $hash, independent $ref"
"$cx" graph info "$d/h.el" --check | grep -qx 'check: ok' || fail "--check"
"$cx" graph info "$d/h.el" | grep -q '^phase_ms: parse=[0-9.]* csr=[0-9.]* cache=off$' || fail "phase_ms"
"$cx" graph info "$d/h.el" --quiet | grep -q time_ms && fail "--quiet printed time_ms"
"$cx" graph info "$d/h.el" --n 20 --quiet | grep -qx 'vertices: 20' || fail "--n"
"$cx" graph info "$d/h.el" --ids compact --quiet | grep -qx 'isolated_vertices: 0' || fail "--ids compact"
"$cx" graph info "$d/h.el" --multigraph --quiet | grep -qx 'edges: 8' || fail "--multigraph"

# ---- round trips: snap -> mtx -> cxg -> egr/snap keep the edge set and the hash ----
"$cx" graph convert "$d/h.el" "$d/a.el" --quiet >/dev/null || fail "convert to snap"
"$cx" graph convert "$d/a.el" "$d/b.mtx" --quiet >/dev/null || fail "convert to mtx"
"$cx" graph convert "$d/b.mtx" "$d/c.cxg" --quiet >"$d/c.out" || fail "convert to cxg"
"$cx" graph convert "$d/c.cxg" "$d/e.txt" --quiet >/dev/null || fail "convert to snap again"
"$cx" graph convert "$d/c.cxg" "$d/f.bin" --format egr --quiet >/dev/null || fail "convert to egr"
grep -qx "written: $d/c.cxg" "$d/c.out" || fail "written: line"
grep -qx "format: cxg" "$d/c.out" || fail "format of the written graph"
for f in a.el b.mtx c.cxg e.txt; do
    h=$("$cx" graph info "$d/$f" --quiet | sed -n 's/^edgeset_hash: //p')
    [ "$h" = "$hash" ] || fail "$f: hash $h, want $hash"
done
# the canonical SNAP text is the same whatever it came from (only the origin comment differs)
cmp -s <(tail -n +2 "$d/a.el") <(tail -n +2 "$d/e.txt") || fail "canonical snap differs"
[ "$(sed -n 4p "$d/a.el")" = $'0\t1' ] || fail "snap body"
[ "$(sed -n 1p "$d/b.mtx")" = '%%MatrixMarket matrix coordinate pattern symmetric' ] || fail "mtx banner"
[ "$(sed -n 3,4p "$d/b.mtx")" = $'9 9 6\n2 1' ] || fail "mtx size line/first entry"
[ "$(wc -c <"$d/f.bin")" = $((8 + 4 * 10 + 4 * 12)) ] || fail "egr size"
# a graph with isolated top ids loses them in text, not in .cxg
"$cx" graph convert "$d/h.el" "$d/n.cxg" --n 12 --quiet >/dev/null
"$cx" graph info "$d/n.cxg" --quiet | grep -qx 'vertices: 12' || fail "cxg keeps n"

# ---- the empty graph and one vertex ----
: >"$d/empty.el"
got=$("$cx" graph info "$d/empty.el" --quiet | grep -E '^(vertices|edges|degree_mean|edgeset_hash):')
[ "$got" = $'vertices: 0\nedges: 0\ndegree_mean: 0.0\nedgeset_hash: 0x0000000000000000' ] || fail "empty: [$got]"
"$cx" graph convert "$d/empty.el" "$d/empty.cxg" --quiet >/dev/null || fail "empty to cxg"
"$cx" graph info "$d/empty.cxg" --check --quiet | grep -qx 'check: ok' || fail "empty cxg"
printf '0 0\n' >"$d/one.el"
got=$("$cx" graph info "$d/one.el" --quiet | grep -E '^(vertices|edges|self_loops_removed|degree_mean):')
[ "$got" = $'vertices: 1\nedges: 0\nself_loops_removed: 1\ndegree_mean: 0.0' ] || fail "one vertex: [$got]"

# ---- docs/studies/graph.md: malformed inputs ----
printf '0 1\n1 2\n12abc 3\n' >"$d/tok.el"
expect_fail 2 "$d/tok.el:3: expected a vertex id, found \"12abc\"" "$d/tok.el"
printf '0 1\n-4 2\n' >"$d/neg.el"
expect_fail 2 "$d/neg.el:2: expected a vertex id, found \"-4\"" "$d/neg.el"
printf '# c\n7\n' >"$d/one_id.el"
expect_fail 2 "$d/one_id.el:2: expected two vertex ids, found one" "$d/one_id.el"
printf '1 4294967295\n' >"$d/big.el"
expect_fail 2 "$d/big.el:1: vertex id 4294967295 exceeds the 32-bit limit 4294967294" "$d/big.el"
printf '1 2\n999 1000\n' >"$d/n.el"
expect_fail 2 "$d/n.el:2: vertex id 1000 is not below --n 1000" "$d/n.el" --n 1000
expect_fail 2 "$d/missing.el: cannot open: No such file or directory" "$d/missing.el"
printf '%%%%MatrixMarket matrix coordinate pattern\n2 2 0\n' >"$d/hdr.mtx"
expect_fail 2 "$d/hdr.mtx:1: expected \"%%MatrixMarket matrix coordinate <field> <symmetry>\"" "$d/hdr.mtx"
printf '%%%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n' >"$d/arr.mtx"
expect_fail 2 "$d/arr.mtx:1: array (dense) format is not supported; use coordinate" "$d/arr.mtx"
printf '%%%%MatrixMarket matrix coordinate pattern general\n%% x\n100 120 0\n' >"$d/sq.mtx"
expect_fail 2 "$d/sq.mtx:3: matrix is 100 x 120; a graph needs a square matrix" "$d/sq.mtx"
printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n0 1\n' >"$d/zero.mtx"
expect_fail 2 "$d/zero.mtx:4: row index 0 outside 1..3" "$d/zero.mtx"
printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 4\n' >"$d/range.mtx"
expect_fail 2 "$d/range.mtx:4: column index 4 outside 1..3" "$d/range.mtx"
printf '%%%%MatrixMarket matrix coordinate pattern symmetric\n3 3 3\n2 1\n3 2\n' >"$d/count.mtx"
expect_fail 2 "$d/count.mtx: size line declares 3 entries, found 2" "$d/count.mtx"
printf '%%%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2\n' >"$d/val.mtx"
expect_fail 2 "$d/val.mtx:3: field \"real\" needs a value after the two indices" "$d/val.mtx"
printf '%%%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 abc\n' >"$d/num.mtx"
expect_fail 2 "$d/num.mtx:3: expected a numeric value, found \"abc\"" "$d/num.mtx"
# truncated files: a Matrix Market file cut mid-way, a .cxg cut or with a flipped byte
printf '%%%%MatrixMarket matrix coordinate pattern symmetric\n9 9 6\n2 1\n3 2\n4' >"$d/cut.mtx"
expect_fail 2 "$d/cut.mtx:5: expected two indices, found one" "$d/cut.mtx"
head -n 5 "$d/b.mtx" >"$d/cut2.mtx"
expect_fail 2 "$d/cut2.mtx: size line declares 6 entries, found 2" "$d/cut2.mtx"
size=$(wc -c <"$d/c.cxg")
head -c $((size - 4)) "$d/c.cxg" >"$d/cut.cxg"
expect_fail 2 "$d/cut.cxg: corrupt cache (truncated); delete it or regenerate" "$d/cut.cxg"
head -c 40 "$d/c.cxg" >"$d/hdr.cxg"
expect_fail 2 "$d/hdr.cxg: corrupt cache (truncated header); delete it or regenerate" "$d/hdr.cxg"
cp "$d/c.cxg" "$d/flip.cxg"
last=$(tail -c 4 "$d/c.cxg" | od -An -tu4 | tr -d ' ') # the last arc: 8 -> 5 on the star
printf '\x06' | dd of="$d/flip.cxg" bs=1 seek=$((size - 4)) conv=notrunc status=none
expect_fail 2 "$d/flip.cxg: corrupt cache (edgeset hash mismatch); delete it or regenerate" "$d/flip.cxg"
[ "$last" = 5 ] || fail "last arc $last"
cp "$d/c.cxg" "$d/ver.cxg"
printf '\x07' | dd of="$d/ver.cxg" bs=1 seek=8 conv=notrunc status=none
expect_fail 2 "$d/ver.cxg: corrupt cache (unknown version); delete it or regenerate" "$d/ver.cxg"
# a .cxg whose magic is gone reads as text, and fails as text does
cp "$d/c.cxg" "$d/magic.cxg"
printf 'X' | dd of="$d/magic.cxg" bs=1 seek=0 conv=notrunc status=none
expect_error 2 "$cx" graph info "$d/magic.cxg"
expect_error 2 "$cx" graph info "$d/magic.cxg" --format cxg
grep -q 'bad magic' "$tmp/err" || fail "forced cxg: $(cat "$tmp/err")"

# a .cxg whose offsets, ids and hash are fine but whose row 1 = {0, 2} is stored as {2, 0}
# under the SORTED flag: refused on load (every graph study trusts the flags), one line
cp "$d/c.cxg" "$d/unsorted.cxg"
printf '\x02\x00\x00\x00\x00\x00\x00\x00' | dd of="$d/unsorted.cxg" bs=1 seek=$((384 + 4)) conv=notrunc status=none
expect_error 2 "$cx" graph info "$d/unsorted.cxg" --quiet
grep -qx "cxbench: error: $d/unsorted.cxg: corrupt cache (row 1 is not sorted, though the flags say so); delete it or regenerate" "$tmp/err" ||
    fail "unsorted.cxg message: $(cat "$tmp/err")"
expect_error 2 "$cx" graph info "$d/unsorted.cxg" --check --quiet
printf '\x01\x02\x03 4\n' >"$d/bin.el"
expect_fail 2 "$d/bin.el:1: expected a vertex id, found \"???\"" "$d/bin.el"

# ---- the command line itself ----
expect_error 2 "$cx" graph
expect_error 2 "$cx" graph frobnicate x
expect_error 2 "$cx" graph info
expect_error 2 "$cx" graph info "$d/h.el" --bogus
expect_error 2 "$cx" graph info "$d/h.el" --ids sometimes
expect_error 2 "$cx" graph info "$d/h.el" --n ten
expect_error 2 "$cx" graph info "$d/h.el" extra
expect_error 2 "$cx" graph convert "$d/h.el"
expect_error 2 "$cx" graph convert "$d/h.el" "$d/out.xyz"
expect_error 2 "$cx" graph convert "$d/h.el" "$d/out.el" --format gml
expect_error 2 "$cx" graph convert "$d/h.el" "$d/nodir/out.el"
expect_error 2 "$cx" graph info "$d/h.el" --n 4294967296
ls "$d" | grep -q '\.tmp\.' && fail "temporary files left: $(ls "$d")"

# ---- memory: estimated before any work, exit 3 naming the need and what is available ----
# (CXB_MEM_LIMIT lowers what is available, docs/cli.md "graph"; nothing large is allocated)
CXB_MEM_LIMIT=1Gi expect_error 3 timeout 20 "$cx" graph gen kron:scale=27
grep -q 'kron:scale=27,ef=16,seed=1: needs 81.0 GiB of host memory (2147483648 tuples' "$tmp/err" ||
    fail "kron:scale=27: $(cat "$tmp/err")"
for spec in line:n=100000 ring:n=100000,k=4 lattice:dims=300x300 gnm:n=1000,m=100000 gnp:n=2000,p=0.5 \
    ws:n=100000,k=4,p=0.1 wsfast:n=100000,k=4,p=0.1 nw:n=100000,k=4,p=0.1 disjoint:e=100000,c=10,n=1000 \
    rmat:scale=14 kron:scale=14 bacopy:n=100000,m=4 alpha:n=100000,k=10,alpha=1 ba:n=100000,m=4; do
    CXB_MEM_LIMIT=1Mi expect_error 3 "$cx" graph gen "$spec" --out "$d/big.cxg"
    grep -q 'needs .* of host memory (.*), 1.0 MiB available (CXB_MEM_LIMIT)' "$tmp/err" ||
        fail "graph gen $spec under 1 MiB: $(cat "$tmp/err")"
    [ ! -e "$d/big.cxg" ] || fail "graph gen $spec wrote a file it had no memory for"
done
"$cx" graph gen ring:n=1000,k=4 --out "$d/ring.cxg" --quiet >/dev/null || fail "ring.cxg"
"$cx" graph convert "$d/ring.cxg" "$d/ring.mtx" --quiet >/dev/null || fail "ring.mtx"
CXB_MEM_LIMIT=16Ki expect_error 3 "$cx" graph info "$d/ring.cxg"
grep -q 'ring.cxg: needs 24008 B of host memory (1000 vertices and 4000 arcs)' "$tmp/err" ||
    fail "cxg header estimate: $(cat "$tmp/err")"
CXB_MEM_LIMIT=16Ki expect_error 3 "$cx" graph convert "$d/ring.mtx" "$d/ring2.el"
grep -q 'ring.mtx: needs .* (2000 entries and their CSR)' "$tmp/err" || fail "mtx size line estimate: $(cat "$tmp/err")"
[ ! -e "$d/ring2.el" ] || fail "convert wrote a file it had no memory for"
# the limit read from ulimit -v (not under a sanitizer, whose shadow memory needs the address space)
if ! grep -q '__asan_init\|__tsan_init' "$cx"; then
    (
        ulimit -v 300000 || exit 0
        expect_error 3 "$cx" graph gen ring:n=2^24,k=4
        grep -q 'available (ulimit -v)' "$tmp/err" || fail "ulimit -v: $(cat "$tmp/err")"
        exit "$fails"
    ) || fails=$((fails + 1))
fi
finish
