/* impl_cpu/common/mem.c - host memory available to the process (cxb/core/mem.h). */
#define _GNU_SOURCE /* _SC_AVPHYS_PAGES */
#include "cxb/core/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cxb/core/params.h"

/* A "Key:   N kB" line of a /proc file, in bytes; 0 if absent. */
static uint64_t proc_kb(const char *path, const char *key)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[256];
    size_t len = strlen(key);
    uint64_t v = 0;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, key, len) && line[len] == ':') {
            v = strtoull(line + len + 1, NULL, 10) * 1024u;
            break;
        }
    fclose(f);
    return v;
}

uint64_t cxb_mem_available(const char **source)
{
    uint64_t best = UINT64_MAX;
    const char *why = "nothing";
    uint64_t avail = proc_kb("/proc/meminfo", "MemAvailable");
    if (!avail) {
        long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
        if (pages > 0 && page > 0)
            avail = (uint64_t)pages * (uint64_t)page;
    }
    if (avail) {
        best = avail;
        why = "MemAvailable";
    }
    static const struct {
        int resource;
        const char *name, *key; /* what the process maps already, from /proc/self/status */
    } limits[] = {{RLIMIT_AS, "ulimit -v", "VmSize"}, {RLIMIT_DATA, "ulimit -d", "VmData"}};
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; ++i) {
        struct rlimit rl;
        if (getrlimit(limits[i].resource, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
            continue;
        uint64_t used = proc_kb("/proc/self/status", limits[i].key);
        uint64_t left = (uint64_t)rl.rlim_cur > used ? (uint64_t)rl.rlim_cur - used : 0;
        if (left < best) {
            best = left;
            why = limits[i].name;
        }
    }
    const char *env = getenv("CXB_MEM_LIMIT");
    uint64_t lim;
    if (env && *env && cxb_parse_u64(env, "CXB_MEM_LIMIT", &lim) == CXB_OK && lim < best) {
        best = lim;
        why = "CXB_MEM_LIMIT";
    }
    if (source)
        *source = why;
    return best;
}

void cxb_mem_format(double bytes, char *buf, unsigned size)
{
    if (bytes >= 1024.0 * 1024 * 1024)
        snprintf(buf, size, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
    else if (bytes >= 1024.0 * 1024)
        snprintf(buf, size, "%.1f MiB", bytes / (1024.0 * 1024));
    else
        snprintf(buf, size, "%.0f B", bytes);
}

cxb_status cxb_mem_check(double need, const char *where, const char *what)
{
    const char *source;
    uint64_t avail = cxb_mem_available(&source);
    if (avail == UINT64_MAX || need <= (double)avail)
        return CXB_OK;
    char n[32], a[32];
    cxb_mem_format(need, n, sizeof n);
    cxb_mem_format((double)avail, a, sizeof a);
    return cxb_fail(CXB_ERESOURCE, "%s: needs %s of host memory (%s), %s available (%s)", where, n, what, a,
                    source);
}
