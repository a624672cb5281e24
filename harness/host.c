/* harness/host.c - facts about the host for provenance (harness/host.h; docs/method.md,
 * 4.4 "host" and "topology", 10 "export").
 *
 * Sources, first that answers: host name from gethostname; OS from PRETTY_NAME of
 * /etc/os-release (then /usr/lib/os-release); kernel from uname; CPU model from
 * /proc/cpuinfo ("model name", then "Hardware", "cpu model", "Processor", "cpu",
 * "uarch"), then hwloc's CPUModel, then the uname machine; sockets, cores, PUs and
 * cache sizes from the process-wide hwloc topology when built with hwloc, otherwise
 * from sysfs (/sys/devices/system/cpu/cpuN/topology, .../cpu0/cache) and sysconf;
 * memory from sysconf; governor from cpu0's cpufreq/scaling_governor; turbo from
 * intel_pstate/no_turbo, else cpufreq/boost (global, then policy0); load from
 * getloadavg; environment size as the bytes of "NAME=value\0" strings (Mytkowicz et
 * al., ASPLOS 2009: it shifts the stack, docs/method.md).
 */
#define _GNU_SOURCE /* getloadavg, _SC_PHYS_PAGES, environ */
#include "harness/host.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "cxb/config.h"

#if CXB_HAVE_HWLOC
#include <hwloc.h>

#include "harness/atomic.h"
#include "impl_pthreads/common/bind_plan.h"
#endif

extern char **environ;

/* ---- small file readers ---- */

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        ++s;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* First line of a file, trimmed; 0 on success. */
static int read_line(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[512];
    int ok = fgets(line, sizeof line, f) != NULL;
    fclose(f);
    if (!ok)
        return -1;
    snprintf(buf, len, "%s", trim(line));
    return buf[0] ? 0 : -1;
}

static long read_long(const char *path, long fallback)
{
    char buf[64];
    if (read_line(path, buf, sizeof buf) != 0)
        return fallback;
    char *end;
    errno = 0;
    long v = strtol(buf, &end, 10);
    return errno || end == buf ? fallback : v;
}

/* "key : value" lines (/proc/cpuinfo) or "KEY=value" lines (os-release): the value of
 * the first line whose key is `key`; 0 on success. */
static int read_keyed(const char *path, const char *key, char sep, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[1024];
    int found = -1;
    while (found != 0 && fgets(line, sizeof line, f)) {
        char *s = strchr(line, sep);
        if (!s)
            continue;
        *s = '\0';
        if (strcmp(trim(line), key) != 0)
            continue;
        char *v = trim(s + 1);
        size_t n = strlen(v);
        if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0]) {
            v[n - 1] = '\0';
            ++v;
        }
        if (*v) {
            snprintf(buf, len, "%s", v);
            found = 0;
        }
    }
    fclose(f);
    return found;
}

/* "48K", "1024K", "32M" (sysfs cache sizes) in bytes; 0 when unreadable. */
static long read_size(const char *path)
{
    char buf[64];
    if (read_line(path, buf, sizeof buf) != 0)
        return 0;
    char *end;
    long v = strtol(buf, &end, 10);
    if (end == buf || v < 0)
        return 0;
    switch (toupper((unsigned char)*end)) {
    case 'K': return v * 1024L;
    case 'M': return v * 1024L * 1024L;
    case 'G': return v * 1024L * 1024L * 1024L;
    default: return v;
    }
}

/* ---- the fields ---- */

static void read_os(cxb_host_info *h)
{
    if (read_keyed("/etc/os-release", "PRETTY_NAME", '=', h->os, sizeof h->os) != 0 &&
        read_keyed("/usr/lib/os-release", "PRETTY_NAME", '=', h->os, sizeof h->os) != 0)
        snprintf(h->os, sizeof h->os, "unknown");
}

static void read_cpu_model(cxb_host_info *h, const struct utsname *u)
{
    static const char *keys[] = {"model name", "Hardware", "cpu model", "Processor", "cpu", "uarch"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; ++i)
        if (read_keyed("/proc/cpuinfo", keys[i], ':', h->cpu_model, sizeof h->cpu_model) == 0)
            return;
#if CXB_HAVE_HWLOC
    hwloc_topology_t topo;
    if (cxb_bind_topology(&topo) == CXB_OK) {
        hwloc_obj_t pkg = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, 0);
        const char *m = pkg ? hwloc_obj_get_info_by_name(pkg, "CPUModel") : NULL;
        if (m && *m) {
            snprintf(h->cpu_model, sizeof h->cpu_model, "%s", m);
            return;
        }
    }
#endif
    snprintf(h->cpu_model, sizeof h->cpu_model, "%s", u && u->machine[0] ? u->machine : "unknown");
}

#if CXB_HAVE_HWLOC
static long first_cache_size(hwloc_topology_t topo, hwloc_obj_type_t type)
{
    hwloc_obj_t c = hwloc_get_obj_by_type(topo, type, 0);
    return c && c->attr ? (long)c->attr->cache.size : 0;
}

static int read_topology_hwloc(cxb_host_info *h)
{
    hwloc_topology_t topo;
    if (cxb_bind_topology(&topo) != CXB_OK)
        return -1;
    h->pus = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
    h->cores = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
    h->sockets = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE);
    if (h->pus <= 0)
        return -1;
    if (h->cores <= 0)
        h->cores = h->pus;
    if (h->sockets <= 0)
        h->sockets = 1;
    h->l1d_bytes = first_cache_size(topo, HWLOC_OBJ_L1CACHE);
    h->l2_bytes = first_cache_size(topo, HWLOC_OBJ_L2CACHE);
    h->l3_bytes = first_cache_size(topo, HWLOC_OBJ_L3CACHE);
    snprintf(h->topology_source, sizeof h->topology_source, "hwloc");
    return 0;
}
#endif

/* Sockets and cores as distinct (physical_package_id) and (package, core_id) pairs of
 * the online CPUs in sysfs; caches from cpu0's cache/index*; sysconf where sysfs is
 * silent. */
static void read_topology_sysconf(cxb_host_info *h)
{
    long conf = sysconf(_SC_NPROCESSORS_CONF);
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    h->pus = online > 0 ? (int)online : 1;
    if (conf < h->pus)
        conf = h->pus;
    long *pkg = calloc((size_t)conf, sizeof *pkg), *core = calloc((size_t)conf, sizeof *core);
    int npkg = 0, ncore = 0, seen = 0;
    for (long cpu = 0; pkg && core && cpu < conf; ++cpu) {
        char path[128];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%ld/online", cpu);
        if (read_long(path, 1) == 0)
            continue;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%ld/topology/physical_package_id", cpu);
        long p = read_long(path, -2);
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%ld/topology/core_id", cpu);
        long c = read_long(path, -2);
        if (p == -2 || c == -2)
            continue;
        ++seen;
        int new_pkg = 1, new_core = 1;
        for (int i = 0; i < seen - 1; ++i) {
            if (pkg[i] == p) {
                new_pkg = 0;
                if (core[i] == c)
                    new_core = 0;
            }
        }
        pkg[seen - 1] = p;
        core[seen - 1] = c;
        npkg += new_pkg;
        ncore += new_core;
    }
    free(pkg);
    free(core);
    h->sockets = npkg > 0 ? npkg : 1;
    h->cores = ncore > 0 && ncore <= h->pus ? ncore : h->pus;

    for (int idx = 0; idx < 16; ++idx) {
        char path[128], type[32];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", idx);
        long level = read_long(path, -1);
        if (level < 0)
            break;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/type", idx);
        if (read_line(path, type, sizeof type) != 0 || strcmp(type, "Instruction") == 0)
            continue;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", idx);
        long size = read_size(path);
        long *slot = level == 1 ? &h->l1d_bytes : level == 2 ? &h->l2_bytes : level == 3 ? &h->l3_bytes : NULL;
        if (slot && *slot == 0)
            *slot = size;
    }
#ifdef _SC_LEVEL1_DCACHE_SIZE
    if (h->l1d_bytes <= 0)
        h->l1d_bytes = sysconf(_SC_LEVEL1_DCACHE_SIZE) > 0 ? sysconf(_SC_LEVEL1_DCACHE_SIZE) : 0;
    if (h->l2_bytes <= 0)
        h->l2_bytes = sysconf(_SC_LEVEL2_CACHE_SIZE) > 0 ? sysconf(_SC_LEVEL2_CACHE_SIZE) : 0;
    if (h->l3_bytes <= 0)
        h->l3_bytes = sysconf(_SC_LEVEL3_CACHE_SIZE) > 0 ? sysconf(_SC_LEVEL3_CACHE_SIZE) : 0;
#endif
    snprintf(h->topology_source, sizeof h->topology_source, "sysconf");
}

static void read_turbo(cxb_host_info *h)
{
    long v = read_long("/sys/devices/system/cpu/intel_pstate/no_turbo", -1);
    if (v == 0 || v == 1) {
        snprintf(h->turbo, sizeof h->turbo, "%s", v ? "off" : "on");
        return;
    }
    v = read_long("/sys/devices/system/cpu/cpufreq/boost", -1);
    if (v != 0 && v != 1)
        v = read_long("/sys/devices/system/cpu/cpufreq/policy0/boost", -1);
    snprintf(h->turbo, sizeof h->turbo, "%s", v == 1 ? "on" : v == 0 ? "off" : "unknown");
}

double cxb_host_loadavg(void)
{
    double l[1];
    return getloadavg(l, 1) == 1 ? l[0] : -1.0;
}

cxb_status cxb_host_info_read(cxb_host_info *h)
{
    if (!h)
        return cxb_fail(CXB_EINPUT, "host: no place for the host facts");
    memset(h, 0, sizeof *h);
    if (gethostname(h->hostname, sizeof h->hostname - 1) != 0 || !h->hostname[0])
        snprintf(h->hostname, sizeof h->hostname, "unknown");
    struct utsname u;
    int have_uname = uname(&u) == 0;
    if (have_uname)
        snprintf(h->kernel, sizeof h->kernel, "%s %s", u.sysname, u.release);
    else
        snprintf(h->kernel, sizeof h->kernel, "unknown");
    read_os(h);
    read_cpu_model(h, have_uname ? &u : NULL);

    int have_topology = -1;
#if CXB_HAVE_HWLOC
    have_topology = read_topology_hwloc(h);
#endif
    if (have_topology != 0)
        read_topology_sysconf(h);
    h->smt = h->pus > h->cores;

    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    h->mem_bytes = pages > 0 && page > 0 ? (long long)pages * page : 0;
    if (read_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", h->governor,
                  sizeof h->governor) != 0)
        snprintf(h->governor, sizeof h->governor, "unknown");
    read_turbo(h);
    h->loadavg1 = cxb_host_loadavg();
    for (char **e = environ; e && *e; ++e)
        h->env_bytes += strlen(*e) + 1;
    return CXB_OK;
}

cxb_status cxb_topology_export(const char *path)
{
#if CXB_HAVE_HWLOC
    hwloc_topology_t topo;
    cxb_status st = cxb_bind_topology(&topo);
    if (st != CXB_OK)
        return st;
    /* Exported to memory and written atomically (docs/method.md) rather than with
     * hwloc_topology_export_xml, which writes the file in place. */
    char *xml = NULL;
    int len = 0;
    if (hwloc_topology_export_xmlbuffer(topo, &xml, &len, 0) != 0 || !xml || len <= 0)
        return cxb_fail(CXB_ERESOURCE, "%s: hwloc cannot export the topology as XML", path);
    cxb_afile af;
    st = cxb_afile_open(&af, path);
    if (st == CXB_OK) {
        size_t n = strlen(xml);
        if (fwrite(xml, 1, n, af.f) != n) {
            cxb_afile_abort(&af);
            st = cxb_fail(CXB_ERESOURCE, "%s: write failed", path);
        } else {
            st = cxb_afile_commit(&af);
        }
    }
    hwloc_free_xmlbuffer(topo, xml);
    return st;
#else
    return cxb_fail(CXB_ERESOURCE, "%s: cannot export the topology: built without hwloc", path);
#endif
}

/* ---- the noise score (docs/method.md) ----
 *
 * What it is: the run-to-run jitter of this machine right now, after `bencher noise`
 * (bencherdev/bencher lib/bencher_noise). Two fixed workloads are timed alternately
 * in short slices for about `seconds`:
 *   compute  a dependent chain of 64-bit multiply-add-xorshift steps (registers only);
 *   memory   a dependent pointer chase through a 4 MiB buffer, one cache line per
 *            step, the cycle fixed by Sattolo's shuffle with a fixed seed (beyond a
 *            typical L2, so it measures the shared cache and memory path).
 * Each slice is a fixed number of steps, calibrated once at the start to last about
 * 1 ms. As in bencher, the first 10% of the slices are discarded as warm-up, each
 * workload's coefficient of variation (sample sd / mean, in percent) is computed, the
 * two are combined with bencher's compute and cache weights (0.30 and 0.40, rescaled
 * to sum to 1, as bencher does for components it cannot measure - here I/O and CPU
 * steal), and the score is 33*log10(weighted CoV %) clamped to [0, 100]: 1% -> 0,
 * 10% -> 33, 100% -> 66. Lower is quieter; bencher calls <= 40 quiet.
 */

#define NOISE_LINES 65536u /* 4 MiB of 64-byte lines */
#define NOISE_SLICE_NS 1.0e6

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static volatile uint64_t noise_sink;

static void noise_compute(uint64_t steps)
{
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (uint64_t i = 0; i < steps; ++i) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        x ^= x >> 29;
    }
    noise_sink += x;
}

static void noise_memory(const uint64_t *lines, uint64_t steps)
{
    uint64_t i = 0;
    for (uint64_t s = 0; s < steps; ++s)
        i = lines[i * 8];
    noise_sink += i;
}

/* Steps of `work` that last about NOISE_SLICE_NS. */
static uint64_t noise_calibrate(int memory, const uint64_t *lines)
{
    uint64_t steps = 1024;
    for (;;) {
        double t0 = now_ns();
        if (memory)
            noise_memory(lines, steps);
        else
            noise_compute(steps);
        double dt = now_ns() - t0;
        if (dt >= NOISE_SLICE_NS / 4 || steps >= (1ull << 40))
            return dt > 0 ? (uint64_t)((double)steps * NOISE_SLICE_NS / dt) + 1 : steps;
        steps *= 4;
    }
}

static double cov_percent(const double *x, size_t n)
{
    size_t skip = n / 10;
    x += skip;
    n -= skip;
    if (n < 2)
        return 0.0;
    double mean = 0.0, ss = 0.0;
    for (size_t i = 0; i < n; ++i)
        mean += x[i];
    mean /= (double)n;
    for (size_t i = 0; i < n; ++i)
        ss += (x[i] - mean) * (x[i] - mean);
    double sd = sqrt(ss / (double)(n - 1));
    return mean > 0.0 ? 100.0 * sd / mean : 0.0;
}

double cxb_noise_score(double seconds)
{
    enum { MIN_SLICES = 10, MAX_SLICES = 100000 };
    uint64_t *lines = malloc((size_t)NOISE_LINES * 8 * sizeof *lines);
    double *tc = malloc(MAX_SLICES * sizeof *tc), *tm = malloc(MAX_SLICES * sizeof *tm);
    if (!lines || !tc || !tm) {
        free(lines);
        free(tc);
        free(tm);
        return 100.0; /* cannot measure: report the worst, never a false "quiet" */
    }
    /* One cycle through all lines (Sattolo), fixed xorshift64 seed. */
    for (uint32_t i = 0; i < NOISE_LINES; ++i)
        lines[(size_t)i * 8] = i;
    uint64_t r = 0x2545f4914f6cdd1dull;
    for (uint32_t i = NOISE_LINES - 1; i > 0; --i) {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        uint32_t j = (uint32_t)(r % i);
        uint64_t t = lines[(size_t)i * 8];
        lines[(size_t)i * 8] = lines[(size_t)j * 8];
        lines[(size_t)j * 8] = t;
    }
    uint64_t sc = noise_calibrate(0, lines), sm = noise_calibrate(1, lines);
    size_t n = 0;
    double end = now_ns() + (seconds > 0 ? seconds : 0) * 1e9;
    while (n < MAX_SLICES && (n < MIN_SLICES || now_ns() < end)) {
        double t0 = now_ns();
        noise_compute(sc);
        double t1 = now_ns();
        noise_memory(lines, sm);
        double t2 = now_ns();
        tc[n] = t1 - t0;
        tm[n] = t2 - t1;
        ++n;
    }
    double weighted = (0.30 * cov_percent(tc, n) + 0.40 * cov_percent(tm, n)) / 0.70;
    free(lines);
    free(tc);
    free(tm);
    if (!(weighted > 0.0))
        return 0.0;
    double score = 33.0 * log10(weighted);
    return score < 0.0 ? 0.0 : score > 100.0 ? 100.0 : score;
}
