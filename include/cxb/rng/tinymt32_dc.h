/* cxb/rng/tinymt32_dc.h - reading TinyMT32 parameter sets made by TinyMT's dynamic creator
 * (docs/studies/prng.md "TinyMT32 DC sets are a run-time input file", 3.10, 5.1 parameterisation).
 *
 * Format (MersenneTwister-Lab/TinyMT opencl/tinymt32dc.0.2000.txt, read there by
 * opencl/file_reader.cpp): lines starting with '#' are comments; every other line is one set,
 *   characteristic,type,id,mat1,mat2,tmat,weight,delta
 * e.g. "d8524022ed8dff4a8dcc50c798faba43,32,0,8f7011ee,fc78ff1f,3793fdff,63,0": the
 * characteristic polynomial (128-bit hex), the word size (32), the DC id, the three
 * parameters (hex), the polynomial's weight and the equidistribution defect delta. (The
 * spec's table lists the columns in another order; the file is the authority.) The 2000-set
 * file is not shipped with cxbench; users pass its path. cxbench reads the three parameters
 * and checks the rest of the line's shape: 8 fields, a 32-hex-digit characteristic, type 32,
 * 1-8 hex digits per parameter, decimal id, weight and delta. Blank lines are skipped.
 * Row 0 of TinyMT's file is the default set of cxb/rng/tinymt32.h.
 */
#ifndef CXB_RNG_TINYMT32_DC_H
#define CXB_RNG_TINYMT32_DC_H

#include <stddef.h>

#include "cxb/rng/tinymt32.h"
#include "cxb/core/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Reads every set of the DC file at path into *sets (malloc'd; free it) and their count into
 * *nsets (>= 1). Errors: CXB_EINPUT naming "path:line: what" for an unreadable file, a
 * malformed line or a file without sets; CXB_ERESOURCE when memory runs out. On error
 * *sets is NULL and *nsets 0. */
cxb_status cxb_tinymt32_dc_read(const char *path, cxb_tinymt32_params **sets, size_t *nsets);

#ifdef __cplusplus
}
#endif

#endif
