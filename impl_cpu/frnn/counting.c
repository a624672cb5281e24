/* frnn.counting.seq: the three-loop counting sort (docs/studies/frnn.md "CPU builds"): count per
 * bin, exclusive scan into pbm[0..nbins], scatter in input order. O(n + nbins), stable, no
 * scratch beyond the PBM: counts go to pbm[b + 1], an inclusive scan makes pbm[b] the start of
 * bin b, the scatter advances pbm[b] to the end of bin b, and one shift restores the starts. It
 * is the reference of every other build. */
#include <string.h>

#include "cxb/frnn/frnn.h"

cxb_status cxb_frnn_build_counting_seq(const cxb_frnn_rec *in, cxb_frnn_index *ix)
{
    const cxb_frnn_grid *g = &ix->grid;
    uint32_t nb = g->nbins, n = ix->n, *pbm = ix->pbm;
    memset(pbm, 0, ((size_t)nb + 1) * sizeof *pbm);
    for (uint32_t i = 0; i < n; ++i)
        ++pbm[cxb_frnn_bin(g, in[i].p) + 1];
    for (uint32_t b = 0; b < nb; ++b)
        pbm[b + 1] += pbm[b];
    for (uint32_t i = 0; i < n; ++i)
        ix->storage[pbm[cxb_frnn_bin(g, in[i].p)]++] = in[i];
    memmove(pbm + 1, pbm, (size_t)nb * sizeof *pbm);
    pbm[0] = 0;
    return CXB_OK;
}
