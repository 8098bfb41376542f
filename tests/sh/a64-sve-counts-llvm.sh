#!/usr/bin/env bash
# a64-sve-counts-llvm.sh — SVE's element counts and ptrue (the mnemonics of src/a64/counts.tsv,
# read by count_error in src/a64/shapes.c), written with registers of each form and of none,
# patterns by name and number, mul values in and out of range, operands after a form, mul
# written as llvm's parser stops at it or alone, lanes, z registers without their element,
# shifts, operands with nothing in them or a word too many: several thousand lines, each of whose errors
# (file:line:col and message) are llvm-mca 19's (-mcpu=apple-m1).  Needs llvm-mca-19 (skipped
# otherwise).
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
LLVM_MCA=${LLVM_MCA_19:-$(command -v llvm-mca-19 || echo /usr/lib/llvm-19/bin/llvm-mca)}
[ -x "$LLVM_MCA" ] || { echo "llvm-mca 19 not installed (make deps): the messages are not compared"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
grep -v '^#' "$ROOT/src/a64/counts.tsv" | tail -n +2 | cut -f1 | uniq > "$t/mnems"
[ "$(wc -l < "$t/mnems")" -ge 30 ] || { echo "too few mnemonics in src/a64/counts.tsv"; exit 1; }
while read -r m; do
    for b in x0 w0 "x0, w0" "x1, w0" sp z0.b z0.h z0.d p0.s p0 pn8.b pn15.d pn0.s z0 "z0 " "p0.s[1]" "z0.d[1]" \
        "z0.s [1]" "x0[1]" "pn8.b[1]" "x0, lsl #1" "#1, lsl #1" "sp, lsl #1" "z0.d, lsl #1" "" " ,"; do
        for tail in "" ", all" ", VL256" ", pow2" ", vl9" ", #0" ", #0x1f" ", #32" ", foo" ", all, mul #1" \
            ", all, mul #16" ", all, mul #17" ", vl1, MUL #8" ", mul #2" ", all, mul 2" ", all, x0" ", all, mul #2, x0" \
            ", all, mul" ", mul, #2" ", all, mul, #2" ", all, lsl #1" ", 5, lsl #1" "," ", , all" ", lsl #1" \
            ", all mul #2"; do
            echo "$m $b$tail"
        done
    done
done < "$t/mnems" > "$t/in.s"
"$LLVM_MCA" -mtriple=aarch64 -mcpu=apple-m1 "$t/in.s" 2>&1 >/dev/null | grep -e '^[^ ]*:[0-9]*:[0-9]*: error: ' > "$t/llvm"
"$UARCH" mca -mcpu=apple-m1 "$t/in.s" 2>&1 >/dev/null | grep -e '^[^ ]*:[0-9]*:[0-9]*: error: ' > "$t/uarch"
[ "$(wc -l < "$t/uarch")" -ge 15000 ] || { echo "too few errors from uarch: $(wc -l < "$t/uarch")"; exit 1; }
diff "$t/llvm" "$t/uarch" > "$t/diff" || { echo "messages differ from llvm-mca 19's (< llvm, > uarch):"; head -40 "$t/diff"; exit 1; }
echo "$(wc -l < "$t/in.s") lines, $(wc -l < "$t/uarch") errors: llvm-mca 19's"
