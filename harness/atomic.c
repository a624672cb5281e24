/* Atomic file writes: temporary, fsync, rename (harness.md 4.5). */
#define _POSIX_C_SOURCE 200809L
#include "harness/atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

cxb_status cxb_afile_open(cxb_afile *af, const char *path)
{
    memset(af, 0, sizeof *af);
    if (strlen(path) >= sizeof af->path)
        return cxb_fail(CXB_EINPUT, "%s: path too long", path);
    strcpy(af->path, path);
    snprintf(af->tmp, sizeof af->tmp, "%s.tmp.%ld", path, (long)getpid());
    af->f = fopen(af->tmp, "w");
    if (!af->f)
        return cxb_fail(CXB_EINPUT, "%s: cannot write: %s", path, strerror(errno));
    return CXB_OK;
}

cxb_status cxb_afile_commit(cxb_afile *af)
{
    int bad = ferror(af->f) || fflush(af->f) != 0 || fsync(fileno(af->f)) != 0;
    bad |= fclose(af->f) != 0;
    af->f = NULL;
    if (bad || rename(af->tmp, af->path) != 0) {
        int e = errno;
        unlink(af->tmp);
        return cxb_fail(CXB_EINPUT, "%s: write failed: %s", af->path, strerror(e));
    }
    return CXB_OK;
}

void cxb_afile_abort(cxb_afile *af)
{
    if (af->f)
        fclose(af->f);
    af->f = NULL;
    if (af->tmp[0])
        unlink(af->tmp);
}

void cxb_dir_sync(const char *dir)
{
    int fd = open(dir, O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

cxb_status cxb_mkdirs(const char *dir)
{
    char buf[4096];
    if (strlen(dir) >= sizeof buf)
        return cxb_fail(CXB_EINPUT, "%s: path too long", dir);
    strcpy(buf, dir);
    for (char *p = buf + 1; *p; ++p) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return cxb_fail(CXB_EINPUT, "%s: cannot create directory: %s", buf, strerror(errno));
        *p = '/';
    }
    if (mkdir(buf, 0777) != 0 && errno != EEXIST)
        return cxb_fail(CXB_EINPUT, "%s: cannot create directory: %s", buf, strerror(errno));
    return CXB_OK;
}
