#!/usr/bin/env bash
# nul-comment.sh — a NUL byte inside a line comment is comment (issue 16: clang -g output holds
# `.byte 0 // ^@`; llvm-mc takes it, uarch stopped at the first NUL): every reader (the file,
# the stdin spool, the chunks of mca, the pieces of decode and decode's stdin) reads past it and
# the result equals the same text with the NULs replaced.  A NUL in code, in a string or after
# ';' on ELF (a separator there, a comment on Darwin) is still a located error, and /dev/zero
# still stops at 1:1 (tests/sh/input-bounds.sh).
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t"
fails=0
# 30000 lines (several chunks, pieces and read blocks), a NUL comment every third line
awk 'BEGIN { for (i = 0; i < 10000; i++) { print "\tadd\tx" i % 8 ", x1, x2"; print "\t.byte\t0                               // \001"; print "\tmul\tx3, x3, x4 // \001\001 two" } }' \
  | tr '\001' '\000' > nul.s
tr '\000' 'x' < nul.s > plain.s
[ "$(tr -cd '\000' < nul.s | wc -c)" = 30000 ] || { echo "test input: want 30000 NULs"; fails=1; }
same() {  # what, command for nul.s, command for plain.s
  if ! eval "$2" > a.txt 2> ae.txt; then echo "$1: failed"; head -5 ae.txt; fails=1; return; fi
  eval "$3" > b.txt 2> /dev/null
  cmp -s a.txt b.txt || { echo "$1: differs from the text without NULs"; diff a.txt b.txt | head -5; fails=1; }
}
same "mca file" "\"$UARCH\" mca -frontend=none -iterations=2 nul.s" "\"$UARCH\" mca -frontend=none -iterations=2 plain.s"
same "mca stdin" "\"$UARCH\" mca -frontend=none -iterations=2 - < nul.s" "\"$UARCH\" mca -frontend=none -iterations=2 plain.s | sed 's/plain.s/<stdin>/'"
same "decode file" "\"$UARCH\" decode nul.s" "\"$UARCH\" decode plain.s"
same "decode stdin" "cat nul.s | \"$UARCH\" decode -" "\"$UARCH\" decode plain.s"
{ echo '# LLVM-MCA-BEGIN a'; cat nul.s; echo '# LLVM-MCA-END'; } > m.s
{ echo '# LLVM-MCA-BEGIN a'; cat plain.s; echo '# LLVM-MCA-END'; } > mp.s
same "mca markers" "\"$UARCH\" mca -frontend=none -iterations=2 m.s" "\"$UARCH\" mca -frontend=none -iterations=2 mp.s"
grep -q '^Instructions:      40000$' a.txt || { echo "mca markers: want 40000 instructions"; head -3 a.txt; fails=1; }
# Darwin: ';' starts a comment
printf '\tadd\tx0, x0, x1 ; \000\n' > d.s
"$UARCH" mca -mtriple=arm64-apple-macos -iterations=1 d.s > d.txt 2>&1 || { echo "darwin ';' comment: failed"; cat d.txt; fails=1; }
# still errors: a NUL in code, in a string, after ';' on ELF
err() {  # file, expected first line of stderr
  for cmd in mca decode; do
    out=$("$UARCH" $cmd "$1" 2>&1 >/dev/null); rc=$?
    [ $rc = 1 ] && [ "$(printf '%s\n' "$out" | head -n 1)" = "$2" ] || { echo "$cmd $1: exit $rc, want 1 and '$2'"; printf '%s\n' "$out" | head -3; fails=1; }
  done
}
printf 'add x0, x0, x1\nadd x1, x1, \000 x2\n' > code.s
err code.s "code.s:2:13: error: unexpected NUL character"
printf '.ascii "//\000"\nadd x0, x0, x0\n' > str.s
err str.s "str.s:1:11: error: unexpected NUL character"
printf 'add x0, x0, x0 ; \000\n' > semi.s
err semi.s "semi.s:1:18: error: unexpected NUL character"
exit $fails
