/* cxbench prng-repro: Figure R1, reproducibility across decompositions (docs/studies/prng.md).
 *
 *   cxbench prng-repro [--tasks M] [--k K] [--seed S] ... (repro_options below; docs/cli.md)
 *
 * --dc FILE: a TinyMT32 DC file (TinyMT's opencl/tinymt32dc.0.2000.txt) whose sets the
 * tinymt32 param rows use; without it those rows are n/a.
 *
 * Computes the matrix of suites/prng/repro.c (generator x technique x decomposition: the
 * fraction of M logical streams whose first K outputs equal the sequential run), prints
 * it, and writes DIR/<machine>/prng-repro/<run_id>/{repro.csv, provenance.json}, the
 * directory appearing whole or not at all; with gnuplot it draws repro.png there from
 * plots/prng/standalone/repro_matrix.gp. Exit 0 when every cell shows what docs/studies/prng.md expects
 * (the negative controls must differ), 1 when one does not, 2 bad options, 3 resources.
 *
 * Why not `cxbench run prng --preset repro`: the runner times samples of implementations
 * that must verify against the reference before anything is recorded, and its figures
 * are medians against one numeric x. Here the measured value is a fraction, half of the
 * rows are expected to differ from the reference (the negative controls), and the x axis
 * (seq, P = 4, 132x256) is categorical: a study sweep would have to disguise all three.
 * The result directory sits under prng-repro/, not beside the timed result sets, so that
 * `plot --all` and `report` never mistake it for one.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cxb/config.h"
#include "cxb/core/cuda.h"
#include "cxb/rng/tinymt32_dc.h"
#include "harness/atomic.h"
#include "harness/cleanup.h"
#include "harness/cli.h"
#include "suites/prng/cli.h"
#include "harness/provenance.h"
#include "harness/runner.h"
#include "suites/prng/repro.h"

#define MAXLIST 32

typedef struct uint_list {
    unsigned v[MAXLIST][2]; /* worker counts in v[i][0]; shapes: blocks, threads */
    size_t n;
} uint_list;

typedef struct repro_args {
    cxb_repro_opts o;
    uint_list threads, shapes;
    int no_cuda;
    const char *dc, *out, *machine;
} repro_args;

/* "P,P,..." (pairs 0) or "BxT,BxT,..." (pairs 1). */
static cxb_status parse_list(const char *where, const char *text, uint_list *l, int pairs)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", text);
    l->n = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (l->n == MAXLIST)
            return cxb_fail(CXB_EINPUT, "%s %s: at most %d entries", where, text, MAXLIST);
        unsigned a = 0, b = 0;
        char extra;
        int ok = pairs ? sscanf(tok, "%ux%u%c", &a, &b, &extra) == 2 && b > 0 && b <= 1024
                       : sscanf(tok, "%u%c", &a, &extra) == 1 && a <= 1024;
        if (!ok || a == 0)
            return cxb_fail(CXB_EINPUT, "%s %s: expected %s", where, tok,
                            pairs ? "BLOCKSxTHREADS (threads 1..1024)" : "worker counts 1..1024");
        l->v[l->n][0] = a;
        l->v[l->n][1] = b;
        ++l->n;
    }
    if (l->n == 0)
        return cxb_fail(CXB_EINPUT, "%s: empty list", where);
    return CXB_OK;
}

static cxb_status parse_threads(const char *where, const char *text, void *dest)
{
    return parse_list(where, text, dest, 0);
}

static cxb_status parse_shapes(const char *where, const char *text, void *dest)
{
    return parse_list(where, text, dest, 1);
}

static const cxb_option repro_options[] = {
    CXB_OPT_COUNT("--tasks", "M", "logical tasks (streams) of every cell (default 1000)", repro_args, o.tasks, 1, 0,
                  0),
    CXB_OPT_COUNT("--k", "K", "outputs compared per task (default 1024)", repro_args, o.k, 1, 0, 0),
    CXB_OPT_COUNT("--seed", "S", "the root seed (default 20130906)", repro_args, o.seed, 0, 0, 0),
    CXB_OPT_PARSE("--threads", "P,...", "pthreads worker counts (default 1,2,4,8,16)", repro_args, threads,
                  parse_threads, 0),
    CXB_OPT_PARSE("--shapes", "BxT,...", "CUDA launch shapes (default 1x32,3x96,4x128,132x256,1056x256,1000x100)",
                  repro_args, shapes, parse_shapes, 0),
    CXB_OPT_STRING("--dc", "FILE", "a TinyMT32 DC file: enables the tinymt32 parameter-set rows", repro_args, dc, 0),
    CXB_OPT_SWITCH("--no-cuda", "CPU columns only", repro_args, no_cuda, 0),
    CXB_OPT_STRING("--out", "DIR", "root of the result directory (default results)", repro_args, out, 0),
    CXB_OPT_STRING("--machine", "NAME", "machine folder under DIR (default host + GPU name)", repro_args, machine, 0),
    CXB_OPT_END};

const cxb_form cxb_prng_repro_forms[] = {{"", repro_options}, CXB_FORMS_END};

/* gnuplot: $CXB_GNUPLOT ("" or "none": absent), else the configured one, else PATH. */
static int draw(const char *dir)
{
    const char *gp = getenv("CXB_GNUPLOT");
    if (gp && (!*gp || !strcmp(gp, "none")))
        return 0;
    if (!gp)
        gp = CXB_GNUPLOT_PATH[0] ? CXB_GNUPLOT_PATH : "gnuplot";
    const char *src = getenv("CXB_SOURCE_DIR");
    char tpl[4200], cmd[13000];
    snprintf(tpl, sizeof tpl, "%s/plots/prng/standalone/repro_matrix.gp", src ? src : CXB_SOURCE_DIR);
    if (access(tpl, R_OK) != 0)
        snprintf(tpl, sizeof tpl, "plots/prng/standalone/repro_matrix.gp");
    snprintf(cmd, sizeof cmd, "'%s' -e \"datafile='%s/repro.csv'; outfile='%s/repro.png'\" '%s' 2>&1", gp, dir,
             dir, tpl);
    FILE *p = popen(cmd, "r");
    if (!p)
        return 0;
    char line[512];
    while (fgets(line, sizeof line, p))
        fputs(line, stderr);
    return pclose(p) == 0;
}

static int repro_main(int argc, char **argv, cxb_tinymt32_params **dc_sets)
{
    repro_args ra;
    memset(&ra, 0, sizeof ra);
    cxb_repro_opts_init(&ra.o);
    ra.out = "results";
    cxb_args a;
    int rc;
    if (cxb_cli_args(argc, argv, "prng-repro", cxb_prng_repro_forms, repro_options, &ra, 0, &a, &rc))
        return rc;
    cxb_repro_opts o = ra.o;
    unsigned threads[MAXLIST], shapes[MAXLIST][2];
    if (ra.threads.n) {
        for (size_t i = 0; i < ra.threads.n; ++i)
            threads[i] = ra.threads.v[i][0];
        o.pthreads = threads;
        o.npthreads = ra.threads.n;
    }
    if (ra.shapes.n) {
        memcpy(shapes, ra.shapes.v, ra.shapes.n * sizeof shapes[0]);
        o.shapes = (const unsigned(*)[2])shapes;
        o.nshapes = ra.shapes.n;
    }
    if (ra.no_cuda)
        o.cuda = 0;
    if (ra.dc) {
        cxb_status dst = cxb_tinymt32_dc_read(ra.dc, dc_sets, &o.ntinymt32_sets);
        if (dst != CXB_OK)
            return cxb_cli_status(dst);
        o.tinymt32_sets = *dc_sets;
    }
    const char *out_root = ra.out, *machine_opt = ra.machine;
    char machine[256], run_id[64], stamp[32], partial[4400], final_dir[4400], path[4500];
    int partial_slot = -1;
    cxb_status mst = cxb_run_machine_name(machine_opt, machine, sizeof machine); /* the runner's folder */
    if (mst != CXB_OK)
        return cxb_cli_status(mst);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
    snprintf(run_id, sizeof run_id, "%s-%08x", stamp, (unsigned)getpid());

    cxb_prov_run prov;
    memset(&prov, 0, sizeof prov);
    prov.run_id = run_id;
    prov.machine = machine;
    prov.study = "prng";
    prov.preset = "repro";
    prov.argc = argc;
    prov.argv = argv;
    prov.min_reps = prov.max_reps = 1;
    prov.bind_policy = "none";
    prov.binding = "none (worker counts of the matrix; no pinning)";
    prov.topology = "";
    cxb_utc_now(prov.start_utc, sizeof prov.start_utc);

    cxb_repro_cell *cells = NULL;
    size_t n = 0, failed = 0;
    cxb_status st = cxb_repro_matrix(&o, &cells, &n, &failed);
    if (st != CXB_OK)
        return cxb_cli_status(st);
    cxb_repro_print(stdout, cells, n);
    if (o.cuda && cxb_cuda_device_count(NULL) == 0)
        printf("(no GPU here: CPU columns only)\n");

    snprintf(partial, sizeof partial, "%s/%s/prng-repro/.%s.%ld.partial", out_root, machine, run_id,
             (long)getpid());
    snprintf(final_dir, sizeof final_dir, "%s/%s/prng-repro/%s", out_root, machine, run_id);
    snprintf(path, sizeof path, "%s/%s/prng-repro", out_root, machine);
    cxb_cleanup_stale(path); /* partial directories of runs that were killed */
    partial_slot = cxb_cleanup_add(partial, 1);
    if ((st = cxb_mkdirs(partial)) != CXB_OK)
        goto fail;
    snprintf(path, sizeof path, "%s/repro.csv", partial);
    if ((st = cxb_repro_write_csv(path, &o, cells, n)) != CXB_OK)
        goto fail;
    cxb_utc_now(prov.end_utc, sizeof prov.end_utc);
    snprintf(path, sizeof path, "%s/provenance.json", partial);
    if ((st = cxb_provenance_write(path, &prov)) != CXB_OK)
        goto fail;
    cxb_dir_sync(partial);
    if (rename(partial, final_dir) != 0) {
        st = cxb_fail(CXB_EINPUT, "%s: cannot rename to %s: %s", partial, final_dir, strerror(errno));
        goto fail;
    }
    cxb_cleanup_drop(partial_slot);
    printf("%s\n", final_dir);
    if (!draw(final_dir))
        printf("(gnuplot absent or failed: draw it with gnuplot -e \"datafile='%s/repro.csv'; "
               "outfile='repro.png'\" plots/prng/standalone/repro_matrix.gp)\n",
               final_dir);
    free(cells);
    if (failed)
        return cxb_cli_error(1, "prng-repro: %zu cell(s) do not show what docs/studies/prng.md expects (marked !)", failed);
    return 0;
fail:
    cxb_cleanup_remove(partial_slot); /* no partial matrix survives a failed write */
    free(cells);
    return cxb_cli_status(st);
}

int cxb_cli_prng_repro(int argc, char **argv)
{
    cxb_tinymt32_params *dc_sets = NULL; /* --dc FILE's sets, alive through the whole run */
    int rc = repro_main(argc, argv, &dc_sets);
    free(dc_sets);
    return rc;
}
