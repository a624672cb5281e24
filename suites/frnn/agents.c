/* suites/frnn/agents.c - the model rows' checksum and index by id (suites/frnn/agents.h). */
#include <stdlib.h>
#include <string.h>

#include "cxb/core/status.h"
#include "cxb/graph/graph.h"
#include "suites/frnn/agents.h"

uint64_t cxb_frnn_agents_checksum(const cxb_frnn_rec *a, uint32_t n)
{
    uint64_t s = 0;
    for (uint32_t k = 0; k < n; ++k) {
        uint32_t b[3];
        memcpy(b, a[k].p, sizeof b);
        s += cxb_mix64(cxb_mix64(((uint64_t)a[k].id << 32) | b[0]) ^ ((uint64_t)b[1] << 32 | b[2]));
    }
    return s;
}

cxb_status cxb_frnn_agents_by_id(const char *what, const cxb_frnn_rec *a, uint32_t n, const cxb_frnn_rec ***byid)
{
    const cxb_frnn_rec **m = calloc(n ? n : 1, sizeof *m);
    *byid = m;
    if (!m)
        return cxb_fail(CXB_ERESOURCE, "frnn: out of host memory");
    for (uint32_t k = 0; k < n; ++k) {
        uint32_t id = a[k].id;
        if (id >= n || m[id])
            return cxb_fail(CXB_EFAIL, "%s: slot %u holds id %u (out of range or repeated)", what, k, id);
        m[id] = &a[k];
    }
    return CXB_OK;
}
