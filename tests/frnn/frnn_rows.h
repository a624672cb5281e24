/* tests/frnn/frnn_rows.h - one frnn row through the registry as the runner drives it (setup,
 * then reset, run, verify and checksum for two samples, each from the same state), for the
 * study's row tests (test_frnn_study.c, test_frnn_network.c). Include after check.h. */
#ifndef CXB_TESTS_FRNN_ROWS_H
#define CXB_TESTS_FRNN_ROWS_H

#include <string.h>

#include "cxb/core/pool.h"
#include "harness/registry.h"

/* expect: CXB_OK (both samples verify, with one checksum unless the point sums floats in an
 * order the threads pick: cxb_impl.float_order, as the runner), CXB_EFAIL (verification fails: the
 * rows' fault=1) or CXB_EINPUT (setup refuses the parameters); extra_key: a key the row's extra
 * column must name. pool NULL: a row without workers (threads is then not set). */
static inline cxb_status frnn_run_row(const char *id, const char *params, cxb_pool *pool, cxb_status expect,
                                      const char *extra_key)
{
    const cxb_impl *im = cxb_impl_find(id, NULL);
    CHECK_MSG(im != NULL, "%s: not registered", id);
    if (!im)
        return CXB_EFAIL;
    cxb_params p;
    cxb_params_init(&p);
    CHECK(cxb_params_parse(&p, params, ';', "test") == CXB_OK);
    if (pool)
        cxb_params_set_u64(&p, "threads", cxb_pool_threads(pool));
    cxb_env env = {pool, pool ? cxb_pool_threads(pool) : 1, NULL, NULL};
    void *ctx = NULL;
    cxb_status st = im->setup(&p, &env, &ctx);
    if (expect == CXB_EINPUT) {
        CHECK_MSG(st == CXB_EINPUT, "%s %s: setup accepted bad parameters", id, params);
        if (st == CXB_OK)
            im->teardown(ctx);
        return st;
    }
    CHECK_MSG(st == CXB_OK, "%s %s: setup: %s", id, params, cxb_last_error());
    if (st != CXB_OK)
        return st;
    cxb_phases ph;
    cxb_phases_clear(&ph);
    uint64_t sum[2] = {0, 0};
    for (int r = 0; r < 2 && st == CXB_OK; ++r) {
        if ((st = im->reset(ctx)) == CXB_OK && (st = im->run(ctx, &ph)) == CXB_OK)
            st = im->verify(ctx);
        sum[r] = im->checksum(ctx);
    }
    if (expect == CXB_EFAIL)
        CHECK_MSG(st == CXB_EFAIL, "%s %s: a wrong result passed verification", id, params);
    else {
        CHECK_MSG(st == CXB_OK, "%s %s: %s", id, params, cxb_last_error());
        const int float_order = (im->flags & CXB_IMPL_FLOAT_ORDER) || (im->float_order && im->float_order(ctx));
        CHECK_MSG(float_order || sum[0] == sum[1], "%s %s: two samples differ", id, params);
    }
    char extra[512];
    im->extra(ctx, extra, sizeof extra);
    CHECK_MSG(strstr(extra, extra_key) != NULL, "%s: extra '%s' without %s", id, extra, extra_key);
    im->teardown(ctx);
    return st;
}

#endif
