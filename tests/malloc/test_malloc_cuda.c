/* tests/malloc/test_malloc_cuda.c - malloc_cuda (docs/studies/malloc.md): every CUDA
 * variant of the malloc study at small totals.
 *
 * Without a GPU (or CUDA) every variant's create answers CXB_ERESOURCE with nothing
 * returned, and the test exits 77. With one:
 *  - device (1,024 threads), host, pool cold and warm, arena at 2^18 B in chunks of 16,
 *    256 and 4,096 B: two passes each, both with alloc and free phases timed, no
 *    failures, every pointer aligned (16 B device/pool/arena, 256 B cudaMalloc) and the
 *    chunks pairwise disjoint (cxb_malloc_check);
 *  - the checker on a real device pointer set with one chunk moved onto another fails;
 *  - device heap exhaustion: 1 GiB in 4 KiB chunks from a 640 MiB heap reports failures,
 *    exactly as many as NULL slots, and a second pass fails no more (the frees gave
 *    everything back); then a different heap_mb is refused (CXB_EINPUT: the heap can be
 *    sized only before the first in-kernel malloc); a 1 TiB arena is CXB_ERESOURCE "out of
 *    device memory", nothing returned;
 *  - the quick preset through the harness at total = 2^18: every CUDA point verifies and
 *    records alloc_ns and free_ns.
 * `quick` (for compute-sanitizer): the variants at 2^16 B only.
 */
#define _XOPEN_SOURCE 700 /* mkdtemp, nftw */
#include <ftw.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "testfs.h"
#include "cxb/core/cuda.h"
#include "cxb/malloc/malloc.h"
#include "harness/csv.h"
#include "harness/registry.h"
#include "harness/runner.h"

static const char *const kind_names[] = {"device", "host", "pool", "arena"};

static uint64_t align_of(cxb_malloc_kind k)
{
    return k == CXB_MALLOC_DEVICE ? CXB_MALLOC_ALIGN_DEVICE
           : k == CXB_MALLOC_HOST ? CXB_MALLOC_ALIGN_CUDAMALLOC
           : k == CXB_MALLOC_POOL ? CXB_MALLOC_ALIGN_POOL
                                  : CXB_MALLOC_ALIGN_ARENA;
}

static uint64_t total = 1u << 18;

static void check_variant(cxb_malloc_kind kind, int warm, uint64_t size)
{
    cxb_malloc_job job;
    uint64_t threads = (kind == CXB_MALLOC_DEVICE || kind == CXB_MALLOC_ARENA) ? 1024 : 1;
    CHECK(cxb_malloc_job_init(&job, total, size, threads) == CXB_OK);
    cxb_malloc_cuda *m = NULL;
    cxb_status st = cxb_malloc_cuda_create(&m, kind, &job, 640, warm, NULL);
    CHECK_MSG(st == CXB_OK, "%s create: %s", kind_names[kind], cxb_last_error());
    if (st != CXB_OK)
        return;
    for (int pass = 0; pass < 2; ++pass) {
        cxb_phases ph;
        cxb_phases_clear(&ph);
        uint64_t failures = 99, *ptrs = NULL;
        st = cxb_malloc_cuda_reset(m);
        if (st == CXB_OK)
            st = cxb_malloc_cuda_pass(m, &ph, &failures);
        if (st == CXB_OK)
            st = cxb_malloc_cuda_pointers(m, &ptrs);
        CHECK_MSG(st == CXB_OK, "%s size %" PRIu64 " pass %d: %s", kind_names[kind], size, pass, cxb_last_error());
        if (st != CXB_OK)
            break;
        CHECK(ph.ns[CXB_PHASE_ALLOC] >= 0 && ph.ns[CXB_PHASE_FREE] >= 0);
        CHECK_MSG(failures == 0, "%s size %" PRIu64 ": %" PRIu64 " failures", kind_names[kind], size, failures);
        cxb_malloc_check_result r;
        st = cxb_malloc_check(ptrs, job.calls, size, align_of(kind), &r);
        CHECK_MSG(st == CXB_OK && r.failures == 0, "%s%s size %" PRIu64 " pass %d: %s", kind_names[kind],
                  warm ? " warm" : "", size, pass, cxb_last_error());
        if (kind == CXB_MALLOC_DEVICE && pass == 1 && job.calls > 1) { /* the checker can fail */
            cxb_malloc_cuda_pointers(m, &ptrs);
            ptrs[job.calls - 1] = ptrs[0] + size / 2 / 16 * 16; /* aligned, inside chunk 0 */
            CHECK(cxb_malloc_check(ptrs, job.calls, size, 16, &r) == CXB_EFAIL &&
                  strstr(cxb_last_error(), "overlap"));
        }
    }
    cxb_malloc_cuda_destroy(m);
}

static void check_exhaustion(void)
{
    cxb_malloc_job job;
    CHECK(cxb_malloc_job_init(&job, (uint64_t)1 << 30, 4096, 1024) == CXB_OK);
    cxb_malloc_cuda *m = NULL;
    cxb_status st = cxb_malloc_cuda_create(&m, CXB_MALLOC_DEVICE, &job, 640, 0, NULL);
    CHECK_MSG(st == CXB_OK, "create: %s", cxb_last_error());
    if (st != CXB_OK)
        return;
    uint64_t first = 0;
    for (int pass = 0; pass < 2; ++pass) {
        uint64_t failures = 0, *ptrs = NULL;
        st = cxb_malloc_cuda_reset(m);
        if (st == CXB_OK)
            st = cxb_malloc_cuda_pass(m, NULL, &failures);
        if (st == CXB_OK)
            st = cxb_malloc_cuda_pointers(m, &ptrs);
        CHECK_MSG(st == CXB_OK, "exhaustion pass %d: %s", pass, cxb_last_error());
        if (st != CXB_OK)
            break;
        cxb_malloc_check_result r;
        CHECK_MSG(cxb_malloc_check(ptrs, job.calls, 4096, 16, &r) == CXB_OK, "%s", cxb_last_error());
        CHECK_MSG(failures > 0 && failures == r.failures, "pass %d: %" PRIu64 " reported, %" PRIu64 " NULL", pass,
                  failures, r.failures);
        /* 640 MiB of heap hold at most 160 Ki chunks of 4 KiB: at least 96 Ki fail */
        CHECK(failures >= (uint64_t)96 * 1024);
        if (pass == 0)
            first = failures;
        else
            CHECK_MSG(failures <= first + first / 100, "second pass %" PRIu64 " failures, first %" PRIu64,
                      failures, first);
    }
    cxb_malloc_cuda_destroy(m);
    CHECK(cxb_malloc_cuda_create(&m, CXB_MALLOC_DEVICE, &job, 512, 0, NULL) == CXB_EINPUT && m == NULL);
    /* out of device memory is an error, not a crash: a 1 TiB arena */
    CHECK(cxb_malloc_job_init(&job, (uint64_t)1 << 40, (uint64_t)1 << 20, 1024) == CXB_OK);
    st = cxb_malloc_cuda_create(&m, CXB_MALLOC_ARENA, &job, 640, 0, NULL);
    CHECK_MSG(st == CXB_ERESOURCE && m == NULL && strstr(cxb_last_error(), "out of device memory"), "%s",
              cxb_last_error());
}

static char root[256];

static void check_harness(void)
{
    snprintf(root, sizeof root, "/tmp/cxb_malloc_cuda_XXXXXX");
    if (!mkdtemp(root)) {
        CHECK(0);
        return;
    }
    cxb_run_opts o;
    cxb_run_opts_init(&o);
    o.study = cxb_study_find("malloc");
    o.impls = "malloc.device.cuda,malloc.host.cuda,malloc.pool.cuda,malloc.arena.cuda";
    o.min_reps = 2;
    o.min_time_s = 0;
    o.budget_s = 1;
    o.noise_s = 0;
    o.progress = 0;
    o.threads = 1;
    o.out_root = root;
    o.machine = "test-gpu";
    CHECK(cxb_params_set_kv(&o.overrides, "total=262144") == CXB_OK);
    char dir[4096];
    cxb_status st = cxb_run_study(&o, dir, sizeof dir);
    CHECK_MSG(st == CXB_OK, "quick preset at 2^18: %s", cxb_last_error());
    if (st == CXB_OK) {
        char path[4200];
        snprintf(path, sizeof path, "%s/samples.csv", dir);
        cxb_csv csv;
        CHECK(cxb_csv_read(path, &csv) == CXB_OK);
        int ca = cxb_csv_col(&csv, "alloc_ns"), cf = cxb_csv_col(&csv, "free_ns"), ci = cxb_csv_col(&csv, "impl");
        int seen[4] = {0};
        for (size_t r = 0; r < csv.nrows; ++r) {
            CHECK(cxb_csv_cell(&csv, r, ca)[0] && cxb_csv_cell(&csv, r, cf)[0]);
            for (int k = 0; k < 4; ++k)
                seen[k] += strstr(cxb_csv_cell(&csv, r, ci), kind_names[k]) != NULL;
        }
        CHECK(seen[0] && seen[1] && seen[2] && seen[3]);
        cxb_csv_free(&csv);
    }
    cxb_testfs_rmtree(root);
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "quick") == 0;
    const char *why = NULL;
    if (cxb_cuda_device_count(&why) == 0) {
        cxb_malloc_job job;
        CHECK(cxb_malloc_job_init(&job, 1u << 18, 16, 1024) == CXB_OK);
        for (int k = 0; k < 4; ++k) {
            cxb_malloc_cuda *m = (cxb_malloc_cuda *)(void *)&why;
            CHECK(cxb_malloc_cuda_create(&m, (cxb_malloc_kind)k, &job, 640, 0, NULL) == CXB_ERESOURCE && m == NULL);
        }
        if (cxb_check_failures)
            CHECK_DONE();
        SKIP("%s", why);
    }
    static const uint64_t sizes[] = {16, 256, 4096};
    if (quick)
        total = 1u << 16;
    for (size_t i = 0; i < 3; ++i) {
        check_variant(CXB_MALLOC_DEVICE, 0, sizes[i]);
        check_variant(CXB_MALLOC_HOST, 0, sizes[i]);
        check_variant(CXB_MALLOC_POOL, 0, sizes[i]);
        check_variant(CXB_MALLOC_POOL, 1, sizes[i]);
        check_variant(CXB_MALLOC_ARENA, 0, sizes[i]);
    }
    if (!quick) {
        check_exhaustion();
        check_harness();
    }
    CHECK_DONE();
}
