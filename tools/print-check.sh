#!/usr/bin/env bash
# tools/print-check.sh — uarch mca's instruction text against LLVM's instruction printer, instruction
# by instruction.
#
#   tools/print-check.sh [-v] UARCH FILE.s...
#
# Every distinct instruction of the files, as uarch parses it (`uarch decode`), is shown by
# `uarch mca -mattr=+all -instruction-tables` (the text of the instruction info view, src/a64/print.c) and by
# `llvm-mc-19 -triple=aarch64 -mattr=+all` (LLVM_MC=... and LLVM_TRIPLE=... choose others), both with
# -output-asm-variant=$VARIANT (default 0, the generic syntax; 1: Apple's), and the two texts compared.  Prints
#   instructions: D distinct  equal: E  alias: A  temporary label: T  different: X  llvm-mc rejects: R
# where "alias" counts texts that differ only because LLVM prints a preferred alias (another
# mnemonic: bfc -> bfi, csneg -> cneg ...) uarch does not choose, "temporary label" those where
# LLVM names a target after its own temporary label (`b .+4` as `b .Ltmp3+4`); then the first 20 other
# differences (all with -v).  Exit 0 when X = 0, 1 otherwise, 77 when llvm-mc is absent.
set -u
# (a line uarch does not parse is blanked and counted: tools/corpus.sh reports those)
. "$(dirname "$0")/insts.sh"
insts_main print-check.sh "$@" || exit $?
set -- "${insts_files[@]}"
sed 's/\x01.*//' "$dir/all" | sort -u | grep -v -e "^$" -e "^\\." > "$dir/uniq"   # (not data: .word ...)
awk 'BEGIN { for (i = 0; i < 10; i++) print i ":" } { printf "L%d:\n%s\n", NR, $0 }' "$dir/uniq" > "$dir/in.s"
"$uarch" mca -mattr=+all -instruction-tables -resource-pressure=0 -output-asm-variant="${VARIANT:-0}" "$dir/in.s" 2>/dev/null |
    awk '/^\[1\]    \[2\]/ { on = 1; next } on && !NF { exit } on { print substr($0, 43) }' > "$dir/uarch.txt"
[ "$(wc -l < "$dir/uarch.txt")" = "$(wc -l < "$dir/uniq")" ] || { echo "print-check: uarch mca showed $(wc -l < "$dir/uarch.txt") instructions of $(wc -l < "$dir/uniq")"; [ -n "${KEEP:-}" ] && cp -r "$dir" "$KEEP"; exit 2; }
"$llvm_mc" -triple="${LLVM_TRIPLE:-aarch64}" -output-asm-variant="${VARIANT:-0}" -mattr=+all "$dir/in.s" > "$dir/llvm" 2>/dev/null
awk '/^L[0-9]+:/ { cur = substr($1, 2, length($1) - 2); next }
     /^\t[a-z]/ && cur != "" { t = substr($0, 2); sub(/ *\/\/.*/, "", t); print cur "\t" t; cur = "" }' "$dir/llvm" > "$dir/llvm.txt"
awk -F'\t' -v verbose=$verbose '
    FNR == NR { k = $1; sub(/^[0-9]+\t/, ""); w[k] = $0; next }
    {
        n++
        if (!(FNR in w)) { rej++; next }
        if ($0 == w[FNR]) { eq++; next }
        if (w[FNR] ~ /\.Ltmp[0-9]/) { tmp++; next }   # llvm names `.+4` and 1f after its temporary labels
        split($0, a, "\t"); split(w[FNR], b, "\t")
        if (a[1] != b[1]) { al++; if (verbose) la[al] = $0 " | llvm: " w[FNR]; next }
        dif++
        if (verbose || dif <= 20) ld[dif] = $0 " | llvm: " w[FNR]
    }
    END {
        printf "instructions: %d distinct  equal: %d  alias: %d  temporary label: %d  different: %d  llvm-mc rejects: %d\n", n, eq, al, tmp, dif, rej
        for (i = 1; i in ld; i++) print "different: " ld[i]
        for (i = 1; i in la; i++) print "alias: " la[i]
        exit dif ? 1 : 0
    }' "$dir/llvm.txt" "$dir/uarch.txt"
