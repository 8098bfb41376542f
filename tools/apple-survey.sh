#!/bin/bash
# tools/apple-survey.sh — dev tool: learns src/a64/apple.tsv from llvm-mca-19 (facts by experiment).
# In Apple's syntax the arrangement is on the mnemonic (add.4s v0, v1, v2): llvm's parser makes
# each '.SUFFIX' an operand of its own and its table of short forms takes the suffixes some form
# has; another is "invalid type suffix for instruction" at the suffix.  For each mnemonic uarch
# has rows of (from B/gen/isa.c) and each suffix of the list below, the line `MNEM.SUFFIX` alone
# is given to llvm-mca-19 -mtriple=aarch64 -mcpu=apple-m1: "too few operands for instruction"
# means a form takes the suffix, "invalid type suffix for instruction" that none does; any other
# words (brk.4s: the suffix read as its immediate; bfi.4s: an alias llvm rewrites first) make
# the row '*', uarch's own reading.  A mnemonic without a row takes no suffix.  The header of
# src/a64/apple.tsv is kept; only its rows are replaced:
#
#   tools/apple-survey.sh [B]        (default: build-dev)
set -euo pipefail
B=${1:-build-dev}
MCA=${LLVM_MCA:-llvm-mca-19}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
SUFFIXES="8b 16b 4h 8h 2s 4s 1d 2d 1q 2h 4b b h s d q"
awk '/a64_mnems\[\] = /{f=1;next} f&&/^};/{exit} f{match($0,/"[^"]*"/); print substr($0,RSTART+1,RLENGTH-2)}' \
    "$B/gen/isa.c" | grep -v '\.cc$' | sort -u > "$T/mn"
for s in $SUFFIXES; do awk -v s="$s" '{print $0 "." s}' "$T/mn"; done > "$T/in.s"
"$MCA" -mtriple=aarch64 -mcpu=apple-m1 "$T/in.s" 2>&1 >/dev/null | grep '^[^:]*:[0-9]*:[0-9]*: error: ' |
    sed 's/^[^:]*://' > "$T/err" || true
awk -F': error: ' '
FNR == 1 { f++ }
f == 1 { split($1, a, ":"); E[a[1]] = $2; next }
{
    m = $0; sub(/\..*/, "", m); s = substr($0, length(m) + 2); e = E[FNR]
    seen[m] = 1
    if (e == "too few operands for instruction") S[m] = S[m] (S[m] == "" ? "" : ",") s
    else if (e != "invalid type suffix for instruction") odd[m] = 1
}
END { for (m in seen) if (odd[m]) print m "\t*"; else if (S[m] != "") print m "\t" S[m] }
' "$T/err" "$T/in.s" | LC_ALL=C sort -k1,1 > "$T/rows"
sed -n '/^mnem\t/q;p' src/a64/apple.tsv > "$T/tsv"
printf 'mnem\tsuffixes\n' >> "$T/tsv"
cat "$T/rows" >> "$T/tsv"
cp "$T/tsv" src/a64/apple.tsv
echo "src/a64/apple.tsv: $(wc -l < "$T/rows") mnemonics"
