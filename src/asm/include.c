/* include.c — `.include "file"` as llvm-mc 19 reads it, done before the text is parsed (the
 * parser reads a file in pieces, in parallel: src/a64/pieces.c, src/mca/chunks.c).  The input
 * is copied to a temporary file with each included file's lines in place of the line that
 * names it (and so on, in the files it includes), and a map from the copy's lines back to
 * each file's (SrcMap: diagnostics are printed at the included file's line, after llvm's
 * "Included from a.s:2:" lines).  Every later stage reads the copy as it read the input.
 *
 * A statement `.include "file"` (the first of its line, or one after a `;` that separates
 * statements, outside a block comment; a line comment may follow it) is replaced, and only by a
 * regular file found as written: from the working directory, not beside the including file
 * (llvm-mca has no -I); the statements before it on its line come first, those after it after
 * the file, on a line of their own at their columns (a diagnostic there shows the line as
 * written, as llvm does: srcmap_seg_src).  A file already being read twice (one that
 * includes itself, under a guard: `.ifndef G; .set G, 1; .include "self.s"; .endif`, as GNU as
 * and llvm-mc read it) is not spliced again: the parser skips that `.include` in its false
 * conditional.  Anything else is left for
 * the parser, which reports it where it is reached, so that a `.include` inside `.if 0` is no
 * error (src/a64/dir_data.c include_left): a missing file or a directory in llvm's words ("Could
 * not find include file"), a special file (a FIFO waits for a writer, /dev/zero never ends:
 * llvm hangs or runs out of memory) as not a regular file; a special file is never opened.
 * The text of an included file is that of a `.macro` or `.rept` body it lies in (it is
 * replayed with it); a name made by a macro's argument is left to the parser, which reads the
 * file then (src/a64/dir_data.c include_left, asm_include_text).
 * Bounded: includes nest at most ASM_MAX_INCLUDE_DEPTH deep, at most ASM_MAX_INCLUDES files
 * are included,
 * and the copy (so an input that names `.include`) holds at most ASM_MAX_INCLUDE_BYTES bytes;
 * memory holds a line at a time. */
#include "asm/asm.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

long long asm_max_include_bytes = ASM_MAX_INCLUDE_BYTES;

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
static const char *skip_ws(const char *p, const char *e) { while (p < e && is_ws(*p)) p++; return p; }

const char *asm_string(const char *p, const char *e, Buf *out, AsmStringError *why)
{
    bool bad = false;             /* an escape llvm refuses met: the rest read for the end only */
    for (p++; p < e && *p != '"'; p++) {
        if (*p != '\\') {
            if (!bad)
                buf_putc(out, *p);
            continue;
        }
        if (++p >= e)
            break;
        if (bad)
            continue;             /* (the lexer's string: a '\' takes the next character) */
        int v = 0, k = 0;
        if (*p == 'x' || *p == 'X') {
            for (; p + 1 < e && ((p[1] >= '0' && p[1] <= '9') || ((p[1] | 0x20) >= 'a' && (p[1] | 0x20) <= 'f')); k++, p++)
                v = (v * 16 + (p[1] <= '9' ? p[1] - '0' : (p[1] | 0x20) - 'a' + 10)) & 0xff;
            bad = !k;
        } else if (*p >= '0' && *p <= '7') {
            for (; k < 3 && p < e && *p >= '0' && *p <= '7'; k++, p++)
                v = v * 8 + (*p - '0');
            p--;
            bad = v > 255;
        } else {
            const char *c = strchr("b\bf\fn\nr\rt\t\"\"\\\\", *p);
            bad = !*p || !c || (c - "b\bf\fn\nr\rt\t\"\"\\\\") % 2;
            v = bad ? 0 : (unsigned char)c[1];
        }
        if (!bad)
            buf_putc(out, (char)v);
    }
    AsmStringError err = p >= e ? ASM_STRING_UNTERMINATED : bad ? ASM_STRING_BAD_ESCAPE : ASM_STRING_OK;
    if (why)
        *why = err;
    return err == ASM_STRING_OK ? p + 1 : NULL;
}

/* `.include "name"` at p (blanks skipped): its name decoded into *name, *at its '"'; where the
 * statement ends (the string and the blanks after it), or NULL when p holds none */
static const char *include_at(const char *p, const char *le, Buf *name, const char **at)
{
    static const char w[] = "include";
    int k = 0;
    p = skip_ws(p, le);
    if (le - p <= 8 || p[0] != '.')
        return NULL;
    while (k < 7 && (p[1 + k] | 0x20) == w[k]) k++;
    const char *q = skip_ws(p + 8, le);
    if (k != 7 || !(is_ws(p[8]) || p[8] == '"') || q >= le || *q != '"')
        return NULL;
    buf_reset(name);
    const char *r = asm_string(q, le, name, NULL);
    *at = q;
    return r ? skip_ws(r, le) : NULL;
}

/* whether [ls, le) holds a statement `.include "name"` (the first of the line, or one after a
 * `;` that separates statements; a line comment after it): its name decoded into *name, *stmt
 * its '.', *at its '"', *rest the statements after it (after its `;`), or NULL; *cmt: inside a
 * block comment, before and after the line (up to the statement) */
static bool include_line(const char *ls, const char *le, bool darwin, bool *cmt, Buf *name, const char **stmt,
                         const char **at, const char **rest)
{
    const char *p = skip_ws(ls, le);
    if (!*cmt && p < le && *p == '#')
        return false;
    bool quote = false, start = !*cmt;   /* start: a statement may begin at p */
    for (; p < le; p++) {
        if (start) {
            const char *s = skip_ws(p, le), *r = include_at(s, le, name, at);
            start = false;
            if (r && (r == le || (r + 1 < le && r[0] == '/' && r[1] == '/') || *r == ';')) {
                *stmt = s;
                *rest = !darwin && r < le && *r == ';' ? r + 1 : NULL;
                return true;
            }
            if ((p = s) >= le)
                break;
        }
        if (*cmt) {               /* the block comments the line opens or closes */
            if (p + 1 < le && p[0] == '*' && p[1] == '/') *cmt = false, p++;
        } else if (quote) {
            if (*p == '\\') p++;
            else if (*p == '"') quote = false;
        } else if (*p == '"') {
            quote = true;
        } else if ((p + 1 < le && p[0] == '/' && p[1] == '/') || (darwin && *p == ';')) {
            break;
        } else if (p + 1 < le && p[0] == '/' && p[1] == '*') {
            *cmt = true, p++;
        } else if (*p == ';') {
            start = true;
        }
    }
    return false;
}

/* does the text name `.include` (any case) at all?  (most inputs do not: they are not copied) */
static bool names_include(FILE *in)
{
    char blk[65536 + 8];
    size_t keep = 0, n;
    bool found = false;
    while (!found && (n = fread(blk + keep, 1, sizeof blk - 8 - keep, in)) > 0) {
        n += keep;
        for (const char *p = blk; !found && (p = memchr(p, '.', n - (size_t)(p - blk))); p++) {
            if (p + 8 > blk + n) break;
            static const char w[] = "include";
            int k = 0;
            while (k < 7 && (p[1 + k] | 0x20) == w[k]) k++;
            found = k == 7;
        }
        keep = n < 8 ? n : 8;
        memmove(blk, blk + n - keep, keep);
    }
    return found;
}

/* the regular file `path` opened for reading (a special file is not opened: O_NONBLOCK, a
 * FIFO does not wait for a writer), its size and identity in *st, or NULL */
static FILE *open_regular(const char *path, size_t len, struct stat *st)
{
    if (memchr(path, 0, len))
        return NULL;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    FILE *f = fstat(fd, st) == 0 && S_ISREG(st->st_mode) ? fdopen(fd, "rb") : NULL;
    if (!f)
        close(fd);
    return f;
}

/* a file being read: where, and the rest of its line after a `.include` spliced (NULL none) */
typedef struct Src {
    FILE *f;
    const char *name;
    int file, line, inc;
    bool cmt;
    dev_t dev; ino_t ino;         /* which file (ino 0: unknown) */
    char *rest; size_t restcap; ssize_t restn;
    char *orig;                   /* the line of the rest as written (diagnostics show it) */
} Src;

/* how many of the files being read are the file st */
static int reading(const Src *s, int n, const struct stat *st)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += s[i].ino && s[i].ino == st->st_ino && s[i].dev == st->st_dev;
    return k;
}

FILE *asm_include_splice(const char *name, FILE *in, AsmDialect dialect, SrcMap *map, bool *failed, Diag *err)
{
    *failed = false;
    memset(map, 0, sizeof *map);
    rewind(in);
    bool any = names_include(in);
    if (ferror(in) || fseek(in, 0, SEEK_SET) != 0) {
        diag_set(err, name, 1, 0, NULL, "cannot read '%s': %s", name, strerror(errno));
        *failed = true;
        return NULL;
    }
    if (!any)
        return NULL;
    struct stat ist;              /* (a line is read whole: the input is bounded as the copy is) */
    if (fileno(in) >= 0 && fstat(fileno(in), &ist) == 0 && (long long)ist.st_size > asm_max_include_bytes) {
        diag_set(err, name, 1, 0, NULL, "'%s' names '.include' and is longer than %lld MiB (the bound of a text "
                 "with its included files)", name, asm_max_include_bytes >> 20);
        *failed = true;
        return NULL;
    }
    FILE *out = tmpfile();
    Src st[ASM_MAX_INCLUDE_DEPTH + 1];
    int depth = 0, line = 0, nincs = 0;   /* line: the copy's lines written */
    long long bytes = 0;
    st[0] = (Src){in, name, srcmap_file(map, name), 0, -1, false, 0, 0, NULL, 0, 0, NULL};
    struct stat fst;
    if (fileno(in) >= 0 && fstat(fileno(in), &fst) == 0)
        st[0].dev = fst.st_dev, st[0].ino = fst.st_ino;
    srcmap_seg(map, 1, st[0].file, 1, -1);
    char *l = NULL, *orig = NULL;   /* orig: the line as written, when l is the rest of it */
    size_t cap = 0;
    Buf path;
    buf_init(&path);
    bool ok = out != NULL, spliced = false;
    if (!out)
        diag_set(err, name, 1, 0, NULL, "cannot make a temporary file: %s", strerror(errno));
    while (ok) {
        Src *s = &st[depth];
        bool rest = s->rest != NULL;   /* the rest of the line of a `.include` spliced */
        ssize_t r;
        free(orig);
        orig = NULL;
        if (rest) {
            free(l);
            l = s->rest, cap = s->restcap, r = s->restn;
            orig = s->orig;
            s->rest = s->orig = NULL;
        } else
            r = getline(&l, &cap, s->f);
        if (r <= 0) {
            if (ferror(s->f)) {
                diag_set(err, name, line + 1, 0, NULL, "cannot read '%s': %s", s->name, strerror(errno));
                ok = false;
                break;
            }
            if (!depth)
                break;
            fclose(s->f);
            depth--;
            srcmap_seg(map, line + 1, st[depth].file, st[depth].line + !st[depth].rest, st[depth].inc);
            continue;
        }
        s->line += !rest;
        size_t n = (size_t)r - (l[r - 1] == '\n');
        const char *at, *stmt, *after;
        FILE *f = NULL;
        struct stat fs;
        /* a file read twice already (one that includes itself, under a guard: `.ifndef G` ...)
         * is left to the parser: a `.include` it reaches is an error there, one in a
         * conditional that is false is none */
        bool named = include_line(l, l + n, dialect == ASM_DARWIN, &s->cmt, &path, &stmt, &at, &after);
        if (named && (f = open_regular(buf_cstr(&path), path.len, &fs)) && reading(st, depth + 1, &fs) >= 2) {
            fclose(f);
            f = NULL;
        }
        while (named && !f && after)   /* (the line as it is: the block comments of its rest) */
            named = include_line(after, l + n, dialect == ASM_DARWIN, &s->cmt, &path, &stmt, &at, &after);
        if (f) {
            long long size = (long long)fs.st_size;
            int col = (int)(at - l) + 1;
            bool deep = depth == ASM_MAX_INCLUDE_DEPTH, many = ++nincs > ASM_MAX_INCLUDES;
            if (deep || many || bytes + size > asm_max_include_bytes) {   /* (/proc/kcore: not read) */
                fclose(f);
                if (deep || many)
                    diag_set(err, name, line + 1, col, l, deep ? "'.include' nested more than %d deep (a file that includes itself?)"
                             : "more than %d files included", deep ? ASM_MAX_INCLUDE_DEPTH : ASM_MAX_INCLUDES);
                else
                    diag_set(err, name, line + 1, col, l, "the text with its included files is longer than %lld MiB (the bound)",
                             asm_max_include_bytes >> 20);
                ok = false;
                break;
            }
            /* the statements before it on its line, then the file, then those after it
             * (what comes before them blanked: their columns stay); each shown in a
             * diagnostic as the line was written */
            const char *pe = stmt;
            while (pe > l && is_ws(pe[-1])) pe--;
            if (pe > l && pe[-1] == ';' && dialect != ASM_DARWIN) pe--;
            if (skip_ws(l, pe) < pe) {
                if (fwrite(l, 1, (size_t)(pe - l), out) != (size_t)(pe - l) || putc('\n', out) == EOF) {
                    fclose(f);
                    diag_set(err, name, line + 1, 0, NULL, "cannot write a temporary file: %s", strerror(errno));
                    ok = false;
                    break;
                }
                srcmap_seg_src(map, line + 1, s->file, s->line, s->inc, orig ? orig : l, orig ? strlen(orig) : n);
                line++;
            }
            if (after && skip_ws(after, l + n) < l + n) {
                s->restn = r;
                s->restcap = (size_t)r + 1;
                s->rest = xmalloc(s->restcap);
                memcpy(s->rest, l, (size_t)r + 1);
                for (size_t i = 0; i < (size_t)(after - l); i++)
                    if (s->rest[i] != '\t') s->rest[i] = ' ';
                if (!orig) {
                    orig = xmalloc(n + 1);
                    memcpy(orig, l, n);
                    orig[n] = 0;
                }
                s->orig = orig;
                orig = NULL;
            }
            int inc = srcmap_inc(map, s->file, s->line, s->inc), fi = srcmap_file(map, path.data);
            st[++depth] = (Src){f, map->files[fi], fi, 0, inc, false, fs.st_dev, fs.st_ino, NULL, 0, 0, NULL};
            srcmap_seg(map, line + 1, fi, 1, inc);
            spliced = true;
            continue;
        }
        if ((bytes += r + 1) > asm_max_include_bytes) {
            diag_set(err, name, line + 1, 0, l, "the text with its included files is longer than %lld MiB (the bound)",
                     asm_max_include_bytes >> 20);
            ok = false;
            break;
        }
        if (fwrite(l, 1, (size_t)r, out) != (size_t)r || (depth && l[r - 1] != '\n' && putc('\n', out) == EOF)) {
            diag_set(err, name, line + 1, 0, NULL, "cannot write a temporary file: %s", strerror(errno));
            ok = false;
            break;
        }
        if (orig) {               /* (the rest of a line: shown as written; the next line its own) */
            srcmap_seg_src(map, line + 1, s->file, s->line, s->inc, orig, strlen(orig));
            srcmap_seg(map, line + 2, s->file, s->line + 1, s->inc);
        }
        line++;
    }
    free(l);
    free(orig);
    buf_free(&path);
    for (; depth >= 0; depth--) {
        free(st[depth].rest);
        free(st[depth].orig);
        if (depth)
            fclose(st[depth].f);
    }
    if (ok && (fflush(out) != 0 || fseek(out, 0, SEEK_SET) != 0)) {
        diag_set(err, name, line, 0, NULL, "cannot write a temporary file: %s", strerror(errno));
        ok = false;
    }
    if (!ok || spliced)
        diag_use_map(name, map);
    if (!ok || !spliced) {        /* (no line names a file that opens: the input as it is) */
        if (out)
            fclose(out);
        *failed = !ok;
        if (ok)
            srcmap_free(map);
        rewind(in);
        return NULL;
    }
    return out;
}

AsmIncludeRead asm_include_read(const char *path, size_t len, Buf *out)
{
    struct stat st;
    struct stat ds;
    FILE *f = open_regular(path, len, &st);
    if (!f)
        return memchr(path, 0, len) || stat(path, &ds) != 0 || S_ISDIR(ds.st_mode) ? ASM_INCLUDE_MISSING
                                                                                    : ASM_INCLUDE_SPECIAL;
    AsmIncludeRead r = ASM_INCLUDE_OK;
    if ((long long)st.st_size > asm_max_include_bytes)
        r = ASM_INCLUDE_LARGE;
    char blk[65536];
    size_t n;
    while (r == ASM_INCLUDE_OK && (n = fread(blk, 1, sizeof blk, f)) > 0) {
        buf_put(out, blk, n);
        if ((long long)out->len > asm_max_include_bytes)
            r = ASM_INCLUDE_LARGE;
    }
    if (r == ASM_INCLUDE_OK && ferror(f))
        r = ASM_INCLUDE_MISSING;
    fclose(f);
    return r;
}

bool asm_include_open(const char *name, FILE **f, AsmDialect dialect, SrcMap *map)
{
    bool failed;
    Diag err;
    FILE *s = asm_include_splice(name, *f, dialect, map, &failed, &err);
    if (failed) {
        diag_print(stderr, &err, "error");
        return false;
    }
    if (s) {
        fclose(*f);
        *f = s;
    }
    return true;
}

void asm_include_done(SrcMap *map)
{
    if (map->nseg)
        diag_use_map(NULL, NULL);
    srcmap_free(map);
}
