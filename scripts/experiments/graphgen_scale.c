/* scripts/experiments/graphgen_scale.c - a timing experiment, not a benchmark of record:
 * the 2-thread over 1-thread ratio of the pthreads fast generators (docs/studies/graphgen.md, issue
 * #4: ">= 1.9x on 2 cores") on a shared machine. `cxbench run graphgen --preset
 * fast-threads` times each thread count in its own block of samples, so load from another
 * tenant that comes and goes lands on one count and not the other; this alternates 1, 2,
 * 1, 2, ... threads sample by sample (pools created before, as the harness does) and
 * prints min and median per count and the ratio of each: the ratio of the minima is the
 * one least moved by a neighbour. Each sample also records the time this process's threads
 * spent runnable but waiting for a core (run_delay, /proc/self/task/\*\/schedstat): "waited"
 * is its median per count, and "quiet" the median of the samples that waited under 1% of
 * their wall time (how many in brackets), the ratio to trust on a shared machine; "cpu" is
 * the median of the threads' summed time on a core (the work, whatever the neighbours), of
 * which "serial" is the calling thread's (it runs what is not on the pool); "from cpu" is
 * the ratio those predict with the pool's work split evenly, cpu(1) / (serial(P) +
 * (cpu(P) - serial(P)) / P): it sees serial phases and memory contention between the
 * workers, not imbalance. Also the same for seq, once per round, as the base of
 * "over seq". Output is checked against seq once (same tuples, byte for byte).
 *
 *   cc -O2 -std=c11 -I. -Iinclude scripts/experiments/graphgen_scale.c build/libcxb.a -lm -lpthread -lhwloc (when built with hwloc)
 *   flock /tmp/cxb-bench.lock ./a.out SPEC [reps=7] [threads=1,2]
 * e.g. SPEC = gnm:n=1048576,m=16777216,seed=1 (the fast-threads gnm point) or
 * wsfast:n=1048576,k=32,p=0.1,seed=1, bacopy:n=1048576,m=16,seed=1, rmat:scale=20,ef=16,seed=1.
 */
#define _DEFAULT_SOURCE /* opendir, getpid under -std=c11 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cxb/graph/gen.h"
#include "cxb/core/pool.h"
#include "cxb/core/timing.h"

/* the summed run_delay (ns runnable, not running) of this process's threads; *cpu: their
 * summed time on a core */
static int64_t waited_ns(int64_t *cpu, int64_t *main_cpu)
{
    char self[32];
    snprintf(self, sizeof self, "%d", (int)getpid());
    *cpu = *main_cpu = 0;
    int64_t sum = 0;
    DIR *d = opendir("/proc/self/task");
    struct dirent *de;
    while (d && (de = readdir(d))) {
        char path[300];
        unsigned long long run, wait;
        if (de->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "/proc/self/task/%s/schedstat", de->d_name);
        FILE *f = fopen(path, "r");
        if (f && fscanf(f, "%llu %llu", &run, &wait) == 2)
            sum += (int64_t)wait, *cpu += (int64_t)run, *main_cpu += strcmp(de->d_name, self) ? 0 : (int64_t)run;
        if (f)
            fclose(f);
    }
    if (d)
        closedir(d);
    return sum;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s SPEC [reps] [threads,...]\n", argv[0]);
        return 2;
    }
    int reps = argc > 2 ? atoi(argv[2]) : 7;
    unsigned threads[8], nt = 0;
    for (char *t = strtok(argc > 3 ? argv[3] : (char[]){"1,2"}, ","); t && nt < 8; t = strtok(NULL, ","))
        threads[nt++] = (unsigned)atoi(t);
    cxb_gen_spec s;
    if (cxb_gen_parse(argv[1], &s) != CXB_OK) {
        fprintf(stderr, "%s\n", cxb_last_error());
        return 2;
    }
    cxb_pool *pool[8];
    for (unsigned i = 0; i < nt; ++i)
        if (cxb_pool_create(&pool[i], threads[i], CXB_BIND_COMPACT) != CXB_OK &&
            cxb_pool_create(&pool[i], threads[i], CXB_BIND_NONE) != CXB_OK) {
            fprintf(stderr, "%s\n", cxb_last_error());
            return 3;
        }
    int64_t *t = calloc((size_t)(nt + 1) * (size_t)reps, sizeof *t);
    int64_t *w = calloc((size_t)(nt + 1) * (size_t)reps, sizeof *w);
    int64_t *u = calloc((size_t)(nt + 1) * (size_t)reps, sizeof *u);
    int64_t *mc = calloc((size_t)(nt + 1) * (size_t)reps, sizeof *mc);
    cxb_edges ref, e;
    if (cxb_generate_seq(&s, &ref) != CXB_OK) {
        fprintf(stderr, "%s\n", cxb_last_error());
        return 3;
    }
    for (int r = 0; r < reps; ++r)
        for (unsigned i = 0; i <= nt; ++i) {
            int64_t c0, c1, m0, m1, w0 = waited_ns(&c0, &m0), t0 = cxb_clock_ns();
            cxb_status st = i < nt ? cxb_generate_pthreads(&s, pool[i], &e) : cxb_generate_seq(&s, &e);
            t[i * (size_t)reps + (size_t)r] = cxb_clock_ns() - t0;
            w[i * (size_t)reps + (size_t)r] = waited_ns(&c1, &m1) - w0;
            mc[i * (size_t)reps + (size_t)r] = m1 - m0;
            u[i * (size_t)reps + (size_t)r] = c1 - c0;
            if (st != CXB_OK) {
                fprintf(stderr, "%s\n", cxb_last_error());
                return 3;
            }
            if (r == 0 && (e.count != ref.count || memcmp(e.key, ref.key, ref.count * 8))) {
                fprintf(stderr, "%s: output differs from seq\n", i < nt ? "pthreads" : "seq");
                return 1;
            }
            cxb_edges_free(&e);
        }
    double min[9], med[9], quiet[9], cpu[9], serial[9];
    for (unsigned i = 0; i <= nt; ++i) {
        int64_t *x = t + i * (size_t)reps, *y = w + i * (size_t)reps, *z = u + i * (size_t)reps,
                *mm = mc + i * (size_t)reps, q[256];
        int nq = 0;
        for (int r = 0; r < reps && nq < 256; ++r)
            if (y[r] * 100 < x[r])
                q[nq++] = x[r];
        qsort(q, (size_t)nq, sizeof *q, cmp_i64);
        quiet[i] = nq ? q[nq / 2] / 1e6 : 0;
        qsort(x, (size_t)reps, sizeof *x, cmp_i64);
        qsort(y, (size_t)reps, sizeof *y, cmp_i64);
        qsort(z, (size_t)reps, sizeof *z, cmp_i64);
        qsort(mm, (size_t)reps, sizeof *mm, cmp_i64);
        cpu[i] = z[reps / 2] / 1e6;
        serial[i] = mm[reps / 2] / 1e6;
        min[i] = x[0] / 1e6;
        med[i] = x[reps / 2] / 1e6;
        printf("%-8s %2u  min %8.1f ms  median %8.1f ms  max %8.1f ms  cpu %8.1f ms (serial %6.1f)  waited %6.1f ms  quiet %8.1f ms (%d)\n",
               i < nt ? "pthreads" : "seq", i < nt ? threads[i] : 1, min[i], med[i], x[reps - 1] / 1e6,
               cpu[i], serial[i], y[reps / 2] / 1e6, quiet[i], nq);
    }
    for (unsigned i = 1; i < nt; ++i)
        printf("%u over %u threads: min %.3f  median %.3f  quiet %.3f  from cpu %.3f\n", threads[i], threads[0],
               min[0] / min[i], med[0] / med[i], quiet[i] > 0 ? quiet[0] / quiet[i] : 0,
               cpu[0] / (serial[i] + (cpu[i] - serial[i]) / threads[i]));
    printf("%u threads over seq: min %.3f  median %.3f  quiet %.3f\n", threads[nt - 1], min[nt] / min[nt - 1],
           med[nt] / med[nt - 1], quiet[nt - 1] > 0 ? quiet[nt] / quiet[nt - 1] : 0);
    cxb_edges_free(&ref);
    for (unsigned i = 0; i < nt; ++i)
        cxb_pool_destroy(pool[i]);
    free(t);
    free(w);
    free(u);
    free(mc);
    return 0;
}
