/* harness/cli_report.c - `cxbench report [ROOT] [--out FILE]` (docs/architecture.md "Report"): one
 * markdown document over the results under ROOT (default "results"), read through each machine
 * directory's INDEX.md (results_walk.h; without one, the newest result set of each study). Per
 * machine and study: the paper-against-ours table (each of the study's published claims,
 * cxb_study.claims, judged on the sets INDEX.md names for the claim's key: holds, does not hold
 * or not measured), the INDEX.md rows of the study (sets, commit, timing protocol, output,
 * linked only where the output exists), the study's paper tables over the sets of each key that
 * splits a table into several sets (read together), then per result set where and on what it
 * was measured (from its provenance), its speed-up and slope table and, for a set in no such
 * key, the study's paper tables beside the published numbers, and last the study's figures
 * that exist under the rows' outputs. Links are
 * ROOT/<machine>/..., so write the report where ROOT is reachable by that path, e.g. `cxbench
 * report > REPORT.md` at the top of the tree. A pure function of the committed results: nothing
 * runs, nothing is dated. Exit 0; 2 bad input (one line).
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cxb/config.h"
#include "harness/atomic.h"
#include "harness/cli.h"
#include "harness/csv.h"
#include "harness/results_walk.h"
#include "harness/table.h"

#if CXB_HAVE_CJSON
#include <cjson/cJSON.h>
#endif

typedef struct report {
    FILE *f;
    const char *root;
    int sections;
} report;

static const char *machine_name(const char *machine_dir)
{
    const char *s = strrchr(machine_dir, '/');
    return s ? s + 1 : machine_dir;
}

/* "GPU ...; CPU ...; commit ...; compiler ..." from provenance.json, when cJSON is there. */
static void hardware_line(FILE *f, const char *run_dir)
{
#if CXB_HAVE_CJSON
    char path[4200];
    snprintf(path, sizeof path, "%s/provenance.json", run_dir);
    char *text = cxb_read_file(path, NULL);
    cJSON *root = text ? cJSON_Parse(text) : NULL;
    free(text);
    if (!root) {
        fprintf(f, "Provenance: `%s` (not readable here).\n\n", path);
        return;
    }
#define STR(obj, key)                                                                            \
    (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(obj, key))                                  \
         ? cJSON_GetObjectItemCaseSensitive(obj, key)->valuestring                               \
         : "?")
    const cJSON *host = cJSON_GetObjectItemCaseSensitive(root, "host");
    const cJSON *git = cJSON_GetObjectItemCaseSensitive(root, "git");
    const cJSON *build = cJSON_GetObjectItemCaseSensitive(root, "build");
    const cJSON *gpus = cJSON_GetObjectItemCaseSensitive(root, "gpu");
    const cJSON *gpu = cJSON_IsArray(gpus) ? cJSON_GetArrayItem(gpus, 0) : NULL;
    const cJSON *cores = cJSON_GetObjectItemCaseSensitive(host, "cores");
    fprintf(f, "Measured on: %s; CPU %s (%d cores); commit %.12s; %s; build %s.\n\n",
            gpu ? STR(gpu, "name") : "no GPU", STR(host, "cpu_model"),
            cJSON_IsNumber(cores) ? cores->valueint : 0, STR(git, "commit"), STR(build, "c_compiler"),
            STR(build, "type"));
#undef STR
    cJSON_Delete(root);
#else
    fprintf(f, "Provenance: `%s/provenance.json` (built without cJSON: not summarised).\n\n", run_dir);
#endif
}

static int path_exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

static const char *const verdict_names[] = {"not measured", "holds", "does not hold"};

/* A markdown table cell: '|' and newlines would break the row. */
static void cell(FILE *f, const char *text)
{
    for (const char *c = text; *c; ++c) {
        if (*c == '|')
            fputc('\\', f);
        fputc(*c == '\n' ? ' ' : *c, f);
    }
}

/* The row's sets as machine_dir/<set> paths. */
static size_t row_sets(const cxb_index *idx, const cxb_index_row *row, char (*paths)[4200], const char **ptrs)
{
    for (size_t k = 0; k < row->nsets; ++k) {
        snprintf(paths[k], sizeof paths[k], "%s/%s", idx->machine_dir, row->sets[k]);
        ptrs[k] = paths[k];
    }
    return row->nsets;
}

static void claims_table(FILE *f, const cxb_index *idx, const cxb_study *study)
{
    fprintf(f, "### Paper against ours\n\n");
    fprintf(f, "| claim (published) | ours | verdict | key | sets |\n|---|---|---|---|---|\n");
    if (!study->claims || !study->claims[0].key) {
        fprintf(f, "| (the study declares no published claim) | - | not measured | - | - |\n\n");
        return;
    }
    for (const cxb_claim *c = study->claims; c->key; ++c) {
        const cxb_index_row *row = NULL;
        for (size_t i = 0; i < idx->nrows && !row; ++i)
            if (!strcmp(idx->rows[i].key, c->key) && !strcmp(idx->rows[i].study, study->name))
                row = &idx->rows[i];
        char ours[512] = "-";
        cxb_verdict v = CXB_NOT_MEASURED;
        if (row && c->judge) {
            static char paths[CXB_INDEX_MAX_SETS][4200];
            const char *ptrs[CXB_INDEX_MAX_SETS];
            size_t n = row_sets(idx, row, paths, ptrs);
            v = c->judge(ptrs, n, ours, sizeof ours);
            if (v < CXB_NOT_MEASURED || v > CXB_DOES_NOT_HOLD)
                v = CXB_NOT_MEASURED;
        }
        fprintf(f, "| ");
        cell(f, c->paper);
        fprintf(f, " | ");
        cell(f, ours[0] ? ours : "-");
        fprintf(f, " | %s | %s | ", verdict_names[v], c->key);
        if (row)
            for (size_t k = 0; k < row->nsets; ++k)
                fprintf(f, "%s`%s`", k ? " " : "", row->sets[k]);
        else
            fprintf(f, "-");
        fprintf(f, " |\n");
    }
    fputc('\n', f);
}

/* The output cell: a link where the file or folder exists, plain text otherwise. */
static void output_cell(FILE *f, const cxb_index *idx, const cxb_index_row *row)
{
    char path[8400];
    snprintf(path, sizeof path, "%s/%s", idx->machine_dir, row->output_path);
    if (strcmp(row->output_path, "-") != 0 && row->output_path[0] && path_exists(path)) {
        fprintf(f, "[%s](%s)", row->output_path, path);
        cell(f, row->output + strlen(row->output_path)); /* the note, if any */
    } else
        cell(f, row->output[0] ? row->output : "-");
}

static void keys_table(FILE *f, const cxb_index *idx, const cxb_study *study)
{
    fprintf(f, "### What backs each key (%s)\n\n",
            idx->from_file ? "INDEX.md" : "no INDEX.md: the newest set of the study");
    fprintf(f, "| key | sets | commit | protocol | output |\n|---|---|---|---|---|\n");
    for (size_t i = 0; i < idx->nrows; ++i) {
        const cxb_index_row *row = &idx->rows[i];
        if (strcmp(row->study, study->name) != 0)
            continue;
        fprintf(f, "| %s | ", row->key);
        for (size_t k = 0; k < row->nsets; ++k)
            fprintf(f, "%s`%s`", k ? " " : "", row->sets[k]);
        fprintf(f, " | ");
        cell(f, row->commit);
        fprintf(f, " | ");
        cell(f, row->protocol);
        fprintf(f, " | ");
        output_cell(f, idx, row);
        fprintf(f, " |\n");
    }
    fputc('\n', f);
}

/* Does row a name every set that row b names? */
static int row_covers(const cxb_index_row *a, const cxb_index_row *b)
{
    for (size_t k = 0; k < b->nsets; ++k) {
        int found = 0;
        for (size_t m = 0; m < a->nsets && !found; ++m)
            found = !strcmp(a->sets[m], b->sets[k]);
        if (!found)
            return 0;
    }
    return 1;
}

/* A key whose sets the study's tables read together: more than one set, and no other key of
 * the study names them all (of two keys with the same sets, the first). */
static int merged_key(const cxb_index *idx, size_t i, const cxb_study *study)
{
    const cxb_index_row *row = &idx->rows[i];
    if (!study->print_tables_sets || row->nsets < 2 || strcmp(row->study, study->name) != 0)
        return 0;
    for (size_t j = 0; j < idx->nrows; ++j) {
        const cxb_index_row *o = &idx->rows[j];
        if (j == i || strcmp(o->study, study->name) != 0 || !row_covers(o, row))
            continue;
        if (!row_covers(row, o) || j < i)
            return 0; /* o names more sets, or the same ones first */
    }
    return 1;
}

/* Is the set read in a merged key's tables (so its own section leaves them out)? */
static int in_merged_key(const cxb_index *idx, const char *set, const cxb_study *study)
{
    for (size_t i = 0; i < idx->nrows; ++i)
        if (merged_key(idx, i, study))
            for (size_t k = 0; k < idx->rows[i].nsets; ++k)
                if (!strcmp(idx->rows[i].sets[k], set))
                    return 1;
    return 0;
}

/* The study's tables of each merged key, over its sets together. */
static cxb_status merged_tables(FILE *f, const cxb_index *idx, const cxb_study *study)
{
    for (size_t i = 0; i < idx->nrows; ++i) {
        if (!merged_key(idx, i, study))
            continue;
        const cxb_index_row *row = &idx->rows[i];
        static char paths[CXB_INDEX_MAX_SETS][4200];
        const char *all[CXB_INDEX_MAX_SETS], *ptrs[CXB_INDEX_MAX_SETS];
        size_t n = 0, nall = row_sets(idx, row, paths, all);
        for (size_t k = 0; k < nall; ++k) {
            if (!cxb_results_is_set(all[k]))
                continue;
            cxb_status st = cxb_results_ensure_derived(all[k], study);
            if (st != CXB_OK)
                return st;
            ptrs[n++] = all[k];
        }
        if (n < 2)
            continue;
        fprintf(f, "### Tables of key `%s`", row->key);
        for (size_t j = i + 1; j < idx->nrows; ++j) /* the keys of the same sets */
            if (!strcmp(idx->rows[j].study, study->name) && row_covers(row, &idx->rows[j]) &&
                row_covers(&idx->rows[j], row))
                fprintf(f, " and `%s`", idx->rows[j].key);
        fprintf(f, " (its %zu sets read together)\n\n", n);
        fflush(f);
        cxb_status st = study->print_tables_sets(ptrs, n, f);
        if (st != CXB_OK)
            return st;
        fputc('\n', f);
    }
    return CXB_OK;
}

/* One result set: provenance, speed-up and slope table, the study's paper tables (unless a
 * merged key prints them). */
static cxb_status one_set(FILE *f, const cxb_index *idx, const char *set, const cxb_study *study)
{
    char run_dir[4200];
    snprintf(run_dir, sizeof run_dir, "%s/%s", idx->machine_dir, set);
    if (!cxb_results_is_set(run_dir))
        return CXB_OK; /* e.g. prng-repro's matrix: listed in the keys table only */
    const char *machine = machine_name(idx->machine_dir);
    cxb_status st = cxb_results_ensure_derived(run_dir, study);
    cxb_rset rs;
    if (st == CXB_OK)
        st = cxb_rset_load(run_dir, &rs);
    if (st != CXB_OK)
        return st;
    if ((st = cxb_rset_fit(&rs, study, 0, 0)) != CXB_OK) {
        cxb_rset_free(&rs);
        return st;
    }
    fprintf(f, "### Result set `%s`\n\n", set);
    fprintf(f, "Keys:");
    for (size_t i = 0; i < idx->nrows; ++i)
        for (size_t k = 0; k < idx->rows[i].nsets; ++k)
            if (!strcmp(idx->rows[i].sets[k], set) && !strcmp(idx->rows[i].study, study->name)) {
                fprintf(f, " %s", idx->rows[i].key);
                break;
            }
    fprintf(f, ". ");
    hardware_line(f, run_dir);
    cxb_grid g;
    if ((st = cxb_table_speedup(&rs, study, machine, 0, &g)) == CXB_OK) {
        fprintf(f, "#### Speed-up against each algorithm's seq implementation, and slopes\n\n");
        cxb_grid_write(f, &g, CXB_FMT_MD);
        fputc('\n', f);
    }
    cxb_grid_free(&g);
    cxb_rset_free(&rs);
    if (st == CXB_OK && study->print_tables && !in_merged_key(idx, set, study)) {
        fflush(f);
        st = study->print_tables(run_dir, f);
        fputc('\n', f);
    }
    return st;
}

/* The study's figures that exist under the rows' outputs (a folder or one .png). */
static void figures(FILE *f, const cxb_index *idx, const cxb_study *study)
{
    int any = 0;
    for (size_t i = 0; i < idx->nrows; ++i) {
        const cxb_index_row *row = &idx->rows[i];
        if (strcmp(row->study, study->name) != 0)
            continue;
        const char *out = row->output_path;
        size_t len = strlen(out);
        char path[8400];
        if (len > 4 && !strcmp(out + len - 4, ".png")) {
            snprintf(path, sizeof path, "%s/%s", idx->machine_dir, out);
            if (!path_exists(path))
                continue;
            if (!any++)
                fprintf(f, "### Figures\n\n");
            fprintf(f, "![%s](%s)\n\n", row->key, path);
            continue;
        }
        if (strncmp(out, "figures", 7) != 0)
            continue;
        for (size_t j = 0; j < study->nfigures; ++j) {
            snprintf(path, sizeof path, "%s/%s%s%s.png", idx->machine_dir, out, out[len - 1] == '/' ? "" : "/",
                     study->figures[j].id);
            if (!path_exists(path))
                continue;
            if (!any++)
                fprintf(f, "### Figures\n\n");
            fprintf(f, "![%s (%s)](%s)\n\n", study->figures[j].title, row->key, path);
        }
    }
}

static cxb_status one_machine(const cxb_index *idx, void *arg)
{
    report *r = arg;
    FILE *f = r->f;
    size_t nstudies;
    const cxb_study *const *studies = cxb_studies(&nstudies);
    cxb_status st = CXB_OK;
    for (size_t s = 0; s < nstudies && st == CXB_OK; ++s) {
        const cxb_study *study = studies[s];
        int has = 0;
        for (size_t i = 0; i < idx->nrows && !has; ++i)
            has = !strcmp(idx->rows[i].study, study->name);
        if (!has)
            continue;
        fprintf(f, "## %s on %s\n\n%s.\n\n", study->name, machine_name(idx->machine_dir),
                study->summary ? study->summary : study->name);
        claims_table(f, idx, study);
        keys_table(f, idx, study);
        st = merged_tables(f, idx, study);
        /* each set once, in the order the rows name them */
        for (size_t i = 0; i < idx->nrows && st == CXB_OK; ++i) {
            if (strcmp(idx->rows[i].study, study->name) != 0)
                continue;
            for (size_t k = 0; k < idx->rows[i].nsets && st == CXB_OK; ++k) {
                const char *set = idx->rows[i].sets[k];
                int seen = 0;
                for (size_t j = 0; j <= i && !seen; ++j)
                    for (size_t m = 0; m < idx->rows[j].nsets && !seen; ++m) {
                        if (j == i && m == k)
                            break;
                        seen = !strcmp(idx->rows[j].study, study->name) && !strcmp(idx->rows[j].sets[m], set);
                    }
                if (!seen)
                    st = one_set(f, idx, set, study);
            }
        }
        if (st == CXB_OK)
            figures(f, idx, study);
        r->sections++;
    }
    for (size_t i = 0; i < idx->nrows && st == CXB_OK; ++i)
        if (!cxb_study_find(idx->rows[i].study))
            st = cxb_fail(CXB_EINPUT, "%s/INDEX.md:%d: unknown study '%s'", idx->machine_dir, idx->rows[i].line,
                          idx->rows[i].study);
    return st;
}

typedef struct report_args {
    const char *out;
} report_args;

static const cxb_option report_options[] = {
    CXB_OPT_STRING("--out", "FILE", "write the report to FILE (whole or not at all) instead of stdout", report_args,
                   out, 0),
    CXB_OPT_END};

const cxb_form cxb_cli_report_forms[] = {{"[ROOT]", report_options}, CXB_FORMS_END};

int cxb_cli_report(int argc, char **argv)
{
    report_args ra = {NULL};
    cxb_args a;
    int rc;
    if (cxb_cli_args(argc, argv, "report", cxb_cli_report_forms, report_options, &ra, 1, &a, &rc))
        return rc;
    const char *root = a.npos ? a.pos[0] : "results", *out = ra.out;
    cxb_status cst = out ? cxb_afile_check(out) : CXB_OK; /* a directory, before the work */
    if (cst != CXB_OK)
        return cxb_cli_status(cst);
    /* the whole report is made in memory first: on any error nothing is printed or written */
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return cxb_cli_error(3, "report: out of memory");
    report r = {mem, root, 0};
    fprintf(mem, "# cxbench results report\n\nEvery study on every machine under `%s`, from the result sets each "
                 "machine's INDEX.md names (without one: the newest set of each study); medians with 95%% "
                 "intervals. Verdicts: holds, does not hold, not measured. Generated by `cxbench report` from "
                 "the committed results.\n\n",
            root);
    cxb_status st = cxb_results_each_index(root, one_machine, &r);
    if (st == CXB_OK && r.sections == 0)
        st = cxb_fail(CXB_EINPUT, "report: %s: no result sets", root);
    fclose(mem);
    if (st == CXB_OK && out) {
        cxb_afile af;
        if ((st = cxb_afile_open(&af, out)) == CXB_OK) {
            if (fwrite(buf, 1, len, af.f) == len)
                st = cxb_afile_commit(&af);
            else {
                cxb_afile_abort(&af);
                st = cxb_fail(CXB_ERESOURCE, "report: %s: write failed", out);
            }
        }
    } else if (st == CXB_OK && (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0))
        st = cxb_fail(CXB_ERESOURCE, "report: stdout: write failed");
    free(buf);
    return st == CXB_OK ? 0 : cxb_cli_status(st);
}
