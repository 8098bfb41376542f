/* respfile.c — `@file` response files on a command line, as LLVM's cl::ExpandResponseFiles with
 * the GNU tokenizer (what llvm-mca does on POSIX systems):
 *   - an argument `@path` whose file can be read is replaced by the file's words; a word is a run
 *     of characters up to whitespace; '...' and "..." quote whitespace; a backslash takes the
 *     next character literally (inside quotes too);
 *   - words of a file may be `@path` again (nested; paths relative to the working directory,
 *     as llvm-mca 19 resolves them); a file that includes itself, directly or not, is an error
 *     ("recursive expansion of: 'path'");
 *   - an `@path` that does not exist stays as it is (llvm: then it is an input file name); one
 *     that exists but cannot be read (a directory, /dev/zero's endless bytes) is an error.
 * The expanded vector and its words live until opt_response_free(). */
#include "util/opt.h"
#include "util/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char **held;               /* the current expansion: vector, then its words */
static int nheld;

typedef struct Vec { char **v; int n, cap; } Vec;

static void vec_push(Vec *a, char *s)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 16;
        a->v = xrealloc(a->v, (size_t)a->cap * sizeof *a->v);
    }
    a->v[a->n++] = s;
}

/* the GNU tokenizer: words of [s, s+n) appended to *out (each xmalloc'ed, also kept in *own) */
static void tokenize(const char *s, size_t n, Vec *out, Vec *own)
{
    size_t i = 0;
    Buf w;
    buf_init(&w);
    while (i < n) {
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\v' || s[i] == '\f'))
            i++;
        if (i >= n)
            break;
        buf_reset(&w);
        bool any = false;
        while (i < n && !(s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\v' || s[i] == '\f')) {
            char c = s[i];
            any = true;
            if (c == '\\' && i + 1 < n) {
                buf_putc(&w, s[i + 1]);
                i += 2;
            } else if (c == '"' || c == '\'') {
                i++;
                while (i < n && s[i] != c) {
                    if (s[i] == '\\' && i + 1 < n)
                        i++;
                    buf_putc(&w, s[i++]);
                }
                if (i < n)
                    i++;   /* the closing quote */
            } else {
                buf_putc(&w, c);
                i++;
            }
        }
        if (any) {
            char *t = xstrndup(w.len ? w.data : "", w.len);
            vec_push(own, t);
            vec_push(out, t);
        }
    }
    buf_free(&w);
}

/* expand argument `a` into *out; `stack` holds the files being expanded (for recursion) */
static bool expand(char *a, Vec *out, Vec *own, const char **stack, int depth, char *err, size_t errsz)
{
    if (a[0] != '@' || !strcmp(a, "@-")) {
        vec_push(out, a);
        return true;
    }
    const char *path = a + 1;
    for (int k = 0; k < depth; k++)
        if (!strcmp(stack[k], path)) {
            snprintf(err, errsz, "recursive expansion of: '%s'", path);
            return false;
        }
    if (depth >= 64) {
        snprintf(err, errsz, "recursive expansion of: '%s' (response files nested deeper than 64)", path);
        return false;
    }
    Buf text;
    buf_init(&text);
    struct stat st;
    if (!read_file(path, &text)) {
        int e = errno;
        buf_free(&text);
        if (stat(path, &st) == 0) {   /* (llvm: "cannot not open file '/tmp': Is a directory") */
            snprintf(err, errsz, "cannot read response file '%s': %s", path, strerror(e));
            return false;
        }
        vec_push(out, a);             /* no such file: not a response file, an argument as written */
        return true;
    }
    Vec words = {0};
    tokenize(text.data ? text.data : "", text.len, &words, own);
    buf_free(&text);
    stack[depth] = path;
    bool ok = true;
    for (int k = 0; k < words.n && ok; k++)
        ok = expand(words.v[k], out, own, stack, depth + 1, err, errsz);
    free(words.v);
    return ok;
}

bool opt_expand_response_files(int *argc, char ***argv, char *err, size_t errsz)
{
    bool any = false;
    for (int i = 1; i < *argc; i++)
        any |= (*argv)[i][0] == '@';
    if (!any)
        return true;
    opt_response_free();
    Vec out = {0}, own = {0};
    const char *stack[64];
    bool ok = true;
    for (int i = 0; i < *argc && ok; i++)
        ok = i == 0 ? (vec_push(&out, (*argv)[0]), true) : expand((*argv)[i], &out, &own, stack, 0, err, errsz);
    vec_push(&out, NULL);
    /* one block to free later: the vector, then the owned words */
    held = xmalloc((size_t)(own.n + 1) * sizeof *held);
    held[0] = (char *)out.v;
    if (own.n > 0)
        memcpy(held + 1, own.v, (size_t)own.n * sizeof *held);
    nheld = own.n + 1;
    free(own.v);
    if (!ok)
        return false;
    *argc = out.n - 1;
    *argv = out.v;
    return true;
}

void opt_response_free(void)
{
    for (int i = 0; i < nheld; i++)
        free(held[i]);
    free(held);
    held = NULL;
    nheld = 0;
}
