#!/usr/bin/env bash
# a64-comment-lines-chunks.sh — a block comment that spans lines is a blank to llvm-mca 19's
# lexer: the statement goes on after it (src/asm/asm.c asm_statement_end).  The chunks `uarch
# mca` reads are not cut inside one (src/mca/chunks.c scan_line), and a failing statement's lines
# are left out together: chunks of any size and the pieces `uarch decode` parses give the output
# and errors of the text read at once.
set -u
: "${UARCH:?}"
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
. "$(dirname "$0")/chunks-lib.bash"
U=$(realpath "$UARCH"); cd "$t" || exit 1
body() {  # statements across block comments, a label before one
    printf 'l%s: /* a\n b */ add x0, /* c\n\n d */ x1, x2\n' "$1"
    printf '\tmul x3, x4, /* e\n */ x5 /* f */ ; sub x6, /* g\n */ x6, #1\n'
    printf '/* h\n i */\n\tnop\n'
}
{ for f in a b c d; do body $f; done; } > ok.s
{ for f in a b; do body $f; done; printf 'nop /* j\n k */ add x0,x1,x2\n'; for f in c d; do body $f; done; } > err.s
# (llvm-mca 19: err.s:22:11, the line the comment closes on)
chunks_same ok '' || exit 1
chunks_same err 'err.s:22:11: error: unexpected token in argument list' || exit 1
for f in ok err; do   # -skip-unsupported-instructions: the failing statement's lines left out together
    UARCH_MCA_CHUNK_LINES=1000000 "$U" mca -mcpu=apple-m1 -iterations=20 -skip-unsupported-instructions=parse-failure "$f.s" > "$f.skip" 2>&1
    for n in 7 3 1; do
        UARCH_MCA_CHUNK_LINES=$n "$U" mca -mcpu=apple-m1 -iterations=20 -skip-unsupported-instructions=parse-failure "$f.s" > "$f.skip$n" 2>&1
        cmp -s "$f.skip" "$f.skip$n" || { echo "FAIL: $f.s skipping in chunks of $n lines differs:"; diff "$f.skip" "$f.skip$n" | head -n 20; exit 1; }
    done
done
grep -qx 'Instructions:      320' ok.one || { echo "FAIL: ok.s: want 16 instructions"; head -n 5 ok.one; exit 1; }
grep -qx 'Instructions:      320' err.skip || { echo "FAIL: err.s skipped: want 16 instructions"; head -n 5 err.skip; exit 1; }
exit 0
