#!/usr/bin/env bash
# mca-threads.sh — regions are simulated on several threads (-threads=N, default one per CPU):
# the text and -json outputs are byte-identical whatever the number of threads, across chunk
# boundaries, with regions of different sizes and with skipped (empty) regions.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
awk 'BEGIN { for (i = 0; i < 1500; i++) {
  printf "# LLVM-MCA-BEGIN r%d\n", i
  for (k = 0; k <= i % 13; k++) printf "\tadd\tx%d, x%d, #%d\n\tldr\tq%d, [x1, #%d]\n", k % 8, (k + 1) % 8, i % 100, k % 4, 16 * k
  if (i % 7 == 0) printf "\tfmla\tv0.4s, v1.4s, v2.4s\n\tsdiv\tx3, x4, x5\n"
  printf "# LLVM-MCA-END\n" } }' > "$t/many.s"
for args in "-iterations=3" "-iterations=5 -json" "-all-views -iterations=2"; do
  for n in 1 2 5; do
    "$UARCH" mca $args -threads=$n "$t/many.s" > "$t/out$n" 2> "$t/err" || { echo "$args -threads=$n failed"; cat "$t/err"; exit 1; }
  done
  cmp -s "$t/out1" "$t/out2" && cmp -s "$t/out1" "$t/out5" || { echo "$args: output depends on -threads"; exit 1; }
  "$UARCH" mca $args "$t/many.s" 2>/dev/null | cmp -s - "$t/out1" || { echo "$args: default threads differ"; exit 1; }
done
# -json is one valid document with every region
"$UARCH" mca -json -iterations=2 -threads=3 "$t/many.s" > "$t/j" 2>/dev/null
if command -v python3 >/dev/null; then
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["CodeRegions"]) == 1500' "$t/j" \
    || { echo "json: not 1500 regions"; exit 1; }
fi
"$UARCH" mca -threads=x "$t/many.s" > /dev/null 2>&1 && { echo "-threads=x accepted"; exit 1; }
exit 0
