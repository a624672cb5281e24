/* tests/frnn/frnn_oracle.h - the frnn tests' own brute force (docs/studies/frnn.md "Oracles"):
 * every ordered pair of the input, the study's predicate written out here (strict < R*R in
 * binary32, self excluded by id), independent of the library's grid and loops. */
#ifndef CXB_TESTS_FRNN_ORACLE_H
#define CXB_TESTS_FRNN_ORACLE_H

#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "cxb/frnn/grid.h"

/* ---- the oracle: brute force over the input, independent of the library's loops ---- */

typedef struct oracle {
    uint32_t n;
    uint32_t *count;
    uint64_t *off;
    uint32_t *ids;
} oracle;

static inline int within(uint32_t dims, const float *a, const float *b, float r2)
{
    /* the study's predicate written out: ((dx*dx) + (dy*dy)) + (dz*dz) in binary32 */
    float dx = b[0] - a[0], dy = b[1] - a[1];
    float xx = dx * dx, yy = dy * dy;
    float s = xx + yy;
    if (dims == 3) {
        float dz = b[2] - a[2];
        float zz = dz * dz;
        s = s + zz;
    }
    return s < r2;
}

static inline void oracle_make(oracle *o, const cxb_frnn_rec *in, uint32_t n, uint32_t dims, float r)
{
    float r2 = r * r;
    o->n = n;
    o->count = calloc(n + 1, sizeof *o->count);
    o->off = calloc(n + 1, sizeof *o->off);
    for (uint32_t i = 0; i < n; ++i)
        for (uint32_t j = 0; j < n; ++j)
            if (j != i && within(dims, in[i].p, in[j].p, r2))
                ++o->count[i];
    for (uint32_t i = 0; i < n; ++i)
        o->off[i + 1] = o->off[i] + o->count[i];
    o->ids = malloc((o->off[n] + 1) * sizeof *o->ids);
    for (uint32_t i = 0; i < n; ++i) {
        uint64_t k = o->off[i];
        for (uint32_t j = 0; j < n; ++j) /* ascending j: the canonical row */
            if (j != i && within(dims, in[i].p, in[j].p, r2))
                o->ids[k++] = j;
    }
    uint64_t pairs = o->off[n];
    CHECK_MSG(pairs % 2 == 0, "oracle: %llu ordered pairs (odd)", (unsigned long long)pairs);
}

static inline void oracle_free(oracle *o)
{
    free(o->count);
    free(o->off);
    free(o->ids);
}

#endif
