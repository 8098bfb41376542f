/* imm.c — which immediates an instruction can encode (Arm ARM: DecodeBitMasks, VFPExpandImm,
 * MOVZ/MOVN, AdvSIMDExpandImm).  Used by match.c to accept or reject an operand: an immediate
 * the encoding cannot represent is an error, never silently rounded.
 */
#include "a64/internal.h"

/* logical immediate: a 2/4/8/16/32/64-bit element, replicated, holding a rotated run of ones
 * (neither all zeros nor all ones) */
bool a64_bitmask_ok(uint64_t v, int bits)
{
    if (bits == 32) {
        if (v >> 32 && (v >> 32) != 0xffffffffu) return false;
        v &= 0xffffffffu;
        v |= v << 32;
    }
    if (v == 0 || v == ~(uint64_t)0) return false;
    for (int e = 2; e <= 64; e *= 2) {
        uint64_t mask = e == 64 ? ~(uint64_t)0 : (((uint64_t)1 << e) - 1);
        uint64_t x = v & mask;
        bool rep = true;
        for (int s = e; s < 64; s += e)
            if (((v >> s) & mask) != x) { rep = false; break; }
        if (!rep) continue;
        for (int r = 0; r < e; r++) {
            uint64_t y = r ? (((x >> r) | (x << (e - r))) & mask) : x;
            if (y && y != mask && (y & (y + 1)) == 0) return true;   /* 0..01..1 */
        }
        return false;
    }
    return false;
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
