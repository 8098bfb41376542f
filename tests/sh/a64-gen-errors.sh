#!/usr/bin/env bash
# a64-gen-errors.sh — a bad row in an instruction table (src/a64/isa/*.tsv) fails the build with
# FILE:LINE: error: ..., and the good tables generate (tools/gen-isa.c, built with $BUILD/gen-isa).
set -u
: "${ROOT:?}" "${BUILD:?}"
gen=$BUILD/gen-isa
[ -x "$gen" ] || { echo "skip: $gen not built"; exit 77; }
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
hdr=$'mnem\tops\tform\treads\twrites\tmem\tbranch\tsys\tnotes'
feat="$ROOT/src/a64/features.tsv"
"$gen" "$dir/ok.c" -e "$ROOT/src/a64/enc" -f "$feat" "$ROOT"/src/a64/isa/*.tsv 2> "$dir/ok.err" || { echo "FAIL: the checked-in tables do not generate"; cat "$dir/ok.err"; exit 1; }
[ -s "$dir/ok.err" ] && { echo "FAIL: the checked-in tables generate with warnings:"; head "$dir/ok.err"; exit 1; }
fail=0
check() {   # row, expected message
  printf '# a bad table\n%s\n%s\n' "$hdr" "$1" > "$dir/bad.tsv"
  out=$("$gen" "$dir/out.c" -f "$feat" "$dir/bad.tsv" 2>&1) && { echo "FAIL: accepted: $1"; fail=1; return; }
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
check $'add\tr, r, rext:uxtq\tADD\t-\t-\t-\t-\t-\t-' "unknown extend 'uxtq'"
check $'add\tr, r\tADD' "expected 9 to 11 tab-separated columns"
check $'add\tr, r\tADD\t-\t-\t-\t-\t-\t-\tfp9' "unknown feature 'fp9'"
check $'cmle\td, d, d\tCMGE\t2,3\t1\t-\t-\t-\t-\t-\tcmge' "print needs 'MNEMONIC N,N,...'"
check $'cmle\td, d, d\tCMGE\t2,3\t1\t-\t-\t-\t-\t-\tcmge 1,4,2' "print: operand '4' out of 1..3"
check $'cmle\td, d, d\tCMGE\t2,3\t1\t-\t-\t-\t-\t-\tcmge 1,3' "print lists 2 operands, the row has 3"
check $'adr\tx, label:21*1:exp\tADR\t-\t1\t-\t-\t-\t-' "'label:FIELD*SCALE' takes only ':expr' after it"
check $'chkfeat\tx31\tNOP\t-\t-\t-\t-\t-\t-' "bad register pattern 'x31'"
# the encoding tables (src/a64/enc/, learned by tools/enc-learn.c)
printf 'mnem\tops\tform\treads\twrites\tmem\tbranch\tsys\tnotes\nnop\t-\tNOP\t-\t-\t-\t-\t-\t-\n' > "$dir/nop.tsv"
mkdir -p "$dir/enc"
enc_check() {   # layouts.tsv body, variants.tsv body, file, expected message
  printf 'id\ttsel\tvalues\n%s' "$1" > "$dir/enc/layouts.tsv"
  printf 'mnem\tops\tkey\tbase\tlayout\n%s' "$2" > "$dir/enc/variants.tsv"
  out=$("$gen" "$dir/out.c" -e "$dir/enc" "$dir/nop.tsv" 2>&1) && { echo "FAIL: accepted: $1 / $2"; fail=1; return; }
  case $out in *"$3: error: $4"*) ;; *) echo "FAIL: '$1 / $2': got '$out', want '$4'"; fail=1;; esac
}
enc_check $'0\t0\t0..31=0,1,2,3,40\n' '' layouts.tsv:2 "bit 40 out of range"
enc_check $'0\t0\t0..31\n' '' layouts.tsv:2 "bad value '0..31'"
enc_check $'1\t0\t\n' '' layouts.tsv:2 "layout ids must count from 0"
enc_check $'0\t0\t\n' $'nop\t-\t0000000000000000\td503201f\t1\n' variants.tsv:2 "layout 1 not in layouts.tsv"
enc_check $'0\t0\t\n' $'nop\t-\t00\td503201f\t0\n' variants.tsv:2 "key must be 16 hex digits"
printf 'id\ttsel\tvalues\n0\t0\t\n' > "$dir/enc/layouts.tsv"
printf 'mnem\tops\tkey\tbase\tlayout\nnop\tx\t0000000000000000\td503201f\t0\n' > "$dir/enc/variants.tsv"
out=$("$gen" "$dir/out.c" -e "$dir/enc" "$dir/nop.tsv" 2>&1) || { echo "FAIL: a stale encoding row is an error: $out"; fail=1; }
case $out in *"warning: encoding of 'nop x' matches no row"*) ;; *) echo "FAIL: no warning for a stale encoding row: '$out'"; fail=1;; esac
exit $fail
