/* x86regs.h — the x86-64 register names (src/bench/x86regs.tsv, sources in its header), turned
 * into bench_x86regs[] at build time by tools/gen-table.c -S (see bench.mk): sorted by name
 * ignoring case, for bsearch. */
#ifndef BENCH_X86REGS_H
#define BENCH_X86REGS_H

typedef struct BenchX86Reg {
    const char *name, *kind;             /* kind: gpr, ip, mmx, vec, mask */
    int bits;
} BenchX86Reg;
extern const BenchX86Reg bench_x86regs[];
extern const int bench_x86regs_count;

#endif
