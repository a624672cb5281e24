/* samples.csv rows (docs/method.md): integer nanoseconds, empty cells for phases an
 * implementation does not have, params and extra quoted when needed. */
#include "harness/records.h"

#include <inttypes.h>

#include "harness/csv.h"

void cxb_samples_header(FILE *f)
{
    fputs("run_id,study,impl,backend,algorithm,variant,point,params,n,threads,bind,seed,rep,mode,batch,"
          "wall_ns,cpu_ns",
          f);
    for (int i = 0; i < CXB_PHASE_COUNT; ++i)
        fprintf(f, ",%s", cxb_phase_names[i]);
    fputs(",time_ns,instructions,checksum,verified,t_start_ns,extra\n", f);
}

void cxb_samples_write(FILE *f, const cxb_sample_row *r)
{
    const cxb_impl *im = r->impl;
    const cxb_impl_name nm = cxb_impl_parts(im);
    fprintf(f, "%s,%s,%s,%s,%s,%s,%016" PRIx64 ",", r->run_id, nm.study, im->id,
            cxb_backend_names[im->backend], nm.algorithm, nm.variant, r->point);
    cxb_csv_put(f, r->params);
    fprintf(f, ",%" PRIu64 ",%u,%s,%" PRIu64 ",%u,%s,%u,%" PRId64 ",%" PRId64, r->n, r->threads,
            r->bind ? r->bind : "", r->seed, r->rep, r->mode, r->batch, r->wall_ns, r->cpu_ns);
    for (int i = 0; i < CXB_PHASE_COUNT; ++i) {
        if (r->ph.ns[i] >= 0)
            fprintf(f, ",%" PRId64, r->ph.ns[i]);
        else
            fputs(",", f);
    }
    fprintf(f, ",%" PRId64 ",", r->time_ns);
    if (r->instructions >= 0)
        fprintf(f, "%lld", r->instructions);
    fprintf(f, ",%016" PRIx64 ",1,%" PRId64 ",", r->checksum, r->t_start_ns);
    cxb_csv_put(f, r->extra ? r->extra : "");
    fputc('\n', f);
}
