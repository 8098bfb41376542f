/* fmt.c — cheap number formatting for the large text outputs, byte-identical to printf's
 * "%lld" / "%llu" and "%.Nf" (the latter: the exact binary value rounded half to even, as glibc
 * does in the default rounding mode; huge or non-finite values go to snprintf). */
#include "util/util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

size_t fmt_ullong(char *out, unsigned long long v)
{
    char tmp[24];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (size_t i = 0; i < n; i++)
        out[i] = tmp[n - 1 - i];
    return n;
}

size_t fmt_llong(char *out, long long v)
{
    if (v < 0) {
        out[0] = '-';
        return 1 + fmt_ullong(out + 1, 0ull - (unsigned long long)v);
    }
    return fmt_ullong(out, (unsigned long long)v);
}

static const unsigned long long pow10_tab[10] = {1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull,
                                                 1000000ull, 10000000ull, 100000000ull, 1000000000ull};

int fmt_fixed(char *out, double v, int prec)
{
    if (prec < 0 || prec > 9 || !isfinite(v) || fabs(v) >= 9.2e18)
        return -1;
    /* v = m * 2^e exactly, from its bits (a subnormal has no implicit bit) */
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    bool neg = bits >> 63;
    int bexp = (int)(bits >> 52 & 0x7ff);
    unsigned long long m = bits & ((1ull << 52) - 1);
    int e;
    if (bexp) {
        m |= 1ull << 52;
        e = bexp - 1075;
    } else {
        e = -1074;
    }
    unsigned __int128 q = (unsigned __int128)m * pow10_tab[prec];
    if (m == 0) {
        q = 0;
    } else if (e >= 0) {
        q <<= e;                                /* v < 2^63: fits */
    } else if (-e >= 127) {
        q = 0;                                  /* below half a unit of the last place */
    } else {
        int sh = -e;
        unsigned __int128 one = 1;
        unsigned __int128 rem = q & ((one << sh) - 1), half = one << (sh - 1);
        q >>= sh;
        if (rem > half || (rem == half && (q & 1)))
            q++;
    }
    /* digits of q, at least prec + 1 (in 64 bits when it fits: no 128-bit division) */
    char tmp[48];
    int nd = 0;
    if (q >> 64 == 0) {
        unsigned long long q64 = (unsigned long long)q;
        while (q64 > 0 || nd < prec + 1) {
            tmp[nd++] = (char)('0' + (int)(q64 % 10));
            q64 /= 10;
        }
    } else {
        while (q > 0 || nd < prec + 1) {
            tmp[nd++] = (char)('0' + (int)(q % 10));
            q /= 10;
        }
    }
    int len = 0;
    if (neg)
        out[len++] = '-';
    for (int i = nd - 1; i >= prec; i--)
        out[len++] = tmp[i];
    if (prec > 0) {
        out[len++] = '.';
        for (int i = prec - 1; i >= 0; i--)
            out[len++] = tmp[i];
    }
    return len;
}

/* round(a * 10^k) (half to even) for finite a >= 0, 0 <= k <= 20, a * 10^k < 2^127 assumed small
 * enough by the caller (a < 2^64) */
static unsigned __int128 scaled_round(double a, int k)
{
    int ex = 0;
    double fr = frexp(a, &ex);
    unsigned long long m = (unsigned long long)ldexp(fr, 53);
    int e = ex - 53;
    unsigned __int128 p10 = 1;
    for (int i = 0; i < k; i++)
        p10 *= 10;
    unsigned __int128 q = (unsigned __int128)m * p10;   /* < 2^53 * 2^67 */
    if (e >= 0)
        return q << e;                   /* the caller keeps this below 2^127 */
    if (-e >= 127)
        return 0;
    int sh = -e;
    unsigned __int128 one = 1, rem = q & ((one << sh) - 1), half = one << (sh - 1);
    q >>= sh;
    if (rem > half || (rem == half && (q & 1)))
        q++;
    return q;
}

int fmt_g17(char *out, double v)
{
    if (!isfinite(v))
        return -1;
    bool neg = signbit(v);
    double a = fabs(v);
    int len = 0;
    if (neg)
        out[len++] = '-';
    if (a == 0) {
        out[len++] = '0';
        return len;
    }
    if (!(a >= 1e-4 && a < 1e17))
        return -1;
    /* X: the decimal exponent of a rounded to 17 digits; q: those 17 digits */
    int x = (int)floor(log10(a));
    x = x < -4 ? -4 : x > 16 ? 16 : x;   /* log10 may be off by one near powers of ten */
    unsigned __int128 lo = 10000000000000000ull, hi = (unsigned __int128)lo * 10, q = 0;
    for (int tries = 0;; tries++) {
        if (x < -4 || x > 16 || tries > 3)
            return -1;
        q = scaled_round(a, 16 - x);
        if (q >= hi)
            x++;
        else if (q < lo)
            x--;
        else
            break;
    }
    char d[17];
    for (int i = 16; i >= 0; i--) {
        d[i] = (char)('0' + (int)(q % 10));
        q /= 10;
    }
    int nd = 17;
    int intd = x >= 0 ? x + 1 : 0;       /* digits before the point */
    while (nd > intd && d[nd - 1] == '0')
        nd--;                            /* %g drops trailing zeros of the fraction */
    if (x >= 0) {
        for (int i = 0; i < intd; i++)
            out[len++] = d[i];
        if (nd > intd) {
            out[len++] = '.';
            for (int i = intd; i < nd; i++)
                out[len++] = d[i];
        }
    } else {
        out[len++] = '0';
        out[len++] = '.';
        for (int i = 0; i < -x - 1; i++)
            out[len++] = '0';
        for (int i = 0; i < nd; i++)
            out[len++] = d[i];
    }
    return len;
}

void buf_put_llong(Buf *b, long long v)
{
    buf_reserve(b, 24);
    b->len += fmt_llong(b->data + b->len, v);
    b->data[b->len] = 0;
}

void buf_put_fixed(Buf *b, double v, int prec)
{
    buf_reserve(b, 48);
    int n = fmt_fixed(b->data + b->len, v, prec);
    if (n < 0) {
        buf_printf(b, "%.*f", prec, v);
        return;
    }
    b->len += (size_t)n;
    b->data[b->len] = 0;
}

void buf_fill(Buf *b, char c, size_t n)
{
    buf_reserve(b, n);
    memset(b->data + b->len, c, n);
    b->len += n;
    b->data[b->len] = 0;
}
