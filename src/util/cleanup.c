/* cleanup.c — temporary files removed when SIGINT, SIGTERM or SIGHUP ends the process.
 * See util.h for the API.  The handler only calls unlink() on a fixed array of paths (both
 * async-signal-safe; rmdir() for a registered directory, after the files), restores the default
 * action and raises the signal again, so the process ends as killed by it (the shell's status
 * 130, 143 or 129).  Deferred (cleanup_defer, for `uarch bench`): the handler only records the
 * signal and passes it on to the registered child (kill is async-signal-safe); the program
 * stops, reports what it measured and calls cleanup_raise(), which does the rest. */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/select.h>
#include <string.h>
#include <unistd.h>

enum { CLEANUP_MAX = 32, CLEANUP_PATH = 4096 };

static char paths[CLEANUP_MAX][CLEANUP_PATH];
static volatile sig_atomic_t used[CLEANUP_MAX];
static bool installed;
static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
static volatile sig_atomic_t deferred, pending, child;

/* the three signals added to s */
static void add_sigs(sigset_t *s)
{
    for (size_t i = 0; i < ARRAY_LEN(sigs); i++)
        sigaddset(s, sigs[i]);
}

static void remove_all(void)
{
    for (int i = 0; i < CLEANUP_MAX; i++)   /* files first, then the (now empty) directories */
        if (used[i])
            unlink(paths[i]);
    for (int i = 0; i < CLEANUP_MAX; i++)
        if (used[i])
            rmdir(paths[i]);
}

static void on_signal(int sig)
{
    if (deferred) {   /* the program reports what it has, then calls cleanup_raise() */
        if (!pending)
            pending = sig;
        if (child != 0)
            kill((pid_t)child, sig);
        return;
    }
    if (child < 0)   /* a process group of its own (the compiler's) misses a terminal's signal */
        kill((pid_t)child, sig);
    remove_all();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* the handler for the three signals (but those ignored by whoever started us: nohup's stay
 * ignored) */
static void install(void)
{
    if (installed)
        return;
    installed = true;
    for (size_t i = 0; i < ARRAY_LEN(sigs); i++) {
        struct sigaction sa, old;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sa.sa_flags = SA_RESTART;
        sigemptyset(&sa.sa_mask);
        add_sigs(&sa.sa_mask);   /* one handler at a time */
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(sigs[i], &sa, NULL);
    }
}

bool cleanup_read_file(const char *path, Buf *out)
{
    if (!deferred)   /* (the handler ends the process, a blocked open or read with it) */
        return read_file(path, out);
    /* the signals are blocked but inside pselect, which unblocks them atomically as it waits:
     * one that comes before the wait is pending there and ends it at once (no gap between
     * the check and a blocking call); the open never blocks (O_NONBLOCK: a FIFO without a
     * writer waits in pselect, until a writer comes, as a blocking open would) */
    sigset_t blocked, old, during;
    sigemptyset(&blocked);
    add_sigs(&blocked);
    pthread_sigmask(SIG_BLOCK, &blocked, &old);
    during = old;
    for (size_t i = 0; i < ARRAY_LEN(sigs); i++)
        sigdelset(&during, sigs[i]);
    size_t start = out->len;
    bool ok = false;
    int e = EINTR;
    int fd = pending ? -1 : strcmp(path, "-") ? open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) : 0;
    if (fd < 0 && !pending)
        e = errno;
    if (fd >= FD_SETSIZE)    /* (no pselect: a plain blocking read) */
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    while (fd >= 0) {
        if (fd < FD_SETSIZE) {
            fd_set r;
            FD_ZERO(&r);
            FD_SET(fd, &r);
            if (pselect(fd + 1, &r, NULL, NULL, NULL, &during) < 0) {
                if (errno == EINTR && !pending)
                    continue;
                e = errno;
                break;
            }
        }
        char chunk[65536];
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && (errno == EAGAIN || errno == EINTR) && !pending)
            continue;
        if (n <= 0) {
            ok = n == 0;
            e = n == 0 ? 0 : errno;
            break;
        }
        buf_put(out, chunk, (size_t)n);
        if (out->len - start > READ_FILE_MAX) {   /* (/dev/zero: never an end) */
            e = EFBIG;
            break;
        }
    }
    if (fd > 0)
        close(fd);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    buf_cstr(out);
    errno = e;
    return ok;
}

void cleanup_defer(void)
{
    deferred = 1;
    install();
}

int cleanup_pending(void)
{
    return pending;
}

void cleanup_child(long pid)
{
    child = (sig_atomic_t)pid;
    if (pid != 0 && pending)   /* the signal came before the child was known */
        kill((pid_t)pid, pending);
}

void cleanup_child_signals(void)
{
    for (size_t i = 0; i < ARRAY_LEN(sigs); i++) {
        struct sigaction old;
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == on_signal)
            signal(sigs[i], SIG_DFL);
    }
}

void cleanup_raise(void)
{
    int sig = pending;
    if (!sig)
        return;
    cleanup_block(true);
    remove_all();
    for (int i = 0; i < CLEANUP_MAX; i++)
        used[i] = 0;
    signal(sig, SIG_DFL);
    cleanup_block(false);
    raise(sig);
}

bool cleanup_catches(int sig)
{
    for (size_t i = 0; i < ARRAY_LEN(sigs); i++)
        if (sigs[i] == sig)
            return true;
    return false;
}

const char *cleanup_signame(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP" : "a signal";
}

void cleanup_block(bool block)
{
    sigset_t s;
    sigemptyset(&s);
    add_sigs(&s);
    pthread_sigmask(block ? SIG_BLOCK : SIG_UNBLOCK, &s, NULL);
}

int cleanup_add(const char *path)
{
    install();
    if (strlen(path) >= CLEANUP_PATH)
        return -1;
    for (int i = 0; i < CLEANUP_MAX; i++)
        if (!used[i]) {
            memcpy(paths[i], path, strlen(path) + 1);
            used[i] = 1;      /* (set after the copy: the handler never sees half a path) */
            return i;
        }
    return -1;
}

void cleanup_remove(int slot)
{
    if (slot >= 0 && slot < CLEANUP_MAX)
        used[slot] = 0;
}
