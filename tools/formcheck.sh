#!/usr/bin/env bash
# tools/formcheck.sh — acceptance figures of the front end on the M1 measurement tests.
#
#   tools/formcheck.sh [-v] [UARCH [M1-DEV.TSV]]
#
# Reads tests/data/m1-dev.tsv (one row per test, see tools/trim-dev-data.py), feeds every distinct
# code and init line to `uarch decode -json` (files of 500 lines, one process each) and prints:
#   1. lines parsed / total (must be 100 %): a line that fails is blanked (keeping the numbering)
#      and its file re-run, so one bad line never hides the others; each failure is listed with
#      the error and a test that uses it;
#   2. uops tests whose first instruction classifies to the test's page_id / total (>= 99 %).
#      A page `X_1` (a second measurement of the same instruction) also accepts form `X`.
#      Pages listed in tests/data/dev-exempt.tsv (pairs such as AESE_AESMC, dynamic outcomes such
#      as B_cc_taken) are exempt and listed; misclassified tests are listed (page, core, line,
#      form given).
# Exit status: 0 when both figures meet their thresholds, 1 otherwise, 2 on usage/tool errors.
# Shell + awk only (runs in `make check` through tests/sh/dev-forms.sh; no Python).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
verbose=0
[ "${1:-}" = "-v" ] && { verbose=1; shift; }
uarch=${1:-${UARCH:-$root/build/uarch}}
data=${2:-$root/tests/data/m1-dev.tsv}
exempt=$root/tests/data/dev-exempt.tsv
case $uarch in /*) ;; *) uarch=$PWD/$uarch ;; esac
[ -x "$uarch" ] || { echo "formcheck: no uarch binary at '$uarch'" >&2; exit 2; }
[ -r "$data" ] || { echo "formcheck: cannot read '$data'" >&2; exit 2; }

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# --- 1. distinct lines -> lines.s (line k = distinct line k); uops tests -> uops.tsv ---------------
# uops.tsv: page_id core line-number-of-the-first-code-line
# uses.tsv: line-number  "page_id/core/test_index" of the first test using it, occurrences
awk -F'\t' -v L="$tmp/lines.s" -v U="$tmp/uops.tsv" -v S="$tmp/uses.tsv" '
  /^#/ { next }
  !hdr { for (i = 1; i <= NF; i++) col[$i] = i; hdr = 1; next }
  {
    first = 0
    for (f = 0; f < 2; f++) {
      cell = $(col[f ? "init" : "code"])
      if (cell == "") continue
      n = split(cell, part, /\\n/)
      for (k = 1; k <= n; k++) {
        s = part[k]
        if (!(s in id)) { id[s] = ++nl; print s > L; who[nl] = $(col["page_id"]) "/" $(col["core"]) "/test " $(col["test_index"]) }
        occ[id[s]]++
        if (!f && k == 1) first = id[s]
      }
    }
    if ($(col["kind"]) == "uops") print $(col["page_id"]) "\t" $(col["core"]) "\t" first > U
  }
  END { for (i = 1; i <= nl; i++) print i "\t" who[i] "\t" occ[i] > S }
' "$data"
[ -s "$tmp/lines.s" ] || { echo "formcheck: no code lines in '$data'" >&2; exit 2; }
total=$(wc -l < "$tmp/lines.s")

# --- 2+3. decode in chunks of 500 lines, blanking failing lines until each chunk parses ------------
# Then each chunk's JSON is cut into records at each "line" key; a record holding "form" (and
# "approx") after the line number is an instruction (decode's keys: line, col, text, form, approx).
# forms.tsv: global line -> form, approx of the first instruction on that line.
chunk=500
: > "$tmp/errors.tsv"; : > "$tmp/forms.tsv"
runs=0
awk -v n=$chunk -v d="$tmp" '{ f = sprintf("%s/chunk.%04d", d, int((NR - 1) / n)); if (f != g) { if (g != "") close(g); g = f } print > f }' "$tmp/lines.s"
for c in "$tmp"/chunk.*; do
  idx=${c##*.}; base=$(( (10#$idx) * chunk ))
  mv "$c" "$tmp/c.s"
  while :; do
    runs=$((runs + 1))
    (cd "$tmp" && "$uarch" decode -json c.s > out.json 2> err.txt); rc=$?
    [ $rc = 0 ] && break
    line=$(sed -n 's/^c\.s:\([0-9][0-9]*\):[0-9]*: error: .*/\1/p' "$tmp/err.txt" | head -n 1)
    if [ -z "$line" ] || [ $runs -gt 20000 ]; then
      echo "formcheck: decode failed (exit $rc) without a usable 'FILE:LINE:COL: error:' message:" >&2
      head -n 5 "$tmp/err.txt" >&2
      exit 2
    fi
    msg=$(sed -n 's/^c\.s:[0-9]*:[0-9]*: error: //p' "$tmp/err.txt" | head -n 1)
    printf '%s\t%s\n' "$((base + line))" "$msg" >> "$tmp/errors.tsv"
    awk -v n="$line" 'NR == n { print ""; next } { print }' "$tmp/c.s" > "$tmp/c2" && mv "$tmp/c2" "$tmp/c.s"
  done
  awk -v base="$base" 'BEGIN { RS = "\"line\"" }
    NR > 1 {
      if (!match($0, /^[ \t\n]*:[ \t\n]*[0-9]+/)) next
      t = substr($0, RSTART, RLENGTH); sub(/^[ \t\n]*:[ \t\n]*/, "", t); ln = t + base
      if (!match($0, /"form"[ \t\n]*:[ \t\n]*(null|"[^"]*")/)) next
      f = substr($0, RSTART, RLENGTH); sub(/^"form"[ \t\n]*:[ \t\n]*/, "", f); gsub(/"/, "", f)
      a = "false"
      if (match($0, /"approx"[ \t\n]*:[ \t\n]*true/)) a = "true"
      if (!(ln in seen)) { seen[ln] = 1; print ln "\t" f "\t" a }
    }' "$tmp/out.json" >> "$tmp/forms.tsv"
done

# --- 4. figures -----------------------------------------------------------------------------------
nerr=$(wc -l < "$tmp/errors.tsv")
awk -F"\t" -v q="'" -v total="$total" -v nerr="$nerr" -v verbose="$verbose" \
    -v EX="$exempt" -v F="$tmp/forms.tsv" -v E="$tmp/errors.tsv" -v S="$tmp/uses.tsv" -v LS="$tmp/lines.s" '
  BEGIN {
    while ((getline l < EX) > 0) { if (l ~ /^#/ || l ~ /^page_id\t/) continue; split(l, p, "\t"); exreason[p[1]] = p[2] }
    while ((getline l < F) > 0) { split(l, p, "\t"); form[p[1]] = p[2]; approx[p[1]] = p[3] }
    while ((getline l < S) > 0) { split(l, p, "\t"); who[p[1]] = p[2]; occ[p[1]] = p[3]; occtot += p[3] }
    while ((getline l < LS) > 0) txt[++k] = l
  }
  FILENAME == E { errs[++ne] = $0; bad[$1] = 1; badocc += occ[$1]; next }
  {
    page = $1; core = $2; ln = $3
    if (page in exreason) { exn[page]++; next }
    n++
    got = (ln in form) ? form[ln] : "(none)"
    want1 = page; sub(/_1$/, "", want1)
    if (got == page || got == want1) ok++
    else { mis[++nm] = page " (" core "): " q "" txt[ln] "" q " -> " got (approx[ln] == "true" ? " (approx)" : "") }
  }
  END {
    printf "lines parsed: %d / %d distinct lines (%.2f %%), %d / %d line occurrences\n", total - nerr, total, 100 * (total - nerr) / total, occtot - badocc, occtot
    for (i = 1; i <= ne; i++) { split(errs[i], p, "\t"); printf "  parse error: %s (line used by %s, %d times)\n", p[2], who[p[1]], occ[p[1]] }
    pct = n ? 100 * ok / n : 0
    printf "uops tests classified to their page_id: %d / %d (%.2f %%)\n", ok, n, pct
    ne2 = 0; for (p2 in exn) ne2 += exn[p2]
    printf "exempt: %d tests on pages named after a pair or a dynamic outcome (tests/data/dev-exempt.tsv):", ne2
    m = 0; for (p2 in exn) el[++m] = p2
    for (i = 2; i <= m; i++) { t = el[i]; for (j = i - 1; j >= 1 && el[j] > t; j--) el[j + 1] = el[j]; el[j + 1] = t }
    for (i = 1; i <= m; i++) printf " %s", el[i]
    printf "\n"
    if (nm) printf "misclassified (%d):\n", nm
    for (i = 1; i <= nm; i++) print "  " mis[i]
    exit !(nerr == 0 && pct >= 99)
  }' "$tmp/errors.tsv" "$tmp/uops.tsv"
rc=$?
if [ $verbose = 1 ]; then
  echo "decode runs: $runs"
fi
exit $rc
