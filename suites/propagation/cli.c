/* cxbench propagate [options] (GRAPH | --gen SPEC): the activation step of every vertex under SI
 * (or strict IC) spreading with any loop and variant of the propagation study, through the row's
 * own setup and run (suites/propagation/study.c); exactly n lines then one `# propagate` summary
 * line (docs/cli.md "propagate", docs/studies/propagation.md "Command line").
 * cxbench propagate replication (GRAPH | --gen SPEC) --parts P: the replica and boundary tables
 * of a partition, one line per layout, with the G(n, m) closed forms (docs "Several GPUs"); no GPU needed.
 *
 * Every file goes through the one output path (harness/atomic.h) after the run succeeded, and no
 * output may name the input: on any error nothing is written. Errors are one line: 1 for a --check
 * mismatch, 2 for bad input or parameters, 3 for missing resources (a GPU, GPUs, memory). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cxb/core/cuda.h"
#include "cxb/core/params.h"
#include "cxb/core/pool.h"
#include "cxb/core/timing.h"
#include "harness/atomic.h"
#include "harness/cli.h"
#include "suites/graph/input.h"
#include "suites/propagation/cli.h"
#include "suites/propagation/rows.h"

typedef struct prop_args {
    const char *gen, *impl, *source_list, *curve, *out, *partition, *sw, *p;
    uint64_t seed, sources, gpus, threads, max_steps, mem_cap, parts;
    int model, loop, backend, sync, orient, check, check_inv, time, no_summary;
} prop_args;

static const char *const model_names[] = {"si", "ic", NULL};
static const char *const loop_names[] = {"c", "t", "a", "e", NULL}; /* CXB_PROP_CLOOP .. _ELOOP */
static const char *const backend_names[] = {"auto", "seq", "pthreads", "cuda", NULL};
static const char *const sync_names[] = {"nccl", "host", "p2p", "allreduce", NULL};

#define PROP_COMMON_OPTIONS                                                                                     \
    CXB_OPT_STRING("--gen", "SPEC", "generate the graph (graph gen's specs, or paper:XmYm[:entries|edges][:rmat])", \
                   prop_args, gen, CXB_OPT_IN_ARGS),                                                            \
        CXB_OPT_COUNT("--seed", "S", "draws, sources, orientation and the random partitioner (default 1)",      \
                      prop_args, seed, 0, 0, 0),                                                                \
        CXB_OPT_CHOICE("--orient", "hash|canonical", "which endpoint an edge record starts at (default hash)",   \
                       prop_args, orient, cxb_prop_orient_names, 0),                                                     \
        CXB_OPT_STRING("--partition", "block|random|metis|FILE", "the partitioner (default block)", prop_args,   \
                       partition, 0)

static const cxb_option prop_options[] = {
    PROP_COMMON_OPTIONS,
    CXB_OPT_STRING("--p", "P", "transmission probability, 0 <= P <= 1 (default 0.01)", prop_args, p, 0),
    CXB_OPT_COUNT("--sources", "K", "K keyed sources of degree >= 1 (default 1)", prop_args, sources, 0,
                  0xffffffffu, 0),
    CXB_OPT_STRING("--source-list", "FILE", "the sources, one vertex id per line (overrides --sources)", prop_args,
                   source_list, 0),
    CXB_OPT_CHOICE("--model", "si|ic", "SI with repeated chances (default) or strict independent cascade",
                   prop_args, model, model_names, 0),
    CXB_OPT_CHOICE("--loop", "c|t|a|e", "C-Loop, T-Loop, A-Loop (default) or E-Loop", prop_args, loop, loop_names,
                   0),
    CXB_OPT_CHOICE("--backend", "seq|pthreads|cuda", "default cuda with a GPU, else seq", prop_args, backend,
                   backend_names, 0),
    CXB_OPT_STRING("--impl", "ID", "a full row id, e.g. propagation.eloop.cuda_nccl (overrides --loop, --backend, "
                   "--sync)", prop_args, impl, 0),
    CXB_OPT_COUNT("--gpus", "P", "GPUs (partitions; pthreads_part: its partitions) (default 1)", prop_args, gpus, 1,
                  64, 0),
    CXB_OPT_CHOICE("--sync", "host|p2p|nccl|allreduce", "the multi-GPU scheme (default nccl)", prop_args, sync,
                   sync_names, 0),
    CXB_OPT_STRING("--switch", "auto|never|STEP", "the A-Loop's switch to the T-Loop (results unchanged)",
                   prop_args, sw, 0),
    CXB_OPT_COUNT("--threads", "T", "pthreads workers (default the cores)", prop_args, threads, 1, 4096, 0),
    CXB_OPT_COUNT("--max-steps", "T", "step cap (default 100000)", prop_args, max_steps, 1, 0xfffffffeu, 0),
    CXB_OPT_STRING("--curve", "FILE", "per-step CSV: step,active,new,frontier,loop,w_c,w_t", prop_args, curve, 0),
    CXB_OPT_SWITCH("--check", "also run propagation.cloop.seq and compare act exactly (mismatch: exit 1)",
                   prop_args, check, 0),
    CXB_OPT_SWITCH("--check-invariants", "partitioned rows: all copies agree after every sync, a second sync "
                   "is a no-op", prop_args, check_inv, 0),
    CXB_OPT_SWITCH("--time", "add the run time to the summary", prop_args, time, 0),
    CXB_OPT_COUNT("--device-mem-cap", "BYTES", "fail (exit 3) when the device footprint exceeds BYTES", prop_args,
                  mem_cap, 1, 0, 0),
    CXB_OPT_STRING("--out", "FILE", "write here instead of stdout (nothing is written on any error)", prop_args,
                   out, 0),
    CXB_OPT_SWITCH("--no-summary", "omit the # propagate line", prop_args, no_summary, 0),
    CXB_OPT_END};

static const cxb_option repl_options[] = {
    PROP_COMMON_OPTIONS,
    CXB_OPT_COUNT("--parts", "P", "partitions (GPUs)", prop_args, parts, 1, 4096, CXB_OPT_REQUIRED),
    CXB_OPT_END};

const cxb_form cxb_propagate_forms[] = {{"(GRAPH | --gen SPEC)", prop_options},
                                        {"replication (GRAPH | --gen SPEC)", repl_options},
                                        CXB_FORMS_END};

/* ---- inputs ---- */

static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (!a || !b || !strcmp(a, "-") || !strcmp(b, "-"))
        return 0;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
        return !strcmp(a, b);
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino && S_ISREG(sa.st_mode);
}

static cxb_status read_ids(const char *path, const char *what, uint64_t n, uint64_t bound, uint32_t **out,
                           uint64_t *count)
{
    FILE *f = !strcmp(path, "-") ? stdin : fopen(path, "r");
    if (!f)
        return cxb_fail(CXB_EINPUT, "%s %s: cannot open", what, path);
    uint64_t cap = 64, k = 0, line = 0;
    uint32_t *v = malloc(cap * sizeof *v);
    char buf[256];
    cxb_status st = v ? CXB_OK : cxb_fail(CXB_ERESOURCE, "%s: out of host memory", what);
    while (st == CXB_OK && fgets(buf, sizeof buf, f)) {
        ++line;
        char *s = buf + strspn(buf, " \t");
        if (*s == '#' || *s == '\n' || *s == '\0')
            continue;
        s[strcspn(s, " \t\r\n")] = '\0';
        uint64_t x;
        char where[600];
        snprintf(where, sizeof where, "%s:%llu", path, (unsigned long long)line);
        if ((st = cxb_parse_u64(s, where, &x)) != CXB_OK)
            break;
        if (x >= bound) {
            st = cxb_fail(CXB_EINPUT, "%s: %llu is out of range (below %llu)", where, (unsigned long long)x,
                          (unsigned long long)bound);
            break;
        }
        if (k == cap) {
            uint32_t *w = realloc(v, 2 * cap * sizeof *v);
            if (!w) {
                st = cxb_fail(CXB_ERESOURCE, "%s: out of host memory", what);
                break;
            }
            v = w;
            cap *= 2;
        }
        v[k++] = (uint32_t)x;
    }
    if (f != stdin)
        fclose(f);
    if (st == CXB_OK && n && k != n)
        st = cxb_fail(CXB_EINPUT, "%s %s: %llu lines, the graph has %llu vertices", what, path,
                      (unsigned long long)k, (unsigned long long)n);
    if (st != CXB_OK) {
        free(v);
        return st;
    }
    *out = v;
    *count = k;
    return CXB_OK;
}

/* --partition: block, random, metis (when built with libmetis) or FILE */
static int partition_kind(const char *text, int *kind)
{
    if (!text || !strcmp(text, "block"))
        *kind = CXB_PROP_PART_BLOCK;
    else if (!strcmp(text, "random"))
        *kind = CXB_PROP_PART_RANDOM;
    else if (!strcmp(text, "metis")) {
        if (!cxb_prop_have_metis())
            return cxb_cli_error(3, "propagate: --partition metis: built without METIS (apt-get install libmetis-dev)");
        *kind = CXB_PROP_PART_METIS;
    } else
        *kind = -1; /* a file */
    return 0;
}

/* GRAPH "-": standard input, spooled to a temporary file that the graph readers open by name
 * (removed as soon as it is read) */
static cxb_status read_stdin_graph(cxb_ginput_cli *in, cxb_pool *pool, cxb_csr *g, char *name, size_t size)
{
    const char *dir = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/cxbench-propagate-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    memset(g, 0, sizeof *g);
    if (fd < 0)
        return cxb_fail(CXB_ERESOURCE, "-: cannot spool standard input to %s", path);
    FILE *f = fdopen(fd, "w");
    char buf[65536];
    size_t k;
    int bad = !f;
    while (!bad && (k = fread(buf, 1, sizeof buf, stdin)) > 0)
        bad = fwrite(buf, 1, k, f) != k;
    bad |= ferror(stdin) != 0;
    if (f)
        bad |= fclose(f) != 0;
    else
        close(fd);
    cxb_status st = CXB_OK;
    if (bad)
        st = cxb_fail(CXB_ERESOURCE, "-: cannot spool standard input to %s", path);
    else {
        in->input = path;
        st = cxb_ginput_read(in, pool, g, name, size);
        snprintf(name, size, "-");
        const char *msg = cxb_last_error(), *at = st != CXB_OK && msg ? strstr(msg, path) : NULL;
        if (at) { /* the message names the input as the user did */
            char fixed[1200];
            snprintf(fixed, sizeof fixed, "%.*s-%s", (int)(at - msg), msg, at + strlen(path));
            st = cxb_fail(st, "%s", fixed);
        }
    }
    unlink(path);
    return st;
}

static cxb_status load_graph(const prop_args *a, const char *input, cxb_pool *pool, cxb_csr *g, char *name,
                             size_t size)
{
    char spec[520];
    cxb_ginput_cli in = {input, NULL, CXB_IDS_ASIS, 0, 0, 0};
    if (input && !strcmp(input, "-"))
        return read_stdin_graph(&in, pool, g, name, size);
    if (a->gen) {
        cxb_status st = cxb_prop_expand_spec(a->gen, spec, sizeof spec);
        if (st != CXB_OK) {
            memset(g, 0, sizeof *g);
            return st;
        }
        in.gen = spec;
    }
    return cxb_ginput_read(&in, pool, g, name, size);
}

/* ---- replication ---- */

static void print_list(FILE *f, const char *key, const uint64_t *v, uint32_t n)
{
    fprintf(f, " %s=[", key);
    for (uint32_t i = 0; i < n; ++i)
        fprintf(f, "%s%llu", i ? "," : "", (unsigned long long)v[i]);
    fputc(']', f);
}

static int replication(int argc, char **argv)
{
    prop_args a;
    memset(&a, 0, sizeof a);
    a.seed = 1;
    cxb_args pa;
    int rc, kind = 0;
    if (cxb_cli_args(argc, argv, "propagate replication", cxb_propagate_forms, repl_options, &a, 1, &pa, &rc))
        return rc;
    const char *input = pa.npos ? pa.pos[0] : NULL;
    if (!input == !a.gen)
        return cxb_cli_error(2, "propagate replication: expected GRAPH or --gen SPEC (one of them)");
    if ((rc = partition_kind(a.partition, &kind)) != 0)
        return rc;
    cxb_pool *pool = NULL;
    cxb_status st = cxb_pool_create(&pool, 0, CXB_BIND_NONE);
    if (st != CXB_OK)
        return cxb_cli_status(st);
    cxb_csr g;
    char name[600];
    uint32_t *owner = NULL;
    uint64_t cnt = 0;
    if ((st = load_graph(&a, input, pool, &g, name, sizeof name)) == CXB_OK) {
        if (kind < 0)
            st = read_ids(a.partition, "--partition", g.n, a.parts, &owner, &cnt);
        else if (!(owner = malloc((g.n ? g.n : 1) * sizeof *owner)))
            st = cxb_fail(CXB_ERESOURCE, "propagate replication: out of host memory");
        else
            st = cxb_prop_owners_graph(&g, (uint32_t)a.parts, kind, a.seed, owner);
    }
    uint32_t P = (uint32_t)a.parts;
    cxb_prop_parts ps[2];
    memset(ps, 0, sizeof ps);
    for (int l = 0; st == CXB_OK && l < 2; ++l)
        st = cxb_prop_parts_build(&g, l, a.orient, a.seed, owner, P, &ps[l]);
    uint64_t *b = calloc(3 * (size_t)P, sizeof *b);
    if (st == CXB_OK && !b)
        st = cxb_fail(CXB_ERESOURCE, "propagate replication: out of host memory");
    if (st == CXB_OK) {
        const char *pname = kind < 0 ? a.partition : cxb_prop_partitioner_name(kind);
        int gnm = a.gen && !strncmp(name, "gnm:", 4);
        for (int l = 0; l < 2; ++l) {
            uint64_t reps = cxb_prop_parts_replicas(&ps[l]);
            for (uint32_t q = 0; q < P; ++q) {
                b[q] = ps[l].part[q].bnd_off[P];
                b[P + q] = l ? ps[l].part[q].ne : ps[l].part[q].off[ps[l].part[q].n_own] / 2;
                b[2 * P + q] = ps[l].part[q].n_own;
            }
            printf("layout=%s parts=%u partition=%s orient=%s R=%.6f replicas=%llu", l ? "edge" : "vertex", P, pname,
                   cxb_prop_orient_names[a.orient], g.n ? (double)reps / (double)g.n : 0.0, (unsigned long long)reps);
            print_list(stdout, "boundary", b, P);
            print_list(stdout, "edges", b + P, P);
            print_list(stdout, "vertices", b + 2 * P, P);
            if (gnm && kind >= 0 && kind != CXB_PROP_PART_METIS && g.n)
                printf(" R_closed_form=%.6f",
                       cxb_prop_r_closed_form(l, a.orient, kind, P, 2.0 * (double)g.m / (double)g.n));
            putchar('\n');
        }
    }
    free(b);
    cxb_prop_parts_free(&ps[0]);
    cxb_prop_parts_free(&ps[1]);
    free(owner);
    cxb_csr_free(&g);
    cxb_pool_destroy(pool);
    if (st != CXB_OK)
        return cxb_cli_status(st);
    return 0;
}

/* ---- propagate ---- */

/* first step t at which at least frac * n vertices are active; -1 if never */
static long long first_step(const int32_t *act, uint64_t n, uint32_t steps, double frac, uint64_t *hist)
{
    uint64_t need = (uint64_t)ceil(frac * (double)n), run = 0;
    for (uint32_t t = 0; t <= steps; ++t) {
        run += hist[t];
        if (n && run >= need)
            return t;
    }
    (void)act;
    return -1;
}

static cxb_status write_act(const char *path, const cxb_prop_ctx *c, const char *summary)
{
    cxb_afile af;
    cxb_status st = cxb_afile_open(&af, path ? path : "-");
    if (st != CXB_OK)
        return st;
    for (uint64_t v = 0; v < c->g->n; ++v)
        if (fprintf(af.f, "%d\n", c->res.act[v]) < 0)
            break; /* the commit reports the write error */
    if (summary)
        fputs(summary, af.f);
    return cxb_afile_commit(&af);
}

static cxb_status write_curve(const char *path, const cxb_prop_ctx *c)
{
    static const char *const lnames[] = {"c", "t", "a", "e"};
    cxb_afile af;
    cxb_status st = cxb_afile_open(&af, path);
    if (st != CXB_OK)
        return st;
    fprintf(af.f, "step,active,new,frontier,loop,w_c,w_t\n");
    for (uint32_t i = 0; i < c->res.ncurve; ++i) {
        const cxb_prop_point *p = &c->res.curve[i];
        fprintf(af.f, "%u,%llu,%llu,%d,%s,%llu,%llu\n", p->step, (unsigned long long)p->active,
                (unsigned long long)p->newly, p->frontier, lnames[p->loop & 3], (unsigned long long)p->w_c,
                (unsigned long long)p->w_t);
    }
    return cxb_afile_commit(&af);
}

/* The row id from --impl, or from --loop, --backend, --gpus and --sync. */
static void row_id(const prop_args *a, const cxb_args *pa, char *id, size_t size)
{
    static const char *const loops[] = {"cloop", "tloop", "aloop", "eloop"};
    static const char *const syncs[] = {"cuda_nccl", "cuda_host", "cuda_p2p", "cuda_allreduce"};
    if (a->impl) {
        snprintf(id, size, "%s", a->impl);
        return;
    }
    int backend = a->backend;
    if (backend == 0)
        backend = cxb_cuda_device_count(NULL) > 0 ? 3 : 1;
    const char *variant = backend == 1 ? "seq" : backend == 2 ? "pthreads" : "cuda";
    if (a->gpus > 1)
        variant = backend == 3 ? syncs[a->sync] : "pthreads_part";
    (void)pa;
    snprintf(id, size, "propagation.%s.%s", loops[a->loop], variant);
}

int cxb_cli_propagate(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "replication"))
        return replication(argc - 1, argv + 1);
    prop_args a;
    memset(&a, 0, sizeof a);
    a.seed = 1;
    a.sources = 1;
    a.gpus = 1;
    a.loop = CXB_PROP_ALOOP;
    a.max_steps = 100000;
    cxb_args pa;
    int rc, kind = 0;
    if (cxb_cli_args(argc, argv, "propagate", cxb_propagate_forms, prop_options, &a, 1, &pa, &rc))
        return rc;
    const char *input = pa.npos ? pa.pos[0] : NULL;
    if (!input == !a.gen)
        return cxb_cli_error(2, "propagate: expected GRAPH or --gen SPEC (one of them)");
    if ((rc = partition_kind(a.partition, &kind)) != 0)
        return rc;
    cxb_prop_cfg cfg;
    cxb_prop_cfg_init(&cfg);
    cxb_status st = CXB_OK;
    if (a.p && (st = cxb_parse_double(a.p, "--p", &cfg.p)) == CXB_OK && !(cfg.p >= 0 && cfg.p <= 1))
        st = cxb_fail(CXB_EINPUT, "--p %s: a probability in [0, 1]", a.p);
    if (st == CXB_OK && a.sw && strcmp(a.sw, "auto")) {
        uint64_t s = 0;
        if (!strcmp(a.sw, "never"))
            cfg.switch_rule = CXB_PROP_SWITCH_NEVER;
        else if ((st = cxb_parse_u64(a.sw, "--switch", &s)) == CXB_OK && (s == 0 || s >= CXB_PROP_SWITCH_NEVER))
            st = cxb_fail(CXB_EINPUT, "--switch %s: auto, never or a step >= 1", a.sw);
        else if (st == CXB_OK)
            cfg.switch_rule = (uint32_t)s;
    }
    if (st != CXB_OK)
        return cxb_cli_status(st);
    cfg.seed = a.seed;
    cfg.model = a.model;
    cfg.max_steps = (uint32_t)a.max_steps;
    cfg.orient = a.orient;
    cfg.want_curve = a.curve != NULL;
    cfg.check_invariants = a.check_inv;
    /* outputs: never the input, never each other, no directory (before any work) */
    if ((a.out && same_file(a.out, input)) || (a.curve && same_file(a.curve, input)) ||
        (a.out && a.curve && (same_file(a.out, a.curve) || !strcmp(a.out, a.curve))))
        return cxb_cli_error(2, "propagate: --out and --curve must name different files, not the input");
    if ((a.out && cxb_afile_check(a.out) != CXB_OK) || (a.curve && cxb_afile_check(a.curve) != CXB_OK))
        return cxb_cli_status(CXB_EINPUT);

    char id[200];
    row_id(&a, &pa, id, sizeof id);
    const cxb_impl *im = NULL;
    if ((rc = cxb_cli_study_row("propagation", "propagate", id, &im)) != 0)
        return rc;
    int multi_gpu = strstr(im->id, ".cuda_") != NULL;
    int part_row = strstr(im->id, ".pthreads_part") != NULL;
    if (multi_gpu) {
        int have = cxb_cuda_device_count(NULL);
        uint64_t want = a.gpus > 1 ? a.gpus : 2;
        if ((uint64_t)have < want)
            return cxb_cli_error(3, "--gpus: %llu GPUs requested, %d CUDA devices found", (unsigned long long)want,
                                 have);
        a.gpus = want;
    }

    cxb_pool *pool = NULL;
    if ((st = cxb_pool_create(&pool, (unsigned)a.threads, CXB_BIND_NONE)) != CXB_OK)
        return cxb_cli_status(st);
    cxb_csr g;
    char name[600];
    uint32_t *srcs = NULL;
    uint64_t nsrc = 0;
    if ((st = load_graph(&a, input, pool, &g, name, sizeof name)) == CXB_OK) {
        if (a.source_list)
            st = read_ids(a.source_list, "--source-list", 0, g.n, &srcs, &nsrc);
        else if (!(srcs = malloc((a.sources ? a.sources : 1) * sizeof *srcs)))
            st = cxb_fail(CXB_ERESOURCE, "propagate: out of host memory");
        else if ((st = cxb_prop_pick_sources(&g, a.seed, a.sources, srcs)) == CXB_OK)
            nsrc = a.sources;
    }
    uint32_t parts = (uint32_t)(part_row ? (a.gpus > 1 ? a.gpus : cxb_pool_threads(pool)) : a.gpus);
    uint32_t *owner = NULL;
    uint64_t cnt = 0;
    if (st == CXB_OK && kind < 0)
        st = read_ids(a.partition, "--partition", g.n, parts, &owner, &cnt);
    else if (st == CXB_OK && kind == CXB_PROP_PART_METIS && (multi_gpu || part_row)) { /* once, given as a file's */
        if (!(owner = malloc((g.n ? g.n : 1) * sizeof *owner)))
            st = cxb_fail(CXB_ERESOURCE, "propagate: out of host memory");
        else
            st = cxb_prop_owners_metis(&g, parts, a.seed, owner);
    }
    cfg.sources = srcs;
    cfg.nsources = nsrc;
    void *vctx = NULL;
    if (st == CXB_OK) {
        cxb_env env = {pool, cxb_pool_threads(pool), NULL, NULL};
        cxb_prop_input_set(&g, name, &cfg, parts, kind < 0 ? 0 : kind, owner, a.mem_cap);
        st = im->setup(NULL, &env, &vctx);
        cxb_prop_input_set(NULL, NULL, NULL, 0, 0, NULL, 0);
    }
    int64_t t0 = cxb_clock_ns(), t1 = t0;
    cxb_phases ph;
    cxb_phases_clear(&ph);
    if (st == CXB_OK) {
        if ((st = im->reset(vctx)) == CXB_OK)
            st = im->run(vctx, &ph);
        t1 = cxb_clock_ns();
    }
    cxb_prop_ctx *c = vctx;
    int vrc = 0;
    if (st == CXB_OK && a.check) {
        cxb_status vs = im->verify(vctx);
        if (vs == CXB_EFAIL) {
            char msg[1200];
            snprintf(msg, sizeof msg, "%s", cxb_last_error());
            const char *tail = strstr(msg, "check failed");
            vrc = cxb_cli_error(1, "%s: %s", name, tail ? tail : msg);
        } else
            st = vs;
    }
    char summary[4096];
    summary[0] = '\0';
    if (st == CXB_OK && !vrc && !a.no_summary) {
        uint64_t *hist = calloc((size_t)c->res.steps + 1, sizeof *hist);
        if (!hist)
            st = cxb_fail(CXB_ERESOURCE, "propagate: out of host memory");
        for (uint64_t v = 0; hist && v < g.n; ++v)
            if (c->res.act[v] >= 0)
                ++hist[c->res.act[v]];
        size_t len = 0;
#define PUT(...) (len += (size_t)snprintf(summary + len, len < sizeof summary ? sizeof summary - len : 0, __VA_ARGS__))
        cxb_gbern b = cxb_gbern_make(cfg.p);
        double p_eff = b.always ? 1.0 : ldexp((double)b.t, -64);
        PUT("# propagate n=%llu m=%llu kbar=%.6g p=%.17g p_eff=%.17g model=%s seed=%llu sources=",
            (unsigned long long)g.n, (unsigned long long)g.m, g.n ? 2.0 * (double)g.m / (double)g.n : 0.0, cfg.p,
            p_eff, model_names[cfg.model], (unsigned long long)cfg.seed);
        for (uint64_t i = 0; i < nsrc && i < 64; ++i)
            PUT("%s%u", i ? "," : "", srcs[i]);
        if (nsrc > 64)
            PUT(",...(%llu)", (unsigned long long)nsrc);
        if (!nsrc)
            PUT("none");
        PUT(" impl=%s gpus=%u sync=%s partition=%s steps=%u active=%llu coverage=%.6f", im->id,
            multi_gpu || part_row ? parts : 1u, multi_gpu ? sync_names[a.sync] : "none",
            kind < 0 ? a.partition : cxb_prop_partitioner_name(kind), c->res.steps, (unsigned long long)c->res.active,
            g.n ? (double)c->res.active / (double)g.n : 0.0);
        if (hist)
            PUT(" steps_50=%lld steps_997=%lld steps_999=%lld", first_step(c->res.act, g.n, c->res.steps, 0.5, hist),
                first_step(c->res.act, g.n, c->res.steps, 0.997, hist),
                first_step(c->res.act, g.n, c->res.steps, 0.999, hist));
        if ((multi_gpu || part_row) && parts > 1 && g.n) {
            double R[2] = {0, 0};
            uint32_t *own = owner ? owner : malloc(g.n * sizeof *own);
            for (int l = 0; own && l < 2; ++l) {
                cxb_prop_parts ps;
                if ((owner || cxb_prop_owners_graph(&g, parts, kind, cfg.seed, own) == CXB_OK) &&
                    cxb_prop_parts_build(&g, l, cfg.orient, cfg.seed, own, parts, &ps) == CXB_OK) {
                    R[l] = (double)cxb_prop_parts_replicas(&ps) / (double)g.n;
                    cxb_prop_parts_free(&ps);
                }
            }
            if (own != owner)
                free(own);
            PUT(" R_vertex=%.6f R_edge=%.6f", R[0], R[1]);
        }
        if (a.time)
        {
            PUT(" t_total_ms=%.3f passes=%u", (double)(t1 - t0) / 1e6, c->res.passes);
            if (ph.ns[CXB_PHASE_KERNEL] != CXB_PHASE_NA) /* a CUDA row: the steps alone */
                PUT(" t_compute_ms=%.3f", (double)ph.ns[CXB_PHASE_KERNEL] / 1e6);
        }
        PUT("\n");
#undef PUT
        free(hist);
    }
    if (st == CXB_OK && !vrc && a.curve)
        st = write_curve(a.curve, c);
    if (st == CXB_OK && !vrc)
        st = write_act(a.out, c, a.no_summary ? NULL : summary);
    if (vctx)
        im->teardown(vctx);
    free(srcs);
    free(owner);
    cxb_csr_free(&g);
    cxb_pool_destroy(pool);
    if (vrc)
        return vrc;
    if (st != CXB_OK)
        return cxb_cli_status(st);
    return 0;
}
