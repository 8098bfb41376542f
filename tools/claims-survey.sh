#!/bin/bash
# tools/claims-survey.sh — dev tool: learns src/a64/claims.tsv from llvm-mca-19 (facts by experiment).
# llvm's parser offers each operand of an instruction first to the operand parsers of the
# mnemonic's forms at that operand's place (all its forms, whatever the features: SVE, SME).
# So a bare name of an SVE or SME register is read as a register where some form of the
# mnemonic takes one there, else as a symbol.  For each mnemonic uarch has rows of (from
# B/gen/isa.c; for `#` and z1 also each mnemonic of src/a64/shapes.tsv, whose operands uarch
# reads only for such an error) and each place 0-7 (after as many `x0, `), the line `MNEM x0, ..., NAME` is
# given to llvm-mca-19 -mtriple=aarch64 -mcpu=apple-m1 for NAME z1, p1, pn8, za and foo:
#   z  llvm eats a bare z1 there and then fails on what follows ("unknown token in expression")
#   p, pn, za  the name is a register there: refused, and not as `foo` (a symbol) is
# and for NAME `#` (nothing after it):
#   fimm  llvm reads a floating-point immediate there: "invalid floating point immediate"
# and for NAME {z1.s-z2.s}:
#   zlist  llvm's parser of lists of SVE's vectors reads it there (a form of the mnemonic has
#          such a list at that place: add x0, {z3.s-z4.s}, x1, of add {z.s,z.s}, {z.s,z.s}, z.s;
#          refused by the matcher), not its parser of Neon's lists ("vector register expected"
#          at the z1): the matcher's words first (not another parser's: adr's label, "unknown
#          token in expression"; ccmn's condition before the place)
# and for NAME `#1.5`:
#   real  an operand parser of a form there reads it (fmov d0, #1.5; add x0, x1, #1.5: the
#         matcher refuses it), where elsewhere llvm's generic parser refuses a floating-point
#         literal ("unexpected floating point literal": facle d0, d1, #0.0)
# The header of src/a64/claims.tsv is kept; only its rows are replaced:
#
#   tools/claims-survey.sh [B]        (default: build-dev)
set -euo pipefail
B=${1:-build-dev}
MCA=${LLVM_MCA:-llvm-mca-19}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
awk '/a64_mnems\[\] = /{f=1;next} f&&/^};/{exit} f{match($0,/"[^"]*"/); print substr($0,RSTART+1,RLENGTH-2)}' \
    "$B/gen/isa.c" | grep -v '\.cc$' | sort -u > "$T/mn"
grep -v '^#' src/a64/shapes.tsv | cut -f1 | grep -v '^mnem$' | sort -u | comm -13 "$T/mn" - > "$T/sv"
for k in 0 1 2 3 4 5 6 7; do
    pre=""
    for ((i = 0; i < k; i++)); do pre="${pre}x0, "; done
    for n in foo z1 p1 pn8 za "{z1.s-z2.s}"; do
        awk -v p="$pre" -v n="$n" -v k="$k" '{print $0 " " p n "\t" k "\t" n}' "$T/mn"
    done
    awk -v p="$pre" -v k="$k" '{print $0 " " p "#\t" k "\t#"; print $0 " " p "#1.5\t" k "\t#1.5"}' "$T/mn" "$T/sv"
    awk -v p="$pre" -v k="$k" '{print $0 " " p "z1\t" k "\tz1"}' "$T/sv"
done > "$T/lines"
cut -f1 "$T/lines" > "$T/in.s"
"$MCA" -mtriple=aarch64 -mcpu=apple-m1 "$T/in.s" 2>&1 >/dev/null | grep ': error: ' | sed 's/^[^:]*://' > "$T/err" || true
# per line: its errors (column shifted to the name's), then the classes
awk -F'\t' '
FNR == 1 { f++ }
f == 1 { split($0, a, ":"); ln = a[1]; E[ln] = E[ln] "|" substr($0, length(a[1]) + 2); next }
{
    ln = FNR; split($1, w, " "); m = w[1]; k = $2; n = $3
    col = length($1) - length(n) + 1
    e = E[ln]; out = ""
    np = split(e, parts, "|")
    for (i = 2; i <= np; i++) {     # the column relative to the name
        c = parts[i] + 0; r = substr(parts[i], index(parts[i], ":"))
        out = out "|" (c > 1 ? c - col : "m") r
    }
    key = m SUBSEP k
    if (n == "foo") { FOO[key] = out; next }
    if (n == "#1.5") { if (out ~ /^\|[0-9]+: error: unexpected floating point literal/) next; cls = "real" }
    else if (n == "#") { if (out !~ /invalid floating point immediate/) next; cls = "fimm" }
    else if (n == "{z1.s-z2.s}") {
        if (out ~ /vector register expected/ || out !~ /^\|[-0-9m]+: error: (invalid operand for instruction|too few operands|instruction requires|Invalid vector list)/) next
        cls = "zlist"
    }
    else
    if (n == "z1" && out ~ /unknown token in expression/) cls = "z"
    else if (n != "z1" && out != "" && out != FOO[key] && FOO[key] !~ /^\|m/) cls = (n == "p1" ? "p" : n == "pn8" ? "pn" : "za")
    else next
    P[m SUBSEP cls] = P[m SUBSEP cls] (P[m SUBSEP cls] == "" ? "" : ",") k
}
END { for (x in P) { split(x, y, SUBSEP); print y[1] "\t" y[2] "\t" P[x] } }
' "$T/err" "$T/lines" | sort -k1,1 -k2,2 > "$T/rows"
sed -n '/^mnem\t/q;p' src/a64/claims.tsv > "$T/tsv"
printf 'mnem\tclass\tplaces\n' >> "$T/tsv"
cat "$T/rows" >> "$T/tsv"
mv "$T/tsv" src/a64/claims.tsv
echo "src/a64/claims.tsv: $(wc -l < "$T/rows") rows"
