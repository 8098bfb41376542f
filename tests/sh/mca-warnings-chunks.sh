#!/usr/bin/env bash
# mca-warnings-chunks.sh — the parser's warnings are capped per run, not per parse: a run prints
# the first A64_MAX_WARNINGS (20) of the whole input and then "N more warnings not shown", however
# `uarch mca` cuts the input into chunks (UARCH_MCA_CHUNK_LINES) or `uarch decode` into pieces.
# (llvm-mca-19 prints every warning, each twice; uarch caps them: a `.rept` of a `.warning` would
# print without end, and the parser keeps each warning it prints.)
set -u
: "${UARCH:?}"
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
. "$(dirname "$0")/chunks-lib.bash"
U=$(realpath "$UARCH"); cd "$t" || exit 1
region() { printf '# LLVM-MCA-BEGIN r%s\n.warning "w%s"\nadd x0, x0, #1\n# LLVM-MCA-END\n' "$1" "$1"; }
{ for i in $(seq 30); do region "$i"; done; } > r30.s
{ for i in $(seq 5); do region "$i"; done; } > r5.s
# (the .rept in the first chunk: a warning's notes in a later chunk give the chunk's own lines)
{ printf '.rept 1000\n.warning "x"\n.endr\n'; for i in $(seq 5); do region "$i"; done; } > rept.s
# a second code section in a later chunk: the text is parsed whole after chunks warned
{ for i in $(seq 15); do region "$i"; done; printf '.section .text.b,"ax"\n'; for i in $(seq 16 40); do region "$i"; done; } > whole.s
# one warning said once per input (';' read as a comment on ELF) among the others
{ for i in $(seq 25); do region "$i"; printf 'nop ; foo bar\n'; done; } > semi.s
for f in r30 r5 rept whole semi; do chunks_same "$f" '' || exit 1; done
count() { grep -c ': warning: ' "$1"; }
[ "$(count r30.one)" = 21 ] && grep -qxF 'r30.s: warning: 10 more warnings not shown' r30.one ||
    { echo "FAIL: r30.s: want 20 warnings and '10 more'"; grep warning: r30.one | tail -3; exit 1; }
[ "$(grep -c '^r30.s:[0-9]*:1: warning: w' r30.one)" = 20 ] && grep -q '^r30.s:78:1: warning: w20$' r30.one ||
    { echo "FAIL: r30.s: want w1..w20"; exit 1; }
[ "$(count r5.one)" = 5 ] && ! grep -q 'not shown' r5.one || { echo "FAIL: r5.s: want 5 warnings"; exit 1; }
grep -qxF 'rept.s: warning: 985 more warnings not shown' rept.one || { echo "FAIL: rept.s"; grep 'warning:' rept.one | tail -2; exit 1; }
grep -qxF 'whole.s: warning: 20 more warnings not shown' whole.one || { echo "FAIL: whole.s"; grep 'warning:' whole.one | tail -2; exit 1; }
[ "$(grep -c "';' read as the start of a comment" semi.one)" = 1 ] && grep -qxF 'semi.s: warning: 6 more warnings not shown' semi.one ||
    { echo "FAIL: semi.s"; grep 'warning:' semi.one | tail -2; exit 1; }
for f in r30 rept whole semi; do
    grep -q 'more warnings not shown' "$f.d1" || { echo "FAIL: decode $f.s: no 'more' line"; exit 1; }
done
echo ok
