/* impl_cuda/components/unionfind.cu - components.unionfind.cuda: the ECL-CC design (Jaiganesh and
 * Burtscher, HPDC 2018; its race-free form, Liu, VanAusdal and Burtscher, IISWC 2024) on
 * cxbench's CSR (docs/studies/components-cuda.md "unionfind.cuda").
 *
 *   init      parent[v] = the first neighbour smaller than v, else v;
 *   compute1  one thread per vertex; a vertex without a smaller neighbour is skipped (its edges
 *             are handled from their other ends); degree <= deg_warp (16), or at most
 *             deg_inline (20) with at most deg_warp smaller neighbours: its edges inline;
 *             else degree <= deg_block (352): appended to the front of a double-ended worklist,
 *             else to its back;
 *   compute2  one warp per front entry; compute3 one block per back entry;
 *   per edge (v, u) with u < v, in compute2 and compute3: find both representatives with intermediate pointer jumping
 *             (each element visited is re-pointed to its grandparent), and hook the larger root
 *             under the smaller with atomicCAS(parent[large], large, small); a failed CAS
 *             returns the new parent of `large`, from which the walk goes on (ECL-CC's retry);
 *             in compute1: Rem's union with splicing (below, deviation 8), or on graphs whose
 *             edges are mostly local in id, find + hook from v's parent (deviation 11);
 *   flatten   every vertex points at its root.
 * Every parent is <= its child, so the smallest id of a component is its root at the end: the
 * canonical labels. Launch size: blocks of 256 threads, each kernel grid-stride; compute1 over one
 * thread per vertex (n / 256 blocks), the others over SMs x max threads per SM / 256 blocks as
 * ECL-CC (deviation 10).
 *
 * Deviations: (1) race-free as the IISWC 2024 variant: every parent read is a relaxed
 * device-scope atomic load and every re-pointing a relaxed store (docs/studies/components-cuda.md
 * "Memory model"), only the CSR and the worklist (read-only within compute2/3) go through
 * __ldg. (2) cxbench's rows are sorted ascending, so init reads one entry instead of scanning
 * for the first smaller neighbour, the skip test in compute1 is the same read, and every edge
 * loop stops at the first neighbour > v: the edges u < v are a prefix of the row, and the
 * other half of the row is never read (ECL-CC reads every entry and tests u < v). (3) 64-bit
 * offsets (ECL-CC: 32-bit). (4) The worklist cursors are reset by init, not by a host copy, and
 * a warp appends its vertices with one atomic per end (cc_push), not one per vertex. (5) The
 * edge to the first neighbour is skipped: init made that neighbour v's parent, so the edge is
 * already in v's tree. (6) A neighbour's walk stops at v's representative (uf_find_stop): the
 * edges inside a big tree then never read its root's word, which every find would otherwise end
 * at (one address, one L2 slice; with relaxed loads not cached in L1). (7) compute2 and compute3
 * find v's representative once per warp and block, not in every thread (ECL-CC: in every thread).
 * (8) compute1 joins each edge with Rem's union with splicing (Patwary, Blair and Manne, SEA 2010,
 * made lock-free: the link is a CAS on a root, a splice a relaxed store into a non-root), not
 * find + hook: the two walks go up together and stop as soon as both parents are equal, so an
 * edge inside one tree is done without reading the tree's root, the word every find of a
 * Kronecker graph's giant component otherwise ends at (docs/studies/components-cuda.md
 * "unionfind.cuda"). (9) The inline rule also takes rows of up to deg_inline entries
 * whose smaller neighbours (a prefix of the sorted row) number at most deg_warp (one load,
 * adj[beg + deg_warp] > v): a thread walks only those, where a warp would idle on the rest
 * (Watts-Strogatz rows of degree 17-20); ECL-CC classifies by degree alone. deg_inline <= deg_warp
 * turns this off. (10) compute1 is launched with a thread per vertex, not on ECL-CC's resident grid
 * of grid-stride threads: on the H200 the whole labelling got 1.9x (Kronecker 2^22) to 2.9x
 * (G(n, m) 2^22) faster, W-S 2^20 5% (docs/studies/components-cuda.md "Launch size of compute1").
 * (11) compute1's union is chosen per graph at open (union_rule; docs/studies/components-cuda.md
 * "The inline union"): Rem's union wins where edges join random ids (G(n, m), BA, Kronecker:
 * it avoids the giant tree's root), find + hook where most edges join nearby ids (Watts-Strogatz,
 * lattices: 1.7x faster on W-S 2^20 on the H200, where Rem's lock-step walks run long); auto
 * takes hook when more than half of the sampled edges span at most CXB_CC_LOCAL_SPAN ids. */
#include "impl_cuda/components/cc.cuh"

/* The representative of idx, shortening the path walked (intermediate pointer jumping). */
static __device__ __forceinline__ uint32_t uf_find(uint32_t idx, uint32_t *parent)
{
    uint32_t curr = cxb_ld_rlx(&parent[idx]);
    if (curr != idx) {
        uint32_t next, prev = idx;
        while (curr > (next = cxb_ld_rlx(&parent[curr]))) {
            cxb_st_rlx(&parent[prev], next);
            prev = curr;
            curr = next;
        }
    }
    return curr;
}

/* uf_find for an edge (v, idx) when v's representative is stop: the walk ends at stop too (idx
 * is then in v's tree and there is nothing to hook), so that the many edges inside one big tree
 * do not all read its root's word, a single address every find would otherwise end at. */
static __device__ __forceinline__ uint32_t uf_find_stop(uint32_t idx, uint32_t stop, uint32_t *parent)
{
    uint32_t curr = cxb_ld_rlx(&parent[idx]);
    if (curr != idx && curr != stop) {
        uint32_t next, prev = idx;
        while (curr > (next = cxb_ld_rlx(&parent[curr]))) {
            cxb_st_rlx(&parent[prev], next);
            prev = curr;
            curr = next;
            if (curr == stop)
                break;
        }
    }
    return curr;
}

/* Joins the trees of vstat and ostat: the larger root under the smaller id; *vstat follows. */
static __device__ __forceinline__ void uf_hook(uint32_t *vstat_io, uint32_t ostat, uint32_t *parent)
{
    uint32_t vstat = *vstat_io;
    while (vstat != ostat) {
        if (vstat < ostat) {
            const uint32_t ret = atomicCAS(&parent[ostat], ostat, vstat);
            if (ret == ostat)
                break;
            ostat = ret;
        } else {
            const uint32_t ret = atomicCAS(&parent[vstat], vstat, ostat);
            if (ret == vstat)
                break;
            vstat = ret;
        }
    }
    *vstat_io = vstat;
}

/* Joins the trees of x and y (Rem's union with splicing, lock-free; deviation 8): the side with
 * the larger parent moves; at a root it is linked under the other side's parent with a CAS (a
 * failure gives the root's new parent and the walk goes on), elsewhere it is spliced: its parent
 * word is lowered to the other side's parent, and the walk goes on from its old parent. Every
 * value stored is smaller than the word's owner and in the same final component (x and y are
 * joined), and only non-roots are stored into, so parents stay below their children, a root
 * stays a root until a CAS links it, and the union is done when both parents are equal. */
static __device__ __forceinline__ void uf_rem(uint32_t x, uint32_t y, uint32_t *parent)
{
    uint32_t px = cxb_ld_rlx(&parent[x]), py = cxb_ld_rlx(&parent[y]);
    while (px != py) {
        if (px < py) { /* the side with the larger parent moves */
            uint32_t t = x;
            x = y;
            y = t;
            t = px;
            px = py;
            py = t;
        }
        if (px == x) { /* x is a root: link it under py < x */
            const uint32_t old = atomicCAS(&parent[x], x, py);
            if (old == x)
                return;
            px = old;
            continue;
        }
        cxb_st_rlx(&parent[x], py); /* splice: py < px < x */
        x = px;
        px = cxb_ld_rlx(&parent[x]);
    }
}

/* word[2] = front cursor (0), word[3] = back cursor (n) */
static __global__ void uf_init(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj, uint64_t n,
                               uint32_t *__restrict__ parent, uint32_t *__restrict__ word)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t v = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += stride) {
        const uint64_t beg = __ldg(&off[v]), end = __ldg(&off[v + 1]);
        uint32_t p = (uint32_t)v;
        if (beg < end) {
            const uint32_t first = __ldg(&adj[beg]);
            if (first < p)
                p = first;
        }
        parent[v] = p;
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        word[2] = 0;
        word[3] = (uint32_t)n;
    }
}

static __global__ void uf_compute1(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj, uint64_t n,
                                   uint32_t *parent, uint32_t *wl, uint32_t *word, uint32_t deg_warp,
                                   uint32_t deg_block, uint32_t deg_inline, int hook)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        const uint32_t v = (uint32_t)i;
        const uint64_t beg = __ldg(&off[i]), end = __ldg(&off[i + 1]);
        if (beg == end || __ldg(&adj[beg]) > v)
            continue; /* no smaller neighbour: parent[v] = v after init */
        const uint64_t deg = end - beg;
        /* deviation 9: a row of at most deg_inline entries whose entry deg_warp (0-based)
         * exceeds v has at most deg_warp smaller neighbours */
        if (deg > deg_warp && (deg > deg_inline || __ldg(&adj[beg + deg_warp]) < v)) {
            cc_push(wl, word, v, deg <= deg_block);
            continue;
        }
        if (hook) { /* deviation 11: from v's parent, which init made its first neighbour */
            uint32_t vstat = cxb_ld_rlx(&parent[v]);
            for (uint64_t k = beg + 1; k < end; ++k) {
                const uint32_t u = __ldg(&adj[k]);
                if (u > v)
                    break;
                uf_hook(&vstat, uf_find_stop(u, vstat, parent), parent);
            }
            continue;
        }
        for (uint64_t k = beg + 1; k < end; ++k) { /* adj[beg] is v's parent since init */
            const uint32_t u = __ldg(&adj[k]);
            if (u > v)
                break; /* sorted: the rest are larger too */
            uf_rem(v, u, parent);
        }
    }
}

/* one warp per front entry */
static __global__ void uf_compute2(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj,
                                   uint32_t *parent, const uint32_t *__restrict__ wl, const uint32_t *__restrict__ word)
{
    const uint32_t lane = threadIdx.x & 31;
    const uint64_t warps = ((uint64_t)gridDim.x * blockDim.x) / 32;
    const uint32_t top = word[2];
    for (uint64_t w = ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32; w < top; w += warps) {
        const uint32_t v = __ldg(&wl[w]);
        const uint64_t beg = __ldg(&off[v]), end = __ldg(&off[v + 1]);
        uint32_t vstat = 0;
        if (lane == 0)
            vstat = uf_find(v, parent); /* once per warp: see compute3 */
        vstat = __shfl_sync(0xffffffffu, vstat, 0);
        for (uint64_t k = beg + 1 + lane; k < end; k += 32) {
            const uint32_t u = __ldg(&adj[k]);
            if (u > v)
                break;
            uf_hook(&vstat, uf_find_stop(u, vstat, parent), parent);
        }
    }
}

/* one block per back entry; v's representative is found by one thread and shared: when every
 * thread walked to it, each of a hub's 256 threads read the same root word (relaxed loads are
 * served by the L2, so all of them queue at one slice; a warp's same-address load is one request,
 * but 8 warps per block and thousands of hubs per graph are not) */
static __global__ void uf_compute3(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj, uint64_t n,
                                   uint32_t *parent, const uint32_t *__restrict__ wl, const uint32_t *__restrict__ word)
{
    __shared__ uint32_t s_vstat;
    const uint32_t back = word[3];
    for (uint64_t w = back + (uint64_t)blockIdx.x; w < n; w += gridDim.x) {
        const uint32_t v = __ldg(&wl[w]);
        const uint64_t beg = __ldg(&off[v]), end = __ldg(&off[v + 1]);
        if (threadIdx.x == 0)
            s_vstat = uf_find(v, parent);
        __syncthreads();
        uint32_t vstat = s_vstat;
        for (uint64_t k = beg + 1 + threadIdx.x; k < end; k += blockDim.x) {
            const uint32_t u = __ldg(&adj[k]);
            if (u > v)
                break;
            uf_hook(&vstat, uf_find_stop(u, vstat, parent), parent);
        }
        __syncthreads(); /* s_vstat is read by all before the next entry overwrites it */
    }
}

static __global__ void uf_flatten(uint64_t n, uint32_t *parent)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t v = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += stride) {
        uint32_t next, vstat = cxb_ld_rlx(&parent[v]);
        const uint32_t old = vstat;
        while (vstat > (next = cxb_ld_rlx(&parent[vstat])))
            vstat = next;
        if (old != vstat)
            cxb_st_rlx(&parent[v], vstat);
    }
}

cxb_status cc_unionfind_run(cc_dev *c, cxb_cc_stats *st)
{
    (void)st;
    const uint64_t n = c->n;
    if (!n)
        return CXB_OK;
    const unsigned g = cc_grid(c, n);
    uf_init<<<g, CC_BLOCK, 0, c->stream>>>(c->g.off, c->g.adj, n, c->label, c->word);
    cxb_status s = CXB_CUDA_LAUNCHED("uf_init");
    if (s == CXB_OK) {
        const unsigned g1 = (unsigned)((n + CC_BLOCK - 1) / CC_BLOCK); /* deviation 10; n <= 2^32 */
        uf_compute1<<<g1, CC_BLOCK, 0, c->stream>>>(c->g.off, c->g.adj, n, c->label, c->wl, c->word, c->p.deg_warp,
                                                    c->p.deg_block, c->p.deg_inline, c->uf_hook);
        s = CXB_CUDA_LAUNCHED("uf_compute1");
    }
    if (s == CXB_OK) {
        uf_compute2<<<c->grid, CC_BLOCK, 0, c->stream>>>(c->g.off, c->g.adj, c->label, c->wl, c->word);
        s = CXB_CUDA_LAUNCHED("uf_compute2");
    }
    if (s == CXB_OK) {
        uf_compute3<<<c->grid, CC_BLOCK, 0, c->stream>>>(c->g.off, c->g.adj, n, c->label, c->wl, c->word);
        s = CXB_CUDA_LAUNCHED("uf_compute3");
    }
    if (s == CXB_OK) {
        uf_flatten<<<g, CC_BLOCK, 0, c->stream>>>(n, c->label);
        s = CXB_CUDA_LAUNCHED("uf_flatten");
    }
    return s;
}
