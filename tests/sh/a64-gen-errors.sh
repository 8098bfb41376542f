#!/usr/bin/env bash
# a64-gen-errors.sh — a bad row in an instruction table (src/a64/isa/*.tsv) fails the build with
# FILE:LINE: error: ..., and the good tables generate (tools/gen-isa.c, built with $BUILD/gen-isa).
set -u
: "${ROOT:?}" "${BUILD:?}"
gen=$BUILD/gen-isa
[ -x "$gen" ] || { echo "skip: $gen not built"; exit 77; }
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
hdr=$'mnem\tops\tform\treads\twrites\tmem\tbranch\tsys\tnotes'
"$gen" "$dir/ok.c" "$ROOT"/src/a64/isa/*.tsv || { echo "FAIL: the checked-in tables do not generate"; exit 1; }
fail=0
check() {   # row, expected message
  printf '# a bad table\n%s\n%s\n' "$hdr" "$1" > "$dir/bad.tsv"
  out=$("$gen" "$dir/out.c" "$dir/bad.tsv" 2>&1) && { echo "FAIL: accepted: $1"; fail=1; return; }
  case $out in *"bad.tsv:3: error: $2"*) ;; *) echo "FAIL: '$1': got '$out', want '$2'"; fail=1;; esac
}
check $'add\tr, r, q5\tADD\t-\t-\t-\t-\t-\t-' "unknown operand pattern 'q5'"
check $'add\tr, r\tADD_{foo}\t-\t-\t-\t-\t-\t-' "unknown variable '{foo}'"
check $'add\tr, r\tADD\t3\t-\t-\t-\t-\t-' "operand number 3 out of range"
check $'ret\t-\t~B\t-\t-\t-\t-\t-\t-' "a nearest form ('~') needs a note"
check $'add\tv.3s, r\tADD\t-\t-\t-\t-\t-\t-' "unknown vector arrangement '3s'"
check $'ldr\tr, memoff\tLDR\t-\t-\t-\t-\t-\t-' "'memoff' needs a scale"
check $'ldr\tr, mem\tLDR\t-\t-\tfetch\t-\t-\t-' "unknown memory kind 'fetch'"
check $'add\tr, r\tADD\t-\t-\t-\tfar\t-\t-' "unknown branch kind 'far'"
check $'add\tr, r\tADD' "expected 9 tab-separated columns"
exit $fail
