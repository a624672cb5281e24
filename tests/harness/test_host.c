/* tests/harness/test_host.c - harness_host: host facts for provenance (harness/host.h;
 * docs/method.md "host", "topology").
 *
 * Checks: a non-empty CPU model, host name, kernel and OS; 1 <= sockets <= cores <= PUs
 * and PUs at most the configured CPUs; SMT iff PUs > cores; governor and turbo are
 * set ("unknown" allowed); the load average is >= 0; the environment size grows by
 * exactly the bytes of a variable the test adds; the topology source matches the
 * build; the noise score is in [0, 100]; the topology export writes hwloc XML (with
 * hwloc) or fails with CXB_ERESOURCE and writes nothing (without).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cxb/config.h"
#include "harness/host.h"

int main(void)
{
    cxb_host_info h;
    CHECK(cxb_host_info_read(&h) == CXB_OK);
    printf("host: %s | os: %s | kernel: %s | cpu: %s\n", h.hostname, h.os, h.kernel, h.cpu_model);
    printf("sockets %d cores %d pus %d smt %d | L1d %ld L2 %ld L3 %ld | mem %lld\n", h.sockets, h.cores, h.pus,
           h.smt, h.l1d_bytes, h.l2_bytes, h.l3_bytes, h.mem_bytes);
    printf("governor %s turbo %s load %.2f env %zu bytes topology %s\n", h.governor, h.turbo, h.loadavg1,
           h.env_bytes, h.topology_source);

    CHECK(h.cpu_model[0] != '\0');
    CHECK(h.hostname[0] != '\0');
    CHECK(h.kernel[0] != '\0');
    CHECK(h.os[0] != '\0');
    CHECK(h.sockets >= 1);
    CHECK(h.cores >= 1);
    CHECK(h.pus >= h.cores);
    CHECK(h.sockets <= h.cores);
    long conf = sysconf(_SC_NPROCESSORS_CONF);
    CHECK_MSG(conf <= 0 || h.pus <= conf, "%d PUs but %ld configured CPUs", h.pus, conf);
    CHECK(h.smt == (h.pus > h.cores));
    CHECK(h.l1d_bytes >= 0 && h.l2_bytes >= 0 && h.l3_bytes >= 0);
    CHECK(h.mem_bytes > 0);
    CHECK(h.governor[0] != '\0');
    CHECK(strcmp(h.turbo, "on") == 0 || strcmp(h.turbo, "off") == 0 || strcmp(h.turbo, "unknown") == 0);
    CHECK(h.loadavg1 >= 0.0);
    CHECK(cxb_host_loadavg() >= 0.0);
    CHECK(strcmp(h.topology_source, CXB_HAVE_HWLOC ? "hwloc" : "sysconf") == 0);

    /* environment size: "CXB_TEST_PAD=" + 1000 characters + NUL = 1014 bytes more */
    char pad[1001];
    memset(pad, 'x', 1000);
    pad[1000] = '\0';
    unsetenv("CXB_TEST_PAD");
    cxb_host_info a, b;
    CHECK(cxb_host_info_read(&a) == CXB_OK);
    CHECK(setenv("CXB_TEST_PAD", pad, 1) == 0);
    CHECK(cxb_host_info_read(&b) == CXB_OK);
    CHECK_MSG(b.env_bytes == a.env_bytes + 1014, "env %zu -> %zu", a.env_bytes, b.env_bytes);
    unsetenv("CXB_TEST_PAD");

    double noise = cxb_noise_score(0.3);
    printf("noise score (0.3 s): %.1f\n", noise);
    CHECK(noise >= 0.0 && noise <= 100.0);
    noise = cxb_noise_score(0.0); /* the minimum number of slices, still a valid score */
    CHECK(noise >= 0.0 && noise <= 100.0);

    char path[] = "/tmp/cxb_test_host_XXXXXX";
    char *dir = mkdtemp(path);
    CHECK(dir != NULL);
    if (dir) {
        char file[256];
        snprintf(file, sizeof file, "%s/topology.xml", dir);
        cxb_status st = cxb_topology_export(file);
        FILE *f = fopen(file, "r");
#if CXB_HAVE_HWLOC
        CHECK_MSG(st == CXB_OK, "%s", cxb_last_error());
        CHECK(f != NULL);
        if (f) {
            static char buf[1 << 20];
            size_t n = fread(buf, 1, sizeof buf - 1, f);
            buf[n] = '\0';
            CHECK(strncmp(buf, "<?xml", 5) == 0);
            CHECK(strstr(buf, "<topology") != NULL);
            CHECK(strstr(buf, "type=\"PU\"") != NULL);
        }
#else
        CHECK(st == CXB_ERESOURCE);
        CHECK(f == NULL);
#endif
        if (f)
            fclose(f);
        remove(file);
        rmdir(dir);
    }
    CHECK_DONE();
}
