#!/usr/bin/env bash
# asm-tables.sh — register aliases (.req/.unreq) and macros (.macro/.purgem) are kept in hashed
# tables (they were lists searched on every register and every statement: 50,000 aliases took
# 28 s, 50,000 macros 19 s).  Checks what the tables must keep right: 20,000 aliases and 5,000
# macros, half removed (aliases named in another case: they are found without regard to case, as
# llvm-mc's AArch64 parser does; macros as written, as llvm-mc's MCContext finds them: a call in
# another case is no call), the rest still found after the removals moved entries, the removed
# ones gone.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t"
fails=0
awk 'BEGIN { for (i = 0; i < 20000; i++) print "r" i " .req x" i % 29
             for (i = 0; i < 20000; i += 2) print ".unreq R" i
             for (i = 1; i < 20000; i += 3332) print "add r" i ", r" i ", r" i
             for (i = 0; i < 5000; i++) print ".macro m" i "\n  mul x" i % 29 ", x" (i + 1) % 29 ", x" (i + 2) % 29 "\n.endm"
             for (i = 0; i < 5000; i += 2) print ".purgem m" i
             for (i = 1; i < 5000; i += 834) print "m" i }' > t.s
"$UARCH" decode t.s | cut -f5 > got.txt || { echo "decode t.s failed"; fails=1; }
awk 'BEGIN { for (i = 1; i < 20000; i += 3332) { r = "x" i % 29; print "reads=" r "(2)," r "(3) writes=" r "(1)" }
             for (i = 1; i < 5000; i += 834) print "reads=x" (i + 1) % 29 "(2),x" (i + 2) % 29 "(3) writes=x" i % 29 "(1)" }' > want.txt
diff want.txt got.txt > /dev/null || { echo "aliases/macros resolved wrongly:"; diff want.txt got.txt | head; fails=1; }
{ cat t.s; echo "add r4, r4, r4"; } > gone.s
"$UARCH" decode gone.s > /dev/null 2> err.txt && { echo "a removed alias still resolves"; fails=1; }
grep -q "invalid operand 'r4'" err.txt || { echo "removed alias: unexpected error"; head -3 err.txt; fails=1; }
{ cat t.s; echo "m4"; } > gone2.s
"$UARCH" decode gone2.s > /dev/null 2> err.txt && { echo "a purged macro still expands"; fails=1; }
{ grep -q "error: unrecognized instruction mnemonic" err.txt && grep -qx "m4" err.txt; } || { echo "purged macro: unexpected error"; head -3 err.txt; fails=1; }
{ cat t.s; echo "M5"; } > case.s
"$UARCH" decode case.s > /dev/null 2> err.txt && { echo "a macro called in another case expands"; fails=1; }
grep -qx "M5" err.txt || { echo "a macro called in another case: unexpected error"; head -3 err.txt; fails=1; }
exit $fails
