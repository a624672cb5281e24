/* tests/fuzz/fuzz_prov.c - libFuzzer entry point: provenance.json as compare reads it
 * (cxb_prov_read, harness/compare.c): schema_version, host, gpu and build fields. A major
 * version it accepts is a non-negative number, and the strings it copies are terminated. */
#define _XOPEN_SOURCE 700
#include "fuzz_util.h"

#include "harness/compare.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[512];
    snprintf(path, sizeof path, "%s/provenance.json", fuzz_scratch());
    fuzz_write(path, data, size);
    cxb_prov p;
    if (cxb_prov_read(fuzz_scratch(), &p) != CXB_OK)
        return 0;
    FUZZ_ASSERT(p.schema_major >= 0, "schema major %ld", p.schema_major);
    FUZZ_ASSERT(memchr(p.cpu, 0, sizeof p.cpu) && memchr(p.gpu, 0, sizeof p.gpu) &&
                    memchr(p.build, 0, sizeof p.build) && memchr(p.compiler, 0, sizeof p.compiler) &&
                    memchr(p.flags, 0, sizeof p.flags),
                "an unterminated field");
    return 0;
}
