/* suites/prng/cli.h - the prng study's commands (cxbench prng, cxbench prng-repro), declared
 * in its descriptor (suites/prng/study.c). Each takes argv with argv[0] = the command's
 * name and returns the exit code. */
#ifndef CXB_SUITES_PRNG_CLI_H
#define CXB_SUITES_PRNG_CLI_H

#include <stdio.h>

#include "harness/options.h"

/* cxbench prng: lf24, the counter-based generators' raw blocks, and every GEN (cli.c). */
int cxb_cli_prng(int argc, char **argv);
/* cxbench prng for the 32-bit generators (cli_u32.c); argv[0] names the generator. */
int cxb_cli_prng_u32(int argc, char **argv);
/* The synopses of cxbench prng (lf24, the raw blocks, GEN), the options of GEN (cli_u32.c),
 * the options of prng-repro (cli_repro.c), and --format's values in cxb_out_format's order. */
extern const cxb_form cxb_prng_forms[], cxb_prng_repro_forms[];
extern const cxb_option cxb_prng_gen_options[];
extern const char *const cxb_prng_formats[];
/* cxbench prng-repro: Figure R1, reproducibility across decompositions (cli_repro.c). */
int cxb_cli_prng_repro(int argc, char **argv);
/* "GEN: lf24, philox4x32, ...": the generators `prng` takes, for its --help. */
void cxb_prng_cli_help_generators(FILE *out);

#endif
