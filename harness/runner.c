/* The runner (docs/method.md): expands a study's sweeps into points, verifies
 * each point against its reference before anything is timed, warms up, samples until
 * the count/time rule is met, checks every sample's checksum, and writes the result set
 * into a hidden partial directory that is renamed only when the run is complete. */
#define _POSIX_C_SOURCE 200809L
#include "harness/runner.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cxb/config.h"
#include "cxb/core/params.h"
#include "cxb/core/cuda.h"
#include "cxb/core/grow.h"
#include "cxb/core/timing.h"
#include "cxb/core/pool.h"
#include "harness/atomic.h"
#include "harness/cleanup.h"
#include "harness/derive.h"
#include "harness/host.h"
#include "harness/instructions.h"
#include "harness/provenance.h"
#include "harness/records.h"
#include "impl_pthreads/common/bind_plan.h"

/* Before each timed sample of a CUDA row, every SM spins this long: long enough for the clocks
 * to leave the idle state the host-side checks left them in, and for the host to queue the
 * sample's work behind the spin when it runs on the row's own stream (cxb_timing_arm);
 * short against a sample's own cost (a verified 2^28 checksum takes about a second). */
#define CXB_PRESAMPLE_SPIN_NS 5000000
/* A verified run at least this long is its own warm-up (docs/method.md, step 3): the sequential
 * baselines of Leist's paper sizes take 1 to 7 s a run, and a second untimed run of them would
 * add a fifth to the time of a sweep without changing what the samples see. */
#define CXB_WARMUP_SELF_NS 1000000000LL

static volatile sig_atomic_t stop_requested; /* kept for a caller that stops a run itself */

/* SIGINT, SIGTERM and SIGPIPE remove the run's partial directory and exit 130/141 through
 * the one cleanup registry (harness/cleanup.h); cxbench's main installs it for every
 * command, this is for library callers. */
void cxb_run_install_signals(void)
{
    cxb_cleanup_install();
}

void cxb_run_opts_init(cxb_run_opts *o)
{
    memset(o, 0, sizeof *o);
    cxb_params_init(&o->overrides);
    o->preset = "quick";
    o->min_reps = 5;
    o->max_reps = 50;
    o->min_time_s = 0.2;
    o->budget_s = 10.0;
    o->bind = cxb_bind_policy_default(); /* spread with hwloc, none without (docs/method.md) */
    o->bind_name = cxb_bind_policy_name(o->bind);
    o->noise_s = 0.5;
    o->out_root = "results";
    o->progress = 1;
}

/* ---- points ---- */

typedef struct point {
    const cxb_impl *impl;
    cxb_params params;
    char canonical[1024];
    uint64_t hash;
} point;

typedef struct point_list {
    point *v;
    size_t n, cap;
} point_list;

static cxb_status add_point(point_list *pl, const cxb_impl *impl, const cxb_params *p)
{
    point pt;
    pt.impl = impl;
    pt.params = *p;
    cxb_params_canonical(p, pt.canonical, sizeof pt.canonical);
    pt.hash = cxb_point_hash(impl->id, pt.canonical);
    for (size_t i = 0; i < pl->n; ++i)
        if (pl->v[i].hash == pt.hash && pl->v[i].impl == impl &&
            strcmp(pl->v[i].canonical, pt.canonical) == 0)
            return CXB_OK; /* the same point from two sweeps runs once */
    point *nv = cxb_grow(pl->v, &pl->cap, pl->n, sizeof *nv, 64);
    if (!nv)
        return cxb_fail(CXB_ERESOURCE, "runner: out of memory");
    pl->v = nv;
    pl->v[pl->n++] = pt;
    return CXB_OK;
}

static cxb_status expand_sweep(point_list *pl, const cxb_run_opts *o, const cxb_sweep *sw,
                               const cxb_impl *impl, unsigned threads)
{
    char values[1024];
    const char *ov = cxb_params_get(&o->overrides, sw->x_param);
    snprintf(values, sizeof values, "%s", ov ? ov : sw->values);
    char *dots = strstr(values, "..cores");
    if (dots && dots[7] == '\0') { /* "...,A..cores": A, A+1, ... up to this machine's cores */
        char *start = dots;
        while (start > values && start[-1] != ',')
            --start;
        unsigned long a = strtoul(start, NULL, 10), cores = cxb_default_threads();
        size_t len = (size_t)(start - values);
        for (unsigned long t = a ? a : 1; t <= cores && len + 24 < sizeof values; ++t)
            len += (size_t)snprintf(values + len, sizeof values - len, "%s%lu", len && values[len - 1] != ',' ? "," : "", t);
        values[len] = '\0';
    }
    for (char *save = NULL, *v = strtok_r(values, ",", &save); v; v = strtok_r(NULL, ",", &save)) {
        cxb_params p;
        cxb_params_init(&p);
        cxb_status st = cxb_params_parse(&p, sw->fixed, ';', sw->name);
        if (st == CXB_OK)
            st = cxb_params_set(&p, sw->x_param, v);
        for (size_t i = 0; st == CXB_OK && i < o->overrides.count; ++i)
            st = cxb_params_set(&p, o->overrides.key[i], o->overrides.val[i]);
        if (st == CXB_OK && impl->backend == CXB_BACKEND_PTHREADS && !cxb_params_get(&p, "threads"))
            st = cxb_params_set_u64(&p, "threads", threads);
        if (st == CXB_OK)
            st = add_point(pl, impl, &p);
        if (st != CXB_OK)
            return st;
    }
    return CXB_OK;
}

/* Set once the missing GPU has been said on stderr (cxbench bench runs every study in one
 * process and says it once). */
static int no_gpu_said;

/* The rows that the sweeps name but this build left out (docs/architecture.md "How CUDA rows are
 * registered"): a note each, as for a row that has no GPU here. */
static void note_not_built(const cxb_sweep *sw, size_t nsw, FILE *log)
{
    char noted[4096] = "";
    size_t len = 0;
    for (size_t s = 0; s < nsw; ++s)
        for (const char *p = sw[s].impls; p && *p;) {
            const char *e = strchr(p, ',');
            char id[128];
            size_t l = e ? (size_t)(e - p) : strlen(p);
            snprintf(id, sizeof id, "%.*s", (int)(l < sizeof id ? l : sizeof id - 1), p);
            p = e ? e + 1 : NULL;
            const char *why = NULL;
            if (cxb_impl_find(id, NULL) || cxb_list_has(noted, id) || !(why = cxb_impl_not_built(id)))
                continue;
            fprintf(log, "note: skipping %s: %s\n", id, why);
            if (!no_gpu_said) /* said once per process, as a missing GPU; log.txt lists each */
                fprintf(stderr, "cxbench: note: rows of this preset are skipped here: %s (log.txt lists them)\n",
                        why);
            no_gpu_said = 1;
            if (len + strlen(id) + 2 < sizeof noted)
                len += (size_t)snprintf(noted + len, sizeof noted - len, "%s%s", len ? "," : "", id);
        }
}

static cxb_status build_points(const cxb_run_opts *o, unsigned threads, point_list *pl,
                               FILE *log,
                               char *unavailable, size_t usize)
{
    const cxb_study *study = o->study;
    size_t nsw = 0;
    const cxb_sweep *sw = cxb_study_sweeps(study, o->preset, &nsw);
    if (!sw) {
        char names[512];
        cxb_study_preset_names(study, names, sizeof names);
        return cxb_fail(CXB_EINPUT, "--preset %s: unknown preset of %s (%s)", o->preset, study->name,
                        names);
    }
    /* every --impl must name an implementation of this study */
    for (const char *p = o->impls; p && *p;) {
        const char *e = strchr(p, ',');
        char id[128];
        size_t l = e ? (size_t)(e - p) : strlen(p);
        snprintf(id, sizeof id, "%.*s", (int)(l < sizeof id ? l : sizeof id - 1), p);
        const cxb_study *owner = NULL;
        const char *not_built = NULL;
        if (!cxb_impl_find(id, &owner) && strncmp(id, study->name, strlen(study->name)) == 0 &&
            id[strlen(study->name)] == '.' && (not_built = cxb_impl_not_built(id)) != NULL)
            return cxb_fail(CXB_ERESOURCE, "--impl %s: %s", id, not_built);
        if (!owner || owner != study)
            return cxb_fail(CXB_EINPUT, "--impl %s: unknown implementation of study %s", id,
                            study->name);
        p = e ? e + 1 : NULL;
    }
    if (!o->impls)
        note_not_built(sw, nsw, log);
    for (size_t j = 0; j < study->nimpls; ++j) {
        const cxb_impl *impl = &study->impls[j];
        if (o->impls && !cxb_list_has(o->impls, impl->id))
            continue;
        int in_any = 0;
        for (size_t s = 0; s < nsw; ++s)
            in_any |= cxb_list_has(sw[s].impls, impl->id);
        if (!in_any && !o->impls)
            continue;
        const char *why = NULL;
        if (o->instructions && impl->backend == CXB_BACKEND_CUDA) {
            fprintf(log, "note: skipping %s: instruction counts are for CPU code\n", impl->id);
            continue;
        }
        if (!cxb_impl_available(impl, &why)) {
            if (!unavailable[0])
                snprintf(unavailable, usize, "%s: not available here: %s", impl->id, why);
            fprintf(log, "note: skipping %s: %s\n", impl->id, why);
            continue;
        }
        for (size_t s = 0; s < nsw; ++s) {
            if (!cxb_list_has(sw[s].impls, impl->id) && in_any)
                continue;
            cxb_status st = expand_sweep(pl, o, &sw[s], impl, threads);
            if (st != CXB_OK)
                return st;
            if (!in_any)
                break; /* an --impl outside every sweep runs on the first sweep's ladder */
        }
    }
    return CXB_OK;
}

/* ---- small helpers ---- */

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static int64_t median_i64(int64_t *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_i64);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void sanitize(char *s)
{
    char *w = s;
    for (char *r = s; *r; ++r) {
        char c = *r;
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            *w++ = c;
        else if (w > s && w[-1] != '-')
            *w++ = '-';
    }
    while (w > s && w[-1] == '-')
        --w;
    *w = '\0';
}

static void default_machine(char *buf, size_t size)
{
    char host[256] = "host";
    gethostname(host, sizeof host - 1);
    host[sizeof host - 1] = '\0';
    cxb_gpu_info g;
    if (cxb_cuda_device_count(NULL) > 0 && cxb_cuda_gpu_info(0, &g) == CXB_OK)
        snprintf(buf, size, "%s-%s", host, g.name);
    else
        snprintf(buf, size, "%s", host);
    sanitize(buf);
}

cxb_status cxb_run_machine_name(const char *opt, char *buf, size_t size)
{
    if (!opt) {
        default_machine(buf, size);
        return CXB_OK;
    }
    snprintf(buf, size, "%s", opt);
    sanitize(buf);
    if (!buf[0])
        return cxb_fail(CXB_EINPUT, "--machine %s: needs letters or digits", opt);
    return CXB_OK;
}

static void make_run_id(char *buf, size_t size)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
    uint32_t rnd = (uint32_t)getpid() ^ (uint32_t)cxb_clock_ns();
    FILE *u = fopen("/dev/urandom", "rb");
    if (u) {
        if (fread(&rnd, sizeof rnd, 1, u) != 1)
            rnd ^= 0x9e3779b9u;
        fclose(u);
    }
    snprintf(buf, size, "%s-%08x", stamp, rnd);
}

static cxb_status remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return CXB_OK;
    struct dirent *e;
    char path[4352];
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (unlink(path) != 0)
            remove_tree(path);
    }
    closedir(d);
    rmdir(dir);
    return CXB_OK;
}

cxb_status cxb_run_clean_partial(const char *out_root)
{
    DIR *root = opendir(out_root);
    if (!root)
        return CXB_OK;
    struct dirent *m;
    char mdir[4352], pdir[8704];
    while ((m = readdir(root))) {
        if (m->d_name[0] == '.')
            continue;
        snprintf(mdir, sizeof mdir, "%s/%s", out_root, m->d_name);
        DIR *d = opendir(mdir);
        if (!d)
            continue;
        struct dirent *e;
        while ((e = readdir(d))) {
            size_t l = strlen(e->d_name);
            long pid = cxb_cleanup_pid_of(e->d_name, 'd');
            if (pid && (pid == (long)getpid() || cxb_pid_alive(pid)))
                continue; /* a run still under way */
            if (e->d_name[0] == '.' && l > 9 && strcmp(e->d_name + l - 8, ".partial") == 0) {
                snprintf(pdir, sizeof pdir, "%s/%s", mdir, e->d_name);
                remove_tree(pdir);
                printf("removed %s\n", pdir);
            }
        }
        closedir(d);
    }
    closedir(root);
    return CXB_OK;
}

/* ---- floors (docs/method.md): the cost of doing nothing through the same path ---- */

static void noop_item(void *arg, uint64_t item, unsigned worker)
{
    (void)arg;
    (void)item;
    (void)worker;
}

static cxb_status write_floors(const char *path, cxb_pool *pool, int want_cuda)
{
    int64_t v[1001];
    for (int i = 0; i < 1001; ++i) { /* timer read cost */
        int64_t a = cxb_clock_ns(), b = cxb_clock_ns();
        v[i] = b - a;
    }
    int64_t cpu_floor = median_i64(v, 1001);
    int64_t pool_floor = -1;
    if (pool) {
        for (int i = 0; i < 101; ++i) {
            int64_t a = cxb_clock_ns();
            cxb_pool_for(pool, cxb_pool_threads(pool), CXB_SCHED_STATIC, noop_item, NULL);
            v[i] = cxb_clock_ns() - a;
        }
        pool_floor = median_i64(v, 101);
    }
    double kern = -1;
    if (want_cuda && cxb_cuda_empty_kernel_ns(&kern) != CXB_OK)
        kern = -1;
    cxb_afile af;
    cxb_status st = cxb_afile_open(&af, path);
    if (st != CXB_OK)
        return st;
    fprintf(af.f, "backend,mode,floor_ns\nseq,cpu,%" PRId64 "\n", cpu_floor);
    if (pool_floor >= 0)
        fprintf(af.f, "pthreads,cpu,%" PRId64 "\n", pool_floor);
    if (kern >= 0)
        fprintf(af.f, "cuda,kernel,%.0f\n", kern);
    return cxb_afile_commit(&af);
}

/* ---- the pools (method.md "Threads"): one per thread count, all bound by --bind ---- */

/* Pools of other thread counts than the run's, kept parked for the run's later points (a
 * thread sweep comes back to the same counts for every row); past this many the oldest is
 * closed, so a sweep up to the core count does not leave thousands of threads parked. */
#define CXB_RUN_POOLS_KEPT 8

typedef struct pool_set {
    cxb_bind_policy bind;
    cxb_pool *run;                        /* the run's own pool: --threads */
    cxb_pool *kept[CXB_RUN_POOLS_KEPT];   /* others, oldest first */
    size_t nkept;
    cxb_prov_pool *used;                  /* every pool a point ran on, for provenance */
    size_t nused, capused;
} pool_set;

/* Notes a pool's binding in the provenance list once it has run (its description is
 * final after the first dispatch, include/cxb/core/pool.h). */
static cxb_status pool_note(pool_set *ps, const cxb_pool *pool)
{
    unsigned threads = cxb_pool_threads(pool);
    const char *desc = cxb_pool_binding(pool);
    for (size_t i = 0; i < ps->nused; ++i)
        if (ps->used[i].threads == threads && strcmp(ps->used[i].description, desc) == 0)
            return CXB_OK;
    cxb_prov_pool *nv = cxb_grow(ps->used, &ps->capused, ps->nused, sizeof *nv, 8);
    if (!nv)
        return cxb_fail(CXB_ERESOURCE, "runner: out of memory");
    ps->used = nv;
    char *copy = malloc(strlen(desc) + 1);
    if (!copy)
        return cxb_fail(CXB_ERESOURCE, "runner: out of memory");
    strcpy(copy, desc);
    ps->used[ps->nused].threads = threads;
    ps->used[ps->nused].policy = cxb_bind_policy_name(ps->bind);
    ps->used[ps->nused].description = copy;
    ps->nused++;
    return CXB_OK;
}

/* The pool of `threads` workers, created (bound by the run's --bind, pinned and parked)
 * before the point's setup, so that no pool is ever built inside a timed region. */
static cxb_status pool_get(pool_set *ps, unsigned threads, cxb_pool **out)
{
    if (threads == cxb_pool_threads(ps->run)) {
        *out = ps->run;
        return CXB_OK;
    }
    for (size_t i = 0; i < ps->nkept; ++i)
        if (cxb_pool_threads(ps->kept[i]) == threads) {
            *out = ps->kept[i];
            return CXB_OK;
        }
    if (ps->nkept == CXB_RUN_POOLS_KEPT) {
        cxb_pool_destroy(ps->kept[0]);
        memmove(ps->kept, ps->kept + 1, (CXB_RUN_POOLS_KEPT - 1) * sizeof ps->kept[0]);
        ps->nkept--;
    }
    cxb_status st = cxb_pool_create(&ps->kept[ps->nkept], threads, ps->bind);
    if (st != CXB_OK)
        return st;
    *out = ps->kept[ps->nkept++];
    return CXB_OK;
}

static void pool_set_free(pool_set *ps)
{
    for (size_t i = 0; i < ps->nkept; ++i)
        cxb_pool_destroy(ps->kept[i]);
    cxb_pool_destroy(ps->run);
    for (size_t i = 0; i < ps->nused; ++i)
        free((char *)ps->used[i].description);
    free(ps->used);
    memset(ps, 0, sizeof *ps);
}

/* The environment of a point: a pthreads row gets the pool of its `threads` parameter (the
 * runner set it to the run's count where the sweep did not); every other row the run's pool
 * (a CUDA row's `threads` counts GPU threads). A value out of range is left to the row's setup
 * to reject with its own message. */
static cxb_status point_env(pool_set *ps, const point *pt, cxb_env *env)
{
    cxb_pool *pool = ps->run;
    uint64_t threads = 0;
    if (pt->impl->backend == CXB_BACKEND_PTHREADS &&
        cxb_params_u64(&pt->params, "threads", 0, &threads) == CXB_OK && threads >= 1 &&
        threads <= 4096) {
        cxb_status st = pool_get(ps, (unsigned)threads, &pool);
        if (st != CXB_OK)
            return st;
    }
    env->pool = pool;
    env->threads = cxb_pool_threads(pool);
    return CXB_OK;
}

/* ---- one point ---- */

typedef struct run_state {
    const cxb_run_opts *o;
    const char *run_id;
    FILE *samples, *log;
    int64_t run_t0;
    size_t index, total;
} run_state;

static void progress(run_state *rs, const point *pt)
{
    if (!rs->o->progress)
        return;
    double el = (double)(cxb_clock_ns() - rs->run_t0) * 1e-9;
    double left = rs->index ? el / (double)rs->index * (double)(rs->total - rs->index) : 0;
    fprintf(stderr, "[%s %zu/%zu] %s %s  elapsed %.0fs  left ~%.0fs\n", rs->o->study->name,
            rs->index + 1, rs->total, pt->impl->id, pt->canonical, el, left);
}

static cxb_status point_error(const point *pt, cxb_status st, const char *what)
{
    char msg[512];
    snprintf(msg, sizeof msg, "%s", cxb_last_error());
    return cxb_fail(st, "%s [%s]: %s%s", pt->impl->id, pt->canonical, what, msg);
}

static cxb_status run_point(run_state *rs, const point *pt, pool_set *pools)
{
    const cxb_impl *im = pt->impl;
    const cxb_run_opts *o = rs->o;
    void *ctx = NULL;
    cxb_env envv;
    cxb_status st = point_env(pools, pt, &envv);
    if (st != CXB_OK)
        return point_error(pt, st, "");
    const int cuda_row = im->backend == CXB_BACKEND_CUDA;
    /* does this row queue the pre-sample spin on its stream? (cxb/core/cuda.h) Not offered to rows
     * that synchronise inside their phases (CXB_TIMING_SYNC: host loops between the events,
     * malloc's cudaMalloc rows): their host work would overlap the queued spin and the events
     * would miss it. The handle lives as long as the point. */
    const int may_queue = cuda_row && !(im->flags & CXB_TIMING_SYNC);
    cxb_timing timing;
    cxb_timing_init(&timing);
    envv.timing = may_queue ? &timing : NULL;
    /* the point's stream: every CUDA row queues its work on the stream the runner gives it */
    envv.stream = NULL;
    if (cuda_row && (st = cxb_cuda_stream_create(&envv.stream)) != CXB_OK)
        return point_error(pt, st, "");
    const cxb_env *env = &envv;
    /* the binding the point's workers ran under, per sample (a pthreads row only: the others
     * do their timed work outside the pool) */
    const char *bind = im->backend == CXB_BACKEND_PTHREADS ? cxb_bind_policy_name(pools->bind) : "";
    st = im->setup(&pt->params, env, &ctx);
    if (st != CXB_OK) {
        cxb_timing_destroy(&timing), cxb_cuda_stream_destroy(envv.stream);
        return point_error(pt, st, "");
    }
    cxb_phases ph;
    /* make it work first (docs/method.md): one untimed run, checked against the reference */
    cxb_phases_clear(&ph);
    st = im->reset(ctx);
    if (may_queue)
        cxb_timing_arm(&timing, CXB_PRESAMPLE_SPIN_NS);
    const int64_t verified_t0 = cxb_clock_ns();
    if (st == CXB_OK)
        st = im->run(ctx, &ph);
    const int64_t verified_ns = cxb_clock_ns() - verified_t0;
    const int stream_spin = may_queue && cxb_timing_disarm(&timing, NULL);
    if (st != CXB_OK) {
        im->teardown(ctx);
        cxb_timing_destroy(&timing), cxb_cuda_stream_destroy(envv.stream);
        return point_error(pt, st, "");
    }
    st = im->verify(ctx);
    if (st != CXB_OK) {
        im->teardown(ctx);
        cxb_timing_destroy(&timing), cxb_cuda_stream_destroy(envv.stream);
        return point_error(pt, CXB_EFAIL, "verification failed: ");
    }
    uint64_t verified_sum = im->checksum(ctx);
    /* samples verified one by one instead of checksum-compared (docs/method.md "Verification") */
    const int float_order = (im->flags & CXB_IMPL_FLOAT_ORDER) || (im->float_order && im->float_order(ctx));
    uint64_t n = 0, seed = 0, threads = 1;
    cxb_params_u64(&pt->params, "n", 0, &n);
    if (o->study->work)
        n = o->study->work(im, &pt->params);
    cxb_params_u64(&pt->params, "seed", 0, &seed);
    cxb_params_u64(&pt->params, "threads", 1, &threads);
    if (o->instructions) { /* docs/method.md: one callgrind count of the region instead of samples */
        im->teardown(ctx);
        cxb_timing_destroy(&timing), cxb_cuda_stream_destroy(envv.stream);
        long long ir = 0;
        int64_t t0 = cxb_clock_ns();
        st = cxb_instructions_measure(im, pt->canonical, &ir);
        if (st != CXB_OK)
            return point_error(pt, st, "");
        cxb_sample_row row;
        memset(&row, 0, sizeof row);
        cxb_phases_clear(&row.ph);
        row.run_id = rs->run_id;
        row.impl = im;
        row.point = pt->hash;
        row.params = pt->canonical;
        row.n = n;
        row.threads = (unsigned)threads;
        row.bind = *bind ? "none" : ""; /* the counted run's own pool is unpinned (instructions.c) */
        row.seed = seed;
        row.mode = "callgrind";
        row.batch = 1;
        row.wall_ns = cxb_clock_ns() - t0; /* of the whole valgrind run: informational */
        row.cpu_ns = 0;
        row.time_ns = ir; /* the declared quantity in this mode: instructions */
        row.instructions = ir;
        row.checksum = verified_sum;
        row.t_start_ns = t0 - rs->run_t0;
        row.extra = "";
        cxb_samples_write(rs->samples, &row);
        fprintf(rs->log, "%-24s %-44s %14lld instructions\n", im->id, pt->canonical, ir);
        printf("%-24s %-44s %14lld instructions\n", im->id, pt->canonical, ir);
        return CXB_OK;
    }
    /* warm-up, unless the verified run was long enough to have warmed the caches, the pages and
     * the clocks itself (docs/method.md, step 3): another run of a second or more would repeat
     * it for nothing */
    if (verified_ns < CXB_WARMUP_SELF_NS) {
        cxb_phases_clear(&ph);
        st = im->reset(ctx);
        if (st == CXB_OK)
            st = im->run(ctx, &ph);
    }
    char extra[1024] = "";
    const int extra_each = im->extra && im->extra_per_sample && im->extra_per_sample(ctx);
    if (im->extra)
        im->extra(ctx, extra, sizeof extra);

    int64_t times[4096];
    /* each sample's phases, for a study's own point line */
    int64_t (*phs)[CXB_PHASE_COUNT] = o->study->point_line ? malloc(sizeof times / sizeof times[0] * sizeof *phs)
                                                           : NULL;
    unsigned reps = 0;
    int64_t spent = 0;
    const char *stop = "max_samples";
    while (st == CXB_OK) {
        if (stop_requested) {
            st = cxb_fail(CXB_EINTR, "interrupted");
            break;
        }
        st = im->reset(ctx);
        /* a CUDA row's timed kernel starts on a GPU whose clocks are up, right behind the spin
         * on its own stream, or after a device-wide spin for a row that times with its own
         * events (cxb/core/cuda.h) */
        if (st == CXB_OK && cuda_row && !stream_spin)
            st = cxb_cuda_spin(CXB_PRESAMPLE_SPIN_NS);
        if (st != CXB_OK)
            break;
        if (stream_spin)
            cxb_timing_arm(&timing, CXB_PRESAMPLE_SPIN_NS);
        cxb_phases_clear(&ph);
        int64_t t_start = cxb_clock_ns();
        int64_t c0 = cxb_cpu_clock_ns();
        st = im->run(ctx, &ph);
        int64_t c1 = cxb_cpu_clock_ns();
        int64_t t_end = cxb_clock_ns();
        int64_t spin_ns = 0; /* the queued spin is in the run's wall time: taken off below */
        if (stream_spin)
            cxb_timing_disarm(&timing, &spin_ns);
        if (st != CXB_OK)
            break;
        uint64_t sum = im->checksum(ctx);
        if (float_order) {
            if ((st = im->verify(ctx)) != CXB_OK)
                break;
        } else if (sum != verified_sum) {
            st = cxb_fail(CXB_EFAIL,
                          "sample %u: checksum %016" PRIx64 " differs from the verified run's %016" PRIx64
                          " (a nondeterministic result is a bug, not noise)",
                          reps, sum, verified_sum);
            break;
        }
        cxb_sample_row row;
        memset(&row, 0, sizeof row);
        row.run_id = rs->run_id;
        row.impl = im;
        row.point = pt->hash;
        row.params = pt->canonical;
        row.n = n;
        row.threads = (unsigned)threads;
        row.bind = bind;
        row.seed = seed;
        row.rep = reps;
        row.mode = im->backend == CXB_BACKEND_CUDA ? ((im->flags & CXB_TIMING_SYNC) ? "sync" : "hot")
                                                   : "cpu";
        row.batch = 1;
        row.wall_ns = t_end - t_start - spin_ns;
        row.cpu_ns = c1 - c0;
        row.ph = ph;
        /* the declared time: kernel-only for CUDA (events), wall for CPU backends */
        row.time_ns = (im->backend == CXB_BACKEND_CUDA && ph.ns[CXB_PHASE_KERNEL] >= 0)
                          ? ph.ns[CXB_PHASE_KERNEL]
                          : row.wall_ns;
        row.instructions = -1;
        row.checksum = sum;
        row.t_start_ns = t_start - rs->run_t0;
        if (extra_each) /* this sample's own values (cxb_impl.extra_per_sample) */
            im->extra(ctx, extra, sizeof extra);
        row.extra = extra;
        cxb_samples_write(rs->samples, &row);
        if (phs)
            memcpy(phs[reps], ph.ns, sizeof phs[reps]);
        times[reps++] = row.time_ns;
        spent += row.wall_ns;
        if (reps >= o->min_reps && (double)spent * 1e-9 >= o->min_time_s) {
            stop = "min_time";
            break;
        }
        if (reps >= o->max_reps || reps >= sizeof times / sizeof times[0]) {
            stop = "max_samples";
            break;
        }
        if ((double)spent * 1e-9 >= o->budget_s && reps >= 3) {
            stop = "budget";
            break;
        }
    }
    im->teardown(ctx);
    cxb_timing_destroy(&timing), cxb_cuda_stream_destroy(envv.stream);
    if (st == CXB_OK && im->backend == CXB_BACKEND_PTHREADS)
        st = pool_note(pools, env->pool);
    if (st != CXB_OK) {
        free(phs);
        return st == CXB_EINTR ? st : point_error(pt, st, "");
    }
    int64_t pmed[CXB_PHASE_COUNT];
    for (int k = 0; k < CXB_PHASE_COUNT && phs; ++k) {
        unsigned m = 0;
        for (unsigned r = 0; r < reps; ++r)
            if (phs[r][k] >= 0)
                phs[m++][k] = phs[r][k];
        int64_t *col = malloc((m ? m : 1) * sizeof *col);
        for (unsigned r = 0; col && r < m; ++r)
            col[r] = phs[r][k];
        pmed[k] = m && col ? median_i64(col, m) : CXB_PHASE_NA;
        free(col);
    }
    int64_t med = median_i64(times, reps);
    double rate = med > 0 && n ? (double)n / (double)med : 0; /* work per ns = G/s */
    char line[1400];
    snprintf(line, sizeof line, "%-24s %-44s median %12.3f ms  %8.3f G/s  (%u samples, %s)",
             im->id, pt->canonical, (double)med * 1e-6, rate, reps, stop);
    fprintf(rs->log, "%s\n", line);
    printf("%s\n", line);
    if (phs) {
        line[0] = '\0';
        o->study->point_line(im, pt->canonical, pmed, extra, line, sizeof line);
        if (line[0]) {
            fprintf(rs->log, "%s\n", line);
            printf("%s\n", line);
        }
        free(phs);
    }
    fflush(stdout);
    return CXB_OK;
}

/* ---- the run ---- */

static cxb_status finish_run(const cxb_run_opts *o, const char *partial, const char *final_dir,
                             cxb_prov_run *prov)
{
    char path[4400];
    cxb_status st;
    prov->load_end = cxb_host_loadavg();
    cxb_utc_now(prov->end_utc, sizeof prov->end_utc);
    snprintf(path, sizeof path, "%s/topology.xml", partial);
    prov->topology = cxb_topology_export(path) == CXB_OK ? "topology.xml" : "";
    snprintf(path, sizeof path, "%s/provenance.json", partial);
    if ((st = cxb_provenance_write(path, prov)) != CXB_OK)
        return st;
    if ((st = cxb_derive_write(partial, o->study, 0, 0)) != CXB_OK)
        return st;
    cxb_dir_sync(partial);
    if (rename(partial, final_dir) != 0)
        return cxb_fail(CXB_EINPUT, "%s: cannot rename to %s: %s", partial, final_dir,
                        strerror(errno));
    char parent[4400];
    snprintf(parent, sizeof parent, "%s", final_dir);
    char *slash = strrchr(parent, '/');
    if (slash) {
        *slash = '\0';
        cxb_dir_sync(parent);
    }
    return CXB_OK;
}

cxb_status cxb_run_study(const cxb_run_opts *o, char *run_dir, size_t size)
{
    char machine[256], run_id[64], mdir[4096], partial[4400], final_dir[4400], path[4500];
    cxb_status mst = cxb_run_machine_name(o->machine, machine, sizeof machine);
    if (mst != CXB_OK)
        return mst;
    make_run_id(run_id, sizeof run_id);

    pool_set pools = {o->bind, NULL, {NULL}, 0, NULL, 0, 0};
    cxb_status st = cxb_pool_create(&pools.run, o->threads, o->bind);
    if (st != CXB_OK)
        return st;
    cxb_pool *pool = pools.run;
    unsigned threads = cxb_pool_threads(pool);

    point_list pl = {0};
    FILE *log = tmpfile();
    if (!log) {
        pool_set_free(&pools);
        return cxb_fail(CXB_ERESOURCE, "runner: cannot create a temporary file");
    }
    char unavailable[512] = "";
    st = build_points(o, threads, &pl, log, unavailable, sizeof unavailable);
    if (st == CXB_OK && pl.n == 0 && unavailable[0]) /* e.g. a CUDA row on a host without a GPU */
        st = cxb_fail(CXB_ERESOURCE, "%s", unavailable);
    else if (st == CXB_OK && pl.n == 0)
        st = cxb_fail(CXB_EINPUT, "%s: nothing to run here (no available implementation selected)",
                      o->study->name);
    else if (st == CXB_OK && unavailable[0] && !no_gpu_said) {
        /* the run goes ahead without some rows: said once per process (cxbench bench runs
         * every study in one), the rows themselves are in log.txt */
        const char *why = strstr(unavailable, ": not available here: ");
        fprintf(stderr, "cxbench: note: rows that need a GPU are skipped here: %s (log.txt lists them)\n",
                why ? why + 22 : unavailable);
        no_gpu_said = 1;
    }
    if (st != CXB_OK) {
        fclose(log);
        free(pl.v);
        pool_set_free(&pools);
        return st;
    }

    snprintf(mdir, sizeof mdir, "%s/%s", o->out_root, machine);
    /* the pid in the name lets a later run remove it once this process is gone (SIGKILL) */
    snprintf(partial, sizeof partial, "%s/.%s.%ld.partial", mdir, run_id, (long)getpid());
    snprintf(final_dir, sizeof final_dir, "%s/%s", mdir, run_id);
    cxb_cleanup_stale(mdir);
    struct stat root_st;
    int root_was_there = stat(o->out_root, &root_st) == 0; /* a failed run removes only what it made */
    int partial_slot = cxb_cleanup_add(partial, 1);
    st = cxb_mkdirs(partial);

    cxb_prov_run prov;
    memset(&prov, 0, sizeof prov);
    prov.run_id = run_id;
    prov.machine = machine;
    prov.study = o->study->name;
    prov.preset = o->preset;
    prov.argc = o->argc;
    prov.argv = o->argv;
    prov.min_reps = o->min_reps;
    prov.max_reps = o->max_reps;
    prov.min_time_s = o->min_time_s;
    prov.budget_s = o->budget_s;
    prov.stop_after_s = o->stop_after_s;
    prov.threads = threads;
    prov.bind_policy = o->bind_name;
    prov.binding = cxb_pool_binding(pool);
    cxb_utc_now(prov.start_utc, sizeof prov.start_utc);
    cxb_provenance_capture_git(); /* the tree as the run starts, not as it ends */
    prov.load_start = cxb_host_loadavg();
    cxb_host_info host;
    if (cxb_host_info_read(&host) == CXB_OK) {
        static char warn_gov[128], warn_load[128];
        if (strcmp(host.governor, "performance") != 0) {
            snprintf(warn_gov, sizeof warn_gov, "CPU governor is '%s', not 'performance'",
                     host.governor);
            prov.warnings[prov.nwarnings++] = warn_gov;
        }
        if (host.cores > 0 && prov.load_start > 0.5 * host.cores) {
            snprintf(warn_load, sizeof warn_load, "load average %.2f exceeds 0.5 per core at start",
                     prov.load_start);
            prov.warnings[prov.nwarnings++] = warn_load;
        }
    }
    /* the machine's jitter before and after, so a noisy run is visible in its provenance
     * (docs/method.md); -1 when disabled or when counting instructions, where it is moot */
    prov.noise_start = prov.noise_end = -1;
    if (o->noise_s > 0 && !o->instructions)
        prov.noise_start = cxb_noise_score(o->noise_s);

    int want_cuda = 0;
    for (size_t i = 0; i < pl.n; ++i)
        want_cuda |= pl.v[i].impl->backend == CXB_BACKEND_CUDA;
    if (st == CXB_OK) {
        snprintf(path, sizeof path, "%s/floors.csv", partial);
        st = write_floors(path, pool, want_cuda);
    }

    cxb_afile samples;
    if (st == CXB_OK) {
        snprintf(path, sizeof path, "%s/samples.csv", partial);
        st = cxb_afile_open(&samples, path);
    }
    if (st == CXB_OK) {
        cxb_samples_header(samples.f);
        run_state rs = {o, run_id, samples.f, log, cxb_clock_ns(), 0, pl.n};
        prov.points_planned = pl.n;
        for (size_t i = 0; i < pl.n && st == CXB_OK; ++i) {
            /* --stop-after: no point starts once the run has used its time, so a batch job's
             * limit ends the run with a complete set of the points done rather than with
             * nothing; the first point always runs (docs/method.md "Stopping early") */
            if (i && o->stop_after_s > 0 && (double)(cxb_clock_ns() - rs.run_t0) * 1e-9 >= o->stop_after_s) {
                char note[160];
                snprintf(note, sizeof note,
                         "--stop-after %g s reached: %zu of %zu points done, the rest not started", o->stop_after_s,
                         i, pl.n);
                fprintf(log, "%s\n", note);
                fprintf(stderr, "cxbench: note: %s\n", note);
                break;
            }
            rs.index = i;
            progress(&rs, &pl.v[i]);
            st = run_point(&rs, &pl.v[i], &pools);
            if (st == CXB_OK)
                prov.points_done = i + 1;
        }
        if (st == CXB_OK)
            st = cxb_afile_commit(&samples);
        else
            cxb_afile_abort(&samples);
    }
    if (st == CXB_OK) { /* log.txt: the console lines of the run */
        cxb_afile lf;
        snprintf(path, sizeof path, "%s/log.txt", partial);
        st = cxb_afile_open(&lf, path);
        if (st == CXB_OK) {
            rewind(log);
            char buf[4096];
            size_t got;
            while ((got = fread(buf, 1, sizeof buf, log)) > 0)
                fwrite(buf, 1, got, lf.f);
            st = cxb_afile_commit(&lf);
        }
    }
    if (st == CXB_OK && o->noise_s > 0 && !o->instructions)
        prov.noise_end = cxb_noise_score(o->noise_s);
    prov.pools = pools.used;
    prov.npools = pools.nused;
    if (st == CXB_OK)
        st = finish_run(o, partial, final_dir, &prov);
    fclose(log);
    free(pl.v);
    pool_set_free(&pools);
    if (st == CXB_OK)
        cxb_cleanup_drop(partial_slot); /* renamed into place */
    if (st != CXB_OK) {
        char keep[600];
        snprintf(keep, sizeof keep, "%s", cxb_last_error());
        remove_tree(partial); /* no partial result set survives a failed or interrupted run */
        cxb_cleanup_drop(partial_slot);
        rmdir(mdir);          /* only if empty */
        if (!root_was_there)
            rmdir(o->out_root);
        cxb_fail(st, "%s", keep);
        return st;
    }
    snprintf(run_dir, size, "%s", final_dir);
    return CXB_OK;
}
