/* replay.c — runs a fuzz target without libFuzzer: every file named on the command line is one
 * input, given once to LLVMFuzzerTestOneInput (after LLVMFuzzerInitialize, when the target has
 * one).  `make check` builds one per target (fuzz.mk: $(B)/fuzz-replay-*) and tests/sh/
 * fuzz-replay.sh replays the corpora in the tree, so an input that once crashed stays a test,
 * under the sanitizers with `make check SAN=1`.  Prints the number of inputs run. */
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

int main(int argc, char **argv)
{
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    int n = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            perror(argv[i]);
            return 2;
        }
        size_t cap = 4096, len = 0, got;
        unsigned char *d = malloc(cap);
        while (d && (got = fread(d + len, 1, cap - len, f)) > 0)
            if ((len += got) == cap)
                d = realloc(d, cap *= 2);
        fclose(f);
        if (!d) {
            fprintf(stderr, "%s: out of memory\n", argv[i]);
            return 2;
        }
        LLVMFuzzerTestOneInput(d, len);
        free(d);
        n++;
    }
    printf("%d inputs\n", n);
    return 0;
}
