/* The one output path: temporary, fsync, rename for regular files; in place for devices
 * and FIFOs; symlinks followed; directories refused (harness/atomic.h, docs/method.md). */
#define _POSIX_C_SOURCE 200809L
#include "harness/atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/cleanup.h"

/* Follows symlinks from path to the name that is not one (existing or not) in out. Returns
 * 0, or an errno (ELOOP, ENAMETOOLONG, or lstat's error other than ENOENT). *sb is filled
 * and *exists set when the final name exists. */
static int resolve(const char *path, char *out, size_t size, struct stat *sb, int *exists)
{
    char cur[4096], link[4096];
    if (strlen(path) >= sizeof cur)
        return ENAMETOOLONG;
    strcpy(cur, path);
    for (int hops = 0; hops < 40; ++hops) {
        if (lstat(cur, sb) != 0) {
            if (errno != ENOENT)
                return errno;
            *exists = 0;
            break;
        }
        *exists = 1;
        if (!S_ISLNK(sb->st_mode))
            break;
        ssize_t n = readlink(cur, link, sizeof link - 1);
        if (n < 0)
            return errno;
        link[n] = '\0';
        if (link[0] == '/') {
            strcpy(cur, link);
            continue;
        }
        char *slash = strrchr(cur, '/');
        size_t dirlen = slash ? (size_t)(slash - cur) + 1 : 0;
        if (dirlen + (size_t)n >= sizeof cur)
            return ENAMETOOLONG;
        memmove(cur + dirlen, link, (size_t)n + 1);
        if (hops == 39)
            return ELOOP;
    }
    if (strlen(cur) >= size)
        return ENAMETOOLONG;
    strcpy(out, cur);
    return 0;
}

static cxb_status classify(const char *path, char *target, size_t size, int *streamed)
{
    if (!path[0])
        return cxb_fail(CXB_EINPUT, "(empty path): no output file named");
    if (strlen(path) >= 4096)
        return cxb_fail(CXB_EINPUT, "%.64s...: path too long", path);
    *streamed = 0;
    if (!strcmp(path, "-")) {
        *streamed = 2;
        return CXB_OK;
    }
    struct stat sb;
    int exists = 0, e = resolve(path, target, size, &sb, &exists);
    if (e)
        return cxb_fail(CXB_ERESOURCE, "%s: cannot write: %s", path, strerror(e));
    if (exists && S_ISDIR(sb.st_mode))
        return cxb_fail(CXB_EINPUT, "%s: is a directory (expected a file name)", path);
    if (exists && !S_ISREG(sb.st_mode))
        *streamed = 1; /* a device, FIFO or socket: written in place, never replaced */
    return CXB_OK;
}

cxb_status cxb_afile_check(const char *path)
{
    char target[4096];
    int streamed;
    return classify(path, target, sizeof target, &streamed);
}

cxb_status cxb_afile_open(cxb_afile *af, const char *path)
{
    memset(af, 0, sizeof *af);
    af->slot = -1;
    cxb_status st = classify(path, af->target, sizeof af->target, &af->streamed);
    if (st != CXB_OK)
        return st;
    strcpy(af->path, path);
    if (af->streamed == 2) {
        af->f = stdout;
        return CXB_OK;
    }
    if (af->streamed == 1) {
        af->f = fopen(af->target, "w");
        if (!af->f)
            return cxb_fail(CXB_ERESOURCE, "%s: cannot write: %s", path, strerror(errno));
        return CXB_OK;
    }
    /* leftovers of writers that are gone, beside the target */
    char dir[4096];
    strcpy(dir, af->target);
    char *slash = strrchr(dir, '/');
    if (slash)
        slash == dir ? (void)(dir[1] = '\0') : (void)(*slash = '\0');
    else
        strcpy(dir, ".");
    cxb_cleanup_stale(dir);

    snprintf(af->tmp, sizeof af->tmp, "%s.tmp.%ld", af->target, (long)getpid());
    struct stat sb;
    int had = stat(af->target, &sb) == 0;
    /* registered before it exists: a signal between the open and the registration would
     * otherwise leave the temporary behind (removing a path not yet created is harmless) */
    af->slot = cxb_cleanup_add(af->tmp, 0);
    int fd = open(af->tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0) { /* a directory that does not exist is a wrong path (2); the rest, 3 */
        int e = errno;
        cxb_cleanup_drop(af->slot);
        af->slot = -1;
        af->tmp[0] = '\0';
        return cxb_fail(e == ENOENT || e == ENOTDIR ? CXB_EINPUT : CXB_ERESOURCE,
                        "%s: cannot write: %s", path, strerror(e));
    }
    mode_t um = umask(0); /* an existing file keeps its mode; a new one gets 0666 & ~umask */
    umask(um);
    if (fchmod(fd, had ? (sb.st_mode & 07777) : (0666 & ~um)) != 0) {
        /* not ours to change: the content still goes where it should */
    }
    af->f = fdopen(fd, "w");
    if (!af->f) {
        int e = errno;
        close(fd);
        cxb_afile_abort(af);
        return cxb_fail(CXB_ERESOURCE, "%s: cannot write: %s", path, strerror(e));
    }
    return CXB_OK;
}

/* flush + error state of f: 0, or an errno (EIO when the stream lost it) */
static int flush_error(FILE *f)
{
    errno = 0;
    int bad = fflush(f) != 0;
    int e = errno;
    if (bad || ferror(f))
        return e ? e : EIO;
    return 0;
}

cxb_status cxb_afile_commit(cxb_afile *af)
{
    int e = flush_error(af->f);
    if (af->streamed == 2) {
        af->f = NULL;
        return e ? cxb_fail(CXB_ERESOURCE, "stdout: write failed: %s", strerror(e)) : CXB_OK;
    }
    if (!e && af->streamed == 0 && fsync(fileno(af->f)) != 0)
        e = errno;
    if (fclose(af->f) != 0 && !e)
        e = errno ? errno : EIO;
    af->f = NULL;
    if (!e && af->streamed == 0 && rename(af->tmp, af->target) != 0)
        e = errno;
    if (af->streamed == 0) {
        if (e)
            unlink(af->tmp);
        cxb_cleanup_drop(af->slot);
        af->slot = -1;
    }
    if (e)
        return cxb_fail(CXB_ERESOURCE, "%s: write failed: %s", af->path, strerror(e));
    return CXB_OK;
}

void cxb_afile_abort(cxb_afile *af)
{
    if (af->f && af->streamed == 2)
        fflush(af->f);
    else if (af->f)
        fclose(af->f);
    af->f = NULL;
    if (af->streamed == 0 && af->tmp[0])
        unlink(af->tmp);
    cxb_cleanup_drop(af->slot);
    af->slot = -1;
}

static int reader_gone;

void cxb_stdout_reader_gone(void) { reader_gone = 1; }

cxb_status cxb_stdout_check(void)
{
    if (reader_gone)
        return CXB_OK;
    int e = flush_error(stdout);
    if (!e && fclose(stdout) != 0)
        e = errno ? errno : EIO;
    if (e)
        return cxb_fail(CXB_ERESOURCE, "stdout: write failed: %s", strerror(e));
    return CXB_OK;
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
            return cxb_fail(CXB_ERESOURCE, "%s: cannot create directory: %s", buf, strerror(errno));
        *p = '/';
    }
    if (mkdir(buf, 0777) != 0 && errno != EEXIST)
        return cxb_fail(CXB_ERESOURCE, "%s: cannot create directory: %s", buf, strerror(errno));
    return CXB_OK;
}
