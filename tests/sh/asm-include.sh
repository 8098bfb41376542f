#!/usr/bin/env bash
# asm-include.sh — `.include "file"` across files (src/asm/include.c): the included text is
# assembled in place (its instructions join the region, its region markers count, a .req of one
# file is the other's), nested includes, errors inside an included file at its own file:line
# after llvm's "Included from" lines, -skip-unsupported-instructions over them, stdin, an Apple
# triple, `uarch decode`, a file that includes itself (the expansions' bound, llvm has none),
# one that includes itself under a guard (.ifndef: read as GNU as and llvm-mc read it), a
# `.include` between statements of a line (`nop; .include "f"; sub ...`; an error after it under
# the line as written), one made by a macro's argument (read by the parser; its instructions at
# the included file's own lines, its failing lines left out by -skip-unsupported-instructions as
# a spliced file's), in a `uarch pmu stat -asm` snippet, a FIFO never opened; the errors of
# .altmacro's `%expr` and of a string left open in `.set`, each line alone.  With llvm-mca-19
# installed, every error case's stderr is compared with llvm's byte for byte and every working
# case's instruction list (skipped parts said otherwise).
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
LLVM_MCA=${LLVM_MCA_19:-$(command -v llvm-mca-19 || echo /usr/lib/llvm-19/bin/llvm-mca)}
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
fail=0
printf 'add x0, x0, x1\n# LLVM-MCA-BEGIN inner\nmul x2, x2, x3\n# LLVM-MCA-END inner\n' > b.s
printf '.include "b.s"\nsub x4, x4, x5\n' > a.s
printf 'add x0, x0, x1\n  addd x1, x2, x3\n' > err.s
printf 'nop\n.include "err.s"\nsub x1, x1, x1\n' > a1.s
printf '.include "a1.s"\n' > a0.s
printf 'add x0, x0, x1\n' > one.s
printf 'nop\n# LLVM-MCA-BEGIN r\nmul x5, x5, x5\n.include "one.s"\nsub x1, x1, x2\n# LLVM-MCA-END r\n' > reg.s
printf '.rept 3\n.include "one.s"\n.endr\n' > rept.s
printf 'x .req x1\n' > req.s
printf '.include "req.s"\nadd x, x, x\n' > usereq.s
printf 'add x0, x0, x1\n  addd' > nonl.s
printf '.include "nonl.s"\nnop\n' > t2.s
printf 'nop\n.include "self.s"\n' > self.s
printf '.if 0\n.include "nope.s"\n.endif\nnop\n' > if0.s
printf '.macro m\n.include "one.s"\n.endm\nm\nm\n' > macro.s
printf '.macro inc f\n.include "\\f"\n.endm\nnop\ninc one.s\n' > macroarg.s
printf '.include "one.s" ; nop\n' > semi.s
printf '.macro inc f\n.include "\\f"\n.endm\ninc err.s\n' > macroerr.s
printf '.macro inc f\n.include "\\f"\n.endm\ninc nope.s\n' > macroerr2.s
printf 'nop; .include "one.s"; sub x1, x1, #1; .include "one.s" // two\nret\n' > semi2.s
printf 'nop; .include "one.s"; addd x0, x0, x1\n' > semi3.s
printf 'nop; .include "err.s"; nop\n' > semi4.s
printf 'nop; .include "one.s"; nop; .include "one.s"; addd x0, x0, x1 // c\n' > semi5.s
printf 'addd x0; .include "one.s"; nop\n' > semi6.s
printf '.include "semi3.s"\n' > semi7.s
printf 'nop; .include "one.s"; nop\n\taddd x1\n' > semi8.s
printf 'nop\n.rept 2\naddd x1, x1\n.endr\nlab: adds x0\nmul x2, x2, x2\n' > err2.s
printf '.macro inc f\n.include "\\f"\n.endm\nnop\ninc err2.s\nadr x3, lab\ninc err.s\n' > macroskip.s
printf '# LLVM-MCA-BEGIN a\n.macro inc f\n.include "\\f"\n.endm\nnop\ninc err.s\n# LLVM-MCA-END a\n# LLVM-MCA-BEGIN b\ninc err.s\n# LLVM-MCA-END b\n' > macroskip2.s
printf '.macro inc f\n.include "\\f"\n.endm\ninc two.s\nret\n' > macroarg2.s
printf 'nop\n\n.rept 2\nmul x1, x1, x1\n.endr\n' > two.s
printf '.ifndef G\n.set G, 1\n.include "guard.s"\nnop\n.endif\n' > guard.s
printf '.ifndef H\nH = 1\nadd x0, x0, x1\n.include "g1.s"\n.endif\n' > g1.s
printf '.include "g1.s"\nnop\n' > gmain.s
printf '.include "deep1.s"\n' > deep0.s
printf '.include "deep0.s"\n' > deep1.s
mkfifo fifo
printf '.include "fifo"\nnop\n' > fifo.s
mkdir sub && printf 'nop\n' > sub/only.s && printf '.include "only.s"\n' > sub/a.s

insts() { sed -n '/^\[1\].*Instructions:$/,/^$/p' | sed 's/^ *[0-9].*   //' | grep -v '^\[1\]' | sed '/^$/d'; }
check() {  # name, expected, actual
  [ "$2" = "$3" ] || { echo "FAIL $1"; echo "want:"; printf '%s\n' "$2"; echo "got:"; printf '%s\n' "$3"; fail=1; }
}
M() { timeout 20 "$UARCH" mca -mcpu=apple-m1 -instruction-tables "$@"; }

check "a.s regions" "$(printf '[0] Code Region - inner\nmul\tx2, x2, x3')" "$(M a.s 2>&1 | grep Region; M a.s 2>/dev/null | insts)"
check "reg.s" "$(printf 'mul\tx5, x5, x5\nadd\tx0, x0, x1\nsub\tx1, x1, x2')" "$(M reg.s 2>/dev/null | insts)"
check "rept.s" "$(printf 'add\tx0, x0, x1\nadd\tx0, x0, x1\nadd\tx0, x0, x1')" "$(M rept.s 2>/dev/null | insts)"
check "usereq.s" "add	x1, x1, x1" "$(M usereq.s 2>/dev/null | insts)"
check "if0.s" "nop" "$(M if0.s 2>/dev/null | insts)"
check "stdin" "$(printf 'nop\nadd\tx0, x0, x1')" "$(printf 'nop\n.include "one.s"\n' | M 2>/dev/null | insts)"
check "apple" "$(M a.s 2>&1)" "$(M -mtriple=arm64-apple-macos a.s 2>&1)"
check "nested error" "$(printf 'Included from a0.s:1:\nIncluded from a1.s:2:\nerr.s:2:3: error: unrecognized instruction mnemonic, did you mean: add, addp, adds, addv, fadd, madd?\n  addd x1, x2, x3\n  ^')" \
  "$(M a0.s 2>&1 | head -5)"
check "skip" "$(printf 'Included from a1.s:2:\nerr.s:2:3: warning: unrecognized instruction mnemonic, did you mean: add, addp, adds, addv, fadd, madd?; line skipped')" \
  "$(M -skip-unsupported-instructions=parse-failure a1.s 2>&1 | head -2)"
check "skip insts" "$(printf 'nop\nadd\tx0, x0, x1\nsub\tx1, x1, x1')" "$(M -skip-unsupported-instructions=parse-failure a1.s 2>/dev/null | insts)"
check "self" "$(printf 'self.s:2:1: error: expansions nested more than 64 deep (a file that includes itself?)\n.include "self.s"\n^')" \
  "$(M self.s 2>&1 | head -3)"
check "self depth" "1" "$(M self.s 2>&1 | grep -c '^Included from self.s:2:$')"
check "self notes" "self.s:2: note: ... 60 more expansions" "$(M self.s 2>&1 | grep 'more expansions')"
check "guarded self" "nop" "$(M guard.s 2>/dev/null | insts)"
check "guarded via a file" "$(printf 'add\tx0, x0, x1\nnop')" "$(M gmain.s 2>/dev/null | insts)"
check "deep chain" "a file that includes itself?" "$(M deep0.s 2>&1 | grep -o 'a file that includes itself?')"
check "macro" "$(printf 'add\tx0, x0, x1\nadd\tx0, x0, x1')" "$(M macro.s 2>/dev/null | insts)"
check "macro arg" "$(printf 'nop\nadd\tx0, x0, x1')" "$(M macroarg.s 2>/dev/null | insts)"
check "macro arg decode" "$(printf '4:1\none.s:1:1')" "$("$UARCH" decode macroarg.s | cut -f1)"
check "macro arg decode lines" "$(printf 'two.s:1:1\ntwo.s:4:1\ntwo.s:4:1\n5:1')" "$("$UARCH" decode macroarg2.s | cut -f1)"
check "macro arg decode json" "$(printf '"file":"two.s",\n"line":4,')" "$("$UARCH" decode -json macroarg2.s | grep -E '"(file|line)"' | sed -n '3,4p' | tr -d ' ')"
check "macro arg skip" "$(printf 'err2.s:3:1: warning: unrecognized instruction mnemonic, did you mean: add, addp, adds, addv, fadd, madd?; line skipped\naddd x1, x1\n^\nerr2.s:2:1: note: in expansion of '"'"'.rept'"'"'\n.rept 2\n^\nmacroskip.s:2:1: note: in '"'"'.include'"'"' of '"'"'err2.s'"'"'\n.include "err2.s"\n^\nmacroskip.s:5:1: note: in expansion of macro '"'"'inc'"'"'\ninc err2.s\n^')" \
  "$(M -skip-unsupported-instructions=parse-failure macroskip.s 2>&1 | head -12)"
check "macro arg skip count" "4" "$(M -skip-unsupported-instructions=any macroskip.s 2>&1 | grep -c 'line skipped$')"
check "macro arg skip insts" "$(printf 'nop\nnop\nmul\tx2, x2, x2\nadr\tx3, lab\nadd\tx0, x0, x1')" \
  "$(M -skip-unsupported-instructions=parse-failure macroskip.s 2>/dev/null | insts)"
check "macro arg skip chunks" "$(M -skip-unsupported-instructions=parse-failure macroskip2.s 2>&1)" \
  "$(UARCH_MCA_CHUNK_LINES=1 M -skip-unsupported-instructions=parse-failure macroskip2.s 2>&1)"
check "macro arg no skip" "1" "$(M macroskip.s >/dev/null 2>&1; echo $?)"
check "macro arg error" "$(printf 'err.s:2:3: error: unrecognized instruction mnemonic, did you mean: add, addp, adds, addv, fadd, madd?\n  addd x1, x2, x3\n  ^\nmacroerr.s:2:1: note: in '"'"'.include'"'"' of '"'"'err.s'"'"'\n.include "err.s"\n^\nmacroerr.s:4:1: note: in expansion of macro '"'"'inc'"'"'\ninc err.s\n^')" \
  "$(M macroerr.s 2>&1 | head -9)"
check "macro arg missing" "macroerr2.s:2:10: error: Could not find include file 'nope.s'" "$(M macroerr2.s 2>&1 | head -1)"
check "macro arg pieces" "$("$UARCH" decode macroarg.s)" "$(UARCH_DECODE_PIECE_LINES=1 "$UARCH" decode macroarg.s)"
check "pmu snippet" "$(printf 'err.s:2:3: error: unrecognized instruction mnemonic, did you mean: add, addp, adds, addv, fadd, madd?')" \
  "$("$UARCH" pmu stat -backend=sim -e 0x02 -asm 'nop; .include "err.s"' 2>&1 | head -1)"
check "pmu snippet works" "ok" "$("$UARCH" pmu stat -backend=sim -e 0x02 -asm '.include "one.s"; nop' >/dev/null 2>&1 && echo ok)"
check "after ;" "$(printf 'add\tx0, x0, x1\nnop')" "$(M semi.s 2>/dev/null | insts)"
check "between ;" "$(printf 'nop\nadd\tx0, x0, x1\nsub\tx1, x1, #1\nadd\tx0, x0, x1\nret')" "$(M semi2.s 2>/dev/null | insts)"
check "between ; decode" "$(printf '1:1\none.s:1:1\n1:24\none.s:1:1\n2:1')" "$("$UARCH" decode semi2.s | cut -f1)"
# (the line shown is the one written, as llvm shows it, not the one parsed: what comes before the
# statements after a .include blanked)
check "error after ;" "$(printf 'semi3.s:1:24: error: unrecognized instruction mnemonic, did you mean: add, addp, adds, addv, fadd, madd?\nnop; .include "one.s"; addd x0, x0, x1\n                       ^')" \
  "$(M semi3.s 2>&1 | head -3)"
check "skip after ;" "$(printf 'semi3.s:1:24: warning: unrecognized instruction mnemonic, did you mean: add, addp, adds, addv, fadd, madd?; line skipped\nnop; .include "one.s"; addd x0, x0, x1\n                       ^')" \
  "$(M -skip-unsupported-instructions=parse-failure semi3.s 2>&1 | head -3)"
check "line after ;" "$(printf 'semi8.s:2:2: error: unrecognized instruction mnemonic, did you mean: add, addp, adds, addv, fadd, madd?\n        addd x1\n        ^')" \
  "$(M semi8.s 2>&1 | head -3)"
check "error in file after ;" "$(printf 'Included from semi4.s:1:\nerr.s:2:3: error: unrecognized instruction mnemonic, did you mean: add, addp, adds, addv, fadd, madd?')" \
  "$(M semi4.s 2>&1 | head -2)"
check "fifo" "fifo.s:1:10: error: 'fifo' is not a regular file: uarch includes regular files only" "$(M fifo.s 2>&1 | head -1)"
check "beside" "sub/a.s:1:10: error: Could not find include file 'only.s'" "$(M sub/a.s 2>&1 | head -1)"
check "decode" "$(printf 'b.s:1:1\nb.s:3:1\n2:1\nregion '"'"'inner'"'"' (b.s line 2): instructions 1..1')" \
  "$("$UARCH" decode a.s | cut -f1)"
check "decode pieces" "$(printf '1:1\n3:1\none.s:1:1\n5:1\nregion '"'"'r'"'"' (line 2): instructions 1..3')" \
  "$(UARCH_DECODE_PIECE_LINES=1 "$UARCH" decode reg.s | cut -f1)"
check "decode error" "$(M a1.s 2>&1 | head -4)" "$("$UARCH" decode a1.s 2>&1)"
check "mca chunks" "$(M reg.s 2>/dev/null | insts)" "$(UARCH_MCA_CHUNK_LINES=1 M reg.s 2>/dev/null | insts)"

if [ -x "$LLVM_MCA" ]; then
  L() { timeout 20 "$LLVM_MCA" -mtriple=aarch64 -mcpu=apple-m1 -instruction-tables "$@"; }
  for f in a1.s a0.s t2.s sub/a.s semi4.s semi3.s semi5.s semi6.s semi7.s semi8.s; do
    check "llvm stderr $f" "$(L $f 2>&1 >/dev/null)" "$(M $f 2>&1 >/dev/null | sed 's/^uarch mca: error: Assembly input/error: Assembly input/')"
  done
  for f in a.s reg.s rept.s usereq.s if0.s macro.s semi.s semi2.s guard.s gmain.s macroarg.s; do
    check "llvm insts $f" "$(L $f 2>/dev/null | insts)" "$(M $f 2>/dev/null | insts)"
  done
  for f in macroskip.s macroskip2.s; do   # (llvm prints each error twice, as errors)
    check "llvm skip insts $f" "$(L -skip-unsupported-instructions=parse-failure $f 2>/dev/null | insts)" \
      "$(M -skip-unsupported-instructions=parse-failure $f 2>/dev/null | insts)"
  done
  # .altmacro's `%expr` and a string left open in an assignment (tests/errors/asm-compat-altmacro,
  # asm-set-unterminated; the lines of the fuzz corpus' inputs): the first error, each line alone
  # (llvm's string runs on to the next '"' of the file; after a `%expr` error it goes on with the
  # argument empty; a plain macro's `m "abc` it takes silently)
  c=$ROOT/tests/fuzz/corpus
  { grep '^m %' "$c/altmacro-expr-errors.s" | grep -v ','; sed -n '/^\.endm$/,$p' "$c/set-unterminated.s" | grep '"' | grep -v '^m \|", 0$'; } > lines
  check "llvm first error lines" "21" "$(wc -l < lines | tr -d ' ')"
  while IFS= read -r l; do
    printf '.altmacro\n.set L, 4\n.macro m a\nadd x0, x0, #\\a\n.endm\n%s\n' "$l" > one1.s
    check "llvm first error: $l" "$(L one1.s 2>&1 | head -3)" "$(M one1.s 2>&1 | head -3)"
  done < lines
  check "llvm stdin" "$(printf 'nop\n.include "err.s"\n' | L 2>&1 | head -4)" "$(printf 'nop\n.include "err.s"\n' | M 2>&1 | head -4)"
else
  echo "llvm-mca 19 not installed (make deps): uarch's own expectations only"
fi
exit $fail
