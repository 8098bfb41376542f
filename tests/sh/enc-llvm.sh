#!/usr/bin/env bash
# enc-llvm.sh — uarch's A64 encoder equals llvm-mc-19 -show-encoding on every instruction of the
# corpus (tools/enc-check.sh): the code and init lines of the measured M1 tests
# (tests/data/m1-dev.tsv), one example per SIMD&FP form (tests/data/simd-forms.tsv), examples/,
# and, where an AArch64 compiler is installed, -O2 output of a few of this project's C files.
# Then the instruction text of the same instructions against LLVM's printer (tools/print-check.sh).
# Skips (77) when llvm-mc-19 is absent.
set -u
: "${ROOT:?}" "${UARCH:?}"
command -v llvm-mc-19 >/dev/null 2>&1 || { echo "skip: llvm-mc-19 is not installed (bash .ci/deps installs it)"; exit 77; }
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
# code and init columns of m1-dev.tsv, lines joined with the two characters '\n'
awk -F'\t' '!/^#/ && $1 != "core" {
    n = split($19, a, /\\n/); for (i = 1; i <= n; i++) if (a[i] != "") print a[i]
    n = split($20, a, /\\n/); for (i = 1; i <= n; i++) if (a[i] != "") print a[i] }' \
    "$ROOT/tests/data/m1-dev.tsv" | sort -u > "$dir/m1-dev.s"
awk -F'\t' '!/^#/ && $1 != "inst" { print $1 }' "$ROOT/tests/data/simd-forms.tsv" > "$dir/simd-forms.s"
files=("$dir/m1-dev.s" "$dir/simd-forms.s" "$ROOT"/examples/*.s)
srcs="$ROOT/src/util/stats.c $ROOT/src/util/tsv.c $ROOT/src/a64/imm.c"
compiled=0
if command -v clang >/dev/null 2>&1; then
    for f in $srcs; do
        clang --target=aarch64-linux-gnu -O2 -mcpu=apple-m1 -w -S -I"$ROOT/src" -D_POSIX_C_SOURCE=200809L \
            -o "$dir/clang.$(basename "$f" .c).s" "$f" 2>/dev/null && compiled=$((compiled + 1))
    done
fi
if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
    for f in $srcs; do
        aarch64-linux-gnu-gcc -O2 -w -S -I"$ROOT/src" -D_POSIX_C_SOURCE=200809L \
            -o "$dir/gcc.$(basename "$f" .c).s" "$f" 2>/dev/null && compiled=$((compiled + 1))
    done
fi
echo "compiled: $compiled files (clang --target=aarch64-linux-gnu, aarch64-linux-gnu-gcc, where installed)"
files+=($(ls "$dir"/clang.*.s "$dir"/gcc.*.s 2>/dev/null))
out=$(bash "$ROOT/tools/enc-check.sh" "$UARCH" "${files[@]}"); rc=$?
printf '%s\n' "$out"
[ $rc = 0 ] || { echo "FAIL: encodings differ from llvm-mc-19's, or are missing"; exit 1; }
echo "$out" | grep -q '^instructions: [1-9][0-9]* (distinct: [1-9][0-9]*)  equal: [1-9]' || { echo "FAIL: nothing compared"; exit 1; }
# the same instructions as text: uarch mca's instruction text equals LLVM's printer (tools/print-check.sh;
# preferred aliases uarch does not choose and llvm's temporary label names are counted apart)
out=$(bash "$ROOT/tools/print-check.sh" "$UARCH" "${files[@]}"); rc=$?
printf '%s\n' "$out"
[ $rc = 0 ] || { echo "FAIL: instruction text differs from llvm-mc-19's"; exit 1; }
echo "$out" | grep -q '^instructions: [1-9][0-9]* distinct  equal: [1-9]' || { echo "FAIL: no text compared"; exit 1; }
exit 0
