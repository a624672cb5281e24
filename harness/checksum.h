/* harness/checksum.h - the 64-bit checksum of an output buffer that every timed sample
 * is compared with (docs/method.md): position-dependent, so a permutation or a single
 * changed word changes it. Not cryptographic. */
#ifndef CXB_HARNESS_CHECKSUM_H
#define CXB_HARNESS_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/* Hashes n bytes (read as little-endian 64-bit words, tail zero-padded) with the length. */
uint64_t cxb_checksum_bytes(const void *data, size_t n);

#endif
