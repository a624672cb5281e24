/* harness/plot.h - figures from a result set (docs/method.md): per figure, a data CSV
 * and a gnuplot script written beside the output, then gnuplot run for PNG and PDF. */
#ifndef CXB_HARNESS_PLOT_H
#define CXB_HARNESS_PLOT_H

#include <stddef.h>

#include "cxb/core/status.h"
#include "harness/registry.h"

/* Draws every figure of the study from run_dir (summary.csv, fit.csv) into out_dir
 * (results/<machine>/figures when NULL). Without gnuplot: data and scripts are
 * written and CXB_ERESOURCE is returned with a one-line message. */
cxb_status cxb_plot_run_dir(const char *run_dir, const cxb_study *study, const char *out_dir);

/* A line for the user (the CLI prints it as "note: LINE"); the library prints nothing. */
typedef void (*cxb_plot_note_fn)(void *arg, const char *line);

/* Every figure of the study from the union of the points of nsets result sets (a
 * study measured in several runs). nsets == 1 is cxb_plot_run_dir. Several sets must be
 * of the study, of one machine and distinct (cxb_plot_sets_check), and out_dir is then
 * required; any of these failing is CXB_EINPUT before anything is written. A point (impl +
 * params) in more than one set is drawn from the set given last; note() is told of each
 * such point and the figure's script names it. Each figure's .gp names every set in its
 * header comment, and the PNG title a second line with their run ids; the sets themselves
 * are only read (summary.csv and fit.csv must exist: cxb_results_ensure_derived). A set's
 * fitted line is drawn only for a series all of whose points come from that set. */
cxb_status cxb_plot_run_dirs(const char *const *run_dirs, size_t nsets, const cxb_study *study,
                             const char *out_dir, cxb_plot_note_fn note, void *note_arg);

/* cxb_plot_run_dirs, except that a figure with nothing measured in the sets is neither drawn
 * nor removed: files already in out_dir stay (`cxbench plot --all` from INDEX.md, where
 * several rows draw into one folder). out_dir is required. */
cxb_status cxb_plot_run_dirs_keep(const char *const *run_dirs, size_t nsets, const cxb_study *study,
                                  const char *out_dir, cxb_plot_note_fn note, void *note_arg);

#endif
