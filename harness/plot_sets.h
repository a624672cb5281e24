/* harness/plot_sets.h - which result sets may be drawn together in one figure:
 * a study too long for one run (Leist Fig. 5.10 at 64 MiB) is measured as several complete
 * sets, each with its own provenance, and `cxbench plot SET SET ...` draws the union of
 * their points. The sets must be of one study and one machine, and distinct. */
#ifndef CXB_HARNESS_PLOT_SETS_H
#define CXB_HARNESS_PLOT_SETS_H

#include <stddef.h>

#include "cxb/core/status.h"

/* The machine a result set was measured on: run.machine of DIR/provenance.json, or the
 * name of DIR's parent directory (results/<machine>/<run_id>) when the file has none. */
cxb_status cxb_plot_set_machine(const char *run_dir, char *out, size_t size);

/* Checks that the n sets (n >= 1) are result-set directories of one study (the `study`
 * column of samples.csv; also equal to `study` unless NULL) and, when n > 1, of one
 * machine, with no directory given twice. CXB_EINPUT with one line naming the set (and the
 * one it disagrees with) otherwise. Reads only. */
cxb_status cxb_plot_sets_check(const char *const *run_dirs, size_t n, const char *study);

#endif
