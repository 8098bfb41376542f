# chunks-lib.bash — sourced by the tests of the chunks `uarch mca` reads and the pieces `uarch
# decode` parses (a64-cfi-chunks.sh, a64-string-lines-chunks.sh).  chunks_same F WANT: `uarch mca`
# ($U) of F.s read at once exits 0 (WANT empty) or 1 with the line WANT, and gives the same output
# and errors in chunks of 100, 7, 3 and 1 lines; `uarch decode` says WANT too and gives the same in
# pieces of 7, 3 and 1 lines.  Leaves F.one (mca at once); 1 after a FAIL line.
chunks_same() {
    local f=$1 want=$2 rc n
    UARCH_MCA_CHUNK_LINES=1000000 "$U" mca -mcpu=apple-m1 -iterations=20 "$f.s" > "$f.one" 2>&1; rc=$?
    if [ -z "$want" ]; then
        [ $rc = 0 ] || { echo "FAIL: $f.s: exit $rc"; head -n 5 "$f.one"; return 1; }
    else
        [ $rc = 1 ] && grep -qxF "$want" "$f.one" || { echo "FAIL: $f.s: exit $rc, want: $want"; head -n 8 "$f.one"; return 1; }
    fi
    for n in 100 7 3 1; do
        UARCH_MCA_CHUNK_LINES=$n "$U" mca -mcpu=apple-m1 -iterations=20 "$f.s" > "$f.$n" 2>&1
        cmp -s "$f.one" "$f.$n" || { echo "FAIL: $f.s in chunks of $n lines differs from one chunk:"; diff "$f.one" "$f.$n" | head -n 20; return 1; }
    done
    UARCH_DECODE_PIECE_LINES=1000000 "$U" decode "$f.s" > "$f.d1" 2>&1
    [ -z "$want" ] || grep -qxF "$want" "$f.d1" || { echo "FAIL: decode $f.s: want $want"; head -n 5 "$f.d1"; return 1; }
    for n in 7 3 1; do
        UARCH_DECODE_PIECE_LINES=$n "$U" decode "$f.s" > "$f.d$n" 2>&1
        cmp -s "$f.d1" "$f.d$n" || { echo "FAIL: decode $f.s in pieces of $n lines differs:"; diff "$f.d1" "$f.d$n" | head -n 20; return 1; }
    done
}
