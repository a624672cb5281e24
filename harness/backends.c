/* harness/backends.c - the one file that knows which optional backends were built
 * (docs/architecture.md "How CUDA rows are registered"; CMakeLists.txt compiles impl_cuda/ only
 * when CUDA is found, impl_cuda/prng/curand/ only with libcurand).
 *
 * With CUDA: the row tables of impl_cuda/<study>/, which the registry adds to the studies' CPU
 * rows. Without CUDA: no tables, and the few host entry points that code outside impl_cuda/
 * calls answer "built without CUDA": cxb/core/cuda.h (the provenance, the runner's spin and
 * floors, `cxbench list`), cxb_generate_cuda (`cxbench graph gen --impl cuda`), cxb_alpha_cuda
 * and cxb_ba_cuda (`cxbench graph gen alpha:...`), cxb_dist_draw_cuda (prng-repro's CUDA
 * column) and cxb_bulk_fill_cuda (`cxbench prng GEN --backend cuda`). */
#include "harness/backends.h"

#include <string.h>

#include "cxb/config.h"

static const char *variant_of(const char *id)
{
    const char *dot = strrchr(id, '.');
    return dot ? dot + 1 : id;
}

#if CXB_HAVE_CUDA

extern const cxb_impl cxb_prng_cuda_impls[], cxb_prng_init_cuda_impls[], cxb_graphgen_cuda_impls[],
    cxb_malloc_cuda_impls[], cxb_components_cuda_impls[];
extern const size_t cxb_prng_cuda_nimpls, cxb_prng_init_cuda_nimpls, cxb_graphgen_cuda_nimpls,
    cxb_malloc_cuda_nimpls, cxb_components_cuda_nimpls;
#if CXB_HAVE_CURAND
extern const cxb_impl cxb_prng_curand_impls[], cxb_prng_curandhost_impls[];
extern const size_t cxb_prng_curand_nimpls, cxb_prng_curandhost_nimpls;
#endif

static const cxb_backend_rows tables[] = {
    {"prng", cxb_prng_cuda_impls, &cxb_prng_cuda_nimpls},
#if CXB_HAVE_CURAND
    {"prng", cxb_prng_curand_impls, &cxb_prng_curand_nimpls},
    {"prng", cxb_prng_curandhost_impls, &cxb_prng_curandhost_nimpls},
#endif
    {"prng", cxb_prng_init_cuda_impls, &cxb_prng_init_cuda_nimpls},
    {"graphgen", cxb_graphgen_cuda_impls, &cxb_graphgen_cuda_nimpls},
    {"malloc", cxb_malloc_cuda_impls, &cxb_malloc_cuda_nimpls},
    {"components", cxb_components_cuda_impls, &cxb_components_cuda_nimpls},
};

const cxb_backend_rows *cxb_backend_rows_list(size_t *count)
{
    *count = sizeof tables / sizeof tables[0];
    return tables;
}

const char *cxb_backend_not_built(const char *id)
{
    return !CXB_HAVE_CURAND && strstr(variant_of(id), "curand") ? "built without cuRAND" : NULL;
}

#else /* ---- a build without CUDA ---- */

#include "cxb/core/cuda.h"
#include "cxb/graph/gen.h"
#include "cxb/graphgen/cuda.h"
#include "cxb/prng/dist.h"
#include "cxb/prng/gen.h"

#define NO_CUDA "built without CUDA"

const cxb_backend_rows *cxb_backend_rows_list(size_t *count)
{
    *count = 0;
    return NULL;
}

const char *cxb_backend_not_built(const char *id)
{
    const char *v = variant_of(id);
    return strstr(v, "cuda") || strstr(v, "curand") ? NO_CUDA : NULL;
}

int cxb_cuda_built(void) { return 0; }

int cxb_cuda_device_count(const char **why)
{
    if (why)
        *why = NO_CUDA;
    return 0;
}

cxb_status cxb_cuda_gpu_info(int device, cxb_gpu_info *info)
{
    (void)device, (void)info;
    return cxb_fail(CXB_ERESOURCE, "cuda: " NO_CUDA);
}

cxb_status cxb_cuda_empty_kernel_ns(double *ns)
{
    (void)ns;
    return cxb_fail(CXB_ERESOURCE, "cuda: " NO_CUDA);
}

cxb_status cxb_cuda_spin(int64_t ns)
{
    (void)ns;
    return cxb_fail(CXB_ERESOURCE, "cuda: " NO_CUDA);
}

/* The timing handle (cxb/core/cuda.h): with no GPU no spin is ever queued, and a disarm
 * reports none. */
void cxb_timing_init(cxb_timing *t)
{
    t->spin_ns = -1;
    t->queued = 0;
    t->ev[0] = t->ev[1] = NULL;
}

void cxb_timing_arm(cxb_timing *t, int64_t ns)
{
    t->spin_ns = ns > 0 ? ns : 0;
    t->queued = 0;
}

int cxb_timing_disarm(cxb_timing *t, int64_t *spin_ns)
{
    if (spin_ns)
        *spin_ns = 0;
    t->spin_ns = -1;
    t->queued = 0;
    return 0;
}

void cxb_timing_destroy(cxb_timing *t) { (void)t; }

cxb_status cxb_cuda_stream_create(void **stream)
{
    *stream = NULL;
    return cxb_fail(CXB_ERESOURCE, "cuda: " NO_CUDA);
}

void cxb_cuda_stream_destroy(void *stream) { (void)stream; }

cxb_status cxb_generate_cuda(const cxb_gen_spec *s, cxb_gen_cuda_opts *o, cxb_edges *out)
{
    (void)o;
    cxb_edges_init(out);
    return cxb_fail(CXB_ERESOURCE, "graphgen.%s.cuda: no CUDA device found (" NO_CUDA ")",
                    cxb_gen_model_name(s->model));
}

cxb_status cxb_alpha_cuda(const cxb_alpha_params *p, cxb_gg_variant v, cxb_adjlists *out, cxb_gg_cuda_stats *stats)
{
    (void)p, (void)v;
    memset(out, 0, sizeof *out);
    memset(stats, 0, sizeof *stats);
    return cxb_fail(CXB_ERESOURCE, "graphgen.alpha: " NO_CUDA);
}

cxb_status cxb_ba_cuda(const cxb_ba_params *p, cxb_gg_variant v, cxb_adjlists *out, cxb_gg_cuda_stats *stats)
{
    (void)p, (void)v;
    memset(out, 0, sizeof *out);
    memset(stats, 0, sizeof *stats);
    return cxb_fail(CXB_ERESOURCE, "graphgen.ba: " NO_CUDA);
}

cxb_status cxb_dist_draw_cuda(cxb_dist_plan *plan, unsigned blocks, unsigned threads, uint64_t tasks, uint64_t k,
                              int per_worker, uint32_t *out)
{
    (void)blocks, (void)threads, (void)tasks, (void)k, (void)per_worker, (void)out;
    return cxb_fail(CXB_ERESOURCE, "--dist %s on cuda: cxbench was " NO_CUDA, cxb_dist_tech_names[plan->tech]);
}

cxb_status cxb_bulk_fill_cuda(const cxb_bulk_spec *spec, const void *states, uint64_t offset, uint64_t count,
                              uint32_t *out)
{
    (void)spec, (void)states, (void)offset, (void)count, (void)out;
    return cxb_fail(CXB_ERESOURCE, "prng --backend cuda: " NO_CUDA);
}

#endif
