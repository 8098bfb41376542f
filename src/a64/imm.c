/* imm.c — which immediates an instruction can encode (Arm ARM: DecodeBitMasks, VFPExpandImm,
 * MOVZ/MOVN, AdvSIMDExpandImm).  Used by match.c to accept or reject an operand: an immediate
 * the encoding cannot represent is an error, never silently rounded.
 */
#include "a64/internal.h"

/* logical immediate: a 2/4/8/16/32/64-bit element, replicated, holding a rotated run of ones
 * (neither all zeros nor all ones) */
bool a64_bitmask_ok(uint64_t v, int bits)
{
    return a64_bitmask_encode(v, bits) >= 0;
}

/* VFPExpandImm: +-(16+f)/16 * 2^r, f in 0..15, r in -3..4 */
bool a64_fp8_ok(double v)
{
    if (v < 0) v = -v;
    for (int r = -3; r <= 4; r++)
        for (int f = 0; f < 16; f++) {
            double x = (16.0 + f) / 16.0;
            x = r >= 0 ? x * (double)(1 << r) : x / (double)(1 << -r);
            if (x == v) return true;
        }
    return false;
}

bool a64_movz_ok(uint64_t v, int bits)
{
    if (bits == 32) v &= 0xffffffffu;
    for (int s = 0; s < bits; s += 16)
        if ((v & ~((uint64_t)0xffff << s)) == 0) return true;
    return false;
}

bool a64_bytemask_ok(uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        unsigned b = (unsigned)(v >> (8 * i)) & 0xff;
        if (b != 0 && b != 0xff) return false;
    }
    return true;
}

/* the N:immr:imms fields of a logical immediate: element e, x = the element rotated right by
 * immr from a run of `ones` ones at the bottom */
int a64_bitmask_encode(uint64_t v, int bits)
{
    if (bits == 32) {
        if (v >> 32 && (v >> 32) != 0xffffffffu) return -1;
        v &= 0xffffffffu;
        v |= v << 32;
    }
    if (v == 0 || v == ~(uint64_t)0) return -1;
    for (int e = 2; e <= 64; e *= 2) {
        uint64_t mask = e == 64 ? ~(uint64_t)0 : (((uint64_t)1 << e) - 1);
        uint64_t x = v & mask;
        bool rep = true;
        for (int s = e; s < 64; s += e)
            if (((v >> s) & mask) != x) { rep = false; break; }
        if (!rep) continue;
        for (int r = 0; r < e; r++) {
            uint64_t y = r ? (((x >> r) | (x << (e - r))) & mask) : x;
            if (y && y != mask && (y & (y + 1)) == 0) {
                int ones = 0;
                while (y >> ones & 1) ones++;
                int immr = (e - r) % e;
                int imms = (int)((~(unsigned)(2 * e - 1)) & 0x3f) | (ones - 1);
                return (e == 64) << 12 | immr << 6 | imms;
            }
        }
        return -1;
    }
    return -1;
}

/* VFPExpandImm: the value of the 8-bit code abcdefgh: sign a, exponent bcd (n < 4: 2^(n+1),
 * else 2^(n-7)), fraction efgh */
double a64_fp8_value(int code)
{
    int n = code >> 4 & 7, f = code & 15;
    int e = n < 4 ? n + 1 : n - 7;
    double x = (16.0 + f) / 16.0;
    x = e >= 0 ? x * (double)(1 << e) : x / (double)(1 << -e);
    return code & 0x80 ? -x : x;
}

/* VFPExpandImm inverted */
int a64_fp8_encode(double v)
{
    for (int code = 0; code < 256; code++)
        if (a64_fp8_value(code) == v) return code;
    return -1;
}
