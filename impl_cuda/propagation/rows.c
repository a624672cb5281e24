/* impl_cuda/propagation/rows.c - the propagation study's CUDA rows (docs/studies/propagation.md
 * "The four loops and the two layouts", "Several GPUs"): the four loops on one GPU (cuda) and on P GPUs with each synchronisation
 * scheme; setup (which for one GPU then uploads the graph, untimed), verification and the rest
 * are the study's (suites/propagation/rows.h). The
 * NCCL schemes are listed in every CUDA build; without NCCL they are unavailable ("built without
 * NCCL", harness/backends.c). */
#include "cxb/propagation/cuda.h"
#include "suites/propagation/rows.h"

static cxb_status run_one(void *vctx, cxb_phases *ph)
{
    cxb_prop_ctx *c = vctx;
    return cxb_prop_cuda_run(c->dev, &c->res, ph);
}

static cxb_status run_multi(void *vctx, cxb_phases *ph)
{
    (void)ph;
    cxb_prop_ctx *c = vctx;
    int scheme = c->variant == CXB_PROP_V_HOST  ? CXB_PROP_SYNC_HOST
                 : c->variant == CXB_PROP_V_P2P ? CXB_PROP_SYNC_P2P
                 : c->variant == CXB_PROP_V_NCCL ? CXB_PROP_SYNC_NCCL
                                                 : CXB_PROP_SYNC_ALLREDUCE;
    return cxb_prop_run_mgpu(c->g, &c->cfg, c->parts, c->partitioner, c->owner, scheme, c->mem_cap, &c->res);
}

/* setup: the study's, then for a one-GPU row the graph to the device (untimed) */
static cxb_status setup_cuda(const cxb_params *p, const cxb_env *env, const char *id, int loop, cxb_prop_variant v,
                             void **ctx)
{
    cxb_status st = cxb_prop_setup(p, env, id, loop, v, ctx);
    if (st != CXB_OK || v != CXB_PROP_V_CUDA)
        return st;
    cxb_prop_ctx *c = *ctx;
    if ((st = cxb_prop_cuda_open(c->g, &c->cfg, c->stream, c->mem_cap, (cxb_prop_cuda **)&c->dev)) != CXB_OK) {
        cxb_prop_teardown(c);
        *ctx = NULL;
    }
    return st;
}

static void teardown_cuda(void *vctx)
{
    cxb_prop_ctx *c = vctx;
    if (c)
        cxb_prop_cuda_close(c->dev);
    cxb_prop_teardown(c);
}

#define CUDA_SETUP(name, idstr, loop, v)                                                                 \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)                          \
    {                                                                                                    \
        return setup_cuda(p, env, idstr, loop, v, ctx);                                                  \
    }
#define CUDA_IMPL(idstr, setup_, run_, summary_)                                                         \
    {.id = idstr, .backend = CXB_BACKEND_CUDA, .flags = CXB_IMPL_NEEDS_GPU | CXB_TIMING_SYNC,             \
     .summary = summary_, .setup = setup_, .reset = cxb_prop_reset, .run = run_, .verify = cxb_prop_verify, \
     .checksum = cxb_prop_checksum, .extra = cxb_prop_extra, .teardown = teardown_cuda}

#define LOOP_SETUPS(L, LOOP)                                                                             \
    CUDA_SETUP(setup_##L##_cuda, "propagation." #L ".cuda", LOOP, CXB_PROP_V_CUDA)                       \
    CUDA_SETUP(setup_##L##_host, "propagation." #L ".cuda_host", LOOP, CXB_PROP_V_HOST)                  \
    CUDA_SETUP(setup_##L##_p2p, "propagation." #L ".cuda_p2p", LOOP, CXB_PROP_V_P2P)                     \
    CUDA_SETUP(setup_##L##_nccl, "propagation." #L ".cuda_nccl", LOOP, CXB_PROP_V_NCCL)                  \
    CUDA_SETUP(setup_##L##_allreduce, "propagation." #L ".cuda_allreduce", LOOP, CXB_PROP_V_ALLREDUCE)
LOOP_SETUPS(cloop, CXB_PROP_CLOOP)
LOOP_SETUPS(tloop, CXB_PROP_TLOOP)
LOOP_SETUPS(aloop, CXB_PROP_ALOOP)
LOOP_SETUPS(eloop, CXB_PROP_ELOOP)

#define NCCL_ROWS(L, NAME)                                                                               \
    CUDA_IMPL("propagation." #L ".cuda_nccl", setup_##L##_nccl, run_multi,                               \
              NAME " on P GPUs, segments by grouped ncclSend/ncclRecv"),                                 \
        CUDA_IMPL("propagation." #L ".cuda_allreduce", setup_##L##_allreduce, run_multi,                 \
                  NAME " on P GPUs, full state vectors, ncclAllReduce(max)"),
#define LOOP_ROWS(L, NAME)                                                                               \
    CUDA_IMPL("propagation." #L ".cuda", setup_##L##_cuda, run_one,                                      \
              NAME " on one GPU over start-of-step bitmaps"),                                          \
        CUDA_IMPL("propagation." #L ".cuda_host", setup_##L##_host, run_multi,                           \
                  NAME " on P GPUs, host-staged sync (Jin et al. Algorithm 3)"),                         \
        CUDA_IMPL("propagation." #L ".cuda_p2p", setup_##L##_p2p, run_multi,                             \
                  NAME " on P GPUs, segments by peer copies"),                                           \
        NCCL_ROWS(L, NAME)

const cxb_impl cxb_propagation_cuda_impls[] = {
    LOOP_ROWS(cloop, "C-Loop") LOOP_ROWS(tloop, "T-Loop") LOOP_ROWS(aloop, "A-Loop") LOOP_ROWS(eloop, "E-Loop")};
const size_t cxb_propagation_cuda_nimpls = sizeof cxb_propagation_cuda_impls / sizeof cxb_propagation_cuda_impls[0];
