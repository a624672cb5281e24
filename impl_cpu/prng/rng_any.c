/* impl_cpu/prng/rng_any.c - cxb/rng/any.h: the generators of CXB_RNG_LIST behind one handle.
 * Everything here is instantiated from the list, so a generator added to it is served by
 * name with no edit to this file. */
#include "cxb/rng/any.h"

#include <stdlib.h>
#include <string.h>

struct cxb_rng_any {
    uint32_t (*next)(void *state);
    void *state;
};

#define X(name, g, kind, streams, chunk)                                                      \
    static void *any_init_##g(uint64_t seed, uint64_t stream, uint64_t offset)                \
    {                                                                                         \
        cxb_##g##_state *s = malloc(sizeof *s);                                               \
        if (s)                                                                                \
            cxb_##g##_init(s, seed, stream, offset);                                          \
        return s;                                                                             \
    }                                                                                         \
    static uint32_t any_next_##g(void *s) { return cxb_##g##_next_u32((cxb_##g##_state *)s); }
CXB_RNG_LIST(X)
#undef X

typedef struct any_ops {
    void *(*init)(uint64_t seed, uint64_t stream, uint64_t offset);
    uint32_t (*next)(void *state);
} any_ops;

#define X(name, g, kind, streams, chunk) {name, kind, streams, chunk, (unsigned)sizeof(cxb_##g##_state)},
static const cxb_rng_desc descs[] = {CXB_RNG_LIST(X)};
#undef X
#define X(name, g, kind, streams, chunk) {any_init_##g, any_next_##g},
static const any_ops ops[] = {CXB_RNG_LIST(X)};
#undef X
#define NGEN (sizeof descs / sizeof descs[0])

const cxb_rng_desc *cxb_rng_descs(size_t *count)
{
    *count = NGEN;
    return descs;
}

const cxb_rng_desc *cxb_rng_find(const char *name)
{
    for (size_t i = 0; i < NGEN; ++i)
        if (!strcmp(descs[i].name, name))
            return &descs[i];
    return NULL;
}

const char *cxb_rng_names(void)
{
    static char text[512];
    if (!text[0])
        for (size_t i = 0; i < NGEN; ++i) {
            if (i)
                strncat(text, ", ", sizeof text - strlen(text) - 1);
            strncat(text, descs[i].name, sizeof text - strlen(text) - 1);
        }
    return text;
}

cxb_status cxb_rng_any_create(cxb_rng_any **h, const cxb_rng_desc *d, uint64_t seed, uint64_t stream,
                              uint64_t offset)
{
    *h = NULL;
    const any_ops *o = &ops[d - descs];
    cxb_rng_any *a = malloc(sizeof *a);
    if (!a || !(a->state = o->init(seed, stream, offset))) {
        free(a);
        return cxb_fail(CXB_ERESOURCE, "%s: out of host memory for a generator state", d->name);
    }
    a->next = o->next;
    *h = a;
    return CXB_OK;
}

uint32_t cxb_rng_any_next(cxb_rng_any *h) { return h->next(h->state); }

uint32_t cxb_rng_any_next_fn(void *h) { return cxb_rng_any_next((cxb_rng_any *)h); }

void cxb_rng_any_destroy(cxb_rng_any *h)
{
    if (!h)
        return;
    free(h->state);
    free(h);
}
