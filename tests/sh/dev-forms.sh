#!/usr/bin/env bash
# dev-forms.sh — front-end acceptance on the M1 measurement tests (tests/data/m1-dev.tsv, a trimmed
# copy of ../shared/data/m1-measurements/tests-dev.jsonl, so no ../shared is needed):
#   every code and init line parses (100 %), and the first instruction of every uops test classifies
#   to the test's page_id (>= 99 %, pair/dynamic-outcome pages exempt).  tools/formcheck.sh does the
#   work and prints the figures; this script asserts its verdict and checks the figures are printed.
# Then tools/formcheck-examples.sh: one example of every SIMD/FP form of the tables (held-out pages
# included, tests/data/simd-forms.tsv) must classify to exactly that form.
set -u
: "${ROOT:?}" "${UARCH:?}"
if "$UARCH" decode --help 2>&1 | grep -q 'not built yet'; then echo "skip: uarch decode is not built yet"; exit 77; fi
out=$(bash "$ROOT/tools/formcheck.sh" "$UARCH" "$ROOT/tests/data/m1-dev.tsv" 2>&1); rc=$?
printf '%s\n' "$out"
echo "$out" | grep -q '^lines parsed: [0-9]* / [0-9]* distinct lines (100.00 %)' || { echo "FAIL: not every line parses"; exit 1; }
echo "$out" | grep -q '^uops tests classified to their page_id: ' || { echo "FAIL: no classification figure"; exit 1; }
[ $rc = 0 ] || { echo "FAIL: formcheck exit $rc (classification below 99 % or tool error)"; exit 1; }
bash "$ROOT/tools/formcheck-examples.sh" "$UARCH" "$ROOT/tests/data/simd-forms.tsv" || { echo "FAIL: SIMD/FP form examples"; exit 1; }
exit 0
