/* loader.c — from generated assembly to callable functions: find the platform compiler, run
 * `cc -shared -o bench.so bench.s` in a private temp dir, dlopen the result.
 *
 * The compiler is the first of $CC (split on spaces; when set, the only candidate), cc, gcc,
 * clang, <arch>-linux-gnu-gcc that exists on PATH and whose `-dumpmachine` names the ISA we run
 * (so an AArch64 uarch under qemu-user picks aarch64-linux-gnu-gcc, not the host's cc).
 * Assembler errors are mapped back to the user's lines by bench_map_error (codegen.c).
 */
#define _GNU_SOURCE
#define _DARWIN_C_SOURCE        /* MAP_ANON, sysctl & co. on macOS */
#include "bench/bench.h"
#include "util/opt.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* The temp dir's name: $TMPDIR (a path as long as the system takes one) and
 * "/uarch-bench-XXXXXX"; a file in it: that and "/bench.so".  $CC: at most CC_MAX bytes and
 * CC_WORDS words (longer, it is refused: cut, it would run another command). */
enum { DIR_MAX = 4000, FILE_MAX = DIR_MAX + 300, CC_MAX = 512, CC_WORDS = 30 };

struct BenchLib {
    void *handle;
    char dir[DIR_MAX];
    bool keep;
};

/* The temp dir and its two files, registered for removal on SIGINT/SIGTERM/SIGHUP (util
 * cleanup) while they exist; -keep leaves them. */
typedef struct TmpDir {
    int slot[3];
} TmpDir;

static void tmp_register(TmpDir *t, const char *dir, bool keep)
{
    static const char *const files[] = {"bench.s", "bench.so"};
    t->slot[0] = t->slot[1] = t->slot[2] = -1;
    if (keep)
        return;
    t->slot[0] = cleanup_add(dir);
    for (int i = 0; i < 2; i++) {
        char p[FILE_MAX];
        snprintf(p, sizeof p, "%s/%s", dir, files[i]);
        t->slot[i + 1] = cleanup_add(p);
    }
}

static void tmp_forget(TmpDir *t)
{
    for (int i = 0; i < 3; i++)
        cleanup_remove(t->slot[i]);
}

/* Run argv (in dir when non-NULL) and collect its stdout+stderr (or only stdout when
 * merge_err is false; stderr then goes to /dev/null).  Returns the exit status, 127 when the
 * program could not be started, -1 on fork failure. */
static int run_capture(char *const argv[], const char *dir, bool merge_err, Buf *out)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    cleanup_block(true);
    pid_t pid = fork();
    if (pid < 0) {
        cleanup_block(false);
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        cleanup_child_signals();
        cleanup_block(false);
        dup2(fds[1], 1);
        if (merge_err) {
            dup2(fds[1], 2);
        } else {
            int nul = open("/dev/null", O_WRONLY);
            if (nul >= 0)
                dup2(nul, 2);
        }
        close(fds[0]);
        close(fds[1]);
        if (dir && chdir(dir) != 0)
            _exit(126);
        /* its own process group, so that a signal passed on reaches the assembler and linker
         * the driver runs too (the driver alone died and left the assembler writing its
         * object into TMPDIR), and its temporaries in our directory, removed with it */
        setpgid(0, 0);
        if (dir)
            setenv("TMPDIR", dir, 1);
        /* bounds the compiler, the assembler and the linker inherit: a snippet of `.rept
         * 1000000000` grew the assembler past 1.6 GB within seconds */
        struct rlimit as = {BENCH_CC_MAX_BYTES, BENCH_CC_MAX_BYTES}, cpu = {BENCH_CC_MAX_CPU_S, BENCH_CC_MAX_CPU_S};
        setrlimit(RLIMIT_AS, &as);
        setrlimit(RLIMIT_CPU, &cpu);
        execvp(argv[0], argv);
        _exit(127);
    }
    setpgid(pid, pid);           /* (as the child does: whichever runs first) */
    cleanup_child(-(long)pid);   /* SIGINT/SIGTERM to uarch reach the compiler's group too */
    cleanup_block(false);
    close(fds[1]);
    char tmp[4096];
    ssize_t r;
    while ((r = read(fds[0], tmp, sizeof tmp)) > 0 || (r < 0 && errno == EINTR))
        if (r > 0)
            buf_put(out, tmp, (size_t)r);
    close(fds[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            cleanup_child(0);
            return -1;
        }
    cleanup_child(0);
    buf_cstr(out);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

static bool on_path(const char *prog)
{
    if (strchr(prog, '/'))
        return access(prog, X_OK) == 0;
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    for (const char *s = path; *s;) {
        const char *c = strchr(s, ':');
        size_t n = c ? (size_t)(c - s) : strlen(s);
        char full[1024];
        snprintf(full, sizeof full, "%.*s/%s", (int)n, n ? s : ".", prog);
        if (access(full, X_OK) == 0)
            return true;
        if (!c)
            break;
        s = c + 1;
    }
    return false;
}

/* Split a command string on spaces into argv (at most max-1 words, NULL-terminated; find_cc
 * refuses a $CC of more than CC_WORDS). */
static int split_words(char *s, char **argv, int max)
{
    int n = 0;
    for (char *t = strtok(s, " \t"); t && n < max - 1; t = strtok(NULL, " \t"))
        argv[n++] = t;
    argv[n] = NULL;
    return n;
}

static int count_words(const char *s)
{
    int n = 0;
    for (size_t i = 0; s[i]; i++)
        n += s[i] != ' ' && s[i] != '\t' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '\t');
    return n;
}

static bool targets(const char *cc, BenchArch arch)
{
    char copy[CC_MAX], *argv[CC_WORDS + 2];
    snprintf(copy, sizeof copy, "%s", cc);
    int n = split_words(copy, argv, CC_WORDS + 1);
    if (n == 0)
        return false;
    argv[n] = (char *)"-dumpmachine";
    argv[n + 1] = NULL;
    Buf out;
    buf_init(&out);
    int rc = run_capture(argv, NULL, false, &out);
    const char *m = buf_cstr(&out);
    bool ok = rc == 0 && (arch == BENCH_AARCH64 ? (str_starts(m, "aarch64") || str_starts(m, "arm64"))
                                                 : str_starts(m, "x86_64"));
    buf_free(&out);
    return ok;
}

static bool find_cc(BenchArch arch, char *out, size_t outsz, Diag *err);

/* Cached per process: the answer depends only on the arch, $CC and PATH. */
bool bench_find_cc(BenchArch arch, char *out, size_t outsz, Diag *err)
{
    static char key[2048], found[CC_MAX];
    char k[2048];
    const char *env = getenv("CC"), *path = getenv("PATH");
    snprintf(k, sizeof k, "%d|%s|%s", (int)arch, env ? env : "", path ? path : "");
    if (found[0] && strcmp(k, key) == 0) {
        snprintf(out, outsz, "%s", found);
        return true;
    }
    if (!find_cc(arch, found, sizeof found, err)) {
        found[0] = 0;
        if (cleanup_pending())   /* (the signal, passed on, ended `cc -dumpmachine`: not "not found") */
            diag_set(err, "", 0, 0, NULL, "interrupted (%s) while looking for the compiler",
                     cleanup_signame(cleanup_pending()));
        return false;
    }
    snprintf(key, sizeof key, "%s", k);
    snprintf(out, outsz, "%s", found);
    return true;
}

static bool find_cc(BenchArch arch, char *out, size_t outsz, Diag *err)
{
    const char *env = getenv("CC");
    char cross[64];
    snprintf(cross, sizeof cross, "%s-linux-gnu-gcc", bench_arch_name(arch));
    if (env && *env) {
        char first[CC_MAX], *argv[CC_WORDS + 2];
        if (strlen(env) >= sizeof first || count_words(env) > CC_WORDS) {
            char q[48];
            opt_quote(env, q, sizeof q);
            if (strlen(env) >= sizeof first)
                diag_set(err, "", 0, 0, NULL, "$CC ('%s') is longer than %d bytes", q, CC_MAX - 1);
            else
                diag_set(err, "", 0, 0, NULL, "$CC ('%s') has more than %d words", q, CC_WORDS);
            return false;
        }
        snprintf(first, sizeof first, "%s", env);
        if (split_words(first, argv, CC_WORDS + 1) == 0 || !on_path(argv[0])) {
            diag_set(err, "", 0, 0, NULL, "compiler '%s' (from $CC) not found", env);
            return false;
        }
        if (!targets(env, arch)) {
            diag_set(err, "", 0, 0, NULL, "compiler '%s' (from $CC) does not target %s", env,
                     bench_arch_name(arch));
            return false;
        }
        snprintf(out, outsz, "%s", env);
        return true;
    }
    const char *cands[] = {"cc", "gcc", "clang", cross};
    for (size_t i = 0; i < ARRAY_LEN(cands); i++)
        if (on_path(cands[i]) && targets(cands[i], arch)) {
            snprintf(out, outsz, "%s", cands[i]);
            return true;
        }
    diag_set(err, "", 0, 0, NULL, "no C compiler for %s found (tried cc, gcc, clang, %s; set $CC)",
             bench_arch_name(arch), cross);
    return false;
}

static void rm_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            char p[FILE_MAX];
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    rmdir(dir);
}

/* The line of the compiler's output that says why it failed: the first error line ("Error:",
 * "error:", "Fatal error", "out of memory"), else the first line with text that is not a
 * heading such as "bench.s: Assembler messages:" (gas prints the reason after an empty line). */
static const char *reason_line(const char *t, size_t *len)
{
    const char *first = NULL;
    size_t first_n = 0;
    for (const char *s = t; *s;) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), s);
        bool blank = strspn(line, " \t\r") == strlen(line);
        if (!blank && (strstr(line, "rror") || strstr(line, "out of memory") || strstr(line, "fatal"))) {
            *len = n;
            return s;
        }
        if (!blank && !first && !str_ends(line, "Assembler messages:"))
            first = s, first_n = n;
        if (!nl)
            break;
        s = nl + 1;
    }
    *len = first_n;
    return first ? first : t;
}

BenchLib *bench_build(const BenchProgram *p, bool keep_dir, Diag *err)
{
    char cc[CC_MAX];
    if (!bench_find_cc(p->arch, cc, sizeof cc, err))
        return NULL;
    const char *tmpdir = getenv("TMPDIR");
    char dir[DIR_MAX];
    if (snprintf(dir, sizeof dir, "%s/uarch-bench-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp") >= (int)sizeof dir) {
        /* (cut, the name lost its XXXXXX: mkdtemp said "Invalid argument") */
        diag_set(err, "", 0, 0, NULL, "$TMPDIR is longer than %d bytes: no temporary directory made in it",
                 DIR_MAX - 20);
        return NULL;
    }
    TmpDir reg;
    cleanup_block(true);         /* registered before a signal could leave it */
    char *made = mkdtemp(dir);
    if (made)
        tmp_register(&reg, dir, keep_dir);
    cleanup_block(false);
    if (!made) {
        diag_set(err, "", 0, 0, NULL, "cannot create a temporary directory in '%s': %s",
                 tmpdir && *tmpdir ? tmpdir : "/tmp", strerror(errno));
        return NULL;
    }
    char path[FILE_MAX];
    snprintf(path, sizeof path, "%s/bench.s", dir);
    FILE *f = fopen(path, "w");
    if (!f || fwrite(p->text.data, 1, p->text.len, f) != p->text.len || fclose(f) != 0) {
        diag_set(err, "", 0, 0, NULL, "cannot write '%s': %s", path, strerror(errno));
        rm_dir(dir), tmp_forget(&reg);
        return NULL;
    }
    char copy[CC_MAX], *argv[CC_WORDS + 8];
    snprintf(copy, sizeof copy, "%s", cc);
    int n = split_words(copy, argv, CC_WORDS + 1);
    argv[n++] = (char *)"-shared";
    argv[n++] = (char *)"-nostdlib";
    argv[n++] = (char *)"-o";
    argv[n++] = (char *)"bench.so";
    argv[n++] = (char *)"bench.s";
    argv[n] = NULL;
    Buf out;
    buf_init(&out);
    int rc = run_capture(argv, dir, true, &out);
    if (rc != 0) {
        if (cleanup_pending()) {   /* the signal passed on to the compiler ended it: not its error */
            diag_set(err, "", 0, 0, NULL, "interrupted (%s) while the compiler ran; nothing measured",
                     cleanup_signame(cleanup_pending()));
        } else if (!bench_map_error(p, "bench.s", buf_cstr(&out), err) && !bench_map_undefined(p, buf_cstr(&out), err)) {
            size_t n;
            const char *t = reason_line(buf_cstr(&out), &n);
            diag_set(err, "", 0, 0, NULL, "'%s -shared' failed (exit %d)%s%.*s%s", cc, rc, n ? ": " : "",
                     (int)n, t, rc > 128 || n == 0 ? " (the compiler's bounds: " BENCH_CC_BOUNDS ")" : "");
        }
        buf_free(&out);
        if (!keep_dir)
            rm_dir(dir), tmp_forget(&reg);
        return NULL;
    }
    buf_free(&out);
    snprintf(path, sizeof path, "%s/bench.so", dir);
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        struct stat st;
        bool there = stat(path, &st) == 0;
        if (!bench_map_undefined(p, e, err))
            diag_set(err, "", 0, 0, NULL, "cannot load '%s': %s (%s)", path, e ? e : "unknown error",
                     there ? "the file is there" : "the compiler exited 0 but the file is missing");
        if (!keep_dir)
            rm_dir(dir), tmp_forget(&reg);
        return NULL;
    }
    BenchLib *lib = xcalloc(1, sizeof *lib);
    lib->handle = h;
    lib->keep = keep_dir;
    snprintf(lib->dir, sizeof lib->dir, "%s", dir);
    if (!keep_dir)
        rm_dir(dir);                         /* the mapping stays valid after unlink */
    tmp_forget(&reg);
    return lib;
}

BenchFn bench_lib_fn(BenchLib *lib, const char *symbol)
{
    void *s = dlsym(lib->handle, symbol);
    BenchFn fn;
    memcpy(&fn, &s, sizeof fn);              /* object pointer -> function pointer, POSIX way */
    return s ? fn : NULL;
}

const void *bench_lib_data(BenchLib *lib, const char *symbol)
{
    return dlsym(lib->handle, symbol);
}

const char *bench_lib_dir(const BenchLib *lib) { return lib->dir; }

void bench_lib_close(BenchLib *lib)
{
    if (!lib)
        return;
    dlclose(lib->handle);
    free(lib);
}
