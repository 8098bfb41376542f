#!/usr/bin/env bash
# tools/enc-check.sh — uarch's A64 encoder against llvm-mc's, instruction by instruction.
#
#   tools/enc-check.sh [-v] UARCH FILE.s...
#
# Every instruction of the files, as uarch parses it (`uarch decode -show-encoding`), is assembled
# again by `llvm-mc-19 -triple=aarch64 -mattr=+all -show-encoding` (LLVM_MC=... and LLVM_TRIPLE=...
# choose others, e.g. LLVM_TRIPLE=arm64-apple-macos for Apple syntax; the bits of a symbol's fixup
# read as zero, as llvm-mca prints them) and the two words compared.  Distinct instruction texts
# are compared once.  Prints:
#   instructions: N (distinct: D)  equal: E  different: X  no uarch encoding: U  llvm-mc rejects: R
# (lines uarch does not parse are blanked, counted and left out: tools/corpus.sh reports them)
# and the first 20 differences / instructions without an encoding (all of them, and the
# instructions llvm-mc rejects, with -v).
# Exit: 0 when X = U = 0, 1 otherwise, 2 on a tool error, 77 when llvm-mc is absent.
set -u
# (a line uarch does not parse is blanked and counted: tools/corpus.sh reports those)
. "$(dirname "$0")/insts.sh"
insts_main enc-check.sh "$@" || exit $?
set -- "${insts_files[@]}"
noparse=$insts_noparse
total=$(wc -l < "$dir/all")
sort -u "$dir/all" > "$dir/uniq"
# numeric labels defined first, so that `b.ne 1b` out of its file still assembles (a fixup either way)
awk -F'\001' 'BEGIN { for (i = 0; i < 10; i++) print i ":" } { printf "L%d:\n%s\n", NR, $1 }' "$dir/uniq" > "$dir/in.s"
"$llvm_mc" -triple="${LLVM_TRIPLE:-aarch64}" -mattr=+all -show-encoding "$dir/in.s" > "$dir/llvm" 2>/dev/null
# llvm's words by label: "L12:" then the instruction line with "encoding: [...]"
awk '
    /^L[0-9]+:/ { cur = substr($1, 2, length($1) - 2); next }
    /encoding: \[/ && cur != "" {
        e = $0; sub(/.*encoding: \[/, "", e); sub(/\].*/, "", e)
        n = split(e, b, ",")
        out = "["
        for (i = 1; i <= n; i++) {
            x = b[i]; sub(/'"'"'A'"'"'$/, "", x)
            if (x == "A") v = 0
            else if (substr(x, 1, 2) == "0b") { v = 0; for (k = 3; k <= 10; k++) v = v * 2 + (substr(x, k, 1) == "1") }
            else v = x
            out = out (i > 1 ? "," : "") (x == "A" || substr(x, 1, 2) == "0b" ? sprintf("0x%02x", v) : x)
        }
        print cur "\t" out "]"
        cur = ""
    }' "$dir/llvm" > "$dir/llvm.words"
awk -F'\t' -v verbose=$verbose -v total="$total" -v noparse=$noparse '
    FNR == NR { w[$1] = $2; next }
    {
        split($0, p, "\001"); t = p[1]; e = p[2]; n++
        if (!(FNR in w)) { rej++; if (verbose) lr[rej] = t " | uarch: " e; next }
        if (e ~ /^none/) { un++; if (verbose || un <= 20) lu[un] = t " | uarch: " e " | llvm-mc: " w[FNR]; next }
        if (e == w[FNR]) { eq++; next }
        dif++
        if (verbose || dif <= 20) ld[dif] = t " | uarch: " e " | llvm-mc: " w[FNR]
    }
    END {
        printf "instructions: %d (distinct: %d)  equal: %d  different: %d  no uarch encoding: %d  llvm-mc rejects: %d", total, n, eq, dif, un, rej
        printf noparse ? "  (lines uarch does not parse, left out: %d)\n" : "\n", noparse
        for (i = 1; i in ld; i++) print "different: " ld[i]
        for (i = 1; i in lu; i++) print "no encoding: " lu[i]
        for (i = 1; i in lr; i++) print "llvm-mc rejects: " lr[i]
        exit (dif || un) ? 1 : 0
    }' "$dir/llvm.words" "$dir/uniq"
