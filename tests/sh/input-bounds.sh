#!/usr/bin/env bash
# input-bounds.sh — endless or huge input is answered quickly with a located error naming the
# bound (issue 15, defects 5 and 7), never spooled or held without limit:
#   uarch mca /dev/zero, uarch decode /dev/zero: the NUL at 1:1 (once spooled 5 GB into /tmp);
#   yes nop | uarch mca -: "longer than 256 MiB" (once never answered);
#   a file without markers over 2000000 instructions: the bound, before the memory for them;
#   a region over 8000000 lines, a line over 1 MiB: the bound;
#   uarch decode a.s b.s decodes both (once only b.s).
# Memory is bounded with ulimit -v (1 GiB) so a regression fails instead of taking the machine.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t"
fails=0
# An ASan build reserves terabytes of shadow address space, so there the bound is only the timeout.
if grep -q __asan_init "$UARCH" 2>/dev/null; then vlimit=unlimited; else vlimit=1048576; fi
bounded() { ( ulimit -v $vlimit; timeout 60 "$@" ); }
expect() {  # expect PATTERN CMD...: exit 1 and PATTERN on stderr
  local pat=$1; shift
  bounded "$@" > out.txt 2> err.txt; local rc=$?
  if [ $rc != 1 ] || ! grep -q -- "$pat" err.txt || [ -s out.txt ]; then
    echo "$*: exit $rc, want 1 and '$pat' (and no output)"; head -c 600 err.txt; fails=1
  fi
}
expect '^/dev/zero:1:1: error: unexpected NUL character' "$UARCH" mca /dev/zero
expect '^<stdin>:1:1: error: unexpected NUL character' sh -c "\"$UARCH\" mca - < /dev/zero"
expect '^/dev/zero:1:1: error: unexpected NUL character' "$UARCH" decode /dev/zero
expect '^<stdin>:1:1: error: unexpected NUL character' sh -c "\"$UARCH\" decode < /dev/zero"
expect "'<stdin>' is longer than 256 MiB (the bound" sh -c "yes nop | \"$UARCH\" mca -"
expect "'<stdin>' is longer than 256 MiB (the bound" sh -c "yes nop | \"$UARCH\" decode -"
# a NUL after good lines: located on its line, nothing after it read
{ printf 'add x0, x0, x1\nmul x1, x1, x2\n'; head -c 100000000 /dev/zero; } > nul.s
expect '^nul.s:3:1: error: unexpected NUL character' "$UARCH" mca nul.s
expect '^nul.s:3:1: error: unexpected NUL character' "$UARCH" decode nul.s
# one region (no markers) of 2000001 instructions
yes 'add x0, x0, x1' | head -n 2000001 > big.s
expect '^big.s:2000001: error: more than 2000000 instructions in one region (the bound)' "$UARCH" mca big.s
# the same inside markers
{ echo '# LLVM-MCA-BEGIN big'; cat big.s; echo '# LLVM-MCA-END'; } > bigm.s
expect '^bigm.s:2000002: error: more than 2000000 instructions in one region (the bound)' "$UARCH" mca bigm.s
# a region of more than 8000000 lines (a BEGIN never closed: its lines are not read on without end)
{ echo '# LLVM-MCA-BEGIN'; echo 'add x0, x0, x1'; yes '//' | head -n 8000000; } > lines.s
expect '^lines.s:8000000: error: a code region longer than 8000000 lines (the bound)' "$UARCH" mca lines.s
# a line of 65 MiB (with and without markers)
{ printf 'add x0, x0, x1\n'; head -c 68157440 /dev/zero | tr '\0' ' '; printf 'nop\n'; } > long.s
expect '^long.s:2: error: a line longer than 67108864 bytes (the bound)' "$UARCH" mca long.s
{ printf '# LLVM-MCA-BEGIN\nadd x0, x0, x1\n'; head -c 68157440 /dev/zero | tr '\0' ' '; printf 'nop\n# LLVM-MCA-END\n'; } > longm.s
expect '^longm.s:3: error: a line longer than 67108864 bytes (the bound)' "$UARCH" mca longm.s
# under the bounds it works: 100000 instructions, no markers
head -n 100000 big.s > ok.s
bounded "$UARCH" mca -iterations=1 ok.s > out.txt 2> err.txt || { echo "100000 instructions: exit $?"; head -5 err.txt; fails=1; }
grep -q '^Instructions:      100000$' out.txt || { echo "100000 instructions: no report"; fails=1; }

# decode takes every file given, in order
printf 'add x0, x0, x1\n' > a.s
printf 'mul x2, x3, x4\n' > b.s
"$UARCH" decode a.s b.s > out.txt 2> err.txt || { echo "decode a.s b.s: exit $?"; fails=1; }
[ "$(cut -f1 out.txt | tr '\n' ' ')" = "a.s:1:1 b.s:1:1 " ] || { echo "decode a.s b.s:"; cat out.txt; fails=1; }
"$UARCH" decode -json a.s b.s > out.json || fails=1
[ "$(grep -c '"file"' out.json)" = 2 ] || { echo "decode -json a.s b.s:"; cat out.json; fails=1; }
printf 'add x0, x0, x99\n' > bad.s
"$UARCH" decode a.s bad.s > out.txt 2> err.txt; rc=$?
[ $rc = 1 ] && [ ! -s out.txt ] && grep -q '^bad.s:1:' err.txt || { echo "decode a.s bad.s: exit $rc"; cat out.txt err.txt; fails=1; }
exit $fails
