/* suites/prng/params.h - the parameter names every prng implementation accepts. One --set
 * applies to a whole prng run, so each implementation accepts every prng parameter and
 * ignores those that are not its own; anything else is an error (a typo is not ignored). */
#ifndef CXB_SUITES_PRNG_PARAMS_H
#define CXB_SUITES_PRNG_PARAMS_H

extern const char *const cxb_prng_param_keys[];

#endif
