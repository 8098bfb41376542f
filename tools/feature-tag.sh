#!/bin/bash
# tools/feature-tag.sh — dev tool: the feature llvm-mc 19 says each row of src/a64/isa/*.tsv needs
# among the Apple M1's own (src/a64/features.tsv, its `m1` rows: lse, crc, fullfp16 ...).
#
#   tools/feature-tag.sh BUILD-DIR [LLVM-MC]    (make B=BUILD-DIR BUILD-DIR/enc-learn first)
#
# Twelve sample instructions of every row (enc-learn -samples) go to llvm-mc -mcpu=apple-m1 with
# every m1 feature removed (-mattr=-lse,-crc,...,-neon; fp-armv8 in a second pass, on the samples
# the first leaves untagged), and each "instruction requires: A B C" is read back to its row
# (llvm's names: frint3264 is fptoint).  Prints "base.tsv:LINE<TAB>CELL" for each row: the features
# every sample needs, then NAME:h for one only its half-precision samples need (fadd v.4h|4s);
# "# base.tsv:LINE<TAB>..." for a row whose samples fit neither.
set -euo pipefail
B=${1:?usage: tools/feature-tag.sh BUILD-DIR [LLVM-MC]}
MC=${2:-llvm-mc-19}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
"$B/enc-learn" -samples > "$T/samples.tsv"
cut -f2 "$T/samples.tsv" > "$T/s.s"
feat=src/a64/features.tsv
# every m1 feature but fp-armv8 removed (its removal hides the others): llvm names all a sample
# lacks ("complxnum fullfp16 neon", "bf16 neon": apple-m1's own lacks too)
m1=$(awk -F'\t' '$1=="m1" && $2!="fp-armv8" {printf "%s-%s", n++ ? "," : "", $2}' "$feat")
run() { "$MC" -triple=aarch64 -mcpu=apple-m1 ${1:+-mattr=$1} "$T/s.s" -o /dev/null 2>&1 |
        sed -n 's/^[^:]*:\([0-9]*\):[0-9]*: error: instruction requires: /\1\t/p' || true; }
run "$m1" > "$T/a"
run "-fp-armv8" > "$T/f"
# llvm's message names -> features.tsv names
awk -F'\t' '($1=="m1" || $1=="feature") && $3!="-" {print $3 "\t" $2}' "$feat" > "$T/says"
awk -F'\t' -v OFS='\t' '
    FILENAME == ARGV[1] { says[$1] = $2; next }
    FILENAME == ARGV[2] { a[$1] = $2; next }
    FILENAME == ARGV[3] { ff[$1] = $2; next }
    {
        line = FNR
        m = line in a ? a[line] : line in ff ? ff[line] : "-"
        k = split(m, w, " "); m = ""
        for (i = 1; i <= k; i++) m = m (i > 1 ? " " : "") (w[i] in says ? says[w[i]] : w[i])
        print $1, m, $2
    }
' "$T/says" "$T/a" "$T/f" "$T/samples.tsv" |
# per row: the words every sample's message has, then those only the samples with a half-precision
# operand (h0, v0.4h, v0.h[1]) have, as NAME:h; a row whose samples fit neither is marked '#'
awk -F'\t' -v OFS='\t' '
    function half(t) { return t ~ /(^|[^a-z0-9_])(h[0-9]+|v[0-9]+\.[0-9]*h)([^a-z0-9_]|$)/ }
    {
        r = $1
        if (!(r in n)) order[++nr] = r
        n[r]++; hs = half($3); nh[r] += hs
        k = split($2, w, " ")
        if (k > nbest[r] && $2 != "-") { nbest[r] = k; best[r] = $2 }   # (llvm'"'"'s order: its longest message)
        for (i = 1; i <= k; i++) if (w[i] != "-") { key = r SUBSEP w[i]; if (!(key in c)) { more[r] = more[r] " " w[i] } c[key]++; ch[key] += hs }
    }
    END {
        for (j = 1; j <= nr; j++) {
            r = order[j]; cell = ""; bad = 0
            names = best[r]
            k = split(more[r], w, " ")
            for (i = 1; i <= k; i++) if (index(" " best[r] " ", " " w[i] " ") == 0) names = names " " w[i]
            k = split(names, w, " ")
            for (i = 1; i <= k; i++) {
                key = r SUBSEP w[i]
                if (c[key] == n[r]) cell = cell " " w[i]
                else if (c[key] == nh[r] && ch[key] == nh[r]) cell = cell " " w[i] ":h"
                else if (c[key] - ch[key] == n[r] - nh[r] && w[i] == "fp-armv8") cell = cell " " w[i] ":nh"  # (llvm: h needs fullfp16 only)
                else if (c[key] - ch[key] == n[r] - nh[r]) cell = cell " " w[i]   # (the half ones: an earlier pass)
                else bad = 1
            }
            sub(/^ /, "", cell)
            print (bad ? "# " : "") r, cell == "" ? "-" : cell
        }
    }'
