#!/usr/bin/env bash
# a64-string-lines-chunks.sh — a string left open on its line runs to the next quote across lines,
# as llvm-mca 19's lexer reads it (src/asm/asm.c asm_statement_end): the chunks `uarch mca` reads
# (src/mca/chunks.c scan_line: a region marker inside such a string is none, the lines of one
# statement are blanked together when it is skipped) and the pieces `uarch decode` parses give
# the same output and errors in any size as read at once; region markers only inside a string
# leave the file one region; errors past a newline are at their own line (llvm-mca 19's, checked
# with it when it is installed).
set -u
: "${UARCH:?}"
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
. "$(dirname "$0")/chunks-lib.bash"
U=$(realpath "$UARCH"); cd "$t" || exit 1
LLVM_MCA=${LLVM_MCA_19:-$(command -v llvm-mca-19 || echo /usr/lib/llvm-19/bin/llvm-mca)}
region() {  # a region of a loop with a string across lines before it (.byte: no warnings,
            # of which a run prints 20: A64_MAX_WARNINGS)
    printf '\t.data\n\t.byte "%s\n# LLVM-MCA-BEGIN in-%s\n// \\"\n# LLVM-MCA-END\n", "x\ny" // a "comment\n' "$1" "$1"
    printf '\t.text\n# LLVM-MCA-BEGIN %s\n%s:\n' "$1" "$1"
    for i in $(seq 4); do echo "	add	x$i, x$i, #1"; done
    printf '\tsubs\tx9, x9, #1\n\tb.ne\t%s\n# LLVM-MCA-END\n' "$1"
}
{ for f in a b c d e; do region $f; done; } > ok.s
# markers only inside strings: one region, the whole file
{ printf 'add x0, x1, x2\n.data\n.ascii "\n# LLVM-MCA-BEGIN x\n"\n.text\nmul x3, x4, x5\n.data\n.byte "\n# LLVM-MCA-END\n"\n'; } > inside.s
# an error past a newline, in a later chunk
{ for f in a b c; do region $f; done; printf '\t.byte 1, "p\nq\nr" z\n'; for f in d e; do region $f; done; } > err.s
# a string that closes at the end of the text only (the regions in it are none)
{ for f in a b; do region $f; done; printf '\t.data\n\t.byte "'; for f in c d; do region $f | sed 1,7d; done; printf '"\n'; } > late.s
want_ok='' want_inside='' want_err='err.s:54:4: error: unexpected token' want_late=''
for f in ok inside err late; do
    want=want_$f
    chunks_same "$f" "${!want}" || exit 1
    # -skip-unsupported-instructions: the failing statement's lines left out together
    UARCH_MCA_CHUNK_LINES=1000000 "$U" mca -mcpu=apple-m1 -iterations=20 -skip-unsupported-instructions=parse-failure "$f.s" > "$f.skip" 2>&1
    for n in 7 3 1; do
        UARCH_MCA_CHUNK_LINES=$n "$U" mca -mcpu=apple-m1 -iterations=20 -skip-unsupported-instructions=parse-failure "$f.s" > "$f.skip$n" 2>&1
        cmp -s "$f.skip" "$f.skip$n" || { echo "FAIL: $f.s skipping in chunks of $n lines differs:"; diff "$f.skip" "$f.skip$n" | head -n 20; exit 1; }
    done
    if [ -x "$LLVM_MCA" ]; then   # the regions (names, instruction counts) and the first error are llvm's
        "$LLVM_MCA" -mtriple=aarch64 -mcpu=apple-m1 -iterations=20 "$f.s" > "$f.llvm" 2> "$f.llvm.err"
        grep -e '^\[[0-9]*\] Code Region' -e '^Instructions:' "$f.llvm" > "$f.lr"
        grep -e '^\[[0-9]*\] Code Region' -e '^Instructions:' "$f.one" > "$f.ur"
        cmp -s "$f.lr" "$f.ur" || { echo "FAIL: $f.s: regions differ from llvm-mca 19's (< llvm, > uarch)"; diff "$f.lr" "$f.ur" | head; exit 1; }
        [ -z "${!want}" ] || grep -qxF "${!want}" "$f.llvm.err" || { echo "FAIL: $f.s: llvm-mca 19 does not say ${!want}"; exit 1; }
    fi
done
[ "$(grep -c 'Code Region' inside.one)" = 0 ] && grep -qx 'Instructions:      40' inside.one || { echo "FAIL: inside.s: want one region of 2 instructions"; head inside.one; exit 1; }
[ "$(grep -c 'Code Region' ok.one)" = 5 ] || { echo "FAIL: ok.s: want 5 regions"; exit 1; }
[ "$(grep -c 'Code Region' late.one)" = 2 ] || { echo "FAIL: late.s: want 2 regions"; exit 1; }
exit 0
