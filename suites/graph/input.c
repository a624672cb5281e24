/* suites/graph/input.c - the graph input of the graph studies (suites/graph/input.h): parameters
 * to spec text, spec to CSR, the instance cache and the command lines' INPUT | --gen SPEC. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites/graph/input.h"

static const char *const ws_models[] = {"ws", "wsfast", NULL};

static unsigned log2_floor(uint64_t v)
{
    unsigned l = 0;
    while (v >>= 1)
        ++l;
    return l;
}

static int passes(const cxb_ginput_rules *r, const char *key)
{
    for (int i = 0; r->pass[i]; ++i)
        if (!strcmp(r->pass[i], key))
            return 1;
    return 0;
}

cxb_status cxb_ginput_spec_text(const cxb_params *p, const cxb_ginput_rules *r, uint64_t seed, char *out,
                                size_t size)
{
    const char *model = cxb_params_get(p, "model");
    if (!model)
        model = "gnm";
    int ws = 0;
    cxb_status st = cxb_params_choice(p, "ws_model", ws_models, 0, &ws);
    if (st != CXB_OK)
        return st;
    if (!strcmp(model, "ws") && ws == 1)
        model = "wsfast";
    uint64_t n = 0, d = 0;
    if ((st = cxb_params_u64(p, "n", r->n_default, &n)) != CXB_OK || (st = cxb_params_u64(p, "d", 0, &d)) != CXB_OK)
        return st;
    int is_rmat = !strcmp(model, "rmat") || !strcmp(model, "kron");
    int is_lattice = !strcmp(model, "lattice");
    size_t len = (size_t)snprintf(out, size, "%s:", model);
    int first = 1;
#define PUTS(...) (len += (size_t)snprintf(out + len, len < size ? size - len : 0, __VA_ARGS__))
    if (!is_rmat && !is_lattice) {
        PUTS("n=%llu", (unsigned long long)n);
        first = 0;
    }
    for (int i = 0; r->pass[i]; ++i) {
        const char *v = cxb_params_get(p, r->pass[i]);
        if (v) {
            PUTS("%s%s=%s", first ? "" : ",", r->pass[i], v);
            first = 0;
        }
    }
    if (d) { /* the model's degree key from the average degree, unless given */
        const char *key = NULL;
        uint64_t val = 0;
        if (!strcmp(model, "gnm"))
            key = "m", val = n * d / 2;
        else if (!strcmp(model, "bacopy"))
            key = "m", val = d / 2 ? d / 2 : 1;
        else if (!strcmp(model, "ws") || !strcmp(model, "wsfast") || !strcmp(model, "ring") || !strcmp(model, "nw"))
            key = "k", val = d;
        else if (!strcmp(model, "disjoint"))
            key = "e", val = n * d / 2;
        else if (is_rmat)
            key = "ef", val = d / 2 ? d / 2 : 1;
        if (key && passes(r, key) && !cxb_params_get(p, key)) {
            PUTS("%s%s=%llu", first ? "" : ",", key, (unsigned long long)val);
            first = 0;
        }
    }
    if (is_rmat && !cxb_params_get(p, "scale")) {
        PUTS("%sscale=%u", first ? "" : ",", log2_floor(n));
        first = 0;
    }
    if (strcmp(model, "line") && strcmp(model, "ring") && !is_lattice)
        PUTS("%sseed=%llu", first ? "" : ",", (unsigned long long)seed);
#undef PUTS
    if (len >= size)
        return cxb_fail(CXB_EINPUT, "%s: the graph spec of the point is too long", r->study);
    return CXB_OK;
}

uint64_t cxb_ginput_work(const cxb_params *p, const cxb_ginput_rules *r)
{
    char text[512];
    uint64_t seed = 1;
    cxb_gen_spec s;
    cxb_params_u64(p, "seed", 1, &seed);
    if (cxb_ginput_spec_text(p, r, seed, text, sizeof text) != CXB_OK || cxb_gen_parse(text, &s) != CXB_OK)
        return 0;
    return cxb_gen_tuples_hint(&s);
}

cxb_status cxb_ginput_build(const cxb_gen_spec *s, cxb_pool *pool, int multigraph, cxb_csr *out)
{
    cxb_edges e;
    cxb_status st = pool ? cxb_generate_pthreads(s, pool, &e) : cxb_generate_seq(s, &e);
    if (st != CXB_OK)
        return st;
    if ((st = cxb_csr_from_edges(&e, multigraph, out)) != CXB_OK)
        cxb_edges_free(&e);
    return st;
}

cxb_status cxb_ginput_read(const cxb_ginput_cli *a, cxb_pool *pool, cxb_csr *g, char *name, size_t size)
{
    cxb_status st;
    memset(g, 0, sizeof *g);
    if (a->gen) {
        cxb_gen_spec spec;
        if ((st = cxb_gen_parse(a->gen, &spec)) == CXB_OK)
            st = cxb_ginput_build(&spec, pool, a->multigraph, g);
        snprintf(name, size, "%s", st == CXB_OK ? spec.text : a->gen);
        return st;
    }
    cxb_graph_opts o;
    cxb_graph_opts_init(&o);
    o.ids = a->ids;
    o.n = a->n;
    o.have_n = a->have_n;
    o.multigraph = a->multigraph;
    st = cxb_graph_read(a->input, &o, g, NULL);
    snprintf(name, size, "%s", a->input);
    return st;
}
