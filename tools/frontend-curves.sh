#!/usr/bin/env bash
# tools/frontend-curves.sh [UARCH] — the seed-004 front-end curves (../shared/seeds/004, "前端")
# reproduced by `uarch mca` on kernels written as a user would (labels, .p2align, .skip, a
# back-edge b), one line per point: "curve cpu x value".  tests/sh/frontend-curves.sh compares
# the output with tests/sh/frontend-curves.expected (the golden curves, their knees noted there).
#   fetch      cycles per iteration (1000 iterations, as the seed's "many") of a loop of 1 + N NOPs
#              and the back-edge b whose first NOP is the last instruction of a 16 KiB page
#              ("cross") or at the start of one ("aligned")
#   nop-ipc    IPC of a loop of NOPs over its footprint (KiB)
#   btb4/btb8  cycles per branch of a chain of b to the next instruction 4 B apart, or 8 B apart
#              (a NOP between), over the number of branches
#   itlb       cycles per branch of a chain of b, one per 16 KiB page, each at the page's next
#              64-byte line (the k-th at offset 64 k: L1I sets apart), over the number of pages
set -eu
UARCH=${1:-${UARCH:-build/uarch}}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cyc() {   # cpu file [iterations] -> total cycles (10 iterations unless given)
    "$UARCH" mca -mcpu="$1" -iterations="${3:-10}" -instruction-info=false -resource-pressure=false "$2" |
        awk '/^Total Cycles:/ { print $3 }'
}
fetch() {   # skip N
    printf '  .text\n  .p2align 14\n  .skip %d\nloop:\n  nop\n' "$1"
    [ "$2" -gt 0 ] && printf '  .rept %d\n  nop\n  .endr\n' "$2"
    printf '  b loop\n'
}
nops() {   # KiB
    printf '  .text\n  .p2align 14\nloop:\n  .rept %d\n  nop\n  .endr\n  b loop\n' $(($1 * 256 - 1))
}
chain() {   # branches spacing
    printf '  .text\n  .p2align 14\nloop:\n'
    awk -v n="$1" -v sp="$2" 'BEGIN { for (i = 1; i < n; i++) { print "  b 1f"; if (sp == 8) print "  nop"; print "1:" } }'
    printf '  b loop\n'
}
pages() {   # pages
    printf '  .text\n  .p2align 14\nloop:\n'
    awk -v n="$1" 'BEGIN { for (i = 1; i < n; i++) printf "  b p%d\n  .p2align 14\n  .skip %d\np%d:\n", i, 64 * i % 16384, i }'
    printf '  b loop\n'
}
for cpu in firestorm icestorm; do
    for n in 0 4 6 7 8 10 12 14 15 16 18 20 22 23 24 28 31 32 40 48; do
        fetch 16380 "$n" > "$tmp/c.s"; fetch 0 "$n" > "$tmp/a.s"
        c=$(cyc $cpu "$tmp/c.s" 1000); a=$(cyc $cpu "$tmp/a.s" 1000)
        awk -v cpu=$cpu -v n=$n -v c="$c" -v a="$a" 'BEGIN { printf "fetch-cross %s %d %.2f\nfetch-aligned %s %d %.2f\n", cpu, n, c / 1000, cpu, n, a / 1000 }'
    done
done
for cpu in firestorm icestorm; do
    for kb in 64 128 132 188 192 196 256; do
        nops "$kb" > "$tmp/n.s"
        c=$(cyc $cpu "$tmp/n.s")
        awk -v cpu=$cpu -v kb=$kb -v c="$c" 'BEGIN { printf "nop-ipc %s %d %.2f\n", cpu, kb, kb * 256 * 10 / c }'
    done
done
for cpu in firestorm icestorm; do
    for sp in 4 8; do
        for nb in 256 512 1024 2048 16384 20480 24576 32768 36864 49152 53248 65536; do
            [ $sp = 8 ] && [ $nb -gt 36864 ] && continue
            chain "$nb" "$sp" > "$tmp/b.s"
            c=$(cyc $cpu "$tmp/b.s")
            awk -v cpu=$cpu -v sp=$sp -v nb=$nb -v c="$c" 'BEGIN { printf "btb%d %s %d %.2f\n", sp, cpu, nb, c / (10 * nb) }'
        done
    done
done
for cpu in firestorm icestorm; do
    for np in 32 64 65 128 129 192 193 256 512; do
        pages "$np" > "$tmp/p.s"
        c=$(cyc $cpu "$tmp/p.s")
        awk -v cpu=$cpu -v np=$np -v c="$c" 'BEGIN { printf "itlb %s %d %.2f\n", cpu, np, c / (10 * np) }'
    done
done
