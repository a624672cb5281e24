/* impl_cuda/prng/curand/host.c - the adapter over cuRAND's CPU host generators
 * (curandCreateGeneratorHost, curand.h of CUDA 13.0 / cuRAND 10.4) behind
 * cxb/prng/curandhost.h: the peer rows prng.<g>.curandhost (docs/studies/prng.md G5).
 * The only file that calls the cuRAND host API for the rows; compiled only with libcurand
 * (docs/architecture.md "How CUDA rows are registered").
 * Deviation from the GPU peer rows (impl_cuda/prng/curand/curand.cu): no stream, no events, the
 * output is host memory; the orderings are the ones the host generators accept. */
#include <curand.h>
#include <stdlib.h>

#include "cxb/prng/curandhost.h"

const char *const cxb_curandhost_ordering_names[] = {"default", "seeded", "legacy", "best", "dynamic", NULL};

static const curandRngType_t host_types[] = {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_MRG32K3A,
                                             CURAND_RNG_PSEUDO_PHILOX4_32_10, CURAND_RNG_PSEUDO_MTGP32,
                                             CURAND_RNG_PSEUDO_MT19937};
static const curandOrdering_t host_orders[] = {CURAND_ORDERING_PSEUDO_DEFAULT, CURAND_ORDERING_PSEUDO_SEEDED,
                                               CURAND_ORDERING_PSEUDO_LEGACY, CURAND_ORDERING_PSEUDO_BEST,
                                               CURAND_ORDERING_PSEUDO_DYNAMIC};

struct cxb_curandhost {
    curandGenerator_t gen;
    cxb_curand_gen which;
    cxb_curandhost_ordering ordering;
    uint64_t seed;
};

/* Every cuRAND call goes through here: the message names the call and cuRAND's status. */
static cxb_status check(curandStatus_t s, const char *what, cxb_status kind)
{
    if (s == CURAND_STATUS_SUCCESS)
        return CXB_OK;
    if (s == CURAND_STATUS_ALLOCATION_FAILED)
        return cxb_fail(CXB_ERESOURCE, "cuRAND host generator: %s: out of host memory (status %d)", what, (int)s);
    return cxb_fail(kind, "cuRAND host generator: %s: status %d", what, (int)s);
}

/* h's generator made, seeded, ordered and set up (untimed). */
static cxb_status make(cxb_curandhost *h)
{
    curandStatus_t cs = curandCreateGeneratorHost(&h->gen, host_types[h->which]);
    if (cs != CURAND_STATUS_SUCCESS) {
        h->gen = NULL;
        return check(cs, "curandCreateGeneratorHost", CXB_ERESOURCE);
    }
    cxb_status st = check(curandSetPseudoRandomGeneratorSeed(h->gen, h->seed), "curandSetPseudoRandomGeneratorSeed",
                          CXB_EINPUT);
    if (st == CXB_OK && curandSetGeneratorOrdering(h->gen, host_orders[h->ordering]) != CURAND_STATUS_SUCCESS)
        st = cxb_fail(CXB_EINPUT, "--set ordering=%s: this cuRAND host generator does not offer it",
                      cxb_curandhost_ordering_names[h->ordering]);
    if (st == CXB_OK)
        st = check(curandGenerateSeeds(h->gen), "curandGenerateSeeds", CXB_ERESOURCE);
    return st;
}

void cxb_curandhost_destroy(cxb_curandhost *h)
{
    if (!h)
        return;
    if (h->gen)
        curandDestroyGenerator(h->gen);
    free(h);
}

cxb_status cxb_curandhost_create(cxb_curandhost **out, cxb_curand_gen gen, cxb_curandhost_ordering ordering,
                                 uint64_t seed)
{
    *out = NULL;
    if ((unsigned)gen > CXB_CURAND_MT19937 || (unsigned)ordering > CXB_CURANDHOST_DYNAMIC)
        return cxb_fail(CXB_EINPUT, "cuRAND host generator: unknown generator or ordering");
    cxb_curandhost *h = calloc(1, sizeof *h);
    if (!h)
        return cxb_fail(CXB_ERESOURCE, "cuRAND host generator: out of host memory");
    h->which = gen;
    h->ordering = ordering;
    h->seed = seed;
    cxb_status st = make(h);
    if (st != CXB_OK) {
        cxb_curandhost_destroy(h);
        return st;
    }
    *out = h;
    return CXB_OK;
}

cxb_status cxb_curandhost_reset(cxb_curandhost *h)
{
    /* setting the offset makes cuRAND set its states up again inside the next generate
     * call (seen on the CPU: MRG32k3a's 1.2 s); curandGenerateSeeds does it here instead */
    if (h->which == CXB_CURAND_MTGP32 || h->which == CXB_CURAND_MT19937) {
        curandDestroyGenerator(h->gen);
        h->gen = NULL;
        return make(h);
    }
    cxb_status st = check(curandSetGeneratorOffset(h->gen, 0), "curandSetGeneratorOffset", CXB_EINPUT);
    return st == CXB_OK ? check(curandGenerateSeeds(h->gen), "curandGenerateSeeds", CXB_ERESOURCE) : st;
}

cxb_status cxb_curandhost_generate(cxb_curandhost *h, cxb_curand_type type, void *out, uint64_t n)
{
    if (n == 0)
        return CXB_OK; /* cuRAND is not asked for nothing */
    if (n > (uint64_t)(size_t)-1)
        return cxb_fail(CXB_ERESOURCE, "cuRAND host generator: n = %llu does not fit size_t", (unsigned long long)n);
    switch (type) {
    case CXB_CURAND_F32:
        return check(curandGenerateUniform(h->gen, out, (size_t)n), "curandGenerateUniform", CXB_EINPUT);
    case CXB_CURAND_F64:
        return check(curandGenerateUniformDouble(h->gen, out, (size_t)n), "curandGenerateUniformDouble", CXB_EINPUT);
    default:
        return check(curandGenerate(h->gen, out, (size_t)n), "curandGenerate", CXB_EINPUT);
    }
}

