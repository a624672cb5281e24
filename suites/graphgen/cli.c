/* cxbench graph gen alpha:... | ba:... - the faithful generators of Leist ch. 5 from the
 * command line (docs/studies/graphgen.md). suites/graph/cli.c hands these two models over here.
 *
 *   cxbench graph gen alpha:n=N,k=K,alpha=A[,seed=S][,x=auto|X][,reduce=canonical][,heap_mb=H] ...
 *   cxbench graph gen ba:n=N,m=M[,n0=N0][,seed=S][,x=auto|X][,heap_mb=H] ...
 *
 * (the options: cxb_graphgen_gen_options below; docs/cli.md "graph gen"). --impl also takes the bare variant (seq, pthreads, cuda1, cuda2); the default is seq,
 * the reference. Output: "key: value" lines in the order of docs/studies/graphgen.md; verified:
 * is "skipped" without --verify, "yes (REF)" or "no (REF: edgeset_hash A != B)" with exit
 * status 1; with --verify, seq is checked against the invariants of docs/studies/graphgen.md.
 * Errors are one "cxbench: error: WHERE: WHAT" line, exit 2 (bad input) or 3 (no GPU,
 * memory); nothing is written on any error. The unsupported spec options reduce=atomic
 * and arena_mb (the cudaarena extension) are refused with exit 2.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cxb/core/cuda.h"
#include "cxb/core/mem.h"
#include "cxb/graph/graph.h"
#include "cxb/graphgen/models.h"
#include "cxb/graphgen/cuda.h"
#include "cxb/core/params.h"
#include "cxb/core/pool.h"
#include "harness/atomic.h"
#include "harness/cli.h"
#include "suites/graph/cli.h"
#include "suites/graphgen/cli.h"
#include "harness/params.h"

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static double ms(int64_t ns) { return (double)ns / 1e6; }

typedef struct gg_spec {
    int ba;
    cxb_alpha_params a;
    cxb_ba_params b;
    char text[256];
} gg_spec;

/* "alpha:k=v,..." or "ba:k=v,..." into s; CXB_EINPUT naming the problem. */
static cxb_status parse_spec(const char *text, gg_spec *s)
{
    memset(s, 0, sizeof *s);
    s->a.k = 0;
    s->a.alpha = -1;
    const char *body;
    if (!strncmp(text, "alpha:", 6)) {
        body = text + 6;
    } else if (!strncmp(text, "ba:", 3)) {
        s->ba = 1;
        body = text + 3;
    } else
        return cxb_fail(CXB_EINPUT, "%s: expected alpha:... or ba:...", text);
    s->a.seed = s->b.seed = 1;
    int have_n = 0, have_k = 0, have_alpha = 0, have_m = 0;
    /* the one list parser (cxb/core/params.h): values in canonical form, repeats refused */
    cxb_params kvs;
    cxb_params_init(&kvs);
    cxb_status pst = cxb_params_parse(&kvs, body, ',', text);
    if (pst != CXB_OK)
        return pst;
    for (size_t i = 0; i < kvs.count; ++i) {
        const char *key = kvs.key[i], *val = kvs.val[i];
        char where[96];
        snprintf(where, sizeof where, "%s: %s", s->ba ? "ba" : "alpha", key);
        uint64_t u = 0;
        if (!strcmp(key, "alpha") && !s->ba) {
            if (cxb_parse_double(val, where, &s->a.alpha) != CXB_OK)
                return CXB_EINPUT;
            have_alpha = 1;
        } else if (!strcmp(key, "x")) {
            if (strcmp(val, "auto")) {
                if (cxb_parse_u64(val, where, &u) != CXB_OK)
                    return CXB_EINPUT;
                if (u < 1 || u > 1u << 20)
                    return cxb_fail(CXB_EINPUT, "%s=%s: expected auto or 1 to 2^20", where, val);
            }
            s->a.x = s->b.x = (uint32_t)u;
        } else if (!strcmp(key, "reduce") && !s->ba) {
            if (strcmp(val, "canonical"))
                return cxb_fail(CXB_EINPUT, "%s=%s: only reduce=canonical is implemented", where, val);
        } else if (!strcmp(key, "n") || !strcmp(key, "seed") || !strcmp(key, "heap_mb") ||
                   (!strcmp(key, "k") && !s->ba) || (s->ba && (!strcmp(key, "m") || !strcmp(key, "n0")))) {
            if (cxb_parse_u64(val, where, &u) != CXB_OK)
                return CXB_EINPUT;
            if (!strcmp(key, "n")) {
                s->a.n = s->b.n = u;
                have_n = 1;
            } else if (!strcmp(key, "seed"))
                s->a.seed = s->b.seed = u;
            else if (!strcmp(key, "heap_mb"))
                s->a.heap_mb = s->b.heap_mb = u;
            else if (!strcmp(key, "n0"))
                s->b.n0 = u;
            else {
                if (u > 0xFFFFFFFFu)
                    return cxb_fail(CXB_EINPUT, "%s=%s: too large", where, val);
                if (!strcmp(key, "k")) {
                    s->a.k = (uint32_t)u;
                    have_k = 1;
                } else {
                    s->b.m = (uint32_t)u;
                    have_m = 1;
                }
            }
        } else
            return cxb_fail(CXB_EINPUT, "%s: unknown key (%s)", where,
                            s->ba ? "n, m, n0, seed, x, heap_mb" : "n, k, alpha, seed, x, reduce, heap_mb");
    }
    if (!have_n || (s->ba ? !have_m : (!have_k || !have_alpha)))
        return cxb_fail(CXB_EINPUT, "%s: missing %s", text,
                        !have_n ? "n" : s->ba ? "m" : !have_k ? "k" : "alpha");
    cxb_status st = s->ba ? cxb_ba_check(&s->b) : cxb_alpha_check(&s->a);
    if (st != CXB_OK)
        return st;
    char x[24];
    uint32_t xv = s->ba ? s->b.x : s->a.x;
    if (xv)
        snprintf(x, sizeof x, "%u", xv);
    else
        snprintf(x, sizeof x, "auto");
    if (s->ba)
        snprintf(s->text, sizeof s->text, "ba:n=%llu,m=%u,n0=%llu,seed=%llu,x=%s", (unsigned long long)s->b.n, s->b.m,
                 (unsigned long long)s->b.n0, (unsigned long long)s->b.seed, x);
    else
        snprintf(s->text, sizeof s->text, "alpha:n=%llu,k=%u,alpha=%.17g,seed=%llu,x=%s,reduce=canonical",
                 (unsigned long long)s->a.n, s->a.k, s->a.alpha, (unsigned long long)s->a.seed, x);
    return CXB_OK;
}

static cxb_status generate(const gg_spec *s, cxb_gg_variant v, unsigned threads, cxb_adjlists *out,
                           cxb_gg_cuda_stats *cs, int64_t *gen_ns)
{
    memset(cs, 0, sizeof *cs);
    if (v >= CXB_GG_CUDA1) {
        const char *why = NULL;
        if (cxb_cuda_device_count(&why) < 1)
            return cxb_fail(CXB_ERESOURCE, "graphgen.%s.%s: no GPU (%s)", s->ba ? "ba" : "alpha",
                            v == CXB_GG_CUDA1 ? "cuda1" : v == CXB_GG_CUDA2 ? "cuda2" : "cudapool",
                            why ? why : "none found");
        cxb_status st = s->ba ? cxb_ba_cuda(&s->b, v, out, cs, NULL) : cxb_alpha_cuda(&s->a, v, out, cs, NULL);
        *gen_ns = cs->gen_ns;
        return st;
    }
    int64_t t0 = now_ns();
    cxb_status st;
    if (v == CXB_GG_PTHREADS) {
        cxb_pool *pool;
        if ((st = cxb_pool_create(&pool, threads, CXB_BIND_NONE)) != CXB_OK)
            return st;
        t0 = now_ns();
        st = s->ba ? cxb_ba_pthreads(&s->b, pool, out) : cxb_alpha_pthreads(&s->a, pool, out);
        *gen_ns = now_ns() - t0;
        cxb_pool_destroy(pool);
    } else {
        st = s->ba ? cxb_ba_seq(&s->b, out) : cxb_alpha_seq(&s->a, out);
        *gen_ns = now_ns() - t0;
    }
    return st;
}

const cxb_option cxb_graphgen_gen_options[] = {
    CXB_OPT_STRING("--impl", "ID|VARIANT",
                   "graphgen.MODEL.VARIANT or VARIANT: seq (default), pthreads, cuda1, cuda2, cudapool",
                   cxb_graph_gen_args, impl, 0),
    CXB_GRAPH_GEN_OPTIONS,
    CXB_OPT_SWITCH("--verify", "check the graph against graphgen.MODEL.seq (seq: the invariants); exit 1 if not",
                   cxb_graph_gen_args, verify, 0),
    CXB_OPT_END};

int cxb_cli_graphgen_gen(int argc, char **argv)
{
    cxb_graph_gen_args ga;
    memset(&ga, 0, sizeof ga);
    ga.format = CXB_GRAPH_AUTO;
    ga.impl = "seq";
    cxb_args a;
    int rc0;
    if (cxb_cli_args(argc, argv, "graph gen", cxb_graph_gen_forms, cxb_graphgen_gen_options, &ga, 1, &a, &rc0))
        return rc0;
    const char *spec_text = a.npos ? a.pos[0] : NULL, *out = ga.out, *impl = ga.impl;
    int quiet = ga.quiet, verify = ga.verify;
    uint64_t threads = ga.threads;
    cxb_graph_format fmt = ga.format;
    if (!spec_text)
        return cxb_cli_error(2, "graph gen: expected a spec alpha:... or ba:...");
    gg_spec s;
    if (parse_spec(spec_text, &s) != CXB_OK)
        return cxb_cli_status(CXB_EINPUT);
    const char *model = s.ba ? "ba" : "alpha";
    /* --impl graphgen.MODEL.VARIANT or VARIANT */
    char prefix[32];
    snprintf(prefix, sizeof prefix, "graphgen.%s.", model);
    static const char *const names[] = {"seq", "pthreads", "cuda1", "cuda2", "cudapool", NULL};
    int vi = cxb_opt_variant(impl, prefix, names);
    if (vi < 0)
        return cxb_cli_error(2, "graph gen: --impl %s: expected graphgen.%s.{seq|pthreads|cuda1|cuda2|cudapool}", impl,
                             model);
    cxb_gg_variant v = (cxb_gg_variant)vi;
    cxb_status cst = out ? cxb_afile_check(out) : CXB_OK; /* a directory, before generating */
    if (cst != CXB_OK)
        return cxb_cli_status(cst);
    if (out && fmt == CXB_GRAPH_AUTO && cxb_graph_format_from_path(out, &fmt) != CXB_OK)
        return cxb_cli_status(CXB_EINPUT);

    /* host memory before any work (docs/cli.md, "graph gen"): the adjacency lists (4 bytes an
     * arc, a pointer, degree and capacity a vertex) and the CSR built from them (4 an arc, 8 a
     * vertex), both alive at the conversion */
    double edges = (double)(s.ba ? cxb_ba_edges(&s.b) : cxb_alpha_edges(&s.a)), nv = (double)(s.ba ? s.b.n : s.a.n);
    char what[160];
    snprintf(what, sizeof what, "%.0f edges as adjacency lists and their CSR on %.0f vertices", edges, nv);
    if ((cst = cxb_mem_check(8.0 * 2 * edges + 24.0 * nv + 8.0, s.text, what)) != CXB_OK)
        return cxb_cli_status(cst);

    cxb_adjlists lists;
    cxb_gg_cuda_stats cs;
    int64_t gen_ns = 0;
    cxb_status st = generate(&s, v, (unsigned)threads, &lists, &cs, &gen_ns);
    if (st != CXB_OK)
        return cxb_cli_status(st);
    uint32_t x = v >= CXB_GG_CUDA1 ? cs.x : lists.x;
    int64_t t1 = now_ns();
    cxb_csr g;
    st = cxb_adjlists_to_csr(&lists, &g);
    cxb_adjlists_free(&lists);
    if (st != CXB_OK)
        return cxb_cli_status(st);
    int64_t t2 = now_ns();
    uint64_t hash = cxb_edgeset_hash(&g);
    const char *verdict = "skipped";
    char vbuf[160];
    int rc = 0;
    if (verify) {
        cxb_status vs = s.ba ? cxb_ba_check_graph(&s.b, &g) : cxb_alpha_check_graph(&s.a, &g);
        if (vs != CXB_OK) {
            snprintf(vbuf, sizeof vbuf, "no (invariants: %s)", cxb_last_error());
            rc = 1;
        } else if (v == CXB_GG_SEQ) {
            snprintf(vbuf, sizeof vbuf, "yes (invariants)");
        } else {
            cxb_adjlists ref;
            st = s.ba ? cxb_ba_seq(&s.b, &ref) : cxb_alpha_seq(&s.a, &ref);
            if (st != CXB_OK) {
                cxb_csr_free(&g);
                return cxb_cli_status(st);
            }
            uint64_t rh = cxb_adjlists_hash(&ref);
            cxb_adjlists_free(&ref);
            if (rh == hash)
                snprintf(vbuf, sizeof vbuf, "yes (graphgen.%s.seq)", model);
            else {
                snprintf(vbuf, sizeof vbuf, "no (graphgen.%s.seq: edgeset_hash 0x%016llx != 0x%016llx)", model,
                         (unsigned long long)hash, (unsigned long long)rh);
                rc = 1;
            }
        }
        verdict = vbuf;
    }
    int64_t t3 = now_ns();
    if (out && rc == 0) {
        cxb_graph_origin origin = {s.text, 0, 0, 0};
        if ((st = cxb_graph_write(out, fmt, &g, &origin)) != CXB_OK) {
            cxb_csr_free(&g);
            return cxb_cli_status(st);
        }
    }
    int64_t t4 = now_ns();
    uint64_t dmax = 0;
    for (uint64_t u = 0; u < g.n; ++u)
        if (g.off[u + 1] - g.off[u] > dmax)
            dmax = g.off[u + 1] - g.off[u];
    printf("model: %s\nspec: %s\nstream_version: %d\nimpl: graphgen.%s.%s\nx: %u\n", model, s.text,
           CXB_GRAPH_STREAM_VERSION, model, names[vi], x);
    printf("vertices: %llu\ntuples: %llu\nself_loops_removed: 0\nduplicates_removed: 0\nedges: %llu\n",
           (unsigned long long)g.n, (unsigned long long)g.m, (unsigned long long)g.m);
    printf("degree_max: %llu\nedgeset_hash: 0x%016llx\n", (unsigned long long)dmax, (unsigned long long)hash);
    if (v >= CXB_GG_CUDA1)
        printf("allocations: %llu\nfrees: %llu\ndevice_bytes_peak: %llu\n", (unsigned long long)cs.allocations,
               (unsigned long long)cs.frees, (unsigned long long)cs.device_bytes_peak);
    printf("verified: %s\n", verdict);
    if (out && rc == 0)
        printf("written: %s\n", out);
    if (!quiet) {
        printf("time_ms: %.3f\n", ms(gen_ns));
        printf("phase_ms: gen=%.3f d2h=%.3f csr=%.3f write=%.3f\n", ms(gen_ns), ms(cs.d2h_ns), ms(t2 - t1),
               ms(t4 - t3));
    }
    cxb_csr_free(&g);
    if (rc)
        return cxb_cli_error(1, "graph gen: %s: verification failed", s.text);
    return 0;
}
