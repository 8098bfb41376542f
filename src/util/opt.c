/* opt.c — numeric option values parsed in one place, checked against the option's range
 * (see opt.h). */
#include "util/opt.h"
#include "util/svg.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const kind_name[] = {"an integer", "a number", "a count", "a size"};

void opt_value_text(OptType t, double v, char *out, size_t n)
{
    if (t == OPT_SIZE)
        svg_fmt_bytes(out, n, v);
    else if (t == OPT_REAL || v != floor(v))
        snprintf(out, n, "%g", v);
    else
        snprintf(out, n, "%.0f", v);
}

void opt_range_text(OptRange r, char *out, size_t n)
{
    char a[32], b[32];
    opt_value_text(r.type, r.lo, a, sizeof a);
    opt_value_text(r.type, r.hi, b, sizeof b);
    snprintf(out, n, "%s .. %s", a, b);
}

/* The user's text for a message: at most 40 characters, escaped as text_printable says (never
 * echo escape sequences to a terminal). */
void opt_quote(const char *v, char *out, size_t n)
{
    size_t k = 0;
    const char *end = v + strlen(v);
    for (const char *p = v; *p && k + 8 < n; ) {
        if (p - v >= 40) {
            k += (size_t)snprintf(out + k, n - k, "...");
            break;
        }
        size_t c = text_printable(p, end);
        if (c)
            memcpy(out + k, p, c), k += c;
        else
            k += (size_t)snprintf(out + k, n - k, "\\x%02x", (unsigned char)*p);
        p += c ? c : 1;
    }
    out[k] = 0;
}

bool opt_list_name(const char *what, const char *s, size_t n, size_t max, char *why, size_t whysz)
{
    char q[200], t[48];
    snprintf(t, sizeof t, "%.*s", (int)(n < sizeof t - 1 ? n : sizeof t - 1), s);
    opt_quote(t, q, sizeof q);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f) {
            snprintf(why, whysz, "%s '%s' holds the control character \\x%02x", what, q, (unsigned char)s[i]);
            return false;
        }
    if (n >= max) {
        snprintf(why, whysz, "%s '%s' is longer than %zu characters", what, q, max - 1);
        return false;
    }
    return true;
}

bool opt_once_add(OptOnce *o, const char *text, const char *key, char *err, size_t errsz)
{
    for (int k = 0; k < o->n; k++)
        if (strcmp(o->key[2 * k], key) == 0) {
            const char *first = o->key[2 * k + 1];
            char q[200], qf[200];
            opt_quote(text, q, sizeof q);
            opt_quote(first, qf, sizeof qf);
            snprintf(err, errsz, "option '%s': '%s' is given twice%s%s%s: %s", o->opt, q,
                     strcmp(text, first) ? " (as '" : "", strcmp(text, first) ? qf : "",
                     strcmp(text, first) ? "')" : "", o->why);
            return false;
        }
    if (o->n == o->cap)
        o->key = xrealloc(o->key, (size_t)(o->cap = o->cap * 2 + 8) * 2 * sizeof *o->key);
    o->key[2 * o->n] = xstrdup(key);
    o->key[2 * o->n++ + 1] = xstrdup(text);
    return true;
}

void opt_once_free(OptOnce *o)
{
    for (int k = 0; k < 2 * o->n; k++)
        free(o->key[k]);
    free(o->key);
    o->key = NULL;
    o->n = o->cap = 0;
}

/* The multiplier of a K/M/G/T suffix (and an optional B, iB) at *end, advancing it; 0 when the
 * rest is not one. */
static double suffix(const char **end, bool size)
{
    const char *e = *end;
    double mul = 1;
    switch (*e) {
    case 'k': case 'K': mul = 1024.0; break;
    case 'm': case 'M': mul = 1048576.0; break;
    case 'g': case 'G': mul = 1073741824.0; break;
    case 't': case 'T': mul = 1099511627776.0; break;
    default: break;
    }
    if (mul > 1)
        e++;
    if (size) {
        if (mul > 1 && (e[0] == 'i' || e[0] == 'I') && e[1] == 'B')
            e += 2;
        else if (*e == 'B' || (mul > 1 && *e == 'b'))
            e++;
    }
    *end = e;
    return *e ? 0 : mul;
}

/* the radix of integer text u (its sign already passed) as llvm's options read it: 0x hex, 0b
 * binary, 0o or a leading 0 octal (llvm-mca -iterations=010 is 8), else 10; *skip: the prefix's
 * length */
static int int_radix(const char *u, int *skip)
{
    *skip = 2;
    if (u[0] != '0') return *skip = 0, 10;
    if (u[1] == 'x' || u[1] == 'X') return 16;
    if (u[1] == 'b' || u[1] == 'B') return 2;
    if (u[1] == 'o' || u[1] == 'O') return 8;
    if (isdigit((unsigned char)u[1])) return *skip = 1, 8;
    return *skip = 0, 10;
}

bool opt_llvm_int_text(const char *v, bool is_signed)
{
    int skip, base = int_radix(v + (is_signed && *v == '-'), &skip);
    const char *p = v + (is_signed && *v == '-') + skip;
    if (!*p)
        return false;
    for (; *p; p++) {
        int d = isdigit((unsigned char)*p) ? *p - '0' : isxdigit((unsigned char)*p) ? tolower((unsigned char)*p) - 'a' + 10 : 99;
        if (d >= base)
            return false;
    }
    return true;
}

bool opt_uint_text(const char *v, unsigned long long *out)
{
    if (!opt_llvm_int_text(v, false))
        return false;
    int skip, base = int_radix(v, &skip);
    errno = 0;
    *out = strtoull(v + skip, NULL, base);
    return errno == 0;
}

/* the integer text of an OPT_INT or OPT_COUNT value, as opt_llvm_int_text reads it (a '-' only
 * where the range has negative numbers; a count may end in K, M, G or T): true with *x set
 * (HUGE_VAL past 64 bits) */
static bool parse_integer(const char *v, OptRange r, double *x)
{
    size_t n = strlen(v);
    double mul = 1;
    if (r.type == OPT_COUNT && n > 1) {
        const char *e = v + n - 1;
        if ((mul = suffix(&e, false)) > 1)
            n--;
        else
            mul = 1;
    }
    char *t = xstrndup(v, n);
    bool neg = *t == '-' && r.lo < 0;
    unsigned long long m = 0;
    bool ok = opt_llvm_int_text(t, r.lo < 0), big = ok && !opt_uint_text(t + neg, &m);
    free(t);
    if (!ok)
        return false;
    *x = (big ? HUGE_VAL : (double)m) * mul;
    if (neg)
        *x = -*x;
    return true;
}

/* a real or a size: decimal digits with an optional '-', fraction and exponent (no '+', blank,
 * hex, nan or inf); a size may end in a K/M/G/T suffix and B / iB: true with *x set */
static bool parse_decimal(const char *v, OptRange r, double *x)
{
    bool digits = false;
    const char *p = v + (*v == '-');
    for (; *p && (isdigit((unsigned char)*p) || strchr(".eE-+", *p)); p++)
        digits |= isdigit((unsigned char)*p) != 0;
    if (!digits || *v == '+' || isspace((unsigned char)*v) || (v[0] == '0' && (v[1] == 'x' || v[1] == 'X')))
        return false;
    char *end;
    errno = 0;
    *x = strtod(v, &end);
    if (end == v || (!isfinite(*x) && errno != ERANGE))
        return false;    /* (overflow, 1e999, is HUGE_VAL: out of range below) */
    const char *rest = end;
    double mul = r.type == OPT_SIZE ? suffix(&rest, true) : *rest ? 0 : 1;
    if (mul == 0)
        return false;
    *x *= mul;
    return true;
}

bool opt_number_text(const char *v, OptType t, double *x)
{
    OptRange r = {t, t == OPT_INT || t == OPT_REAL ? -1 : 0, 0};
    return t == OPT_INT || t == OPT_COUNT ? parse_integer(v, r, x) : parse_decimal(v, r, x);
}

/* value's number for `what` ("option '-max'", "$UARCH_MCA_CHUNK_LINES"): one reading of numbers
 * for every option, as opt.h says */
static bool parse_num(const char *what, const char *value, OptRange r, double *out, char *err, size_t errsz)
{
    char range[80], q[200];
    const char *v = value ? value : "";
    opt_range_text(r, range, sizeof range);
    double x = NAN;
    bool ok = r.type == OPT_INT || r.type == OPT_COUNT ? parse_integer(v, r, &x) : parse_decimal(v, r, &x);
    if (!ok) {
        opt_quote(v, q, sizeof q);
        snprintf(err, errsz, "%s: '%s' is not %s (%s%s)", what, q, kind_name[r.type], range,
                 r.type == OPT_COUNT || r.type == OPT_SIZE ? "; K, M, G suffixes" : "");
        return false;
    }
    if (!(x >= r.lo && x <= r.hi)) {
        opt_quote(v, q, sizeof q);
        snprintf(err, errsz, "%s: %s is out of range (%s)", what, q, range);
        return false;
    }
    if (r.type != OPT_REAL && x != floor(x)) {
        opt_quote(v, q, sizeof q);
        snprintf(err, errsz, "%s: %s is not a whole number%s (%s)", what, q,
                 r.type == OPT_SIZE ? " of bytes" : "", range);
        return false;
    }
    *out = x;
    return true;
}

bool opt_parse(const char *name, const char *value, OptRange r, double *out, char *err, size_t errsz)
{
    char what[200];
    snprintf(what, sizeof what, "option '%.150s'", name);
    return parse_num(what, value, r, out, err, errsz);
}

bool opt_env(const char *var, OptRange r, double *out, char *err, size_t errsz)
{
    const char *v = getenv(var);
    if (!v || !*v)
        return true;
    char what[200];
    snprintf(what, sizeof what, "$%.150s", var);
    return parse_num(what, v, r, out, err, errsz);
}

bool opt_env_bool(const char *var, bool *on, char *err, size_t errsz)
{
    static const char *const words[] = {"0", "false", "no", "off", "1", "true", "yes", "on"};
    const char *v = getenv(var);
    *on = false;
    if (!v || !*v)
        return true;
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (!strcasecmp(v, words[i])) {
            *on = i >= 4;
            return true;
        }
    char q[200];
    opt_quote(v, q, sizeof q);
    snprintf(err, errsz, "$%.150s: '%s' is not a boolean (1, true, yes, on; 0, false, no, off)", var, q);
    return false;
}

bool opt_parse_ll(const char *name, const char *value, OptRange r, long long *out, char *err, size_t errsz)
{
    double x;
    if (r.type == OPT_REAL)
        r.type = OPT_INT;
    if (!opt_parse(name, value, r, &x, err, errsz))
        return false;
    *out = (long long)x;
    return true;
}

bool opt_parse_int(const char *name, const char *value, OptRange r, int *out, char *err, size_t errsz)
{
    long long x;
    if (r.hi > 2147483647.0)
        r.hi = 2147483647.0;
    if (r.lo < -2147483648.0)
        r.lo = -2147483648.0;
    if (!opt_parse_ll(name, value, r, &x, err, errsz))
        return false;
    *out = (int)x;
    return true;
}

int opt_cpu_list(const char *s, void (*each)(int cpu, void *ctx), void *ctx)
{
    int n = 0;
    while (*s && *s != '\n') {
        char *e;
        long a = strtol(s, &e, 10), z = a;
        if (e == s || a < 0)
            return -1;
        if (*e == '-') {
            const char *zs = e + 1;
            z = strtol(zs, &e, 10);
            if (e == zs || z < a)
                return -1;
        }
        for (long c = a; c <= z; c++, n++)
            if (each)
                each((int)c, ctx);
        if (*e == ',')
            e++;
        else if (*e && *e != '\n')
            return -1;
        s = e;
    }
    return n;
}

bool opt_word(const char *arg, OptWord *w)
{
    if (arg[0] != '-' || arg[1] == 0)
        return false;
    w->dashes = arg[1] == '-' ? 2 : 1;
    w->name = arg + w->dashes;
    const char *eq = strchr(w->name, '=');
    w->len = eq ? (size_t)(eq - w->name) : strlen(w->name);
    w->value = eq ? eq + 1 : NULL;
    return true;
}

bool opt_word_is(const OptWord *w, const char *name)
{
    return strlen(name) == w->len && strncmp(name, w->name, w->len) == 0;
}

/* whether a is a word opt_split_eq splits: "-name=value", name as opt.h says */
static bool split_word(const char *a, OptWord *w)
{
    if (!opt_word(a, w) || w->dashes != 1 || !w->value || !isalpha((unsigned char)w->name[0]))
        return false;
    for (size_t k = 0; k < w->len; k++)
        if (!isalnum((unsigned char)w->name[k]) && w->name[k] != '_' && w->name[k] != '-')
            return false;
    return true;
}

/* the vector opt_split_eq made last, and for each of its words the word it split, or NULL */
static char **split_last, **split_orig;
static int split_n;

char **opt_split_eq(int *argc, char **argv)
{
    size_t words = (size_t)*argc + 1, bytes = 0;
    OptWord w;
    for (int i = 0; i < *argc; i++)
        if (split_word(argv[i], &w))
            words++, bytes += w.len + 2;
    char **out = xmalloc(2 * words * sizeof *out + bytes), **orig = out + words;
    char *names = (char *)(orig + words);
    int n = 0;
    for (int i = 0; i < *argc; i++) {
        if (!split_word(argv[i], &w)) {
            orig[n] = NULL;
            out[n++] = argv[i];
            continue;
        }
        names[0] = '-';
        memcpy(names + 1, w.name, w.len);
        names[w.len + 1] = 0;
        orig[n] = NULL;
        out[n++] = names;
        orig[n] = argv[i];
        out[n++] = argv[i] + (w.value - argv[i]);
        names += w.len + 2;
    }
    out[n] = NULL;
    *argc = n;
    split_last = out, split_orig = orig, split_n = n;
    return out;
}

void opt_split_free(char **split)
{
    if (split && split == split_last)
        split_last = split_orig = NULL, split_n = 0;
    free(split);
}

const char *opt_split_origin(char **argv, int i)
{
    return argv && argv == split_last && i >= 0 && i < split_n ? split_orig[i] : NULL;
}

void opt_no_value(const char *opt, const char *word, char *err, size_t n)
{
    snprintf(err, n, "option '%s' takes no value ('%s')", opt, word);
}

bool opt_split_no_value(char **argv, int i, char *err, size_t n)
{
    const char *word = opt_split_origin(argv, i);
    if (!word || i < 1)
        return false;
    opt_no_value(argv[i - 1], word, err, n);
    return true;
}
