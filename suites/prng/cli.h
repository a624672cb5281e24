/* suites/prng/cli.h - the prng study's commands (cxbench prng, cxbench prng-repro), declared
 * in its descriptor (suites/prng/study.c). Each takes argv with argv[0] = the command's
 * name and returns the exit code. */
#ifndef CXB_SUITES_PRNG_CLI_H
#define CXB_SUITES_PRNG_CLI_H

#include <stdio.h>

/* cxbench prng: lf24, the counter-based generators' raw blocks, and every GEN (cli.c). */
int cxb_cli_prng(int argc, char **argv);
/* cxbench prng for the 32-bit generators (cli_u32.c); argv[1] names the generator. */
int cxb_cli_prng_u32(int argc, char **argv);
/* cxbench prng-repro: Figure R1, reproducibility across decompositions (cli_repro.c). */
int cxb_cli_prng_repro(int argc, char **argv);
/* "GEN: lf24, philox4x32, ...": the generators `prng` takes, for its --help. */
void cxb_prng_cli_help_generators(FILE *out);

#endif
