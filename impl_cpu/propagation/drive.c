/* The step driver of every propagation variant (docs/studies/propagation.md "The model" and
 * "A-Loop"): before step t the A-Loop's one-way switch by W_T < W_C (or --switch), then the
 * backend's loop (and synchronisation), then the finalisation; the run stops after the pass that
 * sees no frontier edge, at max_steps, or at once when p = 0. One definition, so that the step
 * counts and the curve cannot differ between backends. */
#include <stdlib.h>
#include <string.h>

#include "cxb/propagation/model.h"
#include "cxb/propagation/propagation.h"

void cxb_prop_cfg_init(cxb_prop_cfg *c)
{
    memset(c, 0, sizeof *c);
    c->p = 0.01;
    c->seed = 1;
    c->model = CXB_PROP_SI;
    c->loop = CXB_PROP_ALOOP;
    c->switch_rule = CXB_PROP_SWITCH_AUTO;
    c->max_steps = 100000;
    c->orient = CXB_PROP_ORIENT_HASH;
}

void cxb_prop_result_free_curve(cxb_prop_result *r)
{
    free(r->curve);
    r->curve = NULL;
    r->ncurve = r->capcurve = 0;
}

static cxb_status curve_push(cxb_prop_result *r, const cxb_prop_point *pt)
{
    if (r->ncurve == r->capcurve) {
        uint32_t cap = r->capcurve ? 2 * r->capcurve : 64;
        cxb_prop_point *c = realloc(r->curve, cap * sizeof *c);
        if (!c)
            return cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for the curve");
        r->curve = c;
        r->capcurve = cap;
    }
    r->curve[r->ncurve++] = *pt;
    return CXB_OK;
}

cxb_status cxb_prop_drive(const cxb_prop_ops *ops, const cxb_prop_cfg *cfg, uint64_t arcs, uint64_t w_c0,
                          cxb_prop_result *r)
{
    r->steps = r->passes = r->switch_step = 0;
    r->active = cfg->nsources;
    r->ncurve = 0;
    if (cfg->p <= 0.0 || cfg->nsources == 0)
        return CXB_OK; /* docs "The model": p = 0 stops at once */
    cxb_prop_step s;
    s.bern = cxb_gbern_make(cfg->p);
    s.seed = cfg->seed;
    s.model = cfg->model;
    uint64_t w_c = w_c0;
    int switched = 0;
    for (uint32_t t = 1; t <= cfg->max_steps; ++t) {
        int loop = cfg->loop;
        if (loop == CXB_PROP_ALOOP) {
            if (!switched && cxb_prop_switch_now(cfg->switch_rule, t, w_c, arcs)) {
                switched = 1;
                r->switch_step = t;
            }
            loop = switched ? CXB_PROP_TLOOP : CXB_PROP_CLOOP;
        }
        s.t = t;
        int frontier = 0;
        uint64_t newly = 0, add = 0;
        cxb_status st = ops->step_final ? ops->step_final(ops->ctx, loop, &s, &frontier, &newly, &add)
                                        : ops->step(ops->ctx, loop, &s, &frontier);
        if (st != CXB_OK)
            return st;
        ++r->passes;
        if (!ops->step_final && frontier && (st = ops->finalise(ops->ctx, t, &newly, &add)) != CXB_OK)
            return st;
        cxb_prop_point pt = {t, r->active + newly, newly, frontier, loop, w_c, arcs - w_c};
        r->active += newly;
        w_c += add;
        if (newly)
            r->steps = t;
        if (cfg->want_curve && (st = curve_push(r, &pt)) != CXB_OK)
            return st;
        if (!frontier)
            break;
    }
    return CXB_OK;
}
