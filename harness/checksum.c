/* Output checksum: four independent multiply-xorshift lanes over 64-bit words (so the
 * loop runs near memory speed), combined with the length at the end. */
#include "harness/checksum.h"

#include <string.h>

static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

uint64_t cxb_checksum_bytes(const void *data, size_t n)
{
    const unsigned char *p = data;
    uint64_t lane[4] = {0x9e3779b97f4a7c15ull, 0xbf58476d1ce4e5b9ull, 0x94d049bb133111ebull,
                        0x2545f4914f6cdd1dull};
    size_t words = n / 8, i = 0;
    for (; i + 4 <= words; i += 4)
        for (int k = 0; k < 4; ++k) {
            uint64_t w;
            memcpy(&w, p + 8 * (i + (size_t)k), 8);
            lane[k] = (lane[k] ^ w) * 0x100000001b3ull + (lane[k] >> 29);
        }
    for (; i < words; ++i) {
        uint64_t w;
        memcpy(&w, p + 8 * i, 8);
        lane[i & 3] = (lane[i & 3] ^ w) * 0x100000001b3ull + (lane[i & 3] >> 29);
    }
    uint64_t tail = 0;
    if (n > 8 * words)
        memcpy(&tail, p + 8 * words, n - 8 * words);
    uint64_t h = mix(lane[0]) ^ mix(lane[1] + 1) ^ mix(lane[2] + 2) ^ mix(lane[3] + 3);
    return mix(h ^ mix(tail) ^ (uint64_t)n);
}
