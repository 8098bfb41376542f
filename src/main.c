/* main.c — the command table.  `uarch <command> [options]`, git/perf style: one cmd_<name>()
 * per command (src/cmd/), `uarch help [command [subcommand]]` and `uarch <command> --help` print usage.
 * When the program name holds "mca" (the `uarch-mca` link made by `make install`, or a link
 * named as Debian names llvm-mca: `llvm-mca-19`), uarch behaves
 * exactly as `uarch mca`, so it can stand in for llvm-mca. */
#include "cmd/cmd.h"
#include "util/util.h"

#include <stdio.h>
#include <string.h>

typedef struct Command {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
} Command;

static const Command commands[] = {
    {"mca", cmd_mca, "static performance analysis of AArch64 assembly (llvm-mca compatible)"},
    {"decode", cmd_decode, "show how each AArch64 instruction is understood (form, registers, memory)"},
    {"clock", cmd_clock, "timers, cpuid/MIDR, counter and core frequencies"},
    {"bench", cmd_bench, "run an assembly snippet or a sweep experiment and measure it"},
    {"pmu", cmd_pmu, "performance counters: list the events, count a command or snippet, discover events"},
};

static const Command *find(const char *name)
{
    for (size_t i = 0; i < ARRAY_LEN(commands); i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: uarch <command> [options]\n\ncommands:\n");
    for (size_t i = 0; i < ARRAY_LEN(commands); i++)
        fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n'uarch help <command> [subcommand]' or 'uarch <command> [subcommand] --help' for the options\n");
}

static bool is_help(const char *s)
{
    return strcmp(s, "--help") == 0 || strcmp(s, "-help") == 0 || strcmp(s, "-h") == 0;
}

static int run(int argc, char **argv);

/* every command's stdout is checked at the end (out_stdout_check: a full disk or a closed
 * stdout is an error, exit 1); fds 0-2 are open before anything else is */
int main(int argc, char **argv)
{
    out_std_fds();
    return out_stdout_check(run(argc, argv));
}

static int run(int argc, char **argv)
{
    const char *argv0 = argc > 0 ? argv[0] : "uarch";
    const char *base = strrchr(argv0, '/');
    base = base ? base + 1 : argv0;
    if (strstr(base, "mca")) {     /* uarch-mca, llvm-mca, llvm-mca-19: as `uarch mca` */
        util_progname = "uarch-mca";
        argv[0] = (char *)"mca";
        return cmd_mca(argc, argv);
    }
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *name = argv[1];
    /* `uarch help CMD [SUB]`, `uarch version`: a word more is an error, not ignored */
    int most = strcmp(name, "help") == 0 ? 4 : strcmp(name, "version") == 0 || strcmp(name, "--version") == 0 ||
               is_help(name) ? 2 : argc;
    if (argc > most) {
        eprintf("uarch: %s: unexpected argument '%s'\n", name, argv[most]);
        return 2;
    }
    if (strcmp(name, "help") == 0 || is_help(name)) {
        if (argc > 2 && strcmp(name, "help") == 0) {
            const Command *c = find(argv[2]);
            if (!c) {
                eprintf("uarch: unknown command '%s'\n", argv[2]);
                return 2;
            }
            /* a command with its own detailed help prints it; `uarch help bench dcache`, `uarch
             * help pmu scan`: the subcommand's, as `uarch bench dcache --help` */
            char *args[] = {(char *)c->name, argc > 3 ? argv[3] : (char *)"--help", (char *)"--help", NULL};
            return c->fn(argc > 3 ? 3 : 2, args);
        }
        usage(stdout);
        return 0;
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
        printf("uarch 0.1\n");
        return 0;
    }
    const Command *c = find(name);
    if (!c) {
        eprintf("uarch: unknown command '%s'\n\n", name);
        usage(stderr);
        return 2;
    }
    return c->fn(argc - 1, argv + 1);
}
