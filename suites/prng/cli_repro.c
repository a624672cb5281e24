/* cxbench prng-repro: Figure R1, reproducibility across decompositions (prng.md 6.4).
 *
 *   cxbench prng-repro [--tasks M] [--k K] [--seed S] [--threads P,P,...] [--shapes BxT,...]
 *                      [--dc FILE] [--no-cuda] [--out DIR] [--machine NAME]
 *
 * --dc FILE: a TinyMT32 DC file (TinyMT's opencl/tinymt32dc.0.2000.txt) whose sets the
 * tinymt32 param rows use; without it those rows are n/a.
 *
 * Computes the matrix of suites/prng/repro.c (generator x technique x decomposition: the
 * fraction of M logical streams whose first K outputs equal the sequential run), prints
 * it, and writes DIR/<machine>/prng-repro/<run_id>/{repro.csv, provenance.json}, the
 * directory appearing whole or not at all; with gnuplot it draws repro.png there from
 * plots/prng/standalone/repro_matrix.gp. Exit 0 when every cell shows what prng.md 6.4 expects
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

static int parse_list(const char *flag, const char *text, unsigned *vals, size_t *n, int pairs,
                      unsigned (*shapes)[2])
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", text);
    *n = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (*n == MAXLIST)
            return cxb_cli_error(2, "prng-repro: %s %s: at most %d entries", flag, text, MAXLIST);
        unsigned a = 0, b = 0;
        char extra;
        int ok = pairs ? sscanf(tok, "%ux%u%c", &a, &b, &extra) == 2 && b > 0 && b <= 1024
                       : sscanf(tok, "%u%c", &a, &extra) == 1 && a <= 1024;
        if (!ok || a == 0)
            return cxb_cli_error(2, "prng-repro: %s %s: expected %s", flag, tok,
                                 pairs ? "BLOCKSxTHREADS (threads 1..1024)" : "worker counts 1..1024");
        if (pairs) {
            shapes[*n][0] = a;
            shapes[*n][1] = b;
        } else {
            vals[*n] = a;
        }
        ++*n;
    }
    if (*n == 0)
        return cxb_cli_error(2, "prng-repro: %s: empty list", flag);
    return 0;
}

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
    cxb_repro_opts o;
    cxb_repro_opts_init(&o);
    unsigned threads[MAXLIST], shapes[MAXLIST][2];
    const char *out_root = "results", *machine_opt = NULL;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--no-cuda")) {
            o.cuda = 0;
            continue;
        }
        if (i + 1 >= argc)
            return cxb_cli_error(2, "prng-repro: %s: unknown option or missing value", a);
        const char *v = argv[++i];
        if (!strcmp(a, "--tasks")) {
            if (cxb_cli_parse_u64("prng-repro", a, v, &o.tasks))
                return 2;
        } else if (!strcmp(a, "--k")) {
            if (cxb_cli_parse_u64("prng-repro", a, v, &o.k))
                return 2;
        } else if (!strcmp(a, "--seed")) {
            if (cxb_cli_parse_u64("prng-repro", a, v, &o.seed))
                return 2;
        } else if (!strcmp(a, "--threads")) {
            if (parse_list(a, v, threads, &o.npthreads, 0, NULL))
                return 2;
            o.pthreads = threads;
        } else if (!strcmp(a, "--shapes")) {
            if (parse_list(a, v, NULL, &o.nshapes, 1, shapes))
                return 2;
            o.shapes = (const unsigned(*)[2])shapes;
        } else if (!strcmp(a, "--dc")) {
            free(*dc_sets);
            *dc_sets = NULL;
            cxb_status dst = cxb_tinymt32_dc_read(v, dc_sets, &o.ntinymt32_sets);
            if (dst != CXB_OK)
                return cxb_cli_status(dst);
            o.tinymt32_sets = *dc_sets;
        } else if (!strcmp(a, "--out")) {
            out_root = v;
        } else if (!strcmp(a, "--machine")) {
            machine_opt = v;
        } else {
            return cxb_cli_error(2, "prng-repro: %s: unknown option", a);
        }
    }
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
        return cxb_cli_error(1, "prng-repro: %zu cell(s) do not show what prng.md 6.4 expects (marked !)", failed);
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
