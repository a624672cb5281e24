/* Thread-local last-error message behind cxb_fail / cxb_last_error. */
#include "cxb/core/status.h"

#include <stdarg.h>
#include <stdio.h>

static _Thread_local char cxb_error_buf[512];

cxb_status cxb_fail(cxb_status code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cxb_error_buf, sizeof cxb_error_buf, fmt, ap);
    va_end(ap);
    return code;
}

const char *cxb_last_error(void) { return cxb_error_buf; }

void cxb_error_clear(void) { cxb_error_buf[0] = '\0'; }
