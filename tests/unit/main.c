/* main.c — runs every TEST() linked into the unit-test binary. */
#include "t.h"

#include <stdarg.h>
#include <stdlib.h>

typedef struct { const char *name; TestFn fn; } Test;
static Test tests[4096];
static int ntests, cur_failed;

void t_register(const char *name, TestFn fn)
{
    if (ntests < (int)(sizeof tests / sizeof tests[0]))
        tests[ntests++] = (Test){name, fn};
}

void t_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stdout, "  %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stdout, fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    cur_failed = 1;
}

int main(int argc, char **argv)
{
    const char *only = argc > 1 ? argv[1] : NULL;
    int pass = 0, fail = 0;
    for (int i = 0; i < ntests; i++) {
        if (only && !strstr(tests[i].name, only))
            continue;
        cur_failed = 0;
        tests[i].fn();
        if (cur_failed) {
            printf("FAIL unit:%s\n", tests[i].name);
            fail++;
        } else {
            printf("ok %s\n", tests[i].name);
            pass++;
        }
    }
    printf("%d passed, %d failed\n", pass, fail);
    return fail ? 1 : 0;
}
