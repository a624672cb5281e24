/* provenance.json (docs/method.md): what ran, from which commit, built how, on what. */
#define _POSIX_C_SOURCE 200809L
#include "harness/provenance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cxb/config.h"
#include "cxb/core/cuda.h"
#include "harness/atomic.h"
#include "harness/host.h"
#include "harness/json_write.h"
#include "harness/records.h"

#if CXB_HAVE_HWLOC
#include <hwloc.h>
#endif

void cxb_utc_now(char *buf, size_t size)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* First line of a git command run in the source tree, or "" (not a checkout, no git). */
static void git_line(const char *args, char *out, size_t size)
{
    char cmd[4400];
    out[0] = '\0';
    snprintf(cmd, sizeof cmd, "git -C '%s' %s 2>/dev/null", CXB_SOURCE_DIR, args);
    FILE *p = popen(cmd, "r");
    if (!p)
        return;
    if (fgets(out, (int)size, p))
        out[strcspn(out, "\n")] = '\0';
    while (fgetc(p) != EOF) {
    }
    pclose(p);
}

/* What git says of the source tree, read once: at the run's start (cxb_provenance_capture_git),
 * so that a commit made while a long run goes on is not named as the run's. */
static struct {
    int taken;
    char commit[128], branch[256], describe[256], dirty[8];
} git_seen;

void cxb_provenance_capture_git(void)
{
    if (git_seen.taken)
        return;
    git_seen.taken = 1;
    git_line("rev-parse --verify -q HEAD", git_seen.commit, sizeof git_seen.commit);
    if (strspn(git_seen.commit, "0123456789abcdef") != 40 || git_seen.commit[40]) /* no commit yet: "HEAD" */
        git_seen.commit[0] = '\0';
    git_line("rev-parse --abbrev-ref HEAD", git_seen.branch, sizeof git_seen.branch);
    git_line("describe --always --dirty", git_seen.describe, sizeof git_seen.describe);
    /* untracked results/ and build dirs are not "dirty" for provenance: tracked changes only */
    git_line("status --porcelain --untracked-files=no | head -c1", git_seen.dirty, sizeof git_seen.dirty);
}

static void write_git(cxb_json *w)
{
    cxb_provenance_capture_git(); /* a writer whose run did not capture it reads it now */
    const char *commit = git_seen.commit, *branch = git_seen.branch, *describe = git_seen.describe,
               *dirty = git_seen.dirty;
    /* A copy of the tree whose .git is absent or stale (the GPU machine gets one: its git
     * reports an old HEAD and calls the tree dirty) names its commit in CXB_GIT_COMMIT, and
     * whether the tree differs from it in CXB_GIT_DIRTY (0 or 1): the caller's statement
     * wins over git's, and what git said is kept beside it. */
    const char *env = getenv("CXB_GIT_COMMIT"), *envd = getenv("CXB_GIT_DIRTY");
    cxb_json_object(w, "git");
    if (!env || !env[0]) {
        cxb_json_str(w, "commit", commit[0] ? commit : CXB_CONFIGURE_COMMIT);
        cxb_json_str(w, "commit_source", commit[0] ? "git at run start" : "configure time");
        cxb_json_bool(w, "dirty", dirty[0] != '\0');
    } else {
        cxb_json_str(w, "commit", env);
        cxb_json_str(w, "commit_source", "CXB_GIT_COMMIT");
        if (envd && (strcmp(envd, "0") == 0 || strcmp(envd, "1") == 0))
            cxb_json_bool(w, "dirty", strcmp(envd, "1") == 0);
        else
            cxb_json_null(w, "dirty"); /* not known */
        cxb_json_str(w, "git_head_seen", commit[0] ? commit : "none");
    }
    cxb_json_str(w, "branch", branch);
    cxb_json_str(w, "describe", describe);
    cxb_json_end_object(w);
}

static void write_build(cxb_json *w)
{
    cxb_json_object(w, "build");
    cxb_json_str(w, "type", CXB_BUILD_TYPE);
    cxb_json_str(w, "c_compiler", CXB_C_COMPILER);
    cxb_json_str(w, "c_flags", CXB_C_FLAGS);
    cxb_json_str(w, "cuda_compiler", CXB_HAVE_CUDA ? CXB_CUDA_COMPILER : "");
    cxb_json_str(w, "cuda_flags", CXB_HAVE_CUDA ? CXB_CUDA_FLAGS : "");
    cxb_json_str(w, "cuda_architectures", CXB_HAVE_CUDA ? CXB_CUDA_ARCHITECTURES : "");
    cxb_json_str(w, "cmake", CXB_CMAKE_VERSION);
    cxb_json_str(w, "sanitizer", CXB_SANITIZER);
    cxb_json_str(w, "version", CXB_VERSION);
    cxb_json_object(w, "options");
    cxb_json_bool(w, "CXB_CUDA", CXB_HAVE_CUDA);
    cxb_json_bool(w, "CXB_HWLOC", CXB_HAVE_HWLOC);
    cxb_json_bool(w, "CXB_CJSON", CXB_HAVE_CJSON);
    cxb_json_end_object(w);
#if CXB_HAVE_HWLOC
    char v[32];
    unsigned api = hwloc_get_api_version();
    snprintf(v, sizeof v, "%u.%u.%u", api >> 16, (api >> 8) & 0xff, api & 0xff);
    cxb_json_str(w, "hwloc_api", v);
#endif
    cxb_json_end_object(w);
}

static void write_host(cxb_json *w, const cxb_prov_run *run)
{
    cxb_host_info h;
    memset(&h, 0, sizeof h);
    cxb_host_info_read(&h);
    cxb_json_object(w, "host");
    cxb_json_str(w, "hostname", h.hostname);
    cxb_json_str(w, "os", h.os);
    cxb_json_str(w, "kernel", h.kernel);
    cxb_json_str(w, "cpu_model", h.cpu_model);
    cxb_json_int(w, "sockets", h.sockets);
    cxb_json_int(w, "cores", h.cores);
    cxb_json_int(w, "pus", h.pus);
    cxb_json_int(w, "l1d_bytes", h.l1d_bytes);
    cxb_json_int(w, "l2_bytes", h.l2_bytes);
    cxb_json_int(w, "l3_bytes", h.l3_bytes);
    cxb_json_int(w, "memory_bytes", h.mem_bytes);
    cxb_json_str(w, "governor", h.governor);
    cxb_json_str(w, "turbo", h.turbo);
    cxb_json_bool(w, "smt", h.smt);
    cxb_json_num(w, "loadavg_start", run->load_start);
    cxb_json_num(w, "loadavg_end", run->load_end);
    cxb_json_num(w, "noise_score_start", run->noise_start);
    cxb_json_num(w, "noise_score_end", run->noise_end);
    cxb_json_int(w, "environment_bytes", (long long)h.env_bytes);
    cxb_json_str(w, "topology_source", h.topology_source);
    cxb_json_end_object(w);
}

static void write_gpus(cxb_json *w)
{
    const char *why = NULL;
    int n = cxb_cuda_device_count(&why);
    cxb_json_array(w, "gpu");
    for (int d = 0; d < n; ++d) {
        cxb_gpu_info g;
        if (cxb_cuda_gpu_info(d, &g) != CXB_OK)
            continue;
        char cc[16];
        snprintf(cc, sizeof cc, "%d.%d", g.cc_major, g.cc_minor);
        cxb_json_object(w, NULL);
        cxb_json_int(w, "index", d);
        cxb_json_str(w, "name", g.name);
        cxb_json_str(w, "uuid", g.uuid);
        cxb_json_str(w, "pci_bus_id", g.pci_bus_id);
        cxb_json_str(w, "compute_capability", cc);
        cxb_json_int(w, "sm_count", g.sm_count);
        cxb_json_int(w, "l2_bytes", g.l2_bytes);
        cxb_json_int(w, "memory_bytes", (long long)g.mem_bytes);
        cxb_json_int(w, "bus_width_bits", g.bus_width_bits);
        cxb_json_int(w, "sm_clock_khz", g.sm_clock_khz);
        cxb_json_int(w, "memory_clock_khz", g.mem_clock_khz);
        cxb_json_bool(w, "ecc", g.ecc);
        cxb_json_int(w, "driver_version", g.driver_version);
        cxb_json_int(w, "runtime_version", g.runtime_version);
        cxb_json_end_object(w);
    }
    cxb_json_end_array(w);
    if (n == 0)
        cxb_json_str(w, "gpu_absent_reason", why ? why : "no GPU");
}

cxb_status cxb_provenance_write(const char *path, const cxb_prov_run *run)
{
    cxb_afile af;
    cxb_status st = cxb_afile_open(&af, path);
    if (st != CXB_OK)
        return st;
    cxb_json w;
    cxb_json_start(&w, af.f);
    cxb_json_str(&w, "schema_version", CXB_SCHEMA_VERSION);
    cxb_json_object(&w, "run");
    cxb_json_str(&w, "run_id", run->run_id);
    cxb_json_str(&w, "machine", run->machine);
    cxb_json_str(&w, "study", run->study);
    cxb_json_str(&w, "preset", run->preset);
    cxb_json_str(&w, "start_utc", run->start_utc);
    cxb_json_str(&w, "end_utc", run->end_utc);
    cxb_json_array(&w, "argv");
    for (int i = 0; i < run->argc; ++i)
        cxb_json_str(&w, NULL, run->argv[i]);
    cxb_json_end_array(&w);
    cxb_json_object(&w, "settings");
    cxb_json_int(&w, "min_samples", run->min_reps);
    cxb_json_int(&w, "max_samples", run->max_reps);
    cxb_json_num(&w, "min_time_s", run->min_time_s);
    cxb_json_num(&w, "point_budget_s", run->budget_s);
    if (run->stop_after_s > 0)
        cxb_json_num(&w, "stop_after_s", run->stop_after_s);
    cxb_json_str(&w, "timer_cpu", "CLOCK_MONOTONIC");
    cxb_json_str(&w, "timer_cuda", "cudaEvent (kernel, h2d, d2h); CLOCK_MONOTONIC (wall)");
    cxb_json_end_object(&w);
    /* a run that --stop-after ended early says so, and how far it got */
    cxb_json_int(&w, "points_planned", (long long)run->points_planned);
    cxb_json_int(&w, "points_done", (long long)run->points_done);
    cxb_json_bool(&w, "truncated", run->points_done < run->points_planned);
    cxb_json_array(&w, "warnings");
    for (size_t i = 0; i < run->nwarnings; ++i)
        cxb_json_str(&w, NULL, run->warnings[i]);
    cxb_json_end_array(&w);
    cxb_json_end_object(&w);
    write_git(&w);
    write_build(&w);
    write_host(&w, run);
    cxb_json_object(&w, "topology");
    cxb_json_str(&w, "file", run->topology);
    cxb_json_end_object(&w);
    cxb_json_object(&w, "binding");
    cxb_json_str(&w, "policy", run->bind_policy);
    cxb_json_int(&w, "threads", run->threads);
    cxb_json_str(&w, "description", run->binding);
    cxb_json_array(&w, "pools");
    for (size_t i = 0; i < run->npools; ++i) {
        cxb_json_object(&w, NULL);
        cxb_json_int(&w, "threads", run->pools[i].threads);
        cxb_json_str(&w, "policy", run->pools[i].policy);
        cxb_json_str(&w, "description", run->pools[i].description);
        cxb_json_end_object(&w);
    }
    cxb_json_end_array(&w);
    cxb_json_end_object(&w);
    write_gpus(&w);
    cxb_json_object(&w, "studies");
    cxb_json_object(&w, "prng");
    cxb_json_int(&w, "CXB_LF24_STREAM_VERSION", 1);
    cxb_json_end_object(&w);
    cxb_json_end_object(&w);
    cxb_json_finish(&w);
    return cxb_afile_commit(&af);
}
