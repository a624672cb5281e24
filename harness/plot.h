/* harness/plot.h - figures from a result set (harness.md 11): per figure, a data CSV
 * and a gnuplot script written beside the output, then gnuplot run for PNG and PDF. */
#ifndef CXB_HARNESS_PLOT_H
#define CXB_HARNESS_PLOT_H

#include "cxb/status.h"
#include "harness/registry.h"

/* Draws every figure of the study from run_dir (summary.csv, fit.csv) into out_dir
 * (results/<machine>/figures when NULL). Without gnuplot: data and scripts are
 * written and CXB_ERESOURCE is returned with a one-line message. */
cxb_status cxb_plot_run_dir(const char *run_dir, const cxb_study *study, const char *out_dir);

#endif
