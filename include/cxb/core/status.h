/* cxb/core/status.h - error values of the library.
 *
 * Library functions never print or exit: they return a cxb_status and leave a
 * one-line message (WHERE: WHAT) that the CLI prints as
 * "cxbench: error: WHERE: WHAT". The numeric values are the CLI's exit codes
 * (docs/architecture.md "Command line"), so the CLI can return them unchanged.
 */
#ifndef CXB_STATUS_H
#define CXB_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cxb_status {
    CXB_OK = 0,
    CXB_EFAIL = 1,     /* a failed check: verification, regression */
    CXB_EINPUT = 2,    /* bad input or parameters */
    CXB_ERESOURCE = 3, /* memory, a GPU, an optional tool missing */
    CXB_EINTR = 130    /* interrupted by SIGINT/SIGTERM */
} cxb_status;

/* Records "fmt ..." as the calling thread's last error and returns code. */
cxb_status cxb_fail(cxb_status code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The calling thread's last error message ("" if none). */
const char *cxb_last_error(void);

/* Clears the calling thread's last error. */
void cxb_error_clear(void);

#ifdef __cplusplus
}
#endif

#endif
