#!/bin/bash
# tools/operand-survey.sh — dev tool: uarch mca's errors for bad operands against llvm-mca-19's.
# One sample instruction of every ISA row (enc-learn -samples, the first of each row) gets one
# mistake (a fixed seed): an operand replaced by another kind of operand (x3, w3, v3.4s, #7, s3,
# [x3], sp, { v3.4s } ...), the last operand dropped, or one operand too many.  The file goes to
# `uarch mca -mcpu=apple-m1` and `llvm-mca-19 -mcpu=apple-m1`; the error lines (file:line:col:
# error: message) are compared.
#
#   tools/operand-survey.sh UARCH ENC-LEARN [SEED] [LLVM-MCA]     (ENC-LEARN: make $(B)/enc-learn)
#
# Prints the most frequent differing pairs (llvm || uarch) and "equal E of T".
set -uo pipefail
U=$(realpath "${1:?usage: tools/operand-survey.sh UARCH ENC-LEARN [SEED] [LLVM-MCA]}")
E=${2:?usage: tools/operand-survey.sh UARCH ENC-LEARN [SEED] [LLVM-MCA]}
SEED=${3:-1}
MCA=${4:-llvm-mca-19}
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
"$E" -samples | awk -F'\t' '!seen[$1]++ {print $2}' > "$t/rows"
awk -v seed="$SEED" -f "$(dirname "$0")/operands.awk" -f <(echo '
BEGIN {
    srand(seed)
    nr = split("x3|w3|v3.4s|v3.8b|#7|#-1|s3|d3|q3|[x3]|sp|wzr|v3.s[1]|#0x12345|{ v3.4s }|h3|b3", R, "|")
}
{
    m = $1
    rest = substr($0, length(m) + 1)
    n = split_ops(rest, a)
    if (n == 0) next
    r = rand()
    if (r < 0.1) n--
    else if (r < 0.2) a[++n] = R[int(rand() * nr) + 1]
    else a[int(rand() * n) + 1] = R[int(rand() * nr) + 1]
    print join_ops(m, a, n)
}') "$t/rows" > "$t/in.s"
(cd "$t" && "$MCA" -mtriple=aarch64 -mcpu=apple-m1 in.s 2>&1 >/dev/null | grep '^in.s:[0-9]*:[0-9]*: error: ' > llvm.txt)
(cd "$t" && "$U" mca -mcpu=apple-m1 in.s 2>&1 >/dev/null | grep '^in.s:[0-9]*:[0-9]*: error: ' > uarch.txt)
join -t "$(printf '\t')" <(awk -F: '{print $2 "\t" $0}' "$t/llvm.txt" | sort) \
    <(awk -F: '{print $2 "\t" $0}' "$t/uarch.txt" | sort) |
    awk -F'\t' '$2 != $3 {sub(/^[^ ]* error: /, "", $2); sub(/^[^ ]* error: /, "", $3); print $2 "  ||  " $3}' |
    sed "s/'[^']*'/Q/g" | sort | uniq -c | sort -rn | head -20
echo "equal $(grep -cxFf "$t/llvm.txt" "$t/uarch.txt") of $(wc -l < "$t/llvm.txt")"
