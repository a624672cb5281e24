/* The Circles model's step on one core (cxb/frnn/circles.h; docs/studies/frnn.md "Circles
 * model"): one agent per storage slot, in storage order, each moved by cxb_frnn_circles_one. */
#include <string.h>

#include "cxb/frnn/frnn.h"

void cxb_frnn_circles_params_init(cxb_frnn_circles_params *cp)
{
    memset(cp, 0, sizeof *cp);
    cp->k = CXB_FRNN_CIRCLES_K;
    cp->pi = CXB_FRNN_CIRCLES_PI;
}

cxb_status cxb_frnn_circles_step_seq(const cxb_frnn_view *v, int kind, const cxb_frnn_circles_params *cp,
                                     cxb_frnn_rec *out, uint64_t *pairs)
{
    uint64_t total = 0;
    for (uint32_t k = 0; k < v->n; ++k) {
        uint32_t c;
        out[k] = cxb_frnn_circles_one(v, kind, &v->storage[k], cp, &c);
        total += c;
    }
    if (pairs)
        *pairs = total;
    return CXB_OK;
}
