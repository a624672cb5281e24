/* cxb/core/grow.h - room for one more element in an array that doubles as it fills, the one
 * form of the pattern that the harness's tables, series and point lists share. */
#ifndef CXB_CORE_GROW_H
#define CXB_CORE_GROW_H

#include <stdint.h>
#include <stdlib.h>

/* The array p (*cap elements of elem bytes, n in use) with room for element n: p itself while
 * n < *cap, else p reallocated to twice *cap elements (first when *cap is 0) and *cap updated.
 * NULL when out of memory (or the size overflows), with p and *cap untouched. */
static inline void *cxb_grow(void *p, size_t *cap, size_t n, size_t elem, size_t first)
{
    if (n < *cap)
        return p;
    size_t ncap = *cap ? 2 * *cap : first;
    if (ncap > SIZE_MAX / elem)
        return NULL;
    void *q = realloc(p, ncap * elem);
    if (q)
        *cap = ncap;
    return q;
}

#endif
