#!/usr/bin/env bash
# mca-chunks-state.sh — a file read in chunks (~4096 lines, cut between regions) is analysed as
# if it were read at once: addresses go on across chunks (a region placed by .skip/.p2align in an
# earlier chunk lands where it would in one piece: the front end sees page and line crossings by
# address), the section state goes on (a .skip in .data after the cut does not move code), and an
# LLVM-MCA-END without a BEGIN in a later chunk, after regions, is the error it is in the first
# chunk (as llvm-mca 19: an END with none open ends the implicit region only before any region).
# UARCH_MCA_CHUNK_LINES sets the chunk size: 1000000 = one chunk.
set -u
: "${UARCH:?}"
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
loop() {    # a loop region of 17 instructions (68 bytes)
    echo "# LLVM-MCA-BEGIN $1"; echo "$1:"
    for i in $(seq 15); do echo "	add	x$((i % 8)), x$((i % 8)), #1"; done
    printf '\tsubs\tx9, x9, #1\n\tb.ne\t%s\n# LLVM-MCA-END\n' "$1"
}
filler() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) print "// filler " i }'; }
# 1. addresses: the second loop starts 4 bytes before a 16 KiB page boundary only when the
#    offsets of the first chunk (.skip, the first loop) count
{ echo '	.text'; loop first; echo '	.skip 16312'; filler 5000; loop second
  echo '	.p2align 6'; echo '	.skip 60'; filler 5000; loop third; } > "$t/addr.s"
# 2. sections: a .skip in .data after the cut does not move the code (the loop stays 4 bytes
#    before the page boundary)
{ echo '	.text'; echo '	.skip 16380'; echo '	.data'; filler 5000; echo '	.skip 64'; echo '	.text'; loop b; } > "$t/sect.s"
for f in addr sect; do
    UARCH_MCA_CHUNK_LINES=1000000 "$UARCH" mca -mcpu=apple-m1 -iterations=50 -all-views=0 -summary-view -counters "$t/$f.s" > "$t/$f.one" 2>&1 ||
        { echo "FAIL: $f.s in one chunk: $(head -n 3 "$t/$f.one")"; exit 1; }
    for n in 4096 100 7; do
        UARCH_MCA_CHUNK_LINES=$n "$UARCH" mca -mcpu=apple-m1 -iterations=50 -all-views=0 -summary-view -counters "$t/$f.s" > "$t/$f.$n" 2>&1
        cmp -s "$t/$f.one" "$t/$f.$n" || { echo "FAIL: $f.s in chunks of $n lines differs from one chunk:"; diff "$t/$f.one" "$t/$f.$n" | head -n 20; exit 1; }
    done
done
[ "$(grep -c 'Code Region' "$t/addr.one")" = 3 ] || { echo "FAIL: addr.s: want 3 regions"; cat "$t/addr.one"; exit 1; }
[ "$(grep -c 'Code Region' "$t/sect.one")" = 1 ] || { echo "FAIL: sect.s: want 1 region"; cat "$t/sect.one"; exit 1; }
# 3. an END without BEGIN after a region, in a later chunk: the error of the first chunk
{ loop r; filler 5000; echo '	add	x2, x2, x3'; echo '# LLVM-MCA-END'; echo '	add	x3, x3, x4'; } > "$t/end.s"
for n in 1000000 4096 100; do
    UARCH_MCA_CHUNK_LINES=$n "$UARCH" mca "$t/end.s" > "$t/end.out" 2> "$t/end.err"; rc=$?
    [ $rc = 1 ] && [ ! -s "$t/end.out" ] || { echo "FAIL: end.s in chunks of $n: exit $rc, stdout $(wc -c < "$t/end.out") bytes"; exit 1; }
    grep -q "end.s:5022:2: error: found an invalid region end directive" "$t/end.err" ||
        { echo "FAIL: end.s in chunks of $n:"; cat "$t/end.err"; exit 1; }
done
# ... and before any region, in a later chunk, it ends the implicit region there (llvm-mca 19)
{ echo '	add	x0, x0, x1'; filler 5000; echo '	add	x2, x2, x3'; echo '# LLVM-MCA-END'; echo '	add	x3, x3, x4'; } > "$t/end0.s"
"$UARCH" mca -all-views=0 -summary-view "$t/end0.s" > "$t/end0.out" 2>&1 || { echo "FAIL: end0.s"; cat "$t/end0.out"; exit 1; }
grep -q '^Instructions:      200$' "$t/end0.out" || { echo "FAIL: end0.s: want the 2 instructions before the END"; cat "$t/end0.out"; exit 1; }
exit 0
