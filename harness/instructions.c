/* Instruction counts under callgrind (docs/method.md): the parent spawns valgrind on
 * /proc/self/exe and reads the "totals:" line of the callgrind output file. */
#define _POSIX_C_SOURCE 200809L
#include "harness/instructions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cxb/config.h"
#include "cxb/core/pool.h"
#include "harness/params.h"

#if CXB_HAVE_CALLGRIND
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_STOP_INSTRUMENTATION
#endif

int cxb_instructions_available(const char **why)
{
    if (!CXB_HAVE_CALLGRIND || !CXB_VALGRIND_PATH[0]) {
        if (why)
            *why = "valgrind (callgrind) was not found when cxbench was built";
        return 0;
    }
    return 1;
}

cxb_status cxb_instructions_measure(const cxb_impl *impl, const char *canonical, long long *ir)
{
    const char *why;
    if (!cxb_instructions_available(&why))
        return cxb_fail(CXB_ERESOURCE, "instructions: %s", why);
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0)
        return cxb_fail(CXB_ERESOURCE, "instructions: cannot find /proc/self/exe");
    self[len] = '\0';
    char out[64], outflag[96];
    snprintf(out, sizeof out, "/tmp/cxb-callgrind.%ld.out", (long)getpid());
    snprintf(outflag, sizeof outflag, "--callgrind-out-file=%s", out);
    pid_t pid = fork();
    if (pid < 0)
        return cxb_fail(CXB_ERESOURCE, "instructions: fork failed");
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stderr)) /* valgrind's banner is not ours to print */
            _exit(127);
        execl(CXB_VALGRIND_PATH, "valgrind", "--tool=callgrind", "--instr-atstart=no",
              outflag, self, "_ir", impl->id, canonical, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    FILE *f = fopen(out, "r");
    long long total = -1;
    char line[512];
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "totals:", 7) || !strncmp(line, "summary:", 8))
            total = atoll(strchr(line, ':') + 1);
    if (f)
        fclose(f);
    unlink(out);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || total < 0)
        return cxb_fail(CXB_EFAIL, "instructions: callgrind run of %s [%s] failed (exit %d)",
                        impl->id, canonical, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    *ir = total;
    return CXB_OK;
}

int cxb_cli_ir(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    const cxb_impl *impl = cxb_impl_find(argv[1], NULL);
    if (!impl)
        return 2;
    cxb_params p;
    cxb_params_init(&p);
    if (cxb_params_parse(&p, argv[2], ';', "instructions") != CXB_OK)
        return 2;
    uint64_t threads = 1;
    cxb_params_u64(&p, "threads", 1, &threads);
    cxb_pool *pool = NULL;
    if (cxb_pool_create(&pool, (unsigned)threads, CXB_BIND_NONE) != CXB_OK)
        return 3;
    cxb_env env = {.pool = pool, .threads = cxb_pool_threads(pool)};
    void *ctx = NULL;
    cxb_phases ph;
    int rc = 1;
    if (impl->setup(&p, &env, &ctx) == CXB_OK) {
        cxb_phases_clear(&ph);
        if (impl->reset(ctx) == CXB_OK && impl->run(ctx, &ph) == CXB_OK &&
            impl->verify(ctx) == CXB_OK && impl->reset(ctx) == CXB_OK) {
            CALLGRIND_START_INSTRUMENTATION;
            cxb_status st = impl->run(ctx, &ph);
            CALLGRIND_STOP_INSTRUMENTATION;
            rc = st == CXB_OK ? 0 : 1;
        }
        impl->teardown(ctx);
    }
    cxb_pool_destroy(pool);
    return rc;
}
