/* out.c — the one checked output path of every command.
 *
 * A command's report goes to stdout or to an -o file through an Out: its own buffer, written
 * with write(2), so every failure is seen with its errno (a full disk, a closed stdout, a pipe
 * closed early), and the final flush and close are checked.  An -o regular file is written to a
 * temporary file beside it (registered with cleanup_add, so a signal removes it) and renamed
 * over the target only when everything succeeded: it is never half-written.  A failure prints
 *     uarch: error: cannot write '<stdout>': No space left on device
 * once, and the command exits 1.  Commands printing with stdio call out_stdout_check() last
 * (src/main.c does it for all of them).
 */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* the bytes gathered before a write: a few writes per MiB of output, and no more memory (a
 * long report goes out as it is made, through this buffer) */
enum { OUT_BUF = 1 << 18 };

static void out_failed(Out *o, int err)
{
    if (!o->err)
        o->err = err ? err : EIO;
}

static void out_flush(Out *o)
{
    size_t off = 0;
    while (off < o->len && !o->err) {
        ssize_t w = write(o->fd, o->buf + off, o->len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            out_failed(o, w < 0 ? errno : ENOSPC);
        else
            off += (size_t)w;
    }
    o->len = 0;
}

bool out_open(Out *o, const char *path)
{
    memset(o, 0, sizeof *o);
    o->fd = -1;
    if (!path || !strcmp(path, "-")) {
        o->fd = STDOUT_FILENO;
        o->name = "<stdout>";
        fflush(stdout);            /* what stdio holds goes first */
    } else {
        o->name = path;
        /* a device, a pipe or a symbolic link (e.g. -o /dev/null) is written in place: replacing
         * it with a renamed file would destroy it.  A regular file (or a new one) is written to a
         * temporary file renamed over it at the end. */
        struct stat st;
        if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
            o->fd = open(path, O_WRONLY | O_TRUNC | O_CREAT | O_CLOEXEC, 0666);
        } else {
            size_t n = strlen(path);
            o->tmp = xmalloc(n + 16);
            snprintf(o->tmp, n + 16, "%s.tmpXXXXXX", path);
            cleanup_block(true);   /* registered before a signal could leave it */
            o->fd = mkstemp(o->tmp);
            if (o->fd >= 0)
                o->cleanup = cleanup_add(o->tmp);
            cleanup_block(false);
            if (o->fd >= 0) {      /* mkstemp makes 0600: give the file the usual 0666 & ~umask */
                mode_t mask = umask(0);
                umask(mask);
                if (fchmod(o->fd, 0666 & ~mask) != 0)
                    warn("cannot set the mode of '%s': %s", path, strerror(errno));
            }
        }
        if (o->fd < 0) {
            eprintf("%s: error: cannot write '%s': %s\n", util_progname, path, strerror(errno));
            free(o->tmp);
            o->tmp = NULL;
            return false;
        }
    }
    o->tty = isatty(o->fd);
    o->buf = xmalloc(OUT_BUF);
    return true;
}

void out_put(Out *o, const void *p, size_t n)
{
    if (o->err)
        return;
    if (o->len + n > OUT_BUF)
        out_flush(o);
    if (n >= OUT_BUF) {            /* large: straight from the caller's memory */
        const char *s = p;
        while (n > 0 && !o->err) {
            ssize_t w = write(o->fd, s, n);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                out_failed(o, w < 0 ? errno : ENOSPC);
            else {
                s += w;
                n -= (size_t)w;
            }
        }
    } else {
        memcpy(o->buf + o->len, p, n);
        o->len += n;
    }
    if (o->tty)                    /* a terminal sees each piece as it comes */
        out_flush(o);
}

void out_puts(Out *o, const char *s)
{
    out_put(o, s, strlen(s));
}

void out_buf(Out *o, Buf *b)
{
    if (b->len)
        out_put(o, b->data, b->len);
    buf_reset(b);
}

static void out_release(Out *o)
{
    if (o->tmp) {
        unlink(o->tmp);
        cleanup_remove(o->cleanup);
        free(o->tmp);
        o->tmp = NULL;
    }
    free(o->buf);
    o->buf = NULL;
}

bool out_close(Out *o)
{
    out_flush(o);
    if (o->fd != STDOUT_FILENO) {
        if (close(o->fd) != 0)
            out_failed(o, errno);
        if (!o->err && o->tmp && rename(o->tmp, o->name) != 0)
            out_failed(o, errno);
        if (!o->err && o->tmp) {   /* renamed: nothing to remove any more */
            cleanup_remove(o->cleanup);
            free(o->tmp);
            o->tmp = NULL;
        }
    }
    o->fd = -1;
    out_release(o);
    if (o->err) {
        eprintf("%s: error: cannot write '%s': %s\n", util_progname, o->name, strerror(o->err));
        return false;
    }
    return true;
}

void out_abandon(Out *o)
{
    if (o->fd >= 0 && o->fd != STDOUT_FILENO)
        close(o->fd);
    o->fd = -1;
    out_release(o);
}

bool out_write_file(const char *path, const Buf *b)
{
    Out o;
    if (!out_open(&o, path))
        return false;
    if (b->len)
        out_put(&o, b->data, b->len);
    return out_close(&o);
}

/* the directory of `path` (malloc'd) and, when base is not NULL, its last name: "a/b" -> "a",
 * "b"; "b" -> ".", "b"; "/b" -> "/", "b" */
static char *dir_of(const char *path, const char **base)
{
    const char *slash = strrchr(path, '/');
    if (base)
        *base = slash ? slash + 1 : path;
    if (!slash)
        return xstrdup(".");
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *d = xmalloc(n + 1);
    memcpy(d, path, n);
    d[n] = 0;
    return d;
}

bool out_can_write(const char *path)
{
    if (!path || !strcmp(path, "-"))
        return true;
    struct stat st;
    int err = 0;
    if (!path[0])                  /* (open("") fails so, after the measuring) */
        err = ENOENT;
    else if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            err = EISDIR;
        else if (!S_ISREG(st.st_mode) && access(path, W_OK) != 0)   /* a device: written in place */
            err = errno;
    }
    if (!err && (stat(path, &st) != 0 || S_ISREG(st.st_mode))) {  /* new or replaced: its directory */
        char *dir = dir_of(path, NULL);
        if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode))   /* (access says EACCES: -csv f.s/x) */
            err = ENOTDIR;
        else if (access(dir, W_OK | X_OK) != 0)
            err = errno;
        free(dir);
    }
    if (err) {
        eprintf("%s: error: cannot write '%s': %s\n", util_progname, path, strerror(err));
        return false;
    }
    return true;
}

/* the stat of path's directory and its last name (dir_of) */
static bool dir_entry(const char *path, struct stat *dir, const char **base)
{
    char *d = dir_of(path, base);
    bool ok = stat(d, dir) == 0;
    free(d);
    return ok;
}

bool out_same_file(const char *a, const char *b)
{
    if (!a || !b || !strcmp(a, "-") || !strcmp(b, "-"))
        return false;
    struct stat sa, sb;
    bool ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
    if (ea && eb)
        return S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    if (ea || eb)
        return false;
    const char *na, *nb;   /* both new: the same name in the same directory */
    return dir_entry(a, &sa, &na) && dir_entry(b, &sb, &nb) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino &&
           !strcmp(na, nb);
}

int out_stdout_check(int status)
{
    int before = errno;   /* a write that failed earlier (a full buffer flushed by printf) set it */
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return status;
    int e = errno ? errno : before ? before : EIO;
    eprintf("%s: error: cannot write '<stdout>': %s\n", util_progname, strerror(e));
    return status ? status : 1;
}

/* fds 0, 1 and 2 open: a file the program opens must never become stdin, stdout or stderr
 * (`uarch mca f.s >&-` would write its report into it).  A closed one is opened on /dev/null in
 * the direction that makes its use fail (stdout read-only: every write is EBADF, reported). */
void out_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        int n = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (n >= 0 && n != fd) {   /* (the lowest free fd: this one, unless another was taken) */
            dup2(n, fd);
            close(n);
        }
    }
}
