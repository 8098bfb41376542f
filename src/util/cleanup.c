/* cleanup.c — temporary files removed when SIGINT, SIGTERM or SIGHUP ends the process.
 * See util.h for the API.  The handler only calls unlink() on a fixed array of paths (both
 * async-signal-safe; rmdir() for a registered directory, after the files), restores the default action and raises the signal again, so the process
 * ends as killed by it (the shell's status 130, 143 or 129). */
#include "util.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

enum { CLEANUP_MAX = 32, CLEANUP_PATH = 4096 };

static char paths[CLEANUP_MAX][CLEANUP_PATH];
static volatile sig_atomic_t used[CLEANUP_MAX];
static bool installed;
static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};

static void on_signal(int sig)
{
    for (int i = 0; i < CLEANUP_MAX; i++)   /* files first, then the (now empty) directories */
        if (used[i])
            unlink(paths[i]);
    for (int i = 0; i < CLEANUP_MAX; i++)
        if (used[i])
            rmdir(paths[i]);
    signal(sig, SIG_DFL);
    raise(sig);
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
    if (!installed) {
        installed = true;
        for (size_t i = 0; i < ARRAY_LEN(sigs); i++) {
            struct sigaction sa, old;
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = on_signal;
            sigemptyset(&sa.sa_mask);
            for (size_t k = 0; k < ARRAY_LEN(sigs); k++)
                sigaddset(&sa.sa_mask, sigs[k]);   /* one handler at a time */
            /* a signal ignored by whoever started us (nohup) stays ignored */
            if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
                continue;
            sigaction(sigs[i], &sa, NULL);
        }
    }
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
