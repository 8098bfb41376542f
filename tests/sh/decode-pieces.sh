#!/usr/bin/env bash
# decode-pieces.sh — `uarch decode FILE` parses a regular file a piece at a time (issue 15:
# its memory flat in the file's size, see src/a64/pieces.c) and prints exactly what the whole
# parse prints: for every golden and error test input and for inputs that cross pieces
# (labels defined before and after, .p2align/.org, sections, an END-only region, a macro
# defined early and used late, numeric labels), `decode` with pieces of 1 and 3 lines
# (UARCH_DECODE_PIECE_LINES) gives the stdout and exit status of `decode - < FILE` (stdin is
# parsed whole), with and without -json and -show-encoding.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
root=$(cd "$(dirname "$0")/../.." && pwd)
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t"
fails=0
for f in "$root"/tests/golden/*.test "$root"/tests/errors/*.test; do
  awk '/^#--- /{exit} {print}' "$f" > "$(basename "$f" .test).s"
done
cat > cross.s <<'S'
	.text
	.globl	f
	.p2align	4
f:
	cbz	x0, .Lend
	bl	g
	b	.Lmid
	.section	.rodata
.Lc:
	.word	1, 2, 3
	.text
	.p2align	5
.Lmid:
	add	x0, x0, #1
	1:
	subs	x1, x1, #1
	b.ne	1b
	b	1f
1:	nop
	.org	0x200
.Lend:
	ret
g:
	b	f
	b	.Lend
	.pushsection	.data
	.quad	0
	.popsection
	mul	x2, x2, x2
S
cat > late.s <<'S'
	.macro twice r
	add	\r, \r, \r
	add	\r, \r, \r
	.endm
	nop
	nop
	nop
	twice	x3
	.set	N, 4
	nop
	nop
	ldr	x0, [x1, #N]
S
cat > endonly.s <<'S'
	add	x0, x0, #1
	add	x0, x0, #2
# LLVM-MCA-END
	add	x1, x1, #1
# LLVM-MCA-BEGIN r
	mul	x3, x3, x3
	mul	x3, x3, x3
# LLVM-MCA-END r
	nop
S
for f in *.s; do
  for a in "" -json -show-encoding; do
    want=$("$UARCH" decode $a - < "$f" 2>/dev/null; echo "exit $?")
    for pl in 1 3; do
      got=$(UARCH_DECODE_PIECE_LINES=$pl "$UARCH" decode $a "$f" 2>/dev/null; echo "exit $?")
      [ "$got" = "$want" ] || { echo "decode $a $f in pieces of $pl lines differs from the whole parse:"; diff <(echo "$want") <(echo "$got") | head -8; fails=1; }
    done
  done
done
exit $fails
