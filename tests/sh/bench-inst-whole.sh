#!/usr/bin/env bash
# bench-inst-whole.sh — `uarch bench inst` keeps what the user wrote whole, however long: the
# -o row's core and form cells (the core was cut at 63 bytes, the form at 255), the series'
# heading (cut at 47), and each operand in the generated code (an operand was cut at 31 bytes:
# 'add 1+1+...+1+0(%r14), %rax' ran as 'add 1+1+...+1, %rax', a load from address 16 that
# crashed), and `bench icache -inst`'s series (cut at 63).  Values are not asserted.
case $(uname -m) in x86_64|amd64) ;; *) echo "skip: x86-64 AT&T instructions (host $(uname -m))"; exit 77;; esac
. "$ROOT/tests/sh/bench-lib.bash"
export TMPDIR=$t   # (-keep's directories)
core=$(printf 'core%.0s' $(seq 1 30))                 # 120 bytes
disp=$(printf '1+%.0s' $(seq 1 60))0                  # 121 bytes: an operand of 127
inst="add $disp(%r14),   %rax"
"$U" bench inst -runs 2 -q -max 2 -keep -o t.tsv -core "$core" "$inst" > out 2> err || bad "inst: exit $?: $(cat err)"
row=$(tail -n 1 t.tsv)
[ "$(printf '%s\n' "$row" | cut -f1)" = "$core" ] || bad "core cell not whole: $row"
[ "$(printf '%s\n' "$row" | cut -f3)" = "ADD" ] || bad "mnemonic cell: $row"
[ "$(printf '%s\n' "$row" | cut -f4)" = "$inst" ] || bad "form cell not whole: $row"
grep -qxF "## $inst" out || bad "series heading not whole: $(grep '^##' out)"
# every generated kernel holds the operand whole
for d in $(sed -n 's/^uarch: bench inst: generated code kept in //p' err); do
  grep -qF "add $disp(%r14), %" "$d"/*.s || bad "operand cut in $d: $(grep -h 'add ' "$d"/*.s | head -n 1)"
done
# a tab in the core name becomes a space (the columns do not shift)
"$U" bench inst -runs 2 -q -max 1 -o t2.tsv -core "$(printf 'a\tb')" 'add %rbx, %rax' > /dev/null 2> err || bad "inst tab: exit $?: $(cat err)"
[ "$(tail -n 1 t2.tsv | cut -f1)" = "a b" ] || bad "tab in core: $(tail -n 1 t2.tsv)"
# bench icache -inst: the series is the instruction, whole
long="add \$$disp, %rax"
"$U" bench icache -q -min 4K -max 4K -runs 3 -passes 1 -inst "$long" > out 2> err || bad "icache -inst: exit $?: $(cat err)"
grep -qxF "## $long" out || bad "icache series not whole: $(grep '^##' out)"
exit $fail
