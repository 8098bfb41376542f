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
. "$(dirname "$0")/chunks-lib.bash"
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
    want=want_$f
    chunks_same "$f" "${!want}" || exit 1
    [ -z "${!want}" ] || [ "$(grep -c '\.s:[0-9]*:[0-9]*: error: ' "$f.one")" = 1 ] || { echo "FAIL: $f.s: want one error"; cat "$f.one"; exit 1; }
done
exit 0
