#!/usr/bin/env bash
# a64-debug-md5.sh — "inconsistent use of MD5 checksums", llvm-mca 19's warning (AsmParser::
# parseDirectiveFile, MCDwarfLineTableHeader): once per text, at a numbered `.file` (N >= 0, not
# `.file "name"`), when the line table has a file (a `.file N`, N >= 1, that is not the root file
# `.file 0` named again) and the numbered lines so far mix lines with an MD5 checksum and lines
# without.  Each case below: its text and where the warning is (LINE:COL, '-' none), as
# llvm-mca-19 -mtriple=aarch64 -mcpu=apple-m1 says (it prints a warning twice when the parse has
# no error: compared once); uarch's whole stderr compared with llvm-mca-19's when it is
# installed.  The same in pieces: UARCH_MCA_CHUNK_LINES=1, 3 and 7 give the stderr of the whole.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
LLVM_MCA=${LLVM_MCA_19:-$(command -v llvm-mca-19 || echo /usr/lib/llvm-19/bin/llvm-mca)}
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fail=0 n=0
while IFS='|' read -r want text; do
    n=$((n + 1))
    printf "$text" > "$t/c$n.s"
    (cd "$t" && "$UARCH" mca -mtriple=aarch64 -mcpu=apple-m1 "c$n.s" 2> "c$n.err" > /dev/null)
    got=$(grep -c 'warning: inconsistent use of MD5 checksums' "$t/c$n.err")
    at=$(grep -m1 'warning: inconsistent use of MD5 checksums' "$t/c$n.err" | cut -d: -f2,3)
    if [ "$want" = - ]; then
        [ "$got" = 0 ] || { echo "c$n ($text): a warning where llvm gives none"; cat "$t/c$n.err"; fail=1; }
    else
        [ "$got" = 1 ] && [ "$at" = "$want" ] || { echo "c$n ($text): want one warning at $want"; cat "$t/c$n.err"; fail=1; }
    fi
    if [ -x "$LLVM_MCA" ]; then
        (cd "$t" && "$LLVM_MCA" -mtriple=aarch64 -mcpu=apple-m1 "c$n.s" 2>&1 > /dev/null | awk '!seen[$0]++' > "c$n.llvm")
        diff "$t/c$n.llvm" "$t/c$n.err" > /dev/null || { echo "c$n: stderr differs from llvm-mca 19's (< llvm, > uarch)"; diff "$t/c$n.llvm" "$t/c$n.err"; fail=1; }
    fi
    for lines in 1 3 7; do
        (cd "$t" && UARCH_MCA_CHUNK_LINES=$lines "$UARCH" mca -mtriple=aarch64 -mcpu=apple-m1 "c$n.s" 2> "c$n.err$lines" > /dev/null)
        cmp -s "$t/c$n.err" "$t/c$n.err$lines" || { echo "c$n: in pieces of $lines lines, stderr differs"; diff "$t/c$n.err" "$t/c$n.err$lines"; fail=1; }
    done
done <<'EOF_CASES'
2:1|.file 1 "a.c" md5 1\n.file 2 "b.c"\n.file 3 "c.c"\nnop\n
2:1|.file 1 "a.c"\n.file 2 "b.c" md5 0x1\nnop\n
2:1|.file 0 "/d" "a.c" md5 1\n.file 1 "b.c"\nnop\n
2:2|\t.file 0 "/d" "a.c"\n\t.file 1 "b.c" md5 1\n\tnop\n
-|.file 0 "/d" "a.c" md5 1\n.file 0 "/d" "b.c"\nnop\n
4:1|.file 0 "/d" "a.c" md5 1\n.file 0 "/d" "b.c"\nnop\n.file 1 "x.c" md5 2\nnop\n
-|.file 1 "a.c" md5 1\n.file "b.c"\n.file 2 "c.c" md5 1\nnop\n
-|.file 0 "/d" "a.c" md5 1\n.file 1 "a.c" md5 1\n.file 0 "/d" "a.c"\nnop\n
2:1|.file 1 "a.c" md5 1\n.file 0 "/d" "r.c"\nnop\n
2:1|.file 1 "a.c"\n.file 0 "/d" "a.c" md5 1\nnop\n
-|.file 1 "a.c" md5 1\n.file 2 "b.c" md5 2\nnop\n
-|.file 0 "/d" "a.c"\n.file 1 "a.c"\n.file 0 "/d" "a.c" md5 1\nnop\n
5:1|.file 1 "a.c" md5 1\nnop\nnop\nnop\n.file 2 "b.c" source "x"\nnop\n.file 3 "c.c"\nnop\n
EOF_CASES
[ $n -ge 13 ] || { echo "only $n cases"; fail=1; }
exit $fail
