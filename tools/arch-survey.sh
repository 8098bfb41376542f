#!/bin/bash
# tools/arch-survey.sh — dev tool: uarch mca's errors against llvm-mc-19's after random feature
# directives.  N files (default 150, a fixed seed) of one directive (.arch NAME[+EXT ...],
# .arch_extension [no]EXT or .cpu NAME[+EXT]: names from src/a64/archs.tsv) and 10 instructions
# (samples of random rows of src/a64/isa, enc-learn -samples; half of them rows with a `feature`
# cell), each instruction given alone after the directive to `uarch mca` and llvm-mc-19
# -mcpu=apple-m1: the first error line (LINE:COL: error: MESSAGE, or none) compared.
#
#   tools/arch-survey.sh UARCH ENC-LEARN [N] [LLVM-MC]
#
# Prints the differing cases and "equal E of T".
set -uo pipefail
U=${1:?usage: tools/arch-survey.sh UARCH ENC-LEARN [N] [LLVM-MC]}
E=${2:?usage: tools/arch-survey.sh UARCH ENC-LEARN [N] [LLVM-MC]}
N=${3:-150}
MC=${4:-llvm-mc-19}
root=$(dirname "$0")/..
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
"$E" -samples > "$t/samples"
# rows with a feature cell (src/a64/isa/*.tsv, column 10)
for f in "$root"/src/a64/isa/*.tsv; do
    awk -F'\t' -v b="$(basename "$f")" '!/^#/ && NF >= 10 && $10 != "-" && $10 != "" {print b ":" FNR}' "$f"
done > "$t/gated"
awk -F'\t' 'NR == FNR {g[$1] = 1; next} {print > ("'"$t"'/" ($1 in g ? "g" : "o"))}' "$t/gated" "$t/samples"
awk -F'\t' '!/^#/ && $1 == "arch" {print $2}' "$root/src/a64/archs.tsv" > "$t/archs"
awk -F'\t' '!/^#/ && $1 == "ext" {print $2}' "$root/src/a64/archs.tsv" > "$t/exts"
awk -F'\t' '!/^#/ && $1 == "cpu" {print $2}' "$root/src/a64/archs.tsv" > "$t/cpus"
awk -v n="$N" -v t="$t" 'BEGIN {
    srand(19)
    while ((getline l < (t "/archs")) > 0) A[na++] = l
    while ((getline l < (t "/exts")) > 0) X[nx++] = l
    while ((getline l < (t "/cpus")) > 0) C[nc++] = l
    while ((getline l < (t "/g")) > 0) { sub(/^[^\t]*\t/, "", l); G[ng++] = l }
    while ((getline l < (t "/o")) > 0) { sub(/^[^\t]*\t/, "", l); O[no++] = l }
    for (f = 0; f < n; f++) {
        k = int(rand() * 3)
        ext = ""
        for (e = int(rand() * 3); e > 0; e--) ext = ext "+" (rand() < 0.3 ? "no" : "") X[int(rand() * nx)]
        if (k == 0) d = ".arch " A[int(rand() * na)] ext
        else if (k == 1) d = ".arch_extension " (rand() < 0.5 ? "no" : "") X[int(rand() * nx)]
        else d = ".cpu " C[int(rand() * nc)] ext
        for (i = 0; i < 10; i++) print d "\t" (i % 2 ? O[int(rand() * no)] : G[int(rand() * ng)])
    }
}' > "$t/cases"
eq=0; tot=0
while IFS=$'\t' read -r d i; do
    printf '%s\n%s\n' "$d" "$i" > "$t/c.s"
    a=$("$U" mca "$t/c.s" 2>&1 >/dev/null | grep -m1 ': error: ' | sed 's/^[^:]*://')
    b=$("$MC" -triple=aarch64 -mcpu=apple-m1 "$t/c.s" -o /dev/null 2>&1 | grep -m1 ': error: ' | sed 's/^[^:]*://')
    tot=$((tot + 1))
    if [ "$a" = "$b" ]; then eq=$((eq + 1)); else printf '%s | %s\n  uarch: %s\n  llvm:  %s\n' "$d" "$i" "${a:-(taken)}" "${b:-(taken)}"; fi
done < "$t/cases"
echo "equal $eq of $tot"
