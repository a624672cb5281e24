/* graph: LSD radix sort of 64-bit keys, the sequential sort of the CSR builder
 * (docs/studies/graph.md step 4). One pass over the keys builds all eight byte histograms; a byte
 * that is the same in every key (the high bytes of u and v when n is small) is skipped,
 * so a graph of 2^22 vertices costs six scatter passes, not eight. Stable, so the
 * result is the unique sorted order whatever the input order.
 */
#include <string.h>

#include "cxb/graph/graph.h"

void cxb_sort_u64(uint64_t *key, uint64_t *tmp, uint64_t n)
{
    if (n < 2)
        return;
    static _Thread_local uint64_t hist[8][256];
    memset(hist, 0, sizeof hist);
    for (uint64_t i = 0; i < n; ++i) {
        uint64_t k = key[i];
        for (int d = 0; d < 8; ++d)
            ++hist[d][(k >> (8 * d)) & 0xFF];
    }
    uint64_t *src = key, *dst = tmp;
    for (int d = 0; d < 8; ++d) {
        uint64_t *h = hist[d];
        if (h[(src[0] >> (8 * d)) & 0xFF] == n)
            continue; /* every key has this byte: the pass would not move anything */
        uint64_t sum = 0;
        for (int b = 0; b < 256; ++b) {
            uint64_t c = h[b];
            h[b] = sum;
            sum += c;
        }
        for (uint64_t i = 0; i < n; ++i) {
            uint64_t k = src[i];
            dst[h[(k >> (8 * d)) & 0xFF]++] = k;
        }
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != key)
        memcpy(key, src, n * sizeof *key);
}
