#!/usr/bin/env bash
# a64-cfi-chunks.sh — CFI frames (.cfi_startproc ... .cfi_endproc, src/a64/dir_debug.c cfi_directive)
# go on across the chunks `uarch mca` reads (cut between regions) and the pieces `uarch decode`
# parses (A64ParseStart.cfi_open): a file of functions, each its frame holding a region, gives the
# same output and errors in chunks or pieces of any size as read at once; a directive outside a
# frame in a later chunk, a frame started inside another across a cut, and a frame left open at
# the end ("Unfinished frame!", at the end of the text) are llvm-mca 19's errors there.
set -u
: "${UARCH:?}"
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
U=$(realpath "$UARCH"); cd "$t" || exit 1
func() {    # a function: its frame, a region of a loop, a CFI directive after it
    printf '\t.cfi_startproc\n# LLVM-MCA-BEGIN %s\n%s:\n' "$1" "$1"
    for i in $(seq 6); do echo "	add	x$i, x$i, #1"; done
    printf '\tsubs\tx9, x9, #1\n\tb.ne\t%s\n# LLVM-MCA-END\n\t.cfi_def_cfa_offset 16\n\t.cfi_endproc\n' "$1"
}
{ for f in a b c d e; do func $f; done; } > "$t/ok.s"
{ for f in a b c; do func $f; done; echo '	.cfi_offset x30, -8'; for f in d e; do func $f; done; } > "$t/outside.s"
{ func a; func b; echo '	.cfi_startproc'; printf '# LLVM-MCA-BEGIN c\n\tnop\n# LLVM-MCA-END\n'; echo '	.cfi_startproc'
  echo '	mul	x1, x1, x2'; echo '	.cfi_endproc'; func d; } > "$t/nested.s"
{ func a; func b; func d; echo '	.cfi_startproc'; printf '# LLVM-MCA-BEGIN c\n\tnop\n# LLVM-MCA-END\n'; echo '	nop'; } > "$t/open.s"
want_ok='' want_outside='outside.s:43:2: error: this directive must appear between .cfi_startproc and .cfi_endproc directives'
want_nested='nested.s:34:2: error: starting new .cfi frame before finishing the previous one'
want_open='open.s:48:1: error: Unfinished frame!'
for f in ok outside nested open; do
    UARCH_MCA_CHUNK_LINES=1000000 "$U" mca -mcpu=apple-m1 -iterations=20 "$f.s" > "$f.one" 2>&1; rc=$?
    want=want_$f
    if [ -z "${!want}" ]; then
        [ $rc = 0 ] || { echo "FAIL: $f.s: exit $rc"; head -n 5 "$f.one"; exit 1; }
    else
        [ $rc = 1 ] && grep -qxF "${!want}" "$f.one" || { echo "FAIL: $f.s: exit $rc, want: ${!want}"; head -n 8 "$f.one"; exit 1; }
        [ "$(grep -c '\.s:[0-9]*:[0-9]*: error: ' "$f.one")" = 1 ] || { echo "FAIL: $f.s: want one error"; cat "$f.one"; exit 1; }
    fi
    for n in 100 7 3 1; do
        UARCH_MCA_CHUNK_LINES=$n "$U" mca -mcpu=apple-m1 -iterations=20 "$f.s" > "$f.$n" 2>&1
        cmp -s "$f.one" "$f.$n" || { echo "FAIL: $f.s in chunks of $n lines differs from one chunk:"; diff "$f.one" "$f.$n" | head -n 20; exit 1; }
    done
    UARCH_DECODE_PIECE_LINES=1000000 "$U" decode "$f.s" > "$f.d1" 2>&1
    [ -z "${!want}" ] || grep -qxF "${!want}" "$f.d1" || { echo "FAIL: decode $f.s: want ${!want}"; head -n 5 "$f.d1"; exit 1; }
    for n in 7 3 1; do
        UARCH_DECODE_PIECE_LINES=$n "$U" decode "$f.s" > "$f.d$n" 2>&1
        cmp -s "$f.d1" "$f.d$n" || { echo "FAIL: decode $f.s in pieces of $n lines differs:"; diff "$f.d1" "$f.d$n" | head -n 20; exit 1; }
    done
done
exit 0
