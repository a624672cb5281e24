/* impl_cuda/clustering/tchash.cu - clustering.tchash.cuda (docs/studies/clustering-cuda.md
 * "Intersection strategies"): hash-based intersection after H-INDEX and TRUST (Pandey et al.,
 * HPEC 2019, TPDS 2021): a hash table of N+(u) is built once per vertex u in shared memory and
 * probed with every w of every N+(v), v in N+(u) (the flattened lanes of tcwarp.cuh). T, W and
 * every T_v from this one pass.
 *
 * Table: per warp, CL_HASH_SLOTS 32-bit slots (4 KiB) of shared memory; a vertex uses the
 * smallest power of two >= max(32, 2 d+(u)) slots (load factor <= 1/2), multiplicative hashing
 * (Knuth's constant, top bits), linear probing, insertion by atomicCAS on the empty marker
 * 0xFFFFFFFF (ids are below it). __syncwarp separates clearing, building, probing and the next
 * vertex's clearing (it also orders the warp's shared-memory accesses).
 *
 * Deviations: H-INDEX uses a block per vertex and buckets of fixed depth; here one warp per
 * vertex and open addressing, and rows with 2 d+(u) > CL_HASH_SLOTS fall back to binary search
 * (the spec's fallback) rather than to a larger block-wide table; after degree orientation they
 * are few. */
#include "impl_cuda/clustering/tcwarp.cuh"

struct cl_test_hash {
    uint32_t *tab; /* this warp's slots */
    uint32_t mask;
    int shift;
    __device__ uint32_t slot(uint32_t x) const { return (x * 2654435761u) >> shift; }
    __device__ bool begin(const uint32_t *row, uint64_t du, unsigned lane)
    {
        if (2 * du > CL_HASH_SLOTS)
            return false;
        uint32_t s = 32;
        int bits = 5;
        while (s < 2 * du) {
            s <<= 1;
            ++bits;
        }
        mask = s - 1;
        shift = 32 - bits;
        for (uint32_t j = lane; j < s; j += 32)
            tab[j] = CL_HASH_EMPTY;
        __syncwarp();
        for (uint32_t j = lane; j < du; j += 32) {
            const uint32_t x = __ldg(&row[j]);
            uint32_t h = slot(x);
            while (atomicCAS(&tab[h], CL_HASH_EMPTY, x) != CL_HASH_EMPTY)
                h = (h + 1) & mask;
        }
        __syncwarp();
        return true;
    }
    __device__ bool has(uint32_t w) const
    {
        for (uint32_t h = slot(w);; h = (h + 1) & mask) {
            const uint32_t x = tab[h];
            if (x == w)
                return true;
            if (x == CL_HASH_EMPTY)
                return false;
        }
    }
    __device__ void end(const uint32_t *, uint64_t, unsigned, bool) { __syncwarp(); }
};

static __global__ void __launch_bounds__(CL_BLOCK) tchash_kernel(const uint64_t *__restrict__ ooff,
                                                                   const uint32_t *__restrict__ oadj,
                                                                   const uint32_t *__restrict__ deg, uint64_t n,
                                                                   unsigned long long *tv, unsigned long long *cnt)
{
    __shared__ uint32_t tabs[CL_WARPS][CL_HASH_SLOTS];
    cl_test_hash test;
    test.tab = tabs[threadIdx.x / 32];
    test.mask = 0;
    test.shift = 0;
    cl_warp_count(ooff, oadj, deg, n, tv, cnt, test);
}

cxb_status cl_tchash(cl_dev *c)
{
    cl_gpu *g = &c->gpu[0];
    const unsigned grid = cl_grid_cap(1u << 30, c->n, CL_WARPS);
    tchash_kernel<<<grid, CL_BLOCK, 0, g->stream>>>(c->ooff, c->oadj, c->deg, c->n, c->tv, c->cnt);
    return CXB_CUDA_LAUNCHED("tchash_kernel");
}
