/* cleanup.c — temporary files removed when SIGINT, SIGTERM or SIGHUP ends the process.
 * See util.h for the API.  The handler only calls unlink() on a fixed array of paths (both
 * async-signal-safe; rmdir() for a registered directory, after the files), restores the default
 * action and raises the signal again, so the process ends as killed by it (the shell's status
 * 130, 143 or 129).  Deferred (cleanup_defer, for `uarch bench`): the handler only records the
 * signal and passes it on to the registered child (kill is async-signal-safe); the program
 * stops, reports what it measured and calls cleanup_raise(), which does the rest. */
#include "util.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

enum { CLEANUP_MAX = 32, CLEANUP_PATH = 4096 };

static char paths[CLEANUP_MAX][CLEANUP_PATH];
static volatile sig_atomic_t used[CLEANUP_MAX];
static bool installed;
static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
static volatile sig_atomic_t deferred, pending, child;

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
 * ignored), with flags (SA_RESTART, or 0 for a read a signal must end) */
static void handle(int flags)
{
    for (size_t i = 0; i < ARRAY_LEN(sigs); i++) {
        struct sigaction sa, old;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sa.sa_flags = flags;
        sigemptyset(&sa.sa_mask);
        for (size_t k = 0; k < ARRAY_LEN(sigs); k++)
            sigaddset(&sa.sa_mask, sigs[k]);   /* one handler at a time */
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(sigs[i], &sa, NULL);
    }
}

static void install(void)
{
    if (installed)
        return;
    installed = true;
    handle(SA_RESTART);
}

bool cleanup_reading(bool on)
{
    if (!deferred)   /* (the handler ends the process, a blocked read with it) */
        return true;
    if (on && pending)
        return false;
    int e = errno;
    handle(on ? 0 : SA_RESTART);
    errno = e;
    return true;
}

void cleanup_defer(void)
{
    deferred = 1;
    read_file_hook = cleanup_reading;
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
    for (size_t i = 0; i < ARRAY_LEN(sigs); i++)
        sigaddset(&s, sigs[i]);
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
