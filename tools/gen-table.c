/* gen-table.c — build-time generator: a TSV data file -> a C array of struct initializers.
 *
 *   gen-table [-s|-S] HEADER TYPE NAME "COLTYPES" FILE.tsv > out.c
 *
 * -s: the rows must be sorted by their first column (strcmp order, equal cells allowed), for a
 * table the code searches with bsearch; a row out of order fails the build with file:line.
 * -S: the same ignoring ASCII case (names looked up in any case, kept in their own spelling).
 * COLTYPES is one word per column: hex (0x.. or bare hex digits), int, num (a C double), str,
 * enum:PREFIX (a word of lowercase letters, digits and '_', written as the C name PREFIX followed
 * by the word in upper case: enum:ASM_D_ turns data4 into ASM_D_DATA4, a constant HEADER declares).
 * Lines starting with '#' and empty lines are skipped; the first other line is the header and
 * must have as many columns as COLTYPES.  The output is
 *     #include "HEADER"
 *     const TYPE NAME[] = { {...}, ... };  const int NAME_count = N;
 * A row that cannot be parsed fails the build with "FILE:LINE: error: ...".  Runs on the build
 * host ($(HOSTCC)), uses only the C library.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *path;
static int lineno;

static void fail(const char *msg, const char *cell)
{
    fprintf(stderr, "%s:%d: error: %s '%s'\n", path, lineno, msg, cell);
    exit(1);
}

/* strcmp of the ASCII-lowercased strings */
static int cmp_nocase(const char *a, const char *b)
{
    for (;; a++, b++) {
        int x = tolower((unsigned char)*a), y = tolower((unsigned char)*b);
        if (x != y || !x)
            return x - y;
    }
}

static void emit_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fail("control character in", s);
        else
            putchar(*s);
    }
    putchar('"');
}

static void emit(const char *type, char *cell)
{
    char *end;
    errno = 0;
    if (strcmp(type, "str") == 0) {
        emit_str(cell);
    } else if (strcmp(type, "hex") == 0) {
        unsigned long long v = strtoull(cell, &end, 16);
        if (!*cell || *end || errno)
            fail("bad hexadecimal number", cell);
        printf("0x%llx", v);
    } else if (strcmp(type, "int") == 0) {
        long long v = strtoll(cell, &end, 10);
        if (!*cell || *end || errno)
            fail("bad integer", cell);
        printf("%lld", v);
    } else if (strcmp(type, "num") == 0) {
        double v = strtod(cell, &end);
        if (!*cell || *end || errno)
            fail("bad number", cell);
        printf("%.17g", v);
    } else if (strncmp(type, "enum:", 5) == 0) {
        for (const char *c = cell; *c; c++)
            if (!islower((unsigned char)*c) && !isdigit((unsigned char)*c) && *c != '_')
                fail("bad enumerator word (lowercase letters, digits, '_')", cell);
        if (!*cell)
            fail("empty enumerator word", cell);
        printf("%s", type + 5);
        for (const char *c = cell; *c; c++)
            putchar(toupper((unsigned char)*c));
    } else {
        fprintf(stderr, "gen-table: unknown column type '%s'\n", type);
        exit(2);
    }
}

int main(int argc, char **argv)
{
    int sorted = argc > 1 && (strcmp(argv[1], "-s") == 0 || strcmp(argv[1], "-S") == 0);
    int nocase = sorted && argv[1][1] == 'S';
    argc -= sorted;
    argv += sorted;
    if (argc != 6) {
        fprintf(stderr, "usage: gen-table [-s|-S] HEADER TYPE NAME \"COLTYPES\" FILE.tsv\n");
        return 2;
    }
    path = argv[5];
    char *types[32];
    int ntypes = 0;
    for (char *t = strtok(argv[4], " "); t && ntypes < 32; t = strtok(NULL, " "))
        types[ntypes++] = t;
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: error: cannot open: %s\n", path, strerror(errno));
        return 1;
    }
    printf("/* generated from %s by tools/gen-table.c, do not edit */\n#include \"%s\"\n\n",
           path, argv[1]);
    printf("const %s %s[] = {\n", argv[2], argv[3]);
    char line[4096], prev[4096] = "";
    int header = 0, rows = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t n = strlen(line);
        if (n && line[n - 1] == '\n')
            line[--n] = 0;
        if (n && line[n - 1] == '\r')
            line[--n] = 0;
        if (n == 0 || line[0] == '#')
            continue;
        char *cells[32];
        int nc = 0;
        char *p = line;
        for (;;) {
            if (nc == 32)
                fail("too many columns in row", line);
            cells[nc++] = p;
            char *tab = strchr(p, '\t');
            if (!tab)
                break;
            *tab = 0;
            p = tab + 1;
        }
        if (nc != ntypes) {
            char buf[32];
            snprintf(buf, sizeof buf, "%d", nc);
            fail(header ? "wrong number of columns in row:" : "wrong number of columns in header:", buf);
        }
        if (!header) {
            header = 1;
            continue;
        }
        if (sorted) {
            if (rows && (nocase ? cmp_nocase(cells[0], prev) : strcmp(cells[0], prev)) < 0)
                fail("row out of order (sorted by the first column):", cells[0]);
            strcpy(prev, cells[0]);   /* a cell of a line of at most sizeof line bytes */
        }
        printf("    {");
        for (int i = 0; i < nc; i++) {
            if (i)
                printf(", ");
            emit(types[i], cells[i]);
        }
        printf("},\n");
        rows++;
    }
    fclose(f);
    if (!header) {
        lineno = 0;
        fail("no header line in", path);
    }
    if (rows == 0)
        printf("    {0},\n");
    printf("};\nconst int %s_count = %d;\n", argv[3], rows);
    return 0;
}
