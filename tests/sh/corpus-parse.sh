#!/usr/bin/env bash
# corpus-parse.sh — real compiler output parses: a few of this project's own C files compiled with
# every available AArch64 compiler (clang --target=aarch64-linux-gnu, aarch64-linux-gnu-gcc) in the
# configurations of tools/corpus.sh (-O2 -mcpu=apple-m1, -O2 -mcpu=cortex-a72,
# -O2 -march=armv8.2-a+fp16+dotprod, -O3), decoded with `uarch decode -json`: no line may fail.
# Skips (77) when no AArch64 compiler is installed (bash .ci/deps installs them).
set -u
: "${ROOT:?}" "${UARCH:?}"
if "$UARCH" decode --help 2>&1 | grep -q 'not built yet'; then echo "skip: uarch decode is not built yet"; exit 77; fi
have=0
# the sources include libc headers: a compiler counts when it finds AArch64 ones (clang alone on a
# fresh machine compiles for AArch64 but has no AArch64 libc headers)
probe='#include <stdio.h>
int f(void){return 0;}'
command -v clang >/dev/null 2>&1 && printf '%s\n' "$probe" | clang --target=aarch64-linux-gnu -x c -S -o /dev/null - 2>/dev/null && have=1
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 && printf '%s\n' "$probe" | aarch64-linux-gnu-gcc -x c -S -o /dev/null - 2>/dev/null && have=1
[ $have = 1 ] || { echo "skip: no AArch64 C compiler with AArch64 libc headers (clang --target=aarch64-linux-gnu finds none; bash .ci/deps installs gcc-aarch64-linux-gnu and its libc)"; exit 77; }
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
export CORPUS_SRCS="$ROOT/src/util/stats.c $ROOT/src/util/tsv.c $ROOT/src/util/knee.c"
out=$(bash "$ROOT/tools/corpus.sh" "$UARCH" "$dir" 2>&1); rc=$?
printf '%s\n' "$out"
[ $rc = 2 ] && { echo "FAIL: corpus.sh tool error"; exit 1; }
echo "$out" | grep -q '^compiled: [1-9]' || { echo "FAIL: nothing compiled"; exit 1; }
echo "$out" | grep -q 'lines failing to parse: 0 ' || { echo "FAIL: compiler output does not parse"; exit 1; }
echo "$out" | grep -q '^instructions: [1-9]' || { echo "FAIL: no instructions decoded"; exit 1; }
exit 0
