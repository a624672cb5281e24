/* harness/instructions.h - instruction counts of one run of a point under callgrind
 * (docs/method.md): deterministic where wall time on a noisy 2-core CI machine is not.
 *
 * The runner re-executes cxbench as `valgrind --tool=callgrind --instr-atstart=no
 * cxbench _ir IMPL PARAMS`; the child sets the point up, runs it once uninstrumented
 * (verification, warm-up), then once between CALLGRIND_START_INSTRUMENTATION and
 * CALLGRIND_STOP_INSTRUMENTATION, so the count is the measured region's alone. */
#ifndef CXB_HARNESS_INSTRUCTIONS_H
#define CXB_HARNESS_INSTRUCTIONS_H

#include "cxb/core/status.h"
#include "harness/registry.h"

/* 1 if valgrind was found at build time and callgrind's client requests compiled in. */
int cxb_instructions_available(const char **why);

/* Ir of impl at the canonical params (CXB_ERESOURCE without valgrind). */
cxb_status cxb_instructions_measure(const cxb_impl *impl, const char *canonical, long long *ir);

/* The child side: `cxbench _ir IMPL PARAMS`. */
int cxb_cli_ir(int argc, char **argv);

#endif
