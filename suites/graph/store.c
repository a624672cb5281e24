/* suites/graph/store.c - the process's store of generated graphs (store.h; docs/studies/graph.md
 * "The graph store"). A short list, searched linearly: a run holds a few dozen graphs at most. */
#define _DEFAULT_SOURCE /* sysconf(_SC_PHYS_PAGES) */
#include "suites/graph/store.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cxb/core/status.h"
#include "suites/graph/input.h"

struct cxb_gstore_entry {
    char key[sizeof ((cxb_gen_spec *)0)->text];
    int multigraph;
    cxb_csr g;
    uint64_t bytes, last_use;
    unsigned pins;
    int ready; /* 0 while one caller builds it outside the lock; the others with its key wait */
    cxb_gstore_entry *next;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t built = PTHREAD_COND_INITIALIZER; /* an entry became ready or was dropped */
static cxb_gstore_entry *head;
static uint64_t held_bytes, builds, clock_ticks;
static uint64_t budget = UINT64_MAX; /* UINT64_MAX: not yet read */
static int exit_hook;

static uint64_t default_budget(void)
{
    const char *env = getenv("CXB_GRAPH_STORE_MB");
    if (env && *env) {
        char *end;
        unsigned long long mb = strtoull(env, &end, 10);
        if (*end == '\0' && mb < (UINT64_MAX >> 20))
            return (uint64_t)mb << 20;
    }
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page / 4 : (uint64_t)1 << 30;
}

static uint64_t csr_bytes(const cxb_csr *g)
{
    return (g->n + 1) * sizeof *g->off + g->nnz * sizeof *g->adj + (g->ids ? g->n * sizeof *g->ids : 0);
}

static void entry_free(cxb_gstore_entry *e)
{
    held_bytes -= e->bytes;
    cxb_csr_free(&e->g);
    free(e);
}

/* Frees unpinned entries, least recently used first, while the store is over its budget. */
static void evict_locked(void)
{
    while (held_bytes > budget) {
        cxb_gstore_entry **victim = NULL;
        for (cxb_gstore_entry **p = &head; *p; p = &(*p)->next)
            if (!(*p)->pins && (*p)->ready && (!victim || (*p)->last_use < (*victim)->last_use))
                victim = p;
        if (!victim)
            return;
        cxb_gstore_entry *e = *victim;
        *victim = e->next;
        entry_free(e);
    }
}

static void clear_at_exit(void)
{
    cxb_gstore_clear();
}

cxb_status cxb_gstore_get(const cxb_gen_spec *s, cxb_pool *pool, int multigraph, const cxb_csr **g,
                          cxb_gstore_entry **held)
{
    *g = NULL;
    *held = NULL;
    multigraph = !!multigraph;
    pthread_mutex_lock(&lock);
    if (budget == UINT64_MAX)
        budget = default_budget();
    if (!exit_hook)
        exit_hook = atexit(clear_at_exit) == 0;
    /* a key is built once even when several threads ask for it at once: the first inserts it
     * unready and builds it outside the lock, the others wait for it */
    for (;;) {
        cxb_gstore_entry *e = head;
        while (e && !(e->multigraph == multigraph && !strcmp(e->key, s->text)))
            e = e->next;
        if (!e)
            break;
        if (!e->ready) {
            pthread_cond_wait(&built, &lock);
            continue; /* ready now, or dropped after a failed build: look again */
        }
        e->pins++;
        e->last_use = ++clock_ticks;
        *g = &e->g;
        *held = e;
        pthread_mutex_unlock(&lock);
        return CXB_OK;
    }
    cxb_gstore_entry *e = calloc(1, sizeof *e);
    if (!e) {
        pthread_mutex_unlock(&lock);
        return cxb_fail(CXB_ERESOURCE, "graph store: out of host memory");
    }
    snprintf(e->key, sizeof e->key, "%s", s->text);
    e->multigraph = multigraph;
    e->pins = 1;
    e->next = head;
    head = e;
    pthread_mutex_unlock(&lock);

    /* built outside the lock: a build takes seconds, and the pool's workers never touch the store */
    cxb_status st = cxb_ginput_build(s, pool, multigraph, &e->g);

    pthread_mutex_lock(&lock);
    if (st != CXB_OK) { /* dropped: a waiter looks again and builds it itself */
        for (cxb_gstore_entry **p = &head; *p; p = &(*p)->next)
            if (*p == e) {
                *p = e->next;
                break;
            }
        free(e);
        pthread_cond_broadcast(&built);
        pthread_mutex_unlock(&lock);
        return st;
    }
    e->bytes = csr_bytes(&e->g);
    e->ready = 1;
    e->last_use = ++clock_ticks;
    held_bytes += e->bytes;
    builds++;
    evict_locked();
    pthread_cond_broadcast(&built);
    pthread_mutex_unlock(&lock);
    *g = &e->g;
    *held = e;
    return CXB_OK;
}

void cxb_gstore_put(cxb_gstore_entry *held)
{
    if (!held)
        return;
    pthread_mutex_lock(&lock);
    if (held->pins)
        held->pins--;
    evict_locked();
    pthread_mutex_unlock(&lock);
}

void cxb_gstore_set_budget(uint64_t bytes)
{
    pthread_mutex_lock(&lock);
    budget = bytes == UINT64_MAX ? default_budget() : bytes;
    evict_locked();
    pthread_mutex_unlock(&lock);
}

cxb_gstore_stats cxb_gstore_stats_now(void)
{
    cxb_gstore_stats st = {0, 0, 0};
    pthread_mutex_lock(&lock);
    for (const cxb_gstore_entry *e = head; e; e = e->next)
        st.graphs += e->ready != 0;
    st.bytes = held_bytes;
    st.builds = builds;
    pthread_mutex_unlock(&lock);
    return st;
}

void cxb_gstore_clear(void)
{
    pthread_mutex_lock(&lock);
    for (cxb_gstore_entry **p = &head; *p;) {
        cxb_gstore_entry *e = *p;
        if (e->pins) {
            p = &e->next;
            continue;
        }
        *p = e->next;
        entry_free(e);
    }
    pthread_mutex_unlock(&lock);
}
