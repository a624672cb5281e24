/* cxb/core/search.h - the lower bound of a sorted array, written once for the host and the
 * device: the first position in a[lo, hi) whose entry is >= key (hi when there is none). Used
 * by the CSR checks and builders, the G(n,m) merge, the graph generators' offset kernels and
 * Leist's sorted adjacency lists. */
#ifndef CXB_CORE_SEARCH_H
#define CXB_CORE_SEARCH_H

#include <stdint.h>

#include "cxb/hd.h"

#define CXB_LOWER_BOUND_DEF(name, T, I)                                                            \
    static inline CXB_HD I name(const T *a, I lo, I hi, T key)                                     \
    {                                                                                              \
        while (lo < hi) {                                                                          \
            I mid = lo + (hi - lo) / 2;                                                            \
            if (a[mid] < key)                                                                      \
                lo = mid + 1;                                                                      \
            else                                                                                   \
                hi = mid;                                                                          \
        }                                                                                          \
        return lo;                                                                                 \
    }

CXB_LOWER_BOUND_DEF(cxb_lower_bound_u64, uint64_t, uint64_t) /* 64-bit keys (edge keys) */
CXB_LOWER_BOUND_DEF(cxb_lower_bound_u32, uint32_t, uint64_t) /* 32-bit ids, 64-bit positions */
CXB_LOWER_BOUND_DEF(cxb_lower_bound_u32i, uint32_t, uint32_t) /* 32-bit ids and positions */

#endif
