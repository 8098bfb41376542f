#!/usr/bin/env bash
# tools/bench-mca.sh [BUILD_DIR] — `make bench`: regions per second of `uarch mca` against
# llvm-mca 14 on the same file, in the same run, and peak memory for N and 4N regions.
#
#  1. compile this repo's C sources (src/*/*.c, tools/*.c, tests/unit/*.c) with
#     clang --target=aarch64-linux-gnu -O2 -S (real compiler output);
#  2. keep the instructions, one named region per basic block (LLVM-MCA-BEGIN/END), drop
#     directives and labels; drop the lines llvm-mca or uarch cannot parse, so both tools get
#     the same file (>= 2000 regions: more optimisation levels are added until there are);
#  3. time both on it with their defaults (100 iterations, default views), output to /dev/null;
#  4. peak RSS (/usr/bin/time, else a tiny getrusage wrapper) for N and 4N regions.
# Environment: LLVM_MCA (default llvm-mca-14), CLANG (default clang), MIN_REGIONS (2000),
# BENCH_KEEP=path (copy the generated input file there, e.g. for perf).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=${1:-build}
UARCH="$ROOT/$B/uarch"
CLANG=${CLANG:-clang}
MIN_REGIONS=${MIN_REGIONS:-2000}
LLVM_MCA=${LLVM_MCA:-$(command -v llvm-mca-14 || echo /usr/lib/llvm-14/bin/llvm-mca)}
MCA_ARGS="-mtriple=aarch64 -mcpu=apple-m1"

[ -x "$UARCH" ] || { echo "bench: $UARCH not built"; exit 1; }
command -v "$CLANG" >/dev/null || { echo "bench: skipped: no '$CLANG' to make the input (apt-get install clang)"; exit 0; }
[ -x "$LLVM_MCA" ] || { echo "bench: skipped: llvm-mca 14 not found (apt-get install llvm-14, or LLVM_MCA=...)"; exit 0; }

work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/s"

# -- 1 + 2: the input file --------------------------------------------------------------------
to_regions() {   # file.s tag -> regions on stdout
  awk -v tag="$2" '
    function close_region() { if (open) { print "# LLVM-MCA-END"; open = 0 } }
    /^[A-Za-z_.$][A-Za-z0-9_.$]*:/ { close_region(); lab = $0; sub(/:.*/, "", lab); nb++; next }
    /^\t\./ || /^[ \t]*$/ || /^[ \t]*\/\// { next }
    /^\t[a-z]/ {
      line = $0; sub(/[ \t]*\/\/.*/, "", line)
      if (!open) { printf "# LLVM-MCA-BEGIN %s_%s_%d\n", tag, lab, nb; open = 1 }
      print line
    }
    END { close_region() }' "$1"
}
count_regions() { grep -c '^# LLVM-MCA-BEGIN' "$1" || true; }

: > "$work/all.s"
for opt in O2 O1 Os O3; do
  for f in "$ROOT"/src/*/*.c "$ROOT"/tools/*.c "$ROOT"/tests/unit/*.c; do
    n=$(basename "$f" .c)
    "$CLANG" --target=aarch64-linux-gnu -$opt -S -w -I"$ROOT/src" -I"$ROOT/$B/gen" -I"$ROOT/tests/unit" \
      -D_POSIX_C_SOURCE=200809L "$f" -o "$work/s/$n.s" 2>/dev/null || continue
    to_regions "$work/s/$n.s" "${opt}_$n" >> "$work/all.s"
  done
  [ "$(count_regions "$work/all.s")" -ge "$MIN_REGIONS" ] && break
done

# drop lines either tool rejects (llvm-mca: file:line:col errors; uarch: skipped lines)
for round in 1 2 3 4 5 6; do
  : > "$work/bad"
  "$LLVM_MCA" $MCA_ARGS -iterations=1 -instruction-info=false -resource-pressure=false \
     -summary-view=false "$work/all.s" > /dev/null 2> "$work/err" || true
  sed -n 's/^[^:]*all\.s:\([0-9]*\):[0-9]*: error:.*/\1/p' "$work/err" >> "$work/bad"
  # unsupported instructions are reported without a line: drop every line with that text
  sed -n 's/^note: instruction: *//p' "$work/err" | sort -u > "$work/badtext"
  "$UARCH" mca -skip-unsupported-instructions=parse-failure -iterations=1 -instruction-info=false \
     -resource-pressure=false -summary-view=false "$work/all.s" > /dev/null 2> "$work/err" || true
  sed -n 's/^[^:]*all\.s:\([0-9]*\):[0-9]*: warning: .*; line skipped$/\1/p' "$work/err" >> "$work/bad"
  if [ ! -s "$work/bad" ] && [ ! -s "$work/badtext" ]; then break; fi
  awk -v bad="$work/bad" -v badtext="$work/badtext" '
    BEGIN { while ((getline l < bad) > 0) drop[l] = 1
            while ((getline t < badtext) > 0) { gsub(/^[ \t]+|[ \t]+$/, "", t); if (t != "") dropt[t] = 1 } }
    { s = $0; gsub(/^[ \t]+|[ \t]+$/, "", s); gsub(/[ \t]+/, " ", s)
      if ((NR in drop) || (s in dropt)) next; print }' "$work/all.s" > "$work/all2.s"
  # regions left empty are removed too (both tools skip them anyway)
  awk '/^# LLVM-MCA-BEGIN/ { hdr = $0; n = 0; next }
       /^# LLVM-MCA-END/ { if (n) print; hdr = ""; next }
       { if (hdr != "") { print hdr; hdr = "" } n++; print }' "$work/all2.s" > "$work/all.s"
done
N=$(count_regions "$work/all.s")
L=$(grep -vc '^#' "$work/all.s" || true)
echo "input: $N regions, $L instructions (clang --target=aarch64-linux-gnu -S of this repo's C sources)"
[ "$N" -ge "$MIN_REGIONS" ] || echo "bench: warning: only $N regions (< $MIN_REGIONS)"
[ -z "${BENCH_KEEP:-}" ] || cp "$work/all.s" "$BENCH_KEEP"   # keep the input for profiling

# -- 3: speed -----------------------------------------------------------------------------------
now() { date +%s.%N; }
# uarch with its default (a thread per online CPU: $(nproc)) and on one thread, llvm-mca (one thread)
t0=$(now); "$UARCH" mca $MCA_ARGS "$work/all.s" > /dev/null 2>&1; t1=$(now)
"$LLVM_MCA" $MCA_ARGS "$work/all.s" > /dev/null 2>&1 || true; t2=$(now)
"$UARCH" mca $MCA_ARGS -threads=1 "$work/all.s" > /dev/null 2>&1; t3=$(now)
ver=$("$LLVM_MCA" --version | sed -n 's/.*LLVM version \([0-9.]*\).*/LLVM \1/p' | head -n 1)
awk -v n="$N" -v a="$t0" -v b="$t1" -v c="$t2" -v d="$t3" -v ver="$ver" -v cpus="$(nproc)" 'BEGIN {
  u = b - a; l = c - b; u1 = d - c
  printf "uarch mca: %8.2f s  %10.1f regions/s   (%d threads, the default)\n", u, n / u, cpus
  printf "uarch mca: %8.2f s  %10.1f regions/s   (-threads=1)\n", u1, n / u1
  printf "llvm-mca:  %8.2f s  %10.1f regions/s   (%s)\n", l, n / l, ver
  printf "speed-up:  %.1fx, %.1fx on one thread (goal >= 50x)\n", l / u, l / u1 }'

# -- 4: memory for N and 4N regions ---------------------------------------------------------------
for k in 1 2 3 4; do sed "s/^# LLVM-MCA-BEGIN \(.*\)/# LLVM-MCA-BEGIN \1_$k/" "$work/all.s"; done > "$work/all4.s"
if [ -x /usr/bin/time ]; then
  rss() { /usr/bin/time -f '%M' -o "$work/rss" "$@" > /dev/null 2>&1 || true; tail -n 1 "$work/rss"; }
else
  cat > "$work/rss.c" <<'C'
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
int main(int argc, char **argv)
{
    (void)argc;
    pid_t p = fork();
    if (p == 0) { execvp(argv[1], argv + 1); _exit(127); }
    int st; struct rusage ru;
    wait4(p, &st, 0, &ru);
    fprintf(stderr, "%ld\n", ru.ru_maxrss);
    return 0;
}
C
  cc -O1 -o "$work/rss" "$work/rss.c"
  rss() { "$work/rss" "$@" 2>&1 >/dev/null | tail -n 1; }
fi
m1=$(rss "$UARCH" mca $MCA_ARGS "$work/all.s")
m4=$(rss "$UARCH" mca $MCA_ARGS "$work/all4.s")
echo "peak RSS uarch mca: $m1 KiB for $N regions, $m4 KiB for $((4 * N)) regions"
