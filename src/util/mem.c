/* mem.c — allocation helpers, growable buffers, arenas, whole-file reads, process errors. */
#define _DEFAULT_SOURCE 1   /* madvise (mem_discard) where available; everything else is POSIX */
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

const char *util_progname = "uarch";

size_t text_printable(const char *s, const char *e)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t left = (size_t)(e - s);
    if (!left || (p[0] < 0x20 && p[0] != '\t') || p[0] == 0x7f)
        return 0;
    if (p[0] < 0x80)
        return 1;
    /* well-formed UTF-8 (RFC 3629): the lead byte's length and its first continuation's range */
    size_t n = p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : p[0] >= 0xe0 && p[0] <= 0xef ? 3 : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0;
    unsigned lo = p[0] == 0xe0 ? 0xa0 : p[0] == 0xf0 ? 0x90 : 0x80;
    unsigned hi = p[0] == 0xed ? 0x9f : p[0] == 0xf4 ? 0x8f : 0xbf;
    if (p[0] == 0xc2)
        lo = 0xa0;                       /* (U+0080..U+009F: the C1 controls, 0x9b a CSI) */
    if (!n || n > left || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    return n;
}

void text_put(FILE *f, const char *s, size_t n, bool newlines)
{
    const char *e = s + n;
    while (s < e) {
        size_t k = *s == '\n' && newlines ? 1 : text_printable(s, e);
        if (k)
            fwrite(s, 1, k, f);
        else
            fprintf(f, "\\x%02x", (unsigned char)*s);
        s += k ? k : 1;
    }
}

void eprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    veprintf(fmt, ap);
    va_end(ap);
}

void veprintf(const char *fmt, va_list ap)
{
    char small[1024], *p = small;
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof small) {
        p = malloc((size_t)n + 1);
        if (!p)
            p = small, n = (int)sizeof small - 1;
        else
            vsnprintf(p, (size_t)n + 1, fmt, ap);
    }
    text_put(stderr, p, (size_t)n, true);
    if (p != small)
        free(p);
}

void die(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: error: ", util_progname);
    va_start(ap, fmt);
    veprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

void bug(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: internal error: ", util_progname);
    va_start(ap, fmt);
    veprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

void warn(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: warning: ", util_progname);
    va_start(ap, fmt);
    veprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        die("out of memory (%zu bytes)", n);
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        die("out of memory (%zu x %zu bytes)", n, size);
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        die("out of memory (%zu bytes)", n);
    return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

/* ---- Buf ---- */
void buf_init(Buf *b) { b->data = NULL; b->len = b->cap = 0; }
void buf_free(Buf *b) { free(b->data); buf_init(b); }
void buf_reset(Buf *b) { b->len = 0; if (b->data) b->data[0] = 0; }

void buf_reserve(Buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->data = xrealloc(b->data, cap);
    b->cap = cap;
}

void buf_put(Buf *b, const void *p, size_t n)
{
    buf_reserve(b, n);
    memcpy(b->data + b->len, p, n);
    b->len += n;
    b->data[b->len] = 0;
}

void buf_putc(Buf *b, char c)
{
    buf_reserve(b, 1);
    b->data[b->len++] = c;
    b->data[b->len] = 0;
}

void buf_puts(Buf *b, const char *s) { buf_put(b, s, strlen(s)); }

void buf_vprintf(Buf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    char small[256];
    int n = vsnprintf(small, sizeof small, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        buf_put(b, small, (size_t)n);
        return;
    }
    buf_reserve(b, (size_t)n);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void buf_printf(Buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}

const char *buf_cstr(Buf *b)
{
    if (!b->data)
        buf_reserve(b, 0), b->data[0] = 0;
    return b->data;
}

size_t mem_page_size(void)
{
    static size_t page;
    if (!page) {
        long ps = sysconf(_SC_PAGESIZE);
        page = ps >= 4096 ? (size_t)ps : 4096;
    }
    return page;
}

void mem_discard(void *p, size_t n)
{
#ifdef MADV_DONTNEED
    size_t page = mem_page_size();
    uintptr_t a = ((uintptr_t)p + page - 1) & ~(uintptr_t)(page - 1);
    uintptr_t e = ((uintptr_t)p + n) & ~(uintptr_t)(page - 1);
    if (e > a)
        madvise((void *)a, e - a, MADV_DONTNEED);   /* (a hint: a failure changes nothing) */
#else
    (void)p, (void)n;
#endif
}

/* ---- Arena ---- */
struct ArenaBlock {
    ArenaBlock *next;
    size_t used, cap;
    _Alignas(16) unsigned char mem[];
};

/* n bytes at a multiple of `align` (a power of two, at most 16) */
static void *arena_take(Arena *a, size_t n, size_t align)
{
    ArenaBlock *b = a->head;
    size_t at = b ? (b->used + align - 1) & ~(align - 1) : 0;
    if (!b || at > b->cap || n > b->cap - at) {
        size_t cap = n > 65536 ? n : 65536;
        b = xmalloc(sizeof *b + cap);
        b->next = a->head;
        b->cap = cap;
        a->head = b;
        at = 0;
    }
    b->used = at + n;
    return b->mem + at;
}

void *arena_alloc_raw(Arena *a, size_t n)
{
    return arena_take(a, (n + 15) & ~(size_t)15, 16);
}

void *arena_alloc(Arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    void *p = arena_take(a, n, 16);
    memset(p, 0, n);
    return p;
}

/* strings are packed (no alignment): a long region holds a text per instruction */
char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_take(a, n + 1, 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

void arena_free(Arena *a)
{
    ArenaBlock *b = a->head;
    while (b) {
        ArenaBlock *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
}

/* path's stream ("-": stdin) for read_file and read_text_file */
static FILE *read_open(const char *path)
{
    return strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
}

static void read_close(FILE *f)
{
    if (f != stdin)
        fclose(f);
}

bool read_file(const char *path, Buf *out)
{
    FILE *f = read_open(path);
    if (!f)
        return false;
    char chunk[65536];
    size_t n, start = out->len;
    bool big = false;
    while (!big && (n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        buf_put(out, chunk, n);
        big = out->len - start > READ_FILE_MAX;   /* (/dev/zero, /dev/full: never an end) */
    }
    bool ok = !big && !ferror(f);
    int saved = big ? EFBIG : errno;
    read_close(f);
    buf_cstr(out);
    errno = saved;
    return ok;
}

const char *text_nul(TextNulScan *s, const char *p, const char *e)
{
    for (;;) {
        const char *z = memchr(p, 0, (size_t)(e - p));
        const char *stop = z ? z : e, *q = stop;
        while (q > p && q[-1] != '\n')   /* only the last line of [p, stop) decides the state */
            q--;
        if (q > p)
            *s = (TextNulScan){false, '\n'};
        for (; q < stop && !s->comment; q++) {
            s->comment = *q == ';' || (*q == '/' && s->prev == '/');
            s->prev = *q;
        }
        if (!z || !s->comment)
            return z;
        p = z + 1;
    }
}

/* as read_file, for a text: nothing after its first NUL byte outside a line comment is read (the
 * NUL is kept, for the parser to report it: /dev/zero is one byte), and more than `max` bytes is
 * EFBIG */
bool read_text_file(const char *path, Buf *out, size_t max)
{
    FILE *f = read_open(path);
    if (!f)
        return false;
    char chunk[65536];
    size_t n;
    bool ok = true;
    int saved = 0;
    TextNulScan scan = {false, '\n'};
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        const char *z = text_nul(&scan, chunk, chunk + n);
        if (z)
            n = (size_t)(z - chunk) + 1;
        if (out->len + n > max) {
            ok = false;
            saved = EFBIG;
            break;
        }
        if (out->len + n + 1 > out->cap) {    /* doubling, but never past the bound */
            size_t want = out->cap ? out->cap * 2 : sizeof chunk;
            if (want > max + 1)
                want = max + 1;
            if (want < out->len + n + 1)
                want = out->len + n + 1;
            out->data = xrealloc(out->data, want);
            out->cap = want;
        }
        buf_put(out, chunk, n);
        if (z)
            break;
    }
    if (ok && ferror(f)) {
        ok = false;
        saved = errno;
    }
    read_close(f);
    buf_cstr(out);
    errno = saved;
    return ok;
}

/* ---- strings ---- */
bool str_starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

bool str_ends(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && memcmp(s + a - b, suffix, b) == 0;
}

bool str_ieq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a, y = *b;
        if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (char)(y - 'A' + 'a');
        if (x != y)
            return false;
    }
    return *a == *b;
}
