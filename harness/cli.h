/* harness/cli.h - the harness's own commands of the cxbench program (list, run, bench,
 * fit, compare, plot, report), one file each, and what every command shares: the one error
 * line and the parsing of its arguments by its option table. Studies bring their own
 * commands through their descriptors (cxb_command, harness/registry.h); main.c builds the
 * command table from both. Each command takes argv with argv[0] = its name and returns the
 * exit code (docs/cli.md). */
#ifndef CXB_HARNESS_CLI_H
#define CXB_HARNESS_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/core/status.h"
#include "harness/options.h"

struct cxb_impl;

int cxb_cli_list(int argc, char **argv);
int cxb_cli_run(int argc, char **argv);
/* cxb_cli_run that also gives the path of the result set it wrote ("" when none). */
int cxb_cli_run_into(int argc, char **argv, char *run_dir, size_t size);
int cxb_cli_bench(int argc, char **argv);
int cxb_cli_fit(int argc, char **argv);
/* The tables `fit DIR --table` prints, writing no file (for `run`). */
int cxb_cli_fit_table(const char *dir);
int cxb_cli_compare(int argc, char **argv);
int cxb_cli_plot(int argc, char **argv);
int cxb_cli_report(int argc, char **argv);
/* Their synopses and options (harness/options.h), for main's command table. */
extern const cxb_form cxb_cli_list_forms[], cxb_cli_run_forms[], cxb_cli_bench_forms[], cxb_cli_fit_forms[],
    cxb_cli_compare_forms[], cxb_cli_plot_forms[], cxb_cli_report_forms[];

/* Parses a command's arguments by table (cxb_options_parse) into base: 0 to go on, or 1
 * when the command is done with exit code *rc: the one error line printed (2), or --help
 * (0: the usage of path's forms printed on stdout). */
int cxb_cli_args(int argc, char **argv, const char *path, const cxb_form *forms, const cxb_option *table,
                 void *base, int maxpos, cxb_args *a, int *rc);

/* Prints "cxbench: error: MSG" (one line) and returns code. */
int cxb_cli_error(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Prints the library's last error for st and returns st as the exit code. */
int cxb_cli_status(cxb_status st);

/* The row of study that a command's --impl names: an id as `cxbench list` prints it, or the id
 * without its "study." prefix. 0 with *out set, or the exit code after one error line naming
 * cmd: 2 for no such row, 3 for a row this build or machine cannot run. */
int cxb_cli_study_row(const char *study, const char *cmd, const char *name, const struct cxb_impl **out);

#endif
