#!/usr/bin/env bash
# mca-chunks.sh — a long file is read in chunks (cut between regions) so memory does not grow
# with the number of regions: regions keep their order and numbering across chunks, errors and
# warnings far in the file carry their real line numbers, nothing is printed before an error
# in the last chunk, stdin gives the same output as the file, and chunks kept parsed from
# pass 1 give the same output as chunks parsed again.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
awk 'BEGIN { for (i = 0; i < 3000; i++) {
  printf "# LLVM-MCA-BEGIN r%d\n\tadd\tx%d, x%d, #%d\n\tmul\tx2, x0, x3\n# LLVM-MCA-END\n", i, i % 8, i % 8, i % 100 } }' > "$t/many.s"
"$UARCH" mca -iterations=2 -instruction-info=false -resource-pressure=false "$t/many.s" > "$t/out" 2> "$t/err" \
  || { echo "uarch mca failed"; cat "$t/err"; exit 1; }
[ "$(grep -c '^\[[0-9]*\] Code Region - r[0-9]*$' "$t/out")" = 3000 ] || { echo "want 3000 regions"; exit 1; }
grep -n 'Code Region' "$t/out" | awk -F'[][]' '{ if ($2 != NR - 1) { print "region " NR - 1 " numbered " $2; exit 1 } }' || exit 1
grep -q '^\[2999\] Code Region - r2999$' "$t/out" || { echo "last region"; exit 1; }
"$UARCH" mca -iterations=2 -instruction-info=false -resource-pressure=false - < "$t/many.s" > "$t/out2" 2>/dev/null
cmp -s "$t/out" "$t/out2" || { echo "stdin output differs from the file's"; exit 1; }

# an error on line 12002 (chunk 3): exit 1, located, nothing on stdout
{ cat "$t/many.s"; printf '\tadd\tx0, x0, x99\n'; } > "$t/bad.s"
"$UARCH" mca "$t/bad.s" > "$t/out" 2> "$t/err"; rc=$?
[ $rc = 1 ] && [ ! -s "$t/out" ] || { echo "bad.s: exit $rc, stdout $(wc -c < "$t/out") bytes"; exit 1; }
head -n 1 "$t/err" | grep -q "bad.s:12001:14: error: expected compatible register, symbol or integer in range \[0, 4095\]" || { echo "error line"; cat "$t/err"; exit 1; }
# -skip-unsupported-instructions=parse-failure drops that line in both passes
"$UARCH" mca -skip-unsupported-instructions=parse-failure -iterations=2 "$t/bad.s" > "$t/out" 2> "$t/err" \
  || { echo "skip: failed"; exit 1; }
grep -q "bad.s:12001:14: warning: expected compatible register, symbol or integer in range \[0, 4095\]; line skipped" "$t/err" || { echo "skip warning"; cat "$t/err"; exit 1; }
[ "$(grep -c 'Code Region' "$t/out")" = 3000 ] || { echo "skip: regions"; exit 1; }

# chunks after the first four are kept parsed from pass 1 within a memory budget, else read and
# parsed again: the output is the same either way (24,000 lines: six chunks)
awk 'BEGIN { for (i = 0; i < 6000; i++) {
  printf "# LLVM-MCA-BEGIN k%d\n\tadd\tx%d, x%d, #%d\n\tldr\tx2, [x0, #%d]\n# LLVM-MCA-END\n", i, i % 8, i % 8, i % 100, 8 * (i % 50) } }' > "$t/six.s"
printf '\tadd\tx0, x0, x99\n' >> "$t/six.s"
for kb in "" 0 1100000; do
  UARCH_MCA_KEEP_BYTES=$kb "$UARCH" mca -skip-unsupported-instructions=parse-failure -iterations=3 -json "$t/six.s" \
    > "$t/six$kb.json" 2>/dev/null || { echo "six.s (keep '$kb') failed"; exit 1; }
done
grep -q '"Name": "k5999"' "$t/six.json" || { echo "six.s: no last region"; exit 1; }
cmp -s "$t/six.json" "$t/six0.json" && cmp -s "$t/six.json" "$t/six1100000.json" \
  || { echo "six.s: output depends on the chunks kept parsed"; exit 1; }

# a forward numeric label across chunks after some were kept: the whole-file fallback drops them
{ head -n 24000 "$t/six.s"; printf '\tb\t1f\n'; head -n 8000 "$t/many.s"; printf '1:\n\tnop\n'; } > "$t/label6.s"
"$UARCH" mca -iterations=2 -instruction-info=false -resource-pressure=false "$t/label6.s" > "$t/out" 2> "$t/err" \
  || { echo "label6.s failed"; cat "$t/err"; exit 1; }
[ "$(grep -c 'Code Region' "$t/out")" = 8000 ] || { echo "label6.s: regions"; exit 1; }

# without markers the whole file is one region, however long
awk 'BEGIN { for (i = 0; i < 5000; i++) printf "\tadd\tx%d, x%d, #1\n", i % 8, i % 8 }' > "$t/flat.s"
"$UARCH" mca -iterations=2 -instruction-info=false -resource-pressure=false "$t/flat.s" > "$t/out" 2>/dev/null || { echo "flat.s failed"; exit 1; }
grep -q '^Instructions:      10000$' "$t/out" && ! grep -q 'Code Region' "$t/out" || { echo "flat.s: want one implicit region of 5000"; head -n 3 "$t/out"; exit 1; }

# a numeric label used in one chunk and defined in the next still resolves (whole-file fallback)
{ printf '\tb\t1f\n'; head -n 8000 "$t/many.s"; printf '1:\n\tnop\n'; } > "$t/label.s"
"$UARCH" mca -iterations=2 -instruction-info=false -resource-pressure=false "$t/label.s" > "$t/out" 2> "$t/err" \
  || { echo "label.s failed"; cat "$t/err"; exit 1; }
[ "$(grep -c 'Code Region' "$t/out")" = 2000 ] || { echo "label.s: regions"; exit 1; }
echo ok
