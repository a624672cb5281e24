/* harness/cli.h - the harness's own commands of the cxbench program (list, run, bench,
 * fit, compare, plot, report), one file each, and what every command shares: the one error
 * line and number parsing. Studies bring their own commands through their descriptors
 * (cxb_command, harness/registry.h); main.c builds the command table from both. Each
 * command takes argv with argv[0] = its name and returns the exit code (docs/cli.md). */
#ifndef CXB_HARNESS_CLI_H
#define CXB_HARNESS_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/core/status.h"

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
/* An unsigned count (123, 1e8, 2^20, 0x10) for option `flag` of command `cmd`: 0, or the
 * exit code after printing the one error line. */
int cxb_cli_parse_u64(const char *cmd, const char *flag, const char *text, uint64_t *out);

/* Prints "cxbench: error: MSG" (one line) and returns code. */
int cxb_cli_error(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Prints the library's last error for st and returns st as the exit code. */
int cxb_cli_status(cxb_status st);

#endif
