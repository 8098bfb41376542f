/* bench-parse.c — speed of the assembly front end alone (a64_parse: lex, match, semantics).
 *
 *   cc -O2 -Isrc -Ibuild/gen -D_POSIX_C_SOURCE=200809L tools/bench-parse.c src/a64/[a-z]*.c \
 *      src/util/[a-z]*.c build/gen/isa.c -lm -o build/bench-parse
 *   build/bench-parse FILE.s [REPEAT]
 *
 * Parses FILE.s REPEAT times (default 5) and prints the best lines/s and instructions/s
 * (process CPU time, so other load on the machine does not count).
 * A benchmark, not a test (no timing assertions anywhere in `make check`).
 */
#include "a64/a64.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);   /* CPU time: the machine may be shared */
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc < 2) { fprintf(stderr, "usage: bench-parse FILE.s [REPEAT]\n"); return 2; }
    int rep = argc > 2 ? atoi(argv[2]) : 5;
    Buf b;
    buf_init(&b);
    if (!read_file(argv[1], &b)) { perror(argv[1]); return 1; }
    long lines = 0;
    for (size_t i = 0; i < b.len; i++) lines += b.data[i] == '\n';
    double best = 1e30;
    int ninsts = 0;
    for (int r = 0; r < rep; r++) {
        A64Program p;
        Diag err;
        double t0 = now();
        if (!a64_parse(argv[1], b.data, b.len, &p, &err)) { diag_print(stderr, &err, "error"); return 1; }
        double t = now() - t0;
        ninsts = p.ninsts;
        a64_program_free(&p);
        if (t < best) best = t;
    }
    printf("%ld lines, %d instructions, best of %d: %.3f s = %.2f M lines/s, %.2f M instructions/s\n",
           lines, ninsts, rep, best, lines / best / 1e6, ninsts / best / 1e6);
    buf_free(&b);
    return 0;
}
