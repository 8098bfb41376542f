#!/usr/bin/env bash
# tools/bench-parse.sh [BUILD_DIR] — `make bench-parse`: lines per second of the AArch64 front end
# (lex, match, semantics, forms) on real compiler output: this repo's C sources compiled with
# clang --target=aarch64-linux-gnu -O2 -S and with aarch64-linux-gnu-gcc -O2 -S when present,
# concatenated.  Goal: >= 5 million lines/s on one core.  CPU time, so other load does not count.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=${1:-build}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
n=0
for f in "$ROOT"/src/*/*.c; do
  for cc in "clang --target=aarch64-linux-gnu" aarch64-linux-gnu-gcc; do
    command -v ${cc%% *} >/dev/null || continue
    $cc -O2 -S -w -I"$ROOT/src" -I"$ROOT/$B/gen" -D_POSIX_C_SOURCE=200809L "$f" -o "$work/$n.s" 2>/dev/null && n=$((n+1)) || true
  done
done
[ "$n" -gt 0 ] || { echo "bench-parse: skipped: no clang or aarch64-linux-gnu-gcc to make the corpus"; exit 0; }
cat "$work"/*.s > "$work/all.s"
echo "bench-parse: $(wc -l < "$work/all.s") lines from $n compiler outputs"
"$ROOT/$B/bench-parse" "$work/all.s" 10
