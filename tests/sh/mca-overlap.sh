#!/usr/bin/env bash
# mca-overlap.sh — the regions of the first chunks (four) are simulated while pass 1 still
# parses the rest: whatever pass 1 then finds, the result is as if pass 2 ran alone.  A numeric
# label used in chunk 2 and defined in chunk 3 (the whole-file fallback after chunks 0 and 1
# were queued), or used in chunk 5 and defined in chunk 6 (after all four were queued), gives
# the same output on any number of threads; an error in a late chunk prints the same
# diagnostics, nothing on stdout and no -o file; the same through a pipe.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
region() { awk -v a="$1" -v b="$2" 'BEGIN { for (i = a; i < b; i++) {
  printf "# LLVM-MCA-BEGIN r%d\n\tadd\tx%d, x%d, #%d\n\tmul\tx2, x0, x3\n# LLVM-MCA-END\n", i, i % 8, i % 8, i % 100 } }'; }
# 4 lines a region, 1024 regions a chunk: the use is in chunk 2, the definition in chunk 3
{ region 0 2500; printf '\tb\t1f\n'; region 2500 3500; printf '1:\n\tnop\n'; region 3500 4000; } > "$t/label.s"
for n in 1 2 3; do
  "$UARCH" mca -iterations=2 -threads=$n "$t/label.s" > "$t/out$n" 2> "$t/err$n" \
    || { echo "label.s -threads=$n failed"; cat "$t/err$n"; exit 1; }
done
cmp -s "$t/out1" "$t/out2" && cmp -s "$t/out1" "$t/out3" && cmp -s "$t/err1" "$t/err2" \
  || { echo "label.s: output depends on -threads"; exit 1; }
[ "$(grep -c 'Code Region' "$t/out1")" = 4000 ] || { echo "label.s: want 4000 regions"; exit 1; }
"$UARCH" mca -iterations=2 -json "$t/label.s" 2>/dev/null > "$t/j" || { echo "label.s -json failed"; exit 1; }
if command -v python3 >/dev/null; then
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["CodeRegions"]) == 4000' "$t/j" \
    || { echo "label.s json: not 4000 regions"; exit 1; }
fi

# the same after the four kept chunks were queued and pass 1 went on in its scratch slot
{ region 0 5500; printf '\tb\t1f\n'; region 5500 6500; printf '1:\n\tnop\n'; region 6500 6600; } > "$t/label6.s"
for n in 1 3; do
  "$UARCH" mca -iterations=2 -threads=$n "$t/label6.s" > "$t/out$n" 2> "$t/err$n" \
    || { echo "label6.s -threads=$n failed"; cat "$t/err$n"; exit 1; }
done
cmp -s "$t/out1" "$t/out3" && cmp -s "$t/err1" "$t/err3" || { echo "label6.s: output depends on -threads"; exit 1; }
[ "$(grep -c 'Code Region' "$t/out1")" = 6600 ] || { echo "label6.s: want 6600 regions"; exit 1; }

# the same label never defined: the whole-file parse reports it, after the first chunks ran
{ region 0 2500; printf '\tb\t1f\n'; region 2500 3500; } > "$t/undef.s"
"$UARCH" mca -o "$t/undef.txt" "$t/undef.s" > "$t/out" 2> "$t/err"; rc=$?
[ $rc = 1 ] && [ ! -s "$t/out" ] && [ ! -e "$t/undef.txt" ] || { echo "undef.s: exit $rc"; exit 1; }
grep -q "undef.s:10001:4: error: directional label undefined" "$t/err" || { echo "undef.s: error"; cat "$t/err"; exit 1; }

# an error in the last chunk: exit 1, the error only, no output file, no temp file left
{ region 0 4000; printf '\tadd\tx0, x0, x99\n'; } > "$t/bad.s"
for n in 1 2; do
  "$UARCH" mca -threads=$n -o "$t/bad.txt" "$t/bad.s" > "$t/out" 2> "$t/err$n"; rc=$?
  [ $rc = 1 ] && [ ! -s "$t/out" ] || { echo "bad.s -threads=$n: exit $rc"; exit 1; }
  [ -z "$(ls "$t" | grep bad.txt)" ] || { echo "bad.s: an output file was left"; ls "$t"; exit 1; }
done
cmp -s "$t/err1" "$t/err2" || { echo "bad.s: stderr depends on -threads"; exit 1; }
[ "$(wc -l < "$t/err1")" = 4 ] && grep -q "bad.s:16001:14: error: expected compatible register, symbol or integer in range \[0, 4095\]" "$t/err1" \
  || { echo "bad.s: error"; cat "$t/err1"; exit 1; }
cat "$t/bad.s" | "$UARCH" mca > "$t/out" 2> "$t/err"; rc=$?
[ $rc = 1 ] && [ ! -s "$t/out" ] && grep -q "<stdin>:16001:14: error" "$t/err" || { echo "bad.s pipe: exit $rc"; exit 1; }
exit 0
