/* tests/prng/dist_fixture.h - the plan of a generator x technique for the stream-distribution
 * tests, with TinyMT32's param fed the 3 DC sets of tests/prng/data/tinymt32dc.head.txt (the
 * first rows of TinyMT's opencl/tinymt32dc.0.2000.txt; row 0 is the default set). */
#ifndef CXB_TESTS_DIST_FIXTURE_H
#define CXB_TESTS_DIST_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>

#include "cxb/config.h"
#include "cxb/prng/dist.h"
#include "cxb/rng/tinymt32_dc.h"

/* path of the fixture (CXB_SOURCE_DIR from the environment or the build) */
static inline const char *dist_fixture_path(void)
{
    static char path[4096];
    const char *src = getenv("CXB_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/tests/prng/data/tinymt32dc.head.txt", src && *src ? src : CXB_SOURCE_DIR);
    return path;
}

static inline cxb_status dist_test_plan(cxb_dist_plan **p, const char *gen, cxb_dist_tech t, uint64_t seed)
{
    cxb_status st = cxb_dist_plan_create(p, gen, t, seed, 0);
    if (st != CXB_OK || (*p)->gen != CXB_DIST_GEN_tinymt32 || t != CXB_DIST_PARAM)
        return st;
    cxb_tinymt32_params *sets = NULL;
    size_t n = 0;
    if ((st = cxb_tinymt32_dc_read(dist_fixture_path(), &sets, &n)) == CXB_OK)
        st = cxb_dist_plan_set_tinymt32(*p, sets, n);
    free(sets);
    if (st != CXB_OK) {
        cxb_dist_plan_destroy(*p);
        *p = NULL;
    }
    return st;
}

#endif
