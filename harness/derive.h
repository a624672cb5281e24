/* harness/derive.h - the derived files of a result set, regenerated from samples.csv at
 * any time (docs/method.md): summary.csv (one row per point) and fit.csv (one row per
 * fitted series), both written atomically. */
#ifndef CXB_HARNESS_DERIVE_H
#define CXB_HARNESS_DERIVE_H

#include "cxb/core/status.h"
#include "harness/registry.h"

/* Reads run_dir/samples.csv (and run_dir/floors.csv when present), writes
 * run_dir/summary.csv and run_dir/fit.csv using the study's series specs.
 * range_lo/range_hi > 0 override the declared/automatic fit range. */
cxb_status cxb_derive_write(const char *run_dir, const cxb_study *study, double range_lo,
                            double range_hi);

/* The same two files from a result set already loaded and fitted (cxb_rset_fit), for
 * callers that print the fits too: nothing is read or fitted twice. */
struct cxb_rset;
cxb_status cxb_derive_write_fitted(const struct cxb_rset *rs);
/* The same two files as "<prefix>summary.csv" and "<prefix>fit.csv" (prefix "SET." puts
 * them beside the set, leaving the set's own files as its run wrote them). */
cxb_status cxb_derive_write_fitted_to(const struct cxb_rset *rs, const char *prefix);

#endif
