/* Comparison, checksum and build invariants of the frnn study (docs/studies/frnn.md "Oracles",
 * "Records"): exact equality of counts and canonical lists, bitwise equality of avg values,
 * and the PBM and storage invariants checked independently of the build that made them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/frnn/frnn.h"
#include "cxb/graph/graph.h"

static uint64_t mix_u32(uint64_t h, uint32_t v)
{
    return cxb_mix64(h ^ (0x9e3779b97f4a7c15ull + v));
}

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

uint64_t cxb_frnn_result_checksum(const cxb_frnn_result *r)
{
    uint64_t sum = 0;
    for (uint32_t i = 0; i < r->n; ++i) {
        uint64_t v = r->count[i];
        if (r->handler == CXB_FRNN_AVG)
            for (int a = 0; a < 3; ++a)
                v = mix_u32(v, float_bits(r->avg[3 * (size_t)i + a]));
        if (r->handler == CXB_FRNN_LIST)
            for (uint64_t k = r->off[i]; k < r->off[i + 1]; ++k)
                v = mix_u32(v, r->ids[k]);
        sum += cxb_mix64(((uint64_t)i << 32) ^ v);
    }
    return sum;
}

cxb_status cxb_frnn_result_compare(const cxb_frnn_result *got, const cxb_frnn_result *ref, const char *what,
                                   const char *ref_name)
{
    if (got->n != ref->n)
        return cxb_fail(CXB_EFAIL, "%s: %u points, %s %u", what, got->n, ref_name, ref->n);
    for (uint32_t i = 0; i < got->n; ++i) {
        if (got->count[i] != ref->count[i])
            return cxb_fail(CXB_EFAIL, "%s: point %u has %u neighbours, %s %u", what, i, got->count[i], ref_name,
                            ref->count[i]);
        if (got->handler == CXB_FRNN_LIST && ref->handler == CXB_FRNN_LIST)
            for (uint64_t k = 0; k < got->count[i]; ++k)
                if (got->ids[got->off[i] + k] != ref->ids[ref->off[i] + k])
                    return cxb_fail(CXB_EFAIL, "%s: point %u: neighbour %llu is %u, %s %u", what, i,
                                    (unsigned long long)k, got->ids[got->off[i] + k], ref_name,
                                    ref->ids[ref->off[i] + k]);
        if (got->handler == CXB_FRNN_AVG && ref->handler == CXB_FRNN_AVG)
            for (int a = 0; a < 3; ++a)
                if (float_bits(got->avg[3 * (size_t)i + a]) != float_bits(ref->avg[3 * (size_t)i + a]))
                    return cxb_fail(CXB_EFAIL, "%s: point %u: mean neighbour coordinate %d is %.9g, %s %.9g", what, i,
                                    a, got->avg[3 * (size_t)i + a], ref_name, ref->avg[3 * (size_t)i + a]);
    }
    return CXB_OK;
}

cxb_status cxb_frnn_index_check(const cxb_frnn_index *ix, const cxb_frnn_rec *in, const char *what)
{
    const cxb_frnn_grid *g = &ix->grid;
    uint32_t nb = g->nbins, n = ix->n;
    if (ix->pbm[0] != 0 || ix->pbm[nb] != n)
        return cxb_fail(CXB_EFAIL, "%s: pbm[0] = %u, pbm[%u] = %u (expected 0 and %u)", what, ix->pbm[0], nb,
                        ix->pbm[nb], n);
    for (uint32_t b = 0; b < nb; ++b) {
        if (ix->pbm[b] > ix->pbm[b + 1])
            return cxb_fail(CXB_EFAIL, "%s: pbm decreases at bin %u", what, b);
        for (uint32_t k = ix->pbm[b]; k < ix->pbm[b + 1]; ++k)
            if (cxb_frnn_bin(g, ix->storage[k].p) != b)
                return cxb_fail(CXB_EFAIL, "%s: slot %u (id %u) is in bin %u, hashes to %u", what, k,
                                ix->storage[k].id, b, cxb_frnn_bin(g, ix->storage[k].p));
    }
    unsigned char *seen = calloc(n ? n : 1, 1);
    if (!seen)
        return cxb_fail(CXB_ERESOURCE, "%s: out of host memory", what);
    cxb_status st = CXB_OK;
    for (uint32_t k = 0; k < n && st == CXB_OK; ++k) {
        uint32_t id = ix->storage[k].id;
        if (id >= n || seen[id])
            st = cxb_fail(CXB_EFAIL, "%s: slot %u holds id %u (out of range or repeated)", what, k, id);
        else if (memcmp(ix->storage[k].p, in[id].p, sizeof in[id].p))
            st = cxb_fail(CXB_EFAIL, "%s: slot %u: the record of id %u differs from the input", what, k, id);
        else
            seen[id] = 1;
    }
    free(seen);
    return st;
}
