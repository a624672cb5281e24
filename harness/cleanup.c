/* The registry of paths removed on SIGINT, SIGTERM and SIGPIPE, and the removal of the
 * leftovers of processes that are gone (harness/cleanup.h). The handler uses only
 * async-signal-safe calls: open, getdents64, unlinkat, write, _exit. */
#define _GNU_SOURCE
#include "harness/cleanup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define SLOTS 64
#define PATH_LEN 4352

static struct {
    volatile sig_atomic_t state; /* 0 free, 1 being filled, 2 registered */
    int is_dir;
    char path[PATH_LEN];
} slots[SLOTS];

int cxb_cleanup_add(const char *path, int is_dir)
{
    if (strlen(path) >= PATH_LEN)
        return -1;
    for (int i = 0; i < SLOTS; ++i) {
        sig_atomic_t expect = 0;
        if (!__atomic_compare_exchange_n(&slots[i].state, &expect, 1, 0, __ATOMIC_ACQ_REL,
                                         __ATOMIC_RELAXED))
            continue;
        strcpy(slots[i].path, path);
        slots[i].is_dir = is_dir;
        __atomic_store_n(&slots[i].state, 2, __ATOMIC_RELEASE);
        return i;
    }
    return -1;
}

void cxb_cleanup_drop(int slot)
{
    if (slot >= 0 && slot < SLOTS)
        __atomic_store_n(&slots[slot].state, 0, __ATOMIC_RELEASE);
}

struct linux_dirent64 {
    unsigned long long d_ino;
    long long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

/* Removes the contents of the directory open as fd, depth levels deep at most. */
static void empty_dir_at(int fd, int depth)
{
    char buf[4096];
    for (int rounds = 0; rounds < 1000; ++rounds) {
        long got = syscall(SYS_getdents64, fd, buf, sizeof buf);
        if (got <= 0)
            return;
        int removed = 0;
        for (long off = 0; off < got;) {
            struct linux_dirent64 *d = (struct linux_dirent64 *)(buf + off);
            off += d->d_reclen;
            const char *n = d->d_name;
            if (n[0] == '.' && (n[1] == '\0' || (n[1] == '.' && n[2] == '\0')))
                continue;
            if (unlinkat(fd, n, 0) == 0) {
                removed++;
                continue;
            }
            if (depth > 0) {
                int sub = openat(fd, n, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
                if (sub >= 0) {
                    empty_dir_at(sub, depth - 1);
                    close(sub);
                }
                removed += unlinkat(fd, n, AT_REMOVEDIR) == 0;
            }
        }
        if (!removed)
            return;
        lseek(fd, 0, SEEK_SET);
    }
}

static void remove_slot(int i)
{
    if (slots[i].state != 2)
        return;
    if (slots[i].is_dir) {
        int fd = open(slots[i].path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
        if (fd >= 0) {
            empty_dir_at(fd, 4);
            close(fd);
        }
        rmdir(slots[i].path);
    } else
        unlink(slots[i].path);
    slots[i].state = 0;
}

void cxb_cleanup_run(void)
{
    for (int i = 0; i < SLOTS; ++i)
        remove_slot(i);
}

void cxb_cleanup_remove(int slot)
{
    if (slot >= 0 && slot < SLOTS)
        remove_slot(slot);
}

static void put(const char *s)
{
    ssize_t r = write(2, s, strlen(s));
    (void)r;
}

static void on_signal(int sig)
{
    cxb_cleanup_run();
    put(sig == SIGPIPE ? "cxbench: error: interrupted by SIGPIPE (the reader of the output went away)\n"
        : sig == SIGTERM ? "cxbench: error: interrupted by SIGTERM\n"
                         : "cxbench: error: interrupted by SIGINT\n");
    _exit(sig == SIGPIPE ? 141 : 130);
}

void cxb_cleanup_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaddset(&sa.sa_mask, SIGPIPE);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGPIPE, &sa, NULL);
    /* a write beyond the file-size limit (ulimit -f) fails with EFBIG and is reported like
     * any write error (exit 3, temporary removed) instead of killing the process midway */
    signal(SIGXFSZ, SIG_IGN);
}

static long digits(const char *s, size_t len)
{
    if (len == 0 || len > 9)
        return 0;
    long v = 0;
    for (size_t i = 0; i < len; ++i) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

long cxb_cleanup_pid_of(const char *name, char kind)
{
    size_t len = strlen(name);
    if (kind == 'f') {
        const char *t = NULL;
        for (const char *p = strstr(name, ".tmp."); p; p = strstr(p + 1, ".tmp."))
            t = p;
        if (!t || t == name)
            return 0;
        return digits(t + 5, len - (size_t)(t + 5 - name));
    }
    static const char sfx[] = ".partial";
    size_t sl = sizeof sfx - 1;
    if (name[0] != '.' || len <= sl + 2 || strcmp(name + len - sl, sfx) != 0)
        return 0;
    size_t end = len - sl, start = end;
    while (start > 1 && name[start - 1] != '.')
        --start;
    if (start <= 1)
        return 0;
    return digits(name + start, end - start);
}

int cxb_pid_alive(long pid)
{
    if (pid <= 0)
        return 1;
    return !(kill((pid_t)pid, 0) != 0 && errno == ESRCH);
}

static void remove_tree(const char *path)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    if (fd >= 0) {
        empty_dir_at(fd, 4);
        close(fd);
    }
    rmdir(path);
}

int cxb_cleanup_stale(const char *dir)
{
    DIR *d = opendir(dir && dir[0] ? dir : ".");
    if (!d)
        return 0;
    int removed = 0;
    char path[PATH_LEN];
    struct dirent *e;
    while ((e = readdir(d))) {
        long fpid = cxb_cleanup_pid_of(e->d_name, 'f');
        long dpid = cxb_cleanup_pid_of(e->d_name, 'd');
        long pid = fpid ? fpid : dpid;
        if (!pid || pid == (long)getpid() || cxb_pid_alive(pid))
            continue;
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir && dir[0] ? dir : ".", e->d_name) >=
            sizeof path)
            continue;
        struct stat sb;
        if (lstat(path, &sb) != 0 || sb.st_uid != geteuid())
            continue;
        if (fpid && S_ISREG(sb.st_mode))
            removed += unlink(path) == 0;
        else if (dpid && S_ISDIR(sb.st_mode)) {
            remove_tree(path);
            removed += access(path, F_OK) != 0;
        }
    }
    closedir(d);
    return removed;
}
