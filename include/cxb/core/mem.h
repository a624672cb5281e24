/* cxb/core/mem.h - host memory a command may still use, and the check that refuses a job
 * whose estimated need exceeds it before any work is done (docs/cli.md, "Exit codes": 3).
 *
 * Available is the least of: MemAvailable of /proc/meminfo (sysconf(_SC_AVPHYS_PAGES) where
 * that is absent); the address-space and data limits (ulimit -v, ulimit -d) less what the
 * process already maps; and CXB_MEM_LIMIT (bytes, in any form of cxb_parse_u64: 64Mi, 2^30),
 * which lowers it for tests and for sharing a machine. An estimate is not an allocation: the
 * allocations that follow still report their own failure.
 */
#ifndef CXB_CORE_MEM_H
#define CXB_CORE_MEM_H

#include <stdint.h>

#include "cxb/core/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes available (UINT64_MAX if nothing says); *source names the bound that gave it
 * ("MemAvailable", "ulimit -v", "ulimit -d", "CXB_MEM_LIMIT"). */
uint64_t cxb_mem_available(const char **source);

/* CXB_OK if need <= cxb_mem_available(), else CXB_ERESOURCE:
 * "WHERE: needs 80.0 GiB of host memory (WHAT), 15.2 GiB available (MemAvailable)". */
cxb_status cxb_mem_check(double need, const char *where, const char *what);

/* "80.0 GiB", "12.5 MiB", "512 B" into buf. */
void cxb_mem_format(double bytes, char *buf, unsigned size);

#ifdef __cplusplus
}
#endif

#endif
