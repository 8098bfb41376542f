#!/usr/bin/env bash
# mca-examples.sh — the README's examples analyze: one named region each (their
# LLVM-MCA-BEGIN/END markers), on both models, in text and json.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
n=0
for f in "$ROOT"/examples/*.s; do
  name=$(sed -n 's/^# LLVM-MCA-BEGIN //p' "$f" | head -n 1)
  [ -n "$name" ] || { echo "$f: no region marker"; exit 1; }
  for cpu in firestorm icestorm; do
    "$UARCH" mca -mcpu=$cpu "$f" > "$t/out" 2> "$t/err" || { echo "$f -mcpu=$cpu failed"; cat "$t/err"; exit 1; }
    [ "$(head -n 2 "$t/out" | tail -n 1)" = "[0] Code Region - $name" ] || { echo "$f: region header"; head -n 3 "$t/out"; exit 1; }
    grep -q '^Resource pressure by instruction:$' "$t/out" || { echo "$f: no pressure view"; exit 1; }
    "$UARCH" mca -mcpu=$cpu -json "$f" 2>/dev/null | grep -q "\"Name\": \"$name\"" || { echo "$f: json"; exit 1; }
  done
  n=$((n + 1))
done
[ $n -ge 3 ] || { echo "want at least 3 examples, found $n"; exit 1; }
echo ok
