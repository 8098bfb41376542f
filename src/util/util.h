/* util.h — the bottom layer: diagnostics, growable buffers, arenas, TSV and JSON.
 *
 * Everything above (a64, model, mca, clock, bench, pmu) may use this header; it uses nothing
 * but libc.  Conventions (see ../shared/design.md):
 *   - die()  : a user error (bad option, missing file): message on stderr, exit 1
 *   - bug()  : an internal error that should never happen: message, abort()
 *   - Diag   : a located error in an input file, printed as
 *              file:line:col: error: message
 *                <source line>
 *                    ^
 */
#ifndef UTIL_H
#define UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdbool.h>

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#define NORETURN __attribute__((noreturn))
#define ALWAYS_INLINE __attribute__((always_inline))   /* (a fast path the compiler would call) */
#else
#define PRINTF_LIKE(f, a)
#define NORETURN
#define ALWAYS_INLINE
#endif

/* ---- process-level errors ---- */
extern const char *util_progname;            /* "uarch" by default, for messages */
NORETURN void die(const char *fmt, ...) PRINTF_LIKE(1, 2);
NORETURN void bug(const char *fmt, ...) PRINTF_LIKE(1, 2);
void warn(const char *fmt, ...) PRINTF_LIKE(1, 2);   /* "uarch: warning: ..." on stderr */

/* ---- memory ---- */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
/* the memory pages wholly inside [p, p + n), part of an allocated block that is not read again
 * before it is freed, go back to the system (Linux: they read as zero afterwards; elsewhere
 * they may stay): a long array consumed from its start need not be held whole until its end */
void mem_discard(void *p, size_t n);
/* the page size (sysconf; 4096 when it says nothing usable) */
size_t mem_page_size(void);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Growable byte buffer, always NUL-terminated when len > 0 or after buf_cstr(). */
typedef struct Buf {
    char *data;
    size_t len, cap;
} Buf;
/* a pointer hashed for a table keyed by address (Fibonacci hashing: take the high bits) */
static inline uint64_t ptr_hash(const void *p) { return ((uintptr_t)p >> 3) * 0x9E3779B97F4A7C15ull; }
/* the bits set in x, without a table (a plain x86-64 build has no popcnt instruction, and
 * __builtin_popcount is then a call into libgcc) */
static inline int bits32(uint32_t x)
{
    x = x - (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    return (int)(((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u >> 24);
}

void buf_init(Buf *b);
void buf_free(Buf *b);
void buf_reset(Buf *b);                       /* len = 0, keeps memory */
void buf_reserve(Buf *b, size_t extra);
void buf_put(Buf *b, const void *p, size_t n);
void buf_putc(Buf *b, char c);
void buf_puts(Buf *b, const char *s);
void buf_printf(Buf *b, const char *fmt, ...) PRINTF_LIKE(2, 3);
void buf_vprintf(Buf *b, const char *fmt, va_list ap);
const char *buf_cstr(Buf *b);                 /* NUL-terminated view */
/* cheap number formatting (fmt.c), byte-identical to printf's %lld, %llu and %.<prec>f */
size_t fmt_llong(char *out, long long v);               /* writes the digits (no NUL); length */
size_t fmt_ullong(char *out, unsigned long long v);
int fmt_fixed(char *out, double v, int prec);           /* "%.*f" for prec 0..9 into >= 48 bytes (no
                                                           NUL); -1 (nothing written) for |v| >= 9.2e18,
                                                           inf, nan or another prec */
int fmt_g17(char *out, double v);                       /* "%.17g" into >= 48 bytes (no NUL) for 0 and
                                                           1e-4 <= |v| < 1e17; -1 otherwise */
void buf_put_llong(Buf *b, long long v);                /* buf_printf(b, "%lld", v) */
void buf_put_fixed(Buf *b, double v, int prec);         /* buf_printf(b, "%.*f", prec, v) */
void buf_fill(Buf *b, char c, size_t n);                /* n times c */

/* Bump allocator: many small allocations freed at once. */
typedef struct ArenaBlock ArenaBlock;
typedef struct Arena {
    ArenaBlock *head;
} Arena;
void *arena_alloc(Arena *a, size_t n);        /* zeroed, 16-byte aligned */
void *arena_alloc_raw(Arena *a, size_t n);    /* the same, not zeroed: a long array written as it
                                                 is made takes memory as it goes */
char *arena_strndup(Arena *a, const char *s, size_t n);
void arena_free(Arena *a);

/* Read a whole file ("-" = stdin).  Returns false and sets errno on failure; more than
 * READ_FILE_MAX bytes is one (errno EFBIG). */
#define READ_FILE_MAX ((size_t)64 << 20)
bool read_file(const char *path, Buf *out);
/* (a program that defers its signals reads its inputs with cleanup_read_file) */
/* The same for a text: it ends at its first NUL byte outside a line comment (kept, for the parser
 * to report), and more than `max` bytes is an error (errno EFBIG). */
bool read_text_file(const char *path, Buf *out, size_t max);
/* Where a text read as a stream ends: at its first NUL byte that is not in a line comment ('//' or
 * ';' before it on its line: compilers' debug-info comments hold NULs, `.byte 0 // ^@`); the parser
 * decides about the rest.  Blocks are given in order to text_nul with one TextNulScan (zeroed at
 * the start of a line): the stopping NUL, or NULL. */
typedef struct TextNulScan { bool comment; char prev; } TextNulScan;
const char *text_nul(TextNulScan *s, const char *p, const char *e);

/* ---- checked output (out.c): every command's report goes through an Out ----
 * out_open(o, NULL or "-") is stdout; a path is written in place when it is a device, pipe or
 * link, else to a temporary file beside it, renamed over it by out_close.  Writes are buffered
 * and checked; the first failure is kept, and out_close prints
 *     <progname>: error: cannot write '<stdout>': No space left on device
 * (or the -o name) and returns false: the command exits 1.  out_abandon drops the output (an
 * error elsewhere): the temporary file is removed, the target untouched. */
typedef struct Out {
    int fd;
    const char *name;             /* for messages: the path, or "<stdout>" */
    char *tmp;                    /* the temporary file renamed over `name`, or NULL */
    int cleanup;                  /* its cleanup_add slot */
    char *buf;
    size_t len;
    bool tty;                     /* a terminal: each out_put goes out at once */
    int err;                      /* the first write error (errno), 0 while none */
} Out;
bool out_open(Out *o, const char *path);      /* false: the error is printed */
void out_put(Out *o, const void *p, size_t n);
void out_puts(Out *o, const char *s);
void out_buf(Out *o, Buf *b);                 /* writes b and empties it */
bool out_close(Out *o);
void out_abandon(Out *o);
/* the whole of b to `path` through an Out (never half-written); false: the error is printed */
bool out_write_file(const char *path, const Buf *b);
/* can `path` be written (its directory exists and is writable, it is not a directory)?  Asked
 * before a long run whose output goes there; false: "cannot write 'path': why" is printed */
bool out_can_write(const char *path);
/* do paths a and b name one regular file (existing, or new: the same name in one directory)?
 * ("-", stdout, and devices such as /dev/null are never the same file) */
bool out_same_file(const char *a, const char *b);
/* for output printed with stdio: flush stdout and check it; on failure print the error and
 * return 1 (or `status` if it is already an error), else `status`.  main() calls it last. */
int out_stdout_check(int status);
/* make sure fds 0, 1, 2 are open (on /dev/null, unusable in their direction, when closed), so
 * no file the program opens becomes one of them; main() calls it first */
void out_std_fds(void);

/* ---- temporary files removed on SIGINT, SIGTERM, SIGHUP (cleanup.c) ----
 * cleanup_add(path) registers a file or a directory and returns its slot, or -1 when it
 * cannot (at most 32 at once, paths under 4096 bytes; then it is not removed on a signal).
 * The first call installs the handlers: they unlink every registered path, then rmdir the
 * registered directories (register the files in one too: a file left keeps it), using only
 * async-signal-safe calls, and re-raise the signal, so the exit status says which (128+n).
 * cleanup_remove(slot) forgets it (after removing or renaming the file yourself).  To leave no
 * window between creating a file and registering it, wrap both in cleanup_block(true) ...
 * cleanup_block(false) (blocks the three signals in the calling thread).
 * Used by out.c for -o temporaries, and by bench for its /tmp/uarch-bench-* files. */
int cleanup_add(const char *path);
void cleanup_remove(int slot);
void cleanup_block(bool block);
/* Deferred mode (a program that reports what it has before it ends, as `uarch bench` sweeps):
 * from cleanup_defer() on, the three signals only set cleanup_pending() (the first signal's
 * number) and are passed on to the child registered with cleanup_child(pid) (0: none; -pgid:
 * a process group, the compiler with the assembler and linker it runs), e.g. the
 * measuring process or the compiler, so it ends at once; the program stops its work, writes its
 * report and calls cleanup_raise(): the registered paths are removed and, if a signal came, the
 * process ends by it (status 128+n); without one it returns.  A forked child that must die by
 * the signals calls cleanup_child_signals() (the default actions back). */
void cleanup_defer(void);
int cleanup_pending(void);
void cleanup_child(long pid);
void cleanup_child_signals(void);
void cleanup_raise(void);
/* read_file for a program that may defer its signals: in deferred mode a signal ends the open
 * or the read (false, errno EINTR; at once when one is pending already), so a FIFO without a
 * writer or a terminal that sends nothing does not hold the program past SIGINT or SIGTERM,
 * with no gap between the check and a blocking call (the signals are blocked but inside
 * pselect).  Not deferred: read_file (the handler ends the process). */
bool cleanup_read_file(const char *path, Buf *out);
/* whether sig is one of the three signals cleanup catches (SIGINT, SIGTERM, SIGHUP) */
bool cleanup_catches(int sig);
/* "SIGINT", "SIGTERM" or "SIGHUP" for the three signals cleanup catches, else "a signal" */
const char *cleanup_signame(int sig);

/* ---- located diagnostics ---- */
/* The one rule for user text echoed in a message or a source line (diag.c): the bytes at s
 * (before e) of one character shown as they are, or 0 when the byte at s is shown as \xNN.
 * Shown: printable ASCII, the tab, a well-formed UTF-8 character ('é': llvm shows a source
 * line's bytes as they are); escaped: control bytes and DEL, the C1 controls U+0080..U+009F
 * (0xc2 0x9b is a CSI) and a byte of no well-formed UTF-8 (a lone 0x9b, 0xe9): none starts an
 * escape sequence on the terminal. */
size_t text_printable(const char *s, const char *e);
/* the n bytes at s to f by that rule (newlines as they are when `newlines`, else \x0a) */
void text_put(FILE *f, const char *s, size_t n, bool newlines);
/* fprintf(stderr, ...) for a message that echoes user text: the whole message by that rule, its
 * newlines as they are (die, warn and bug print theirs so) */
void eprintf(const char *fmt, ...) PRINTF_LIKE(1, 2);
void veprintf(const char *fmt, va_list ap);
typedef struct Diag {
    char file[256];
    int line, col;                            /* 1-based; col 0 = no column */
    int col_end;                              /* the range [col, col_end) underlined "^~~~", or 0 */
    int order_col;                            /* printed after the warnings of its line up to this
                                                 column (said before it), when past col; or 0 */
    char msg[512];
    char src_line[512];                       /* the offending source line, without newline */
    char notes[1536];                         /* notes printed after it (diag_note), or "" */
    int cut;                                  /* the notes (or later errors) that did not fit in
                                                 them: a last note says how many */
    int kind;                                 /* the reporting layer's class of it (diag_set: 0,
                                                 none; a64.h: A64_DIAG_REGION) */
    int cause;                                /* what the error is, for a caller that decides on
                                                 it, never on its words (diag_set: 0, none;
                                                 a64.h: A64_CAUSE_WHOLE ...) */
    bool own;                                 /* file:line are the file's own, not lines of an
                                                 input with files spliced in (diag_use_map) */
} Diag;
/* Fill a Diag.  `line_start` points at the start of the source line (may be NULL). */
void diag_set(Diag *d, const char *file, int line, int col, const char *line_start,
              const char *fmt, ...) PRINTF_LIKE(6, 7);
/* A text read whole (a snippet file, a counter or probe file) that holds a NUL byte: true with
 * "unexpected NUL character" at its line and column in d (its parser, reading C strings, saw
 * nothing after it); false when there is none */
bool diag_text_nul(Diag *d, const char *file, const char *text, size_t len);
/* Append "file:line:col: SEVERITY: msg", the source line and a caret to d's notes: a note, or a
 * second error at the same line (llvm reports some statements twice); severity NULL: d's own,
 * as it is printed (an error, or a warning where the line is skipped) */
void diag_add(Diag *d, const char *severity, const char *file, int line, int col, const char *line_start,
              const char *fmt, ...) PRINTF_LIKE(7, 8);
#define diag_note(d, ...) diag_add(d, "note", __VA_ARGS__)
/* Append the error e after d's notes, as diag_add's second error (its underline and its notes
 * too): a later statement's error on d's line (nop; addd x0; movz x0, #1, lsl #7) */
void diag_append(Diag *d, const Diag *e);
/* a note; `own`: at a line of the file's own (not of an input with files spliced in: Diag.own) */
void diag_note_file(Diag *d, bool own, const char *file, int line, int col, const char *line_start, const char *fmt, ...)
    PRINTF_LIKE(7, 8);
/* Print "file:line:col: <severity>: msg\n<src line>\n<caret>\n". severity: "error" or "warning". */
void diag_print(FILE *f, const Diag *d, const char *severity);

/* ---- a text made of several files (src/util/diag.c) ----
 * An input with the files it `.include`s spliced in (src/asm/include.c): each of its lines
 * maps back to a line of one file, and that file to the line that included it.  Segments in
 * order of the text's lines; `inc` the include that opened a segment's file (-1: the input) */
typedef struct SrcSeg {          /* from text line `line`: file's line fline */
    int line, file, fline, inc;
    char *src;                    /* a segment of one line the text has otherwise (a part of a line
                                     with an `.include` between its statements): as written, or NULL */
} SrcSeg;
typedef struct SrcInc { int file, line, up; } SrcInc;           /* included from file:line, itself from up */
typedef struct SrcMap {
    char **files; int nfiles;
    SrcSeg *seg; int nseg, capseg;
    SrcInc *inc; int ninc, capinc;
} SrcMap;
int srcmap_file(SrcMap *m, const char *name);                     /* its index (names are kept) */
void srcmap_seg(SrcMap *m, int line, int file, int fline, int inc);
int srcmap_inc(SrcMap *m, int file, int line, int up);
/* srcmap_seg of the one line `line`, the file's line [src, src + n) as written (what a
 * diagnostic shows of it); the caller starts the next segment at line + 1 */
void srcmap_seg_src(SrcMap *m, int line, int file, int fline, int inc, const char *src, size_t n);
/* text line `line` (1-based): its file's name and *fline, *inc its include (-1: the input's
 * own line); NULL when the map has no segment for it */
const char *srcmap_locate(const SrcMap *m, int line, int *fline, int *inc);
void srcmap_free(SrcMap *m);
/* while set (m not NULL), diagnostics of `file` are printed at the files and lines m maps
 * their lines to, after llvm's "Included from file:line:" lines (one input per process: the
 * run's; NULL ends it) */
void diag_use_map(const char *file, const SrcMap *m);

/* ---- TSV (tab-separated, '#' comment lines before the header are skipped) ---- */
typedef struct Tsv {
    const char *path;
    char *text;              /* owned copy of the file */
    char **cells;            /* current row's cells (pointers into text) */
    int ncells, cap;
    int line;                /* 1-based line number of the current row */
    char *cursor;
    char **header;           /* header cells */
    int nheader;
} Tsv;
/* Open and read the header.  Returns false with a Diag on failure. */
bool tsv_open(Tsv *t, const char *path, Diag *err);
bool tsv_open_text(Tsv *t, const char *path, const char *text, size_t len, Diag *err);
/* Next data row; returns false at end of file. */
bool tsv_next(Tsv *t);
/* Index of a header column, or -1. */
int tsv_col(const Tsv *t, const char *name);
const char *tsv_get(const Tsv *t, int col);   /* "" when the row is short */
void tsv_close(Tsv *t);

/* ---- JSON writer (pretty-printed, 2-space indent, like llvm-mca -json) ---- */
typedef struct Json {
    Buf *out;
    int depth;
    bool need_comma[64];
    bool after_key;
    bool pretty;
} Json;
void json_init(Json *j, Buf *out, bool pretty);
void json_obj_begin(Json *j);
void json_obj_end(Json *j);
void json_arr_begin(Json *j);
void json_arr_end(Json *j);
void json_key(Json *j, const char *key);
void json_str(Json *j, const char *s);
void json_strn(Json *j, const char *s, size_t n);
void json_int(Json *j, long long v);
void json_uint(Json *j, unsigned long long v);
void json_num(Json *j, double v);            /* shortest round-trip-ish (%.17g trimmed) */
void json_numf(Json *j, const char *fmt, double v);  /* explicit format, e.g. "%.2f" */
void json_bool(Json *j, bool v);
void json_null(Json *j);
/* key + value shortcuts */
void json_kstr(Json *j, const char *k, const char *v);
void json_kint(Json *j, const char *k, long long v);
void json_knum(Json *j, const char *k, double v);
void json_kbool(Json *j, const char *k, bool v);
void json_knull(Json *j, const char *k);

/* ---- statistics ---- */
double stats_median(double *v, size_t n);     /* sorts v in place; NaN when n == 0 */
double stats_min(const double *v, size_t n);
double stats_max(const double *v, size_t n);
double stats_mean(const double *v, size_t n);
double stats_quantile(double *v, size_t n, double q);   /* sorts v in place, linear interp */
double stats_mad(double *v, size_t n);        /* median absolute deviation; sorts v */

/* ---- small string helpers ---- */
bool str_starts(const char *s, const char *prefix);
bool str_ends(const char *s, const char *suffix);
bool str_ieq(const char *a, const char *b);   /* ASCII case-insensitive equality */
/* c in ASCII lowercase (the C locale's tolower, with no table and whatever the locale) */
static inline char ascii_lower(char c) { return (char)(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c); }
/* the n bytes at s in ASCII lowercase into d (d may be s) */
static inline void ascii_lower_n(char *d, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) d[i] = ascii_lower(s[i]);
}

/* ---- hashing ---- */
/* 32-bit FNV-1a, for the lookup tables (symbols, interned strings, names, forms): the values
 * choose slots only, but a generator (tools/gen-models.c) and the running code must agree */
#define FNV1A_SEED 2166136261u
static inline uint32_t fnv1a_step(uint32_t h, char c) { return (h ^ (uint8_t)c) * 16777619u; }
/* of the n bytes at s */
static inline uint32_t fnv1a(const char *s, size_t n)
{
    uint32_t h = FNV1A_SEED;
    for (size_t i = 0; i < n; i++) h = fnv1a_step(h, s[i]);
    return h;
}
/* of the n bytes at s in ASCII lowercase (a table of case-folded names) */
static inline uint32_t fnv1a_lower(const char *s, size_t n)
{
    uint32_t h = FNV1A_SEED;
    for (size_t i = 0; i < n; i++) h = fnv1a_step(h, ascii_lower(s[i]));
    return h;
}
/* of a NUL-terminated string */
static inline uint32_t fnv1a_str(const char *s)
{
    uint32_t h = FNV1A_SEED;
    for (; *s; s++) h = fnv1a_step(h, *s);
    return h;
}

#endif
