#!/usr/bin/env bash
# mca-inst-flags-llvm.sh — the Instruction Info marks [4] MayLoad, [5] MayStore, [6] HasSideEffects
# of the instructions llvm-mca marks one by one (src/mca/inst_flags.tsv).  Always: the input of
# tests/golden/mca-inst-flags.test has an instance of every row of the table (its mnemonic, and
# its first operand, or the index of its last, when the row names one).  With llvm-mca-19:
# llvm-mca marks the same columns as uarch on that input, line by line (-mcpu=thunderx3t110
# schedules every one of these instructions; the marks come from LLVM's instruction
# descriptions, the same for every cpu); skipped without it.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
tsv="$ROOT/src/mca/inst_flags.tsv"
golden="$ROOT/tests/golden/mca-inst-flags.test"
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
awk '/^#--- /{exit} {print}' "$golden" > "$t/in.s"
# mnemonic and first operand of each instruction of the input
awk '/^[ \t]*(#|\/\/)/ || /^[ \t]*$/ || /:[ \t]*$/ {next}
     {sub(/^[ \t]+/, ""); m = $1; op = $2; sub(/,.*/, "", op); print m "\t" op}' "$t/in.s" > "$t/insts"
fail=0
while IFS=$'\t' read -r mnem op rest; do
  case "$mnem" in ''|'#'*|mnem) continue ;; esac
  if [ "$op" = "-" ]; then
    awk -F'\t' -v m="$mnem" '$1 == m {f = 1} END {exit !f}' "$t/insts"
  elif [ "${op#[}" != "$op" ]; then   # [N]: the element index of the last operand
    awk -v m="$mnem" -v o="$op" '{sub(/^[ \t]+/, "")} $1 == m && substr($0, length($0) - length(o) + 1) == o {f = 1}
      END {exit !f}' "$t/in.s"
  else
    awk -F'\t' -v m="$mnem" -v o="$op" '$1 == m && tolower($2) == o {f = 1} END {exit !f}' "$t/insts"
  fi || { echo "inst_flags.tsv: '$mnem $op' has no instance in tests/golden/mca-inst-flags.test"; fail=1; }
done < "$tsv"
[ $fail = 0 ] || exit 1
LLVM_MCA=${LLVM_MCA_19:-$(command -v llvm-mca-19 || echo /usr/lib/llvm-19/bin/llvm-mca)}
[ -x "$LLVM_MCA" ] || { echo "llvm-mca 19 not installed (make deps): the marks are not compared"; exit 77; }
# the [4] [5] [6] cells and the instruction text of each line of the Instruction Info view
marks() {
  awk '/Instructions:$/ {on = 1; p = index($0, "[4]"); q = index($0, "Instructions:"); next}
       on && NF == 0 {exit}
       on {m = substr($0, p, q - p); gsub(/ +/, " ", m); print m "|" substr($0, q)}' "$1"
}
# thunderx3t110 schedules all but the zero-modifier authentications (autiza ... autdzb), which
# neoverse-v2 schedules: those run apart, on it
awk '!/^[ \t]*aut[id]z[ab][ \t]/' "$t/in.s" > "$t/in1.s"
grep -E '^[[:space:]]*aut[id]z[ab][[:space:]]' "$t/in.s" > "$t/in2.s"
: > "$t/llvm"; : > "$t/uarch"
for k in 1 2; do
  cpu=thunderx3t110; [ $k = 2 ] && cpu=neoverse-v2
  "$LLVM_MCA" -mtriple=aarch64 -mcpu=$cpu -mattr=+pauth,+ras,+rcpc-immo,+lse,+mte,+xs,+spe,+flagm,+altnzcv \
    -instruction-info -resource-pressure=false -summary-view=false "$t/in$k.s" > "$t/llvm.out" 2> "$t/llvm.err" ||
    { echo "llvm-mca-19 failed:"; head -n 20 "$t/llvm.err"; exit 1; }
  "$UARCH" mca -mcpu=apple-m1 -mattr=+xs,+spe,+mte -all-views=0 -instruction-info "$t/in$k.s" > "$t/uarch.out" 2> /dev/null ||
    { echo "uarch mca failed"; exit 1; }
  marks "$t/llvm.out" >> "$t/llvm"
  marks "$t/uarch.out" >> "$t/uarch"
done
n=$(wc -l < "$t/uarch")
[ "$n" -gt 300 ] && [ "$n" = "$(wc -l < "$t/llvm")" ] ||
  { echo "instruction counts differ: uarch $n, llvm-mca $(wc -l < "$t/llvm")"; exit 1; }
# compare the marks; the texts (llvm-mca prints aliases such as bti for hint #32) only name the line
paste -d'\n' "$t/llvm" "$t/uarch" | awk -F'|' 'NR % 2 {l = $1; lt = $2; next}
  $1 != l {printf "marks differ: llvm-mca \"%s\" (%s), uarch \"%s\" (%s)\n", l, lt, $1, $2; bad = 1}
  END {exit bad}'
