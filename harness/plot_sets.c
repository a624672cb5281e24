/* harness/plot_sets.c - see plot_sets.h. Sets of one study and machine only: a figure that
 * mixed machines would compare hardware, not implementations, and one that mixed studies
 * would mix figure definitions. The machine is the one provenance.json records (the
 * `--machine` of `cxbench run`, docs/method.md), read with cJSON where the build has it,
 * else with a scan for the first "machine" key (the writer puts run.machine first). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "harness/plot_sets.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cxb/config.h"
#include "harness/csv.h"
#include "harness/results_walk.h"

#if CXB_HAVE_CJSON
#include <cjson/cJSON.h>
#endif

#define SETS_PATH 4096

/* The text of the string value of the first "machine" key; 0 if none. */
static int scan_machine(const char *text, char *out, size_t size)
{
#if CXB_HAVE_CJSON
    cJSON *root = cJSON_Parse(text);
    if (!root)
        return 0;
    const cJSON *run = cJSON_GetObjectItemCaseSensitive(root, "run");
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(run, "machine");
    int ok = cJSON_IsString(m) && m->valuestring && m->valuestring[0];
    if (ok)
        snprintf(out, size, "%s", m->valuestring);
    cJSON_Delete(root);
    return ok;
#else
    const char *p = strstr(text, "\"machine\"");
    if (!p)
        return 0;
    p += 9;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        ++p;
    if (*p++ != ':')
        return 0;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        ++p;
    if (*p++ != '"')
        return 0;
    size_t len = strcspn(p, "\"\\");
    if (p[len] != '"' || len == 0)
        return 0;
    snprintf(out, size, "%.*s", (int)len, p);
    return 1;
#endif
}

cxb_status cxb_plot_set_machine(const char *run_dir, char *out, size_t size)
{
    char path[SETS_PATH];
    snprintf(path, sizeof path, "%s/provenance.json", run_dir);
    char *text = cxb_read_file(path, NULL);
    int ok = text && scan_machine(text, out, size);
    free(text);
    if (ok)
        return CXB_OK;
    char real[PATH_MAX];
    if (!realpath(run_dir, real))
        return cxb_fail(CXB_EINPUT, "%s: %s", run_dir, strerror(errno));
    char *slash = strrchr(real, '/');
    if (!slash || slash == real)
        return cxb_fail(CXB_EINPUT, "%s: no machine (provenance.json has none, no parent directory)", run_dir);
    *slash = '\0';
    slash = strrchr(real, '/');
    snprintf(out, size, "%s", slash ? slash + 1 : real);
    return CXB_OK;
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

cxb_status cxb_plot_sets_check(const char *const *run_dirs, size_t n, const char *study)
{
    if (!run_dirs || n == 0)
        return cxb_fail(CXB_EINPUT, "plot: no result set given");
    char study0[256], machine0[256];
    cxb_status st;
    for (size_t i = 0; i < n; ++i) {
        if (!is_dir(run_dirs[i]))
            return cxb_fail(CXB_EINPUT, "%s: not a result-set directory", run_dirs[i]);
        char name[256], m[256];
        if ((st = cxb_results_study_name(run_dirs[i], name, sizeof name)) != CXB_OK)
            return st;
        if (i == 0)
            snprintf(study0, sizeof study0, "%s", name);
        if (study && strcmp(name, study) != 0)
            return cxb_fail(CXB_EINPUT, "%s: a result set of study '%s', not '%s'", run_dirs[i], name, study);
        if (strcmp(name, study0) != 0)
            return cxb_fail(CXB_EINPUT, "%s: study '%s' differs from '%s' of %s (sets drawn together must be of one study)",
                            run_dirs[i], name, study0, run_dirs[0]);
        if (n == 1)
            break; /* one set: nothing to agree with, and no provenance needed */
        if ((st = cxb_plot_set_machine(run_dirs[i], i ? m : machine0, sizeof m)) != CXB_OK)
            return st;
        if (i && strcmp(m, machine0) != 0)
            return cxb_fail(CXB_EINPUT, "%s: machine '%s' differs from '%s' of %s (sets drawn together must be of one machine)",
                            run_dirs[i], m, machine0, run_dirs[0]);
        char ri[PATH_MAX], rj[PATH_MAX];
        if (!realpath(run_dirs[i], ri))
            return cxb_fail(CXB_EINPUT, "%s: %s", run_dirs[i], strerror(errno));
        for (size_t j = 0; j < i; ++j)
            if (realpath(run_dirs[j], rj) && strcmp(ri, rj) == 0)
                return cxb_fail(CXB_EINPUT, "%s: the same result set as %s, given twice", run_dirs[i], run_dirs[j]);
    }
    return CXB_OK;
}
