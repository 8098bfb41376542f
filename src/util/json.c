/* json.c — a streaming JSON writer.  Pretty output uses llvm-mca's layout (2-space indent,
 * "key": value), so our -json can be diffed against llvm-mca's. */
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void json_init(Json *j, Buf *out, bool pretty)
{
    memset(j, 0, sizeof *j);
    j->out = out;
    j->pretty = pretty;
}

static void newline(Json *j)
{
    if (!j->pretty)
        return;
    size_t n = 1 + 2 * (size_t)(j->depth > 0 ? j->depth : 0);
    buf_reserve(j->out, n);
    char *p = j->out->data + j->out->len;
    p[0] = '\n';
    memset(p + 1, ' ', n - 1);
    j->out->len += n;
    j->out->data[j->out->len] = 0;
}

/* Called before every value or key. */
static void pre_value(Json *j)
{
    if (j->after_key) {
        j->after_key = false;
        return;
    }
    if (j->depth > 0) {
        if (j->need_comma[j->depth])
            buf_putc(j->out, ',');
        j->need_comma[j->depth] = true;
        newline(j);
    }
}

static void open(Json *j, char c)
{
    pre_value(j);
    buf_putc(j->out, c);
    if (j->depth + 1 >= (int)ARRAY_LEN(j->need_comma))
        bug("json nesting too deep");
    j->depth++;
    j->need_comma[j->depth] = false;
}

static void close(Json *j, char c)
{
    bool had = j->need_comma[j->depth];
    j->depth--;
    if (had)
        newline(j);
    buf_putc(j->out, c);
    if (j->depth == 0 && j->pretty)
        buf_putc(j->out, '\n');
}

void json_obj_begin(Json *j) { open(j, '{'); }
void json_obj_end(Json *j) { close(j, '}'); }
void json_arr_begin(Json *j) { open(j, '['); }
void json_arr_end(Json *j) { close(j, ']'); }

/* the length of the well-formed UTF-8 sequence at s[0..n) that starts with a byte >= 0x80, or
 * 0 (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF) */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    unsigned lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80, hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t k = 2; k < len; k++)
        if (s[k] < 0x80 || s[k] > 0xbf)
            return 0;
    return len;
}

/* a JSON string: JSON is UTF-8, so a byte that is not part of a well-formed sequence (a file
 * name or a region name in another encoding) becomes U+FFFD, as llvm's JSON writer makes it */
static void put_escaped(Buf *b, const char *s, size_t n)
{
    /* the common case: nothing to escape */
    size_t i = 0;
    while (i < n && (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x80 && s[i] != '"' && s[i] != '\\')
        i++;
    if (i == n) {
        buf_reserve(b, n + 2);
        char *p = b->data + b->len;
        p[0] = '"';
        memcpy(p + 1, s, n);
        p[n + 1] = '"';
        b->len += n + 2;
        b->data[b->len] = 0;
        return;
    }
    buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"': buf_puts(b, "\\\""); break;
        case '\\': buf_puts(b, "\\\\"); break;
        case '\n': buf_puts(b, "\\n"); break;
        case '\t': buf_puts(b, "\\t"); break;
        case '\r': buf_puts(b, "\\r"); break;
        default:
            if (c < 0x20) {
                buf_printf(b, "\\u%04x", c);
            } else if (c < 0x80) {
                buf_putc(b, (char)c);
            } else {
                size_t len = utf8_len((const unsigned char *)s + i, n - i);
                if (len) {
                    buf_put(b, s + i, len);
                    i += len - 1;
                } else {
                    buf_puts(b, "\\ufffd");
                }
            }
        }
    }
    buf_putc(b, '"');
}

void json_key(Json *j, const char *key)
{
    pre_value(j);
    put_escaped(j->out, key, strlen(key));
    buf_puts(j->out, j->pretty ? ": " : ":");
    j->after_key = true;
}

void json_strn(Json *j, const char *s, size_t n) { pre_value(j); put_escaped(j->out, s, n); }
void json_str(Json *j, const char *s)
{
    if (!s) { json_null(j); return; }
    json_strn(j, s, strlen(s));
}
void json_int(Json *j, long long v) { pre_value(j); buf_put_llong(j->out, v); }
void json_uint(Json *j, unsigned long long v)
{
    pre_value(j);
    buf_reserve(j->out, 24);
    j->out->len += fmt_ullong(j->out->data + j->out->len, v);
    j->out->data[j->out->len] = 0;
}
void json_bool(Json *j, bool v) { pre_value(j); buf_puts(j->out, v ? "true" : "false"); }
void json_null(Json *j) { pre_value(j); buf_puts(j->out, "null"); }

void json_num(Json *j, double v)
{
    pre_value(j);
    if (!isfinite(v)) {
        buf_puts(j->out, "null");
        return;
    }
    if (v == (double)(long long)v && fabs(v) < 1e15) {
        buf_put_llong(j->out, (long long)v);
        return;
    }
    char tmp[64];
    for (int prec = 6; prec <= 17; prec++) {   /* shortest that round-trips */
        snprintf(tmp, sizeof tmp, "%.*g", prec, v);
        if (strtod(tmp, NULL) == v)
            break;
    }
    buf_puts(j->out, tmp);
}

void json_numf(Json *j, const char *fmt, double v)
{
    pre_value(j);
    if (!isfinite(v)) {
        buf_puts(j->out, "null");
        return;
    }
    if (!strcmp(fmt, "%.17g")) {
        buf_reserve(j->out, 48);
        int n = fmt_g17(j->out->data + j->out->len, v);
        if (n >= 0) {
            j->out->len += (size_t)n;
            j->out->data[j->out->len] = 0;
            return;
        }
    }
    buf_printf(j->out, fmt, v);
}

void json_kstr(Json *j, const char *k, const char *v) { json_key(j, k); json_str(j, v); }
void json_kint(Json *j, const char *k, long long v) { json_key(j, k); json_int(j, v); }
void json_knum(Json *j, const char *k, double v) { json_key(j, k); json_num(j, v); }
void json_kbool(Json *j, const char *k, bool v) { json_key(j, k); json_bool(j, v); }
void json_knull(Json *j, const char *k) { json_key(j, k); json_null(j); }
