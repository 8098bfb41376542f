/* replay.c — runs a fuzz target without libFuzzer: every file named on the command line is one
 * input, given once to LLVMFuzzerTestOneInput (after LLVMFuzzerInitialize, when the target has
 * one); a directory names the files in it.  `make check` builds one per target (fuzz.mk:
 * $(B)/fuzz-replay-*) and tests/sh/fuzz-replay.sh replays the corpora in the tree, so an input
 * that once crashed stays a test, under the sanitizers with `make check SAN=1`.  Prints the
 * number of inputs run.
 *   -passes N   run all the inputs N times and print the peak RSS after each pass
 *               ("pass 3: 20903 inputs, peak RSS 45 MiB"): `make fuzz` replays the corpus a
 *               run grew this way, so memory the target keeps from one input to the next shows
 *               as a peak that climbs from pass to pass (libFuzzer's own RSS also holds its
 *               corpus, which grows with every new unit) */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    size_t cap = 4096, len = 0, got;
    unsigned char *d = malloc(cap);
    while (d && (got = fread(d + len, 1, cap - len, f)) > 0)
        if ((len += got) == cap) {
            unsigned char *nd = realloc(d, cap *= 2);
            if (!nd)
                free(d);
            d = nd;
        }
    fclose(f);
    if (!d) {
        fprintf(stderr, "%s: out of memory\n", path);
        return -1;
    }
    LLVMFuzzerTestOneInput(d, len);
    free(d);
    return 1;
}

/* one input, or each regular file of a directory; the number run, -1 on an error */
static int run_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return run_file(path);
    DIR *dir = opendir(path);
    if (!dir) {
        perror(path);
        return -1;
    }
    int n = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        char *p = malloc(len);
        if (!p) {
            closedir(dir);
            return -1;
        }
        snprintf(p, len, "%s/%s", path, e->d_name);
        int k = stat(p, &st) == 0 && S_ISREG(st.st_mode) ? run_file(p) : 0;
        free(p);
        if (k < 0) {
            closedir(dir);
            return -1;
        }
        n += k;
    }
    closedir(dir);
    return n;
}

int main(int argc, char **argv)
{
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    int passes = 1, first = 1;
    if (argc > 2 && strcmp(argv[1], "-passes") == 0) {
        passes = atoi(argv[2]);
        first = 3;
        if (passes < 1 || passes > 1000) {
            fprintf(stderr, "-passes: %s is out of range (1 .. 1000)\n", argv[2]);
            return 2;
        }
    }
    int n = 0;
    for (int p = 1; p <= passes; p++) {
        n = 0;
        for (int i = first; i < argc; i++) {
            int k = run_path(argv[i]);
            if (k < 0)
                return 2;
            n += k;
        }
        if (passes > 1) {
            struct rusage ru;
            getrusage(RUSAGE_SELF, &ru);
            printf("pass %d: %d inputs, peak RSS %ld MiB\n", p, n, ru.ru_maxrss / 1024);
            fflush(stdout);
        }
    }
    printf("%d inputs\n", n);
    return 0;
}
