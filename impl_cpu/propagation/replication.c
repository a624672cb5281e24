/* The replication ratio's closed forms for G(n, m) (docs/studies/propagation.md "Several GPUs"): with mean
 * degree lambda = 2m/n and the Poisson approximation, the probability that a vertex has at least
 * one neighbour in a given other part (vertex layout), or at least one edge stored there with it
 * as the replicated endpoint (edge layout). */
#include <math.h>

#include "cxb/propagation/model.h"
#include "cxb/propagation/propagation.h"

double cxb_prop_r_closed_form(int layout, int orient, int partitioner, uint32_t parts, double lambda)
{
    double P = parts;
    if (parts == 0 || lambda < 0 || partitioner == CXB_PROP_PART_METIS) /* METIS: no closed form */
        return -1.0;
    if (parts == 1)
        return 0.0;
    if (layout == CXB_PROP_LAYOUT_VERTEX)
        return (P - 1) * (1 - exp(-lambda / P));
    if (orient == CXB_PROP_ORIENT_HASH)
        return (P - 1) * (1 - exp(-lambda / (2 * P)));
    if (partitioner == CXB_PROP_PART_RANDOM)
        return lambda > 0 ? (P - 1) * (1 - (P / lambda) * (1 - exp(-lambda / P))) : 0.0;
    return (P - 1) / 2 * (1 - exp(-lambda / P));
}
