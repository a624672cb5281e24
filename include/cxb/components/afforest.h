/* cxb/components/afforest.h - Afforest's sampling step (docs/studies/components-cuda.md "afforest.cuda";
 * Sutton, Ben-Nun, Barak, IPDPS 2018), defined once for afforest.pthreads and
 * afforest.cuda so that both sample the same vertices: draw i of p->samples is the vertex
 * bounded(x0, n) of the keyed draw (seed, domain 36, i, 0) (docs/studies/graph.md "Keyed
 * draws"), where GAP draws from std::mt19937. The estimated largest component c is the label
 * drawn most often, ties going to the smallest label; the labels stay canonical whatever c is. */
#ifndef CXB_COMPONENTS_AFFOREST_H
#define CXB_COMPONENTS_AFFOREST_H

#include <stdint.h>

#include "cxb/hd.h"
#include "cxb/graph/graph.h"
#include "cxb/graph/keyed.h"

/* The i-th sampled vertex of a graph of n >= 1 vertices. */
static inline CXB_HD cxb_vid cxb_cc_afforest_sample(uint64_t seed, uint64_t i, uint64_t n)
{
    return (cxb_vid)cxb_gbounded(cxb_gx0(cxb_gdraw(seed, CXB_GDOM_CC_AFFOREST, i, 0)), n);
}

/* Whether label a, drawn ca times, beats label b, drawn cb times, as the estimate of the largest
 * component: more draws, then the smaller label. */
static inline CXB_HD int cxb_cc_afforest_better(uint32_t ca, cxb_vid a, uint32_t cb, cxb_vid b)
{
    return ca > cb || (ca == cb && a < b);
}

#endif
