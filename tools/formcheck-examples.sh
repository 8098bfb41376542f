#!/usr/bin/env bash
# tools/formcheck-examples.sh — every SIMD&FP form of the M1 tables, one example each.
#
#   tools/formcheck-examples.sh [UARCH [EXAMPLES.TSV]]      (default tests/data/simd-forms.tsv)
#
# The examples cover all the SIMD/FP page ids of tables.tsv (also the ones without dev tests, i.e.
# the held-out half) plus the nearest-form cases.  One `uarch decode -json` run over all of them;
# each instruction must classify to the expected form, with approx set exactly for '~FORM' rows,
# and every expected form id must be a measured one (tests/data/m1-forms.tsv).  Prints the figure
# and the mismatches; exit 0 when all match, 1 otherwise, 2 on tool errors.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
uarch=${1:-${UARCH:-$root/build/uarch}}
ex=${2:-$root/tests/data/simd-forms.tsv}
case $uarch in /*) ;; *) uarch=$PWD/$uarch ;; esac
[ -x "$uarch" ] || { echo "formcheck-examples: no uarch binary at '$uarch'" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# line 1 defines the label used by literal loads; example k is on line k+1
{ echo "lbl:"; awk -F'\t' '!/^#/ && !/^inst\t/ { print $1 }' "$ex"; } > "$tmp/ex.s"
# a line that fails is reported, blanked, and the file re-run (so one error hides nothing)
nerr=0
while :; do
  (cd "$tmp" && "$uarch" decode -json ex.s > out.json 2> err.txt); rc=$?
  [ $rc = 0 ] && break
  line=$(sed -n 's/^ex\.s:\([0-9][0-9]*\):[0-9]*: error: .*/\1/p' "$tmp/err.txt" | head -n 1)
  if [ -z "$line" ] || [ $nerr -gt 3000 ]; then
    echo "formcheck-examples: decode failed (exit $rc):"; head -n 5 "$tmp/err.txt"; exit 2
  fi
  nerr=$((nerr + 1))
  [ $nerr -le 40 ] && echo "  parse error: $(head -n 1 "$tmp/err.txt" | sed 's/^ex\.s:[0-9]*:[0-9]*: error: //'): $(sed -n "${line}p" "$tmp/ex.s")"
  awk -v n="$line" 'NR == n { print ""; next } { print }' "$tmp/ex.s" > "$tmp/e2" && mv "$tmp/e2" "$tmp/ex.s"
done
awk 'BEGIN { RS = "\"line\"" }
  NR > 1 {
    if (!match($0, /^[ \t\n]*:[ \t\n]*[0-9]+/)) next
    t = substr($0, RSTART, RLENGTH); sub(/^[ \t\n]*:[ \t\n]*/, "", t); ln = t + 0
    if (!match($0, /"form"[ \t\n]*:[ \t\n]*(null|"[^"]*")/)) next
    f = substr($0, RSTART, RLENGTH); sub(/^"form"[ \t\n]*:[ \t\n]*/, "", f); gsub(/"/, "", f)
    if (match($0, /"approx"[ \t\n]*:[ \t\n]*true/)) f = "~" f
    print ln "\t" f
  }' "$tmp/out.json" > "$tmp/got.tsv"
awk -F'\t' -v nerr="$nerr" -v G="$tmp/got.tsv" -v FT="$root/tests/data/m1-forms.tsv" '
  BEGIN {
    while ((getline l < G) > 0) { split(l, p, "\t"); got[p[1]] = p[2] }
    while ((getline l < FT) > 0) { if (l ~ /^#/) continue; split(l, p, "\t"); known[p[1]] = 1 }
  }
  /^#/ || /^inst\t/ { next }
  {
    k++; ln = k + 1; want = $2; w = want; sub(/^~/, "", w)
    if (!(w in known)) { printf "  %s: expected form %s is not a measured form\n", $1, want; bad++; next }
    g = (ln in got) ? got[ln] : "(none)"
    if (g == want) ok++
    else { bad++; if (bad <= 40) printf "  %s: got %s, want %s\n", $1, g, want }
  }
  END {
    printf "simd/fp form examples classified: %d / %d (%d do not parse)\n", ok, k, nerr
    exit bad != 0
  }' "$ex"
