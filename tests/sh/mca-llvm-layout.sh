#!/usr/bin/env bash
# mca-llvm-layout.sh — the text output has llvm-mca 14's layout: for the examples and a range of
# view options, the sequence of labelled lines ("Iterations:", "Instruction Info:", "[1]: #uOps",
# "Resource pressure per iteration:", "Timeline view:", "Dynamic Dispatch Stall Cycles:", region
# headers, ...) is the same as llvm-mca's on the same file.  Resource column headers are
# dropped (our units are u1..u14, llvm's are CyUnit*), and so are our additions, which come
# after llvm-mca's views.  Needs llvm-mca 14 (skipped otherwise).
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
LLVM_MCA=${LLVM_MCA:-$(command -v llvm-mca-14 || echo /usr/lib/llvm-14/bin/llvm-mca)}
[ -x "$LLVM_MCA" ] || { echo "llvm-mca 14 not installed (make deps)"; exit 77; }
[ -d "$ROOT/examples" ] || { echo "no examples/"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
# (our queue-usage section follows the statistics with -scheduler-stats: its title line is left out)
layout() { grep -E '^[A-Z[][^:]*:' | grep -v -e '^\[[0-9.]*\] *\[' -e '^Queue usage (uarch' | sed 's/:.*//'; }
fail=0
for f in "$ROOT"/examples/*.s; do
  for opts in "" "-timeline" "-dispatch-stats" "-scheduler-stats" "-retire-stats" "-register-file-stats" \
              "-instruction-info=false -timeline -timeline-max-cycles=20" "-summary-view=false -resource-pressure=false"; do
    "$LLVM_MCA" -mtriple=aarch64 -mcpu=apple-m1 $opts "$f" 2>/dev/null | layout > "$t/want"
    "$UARCH" mca -mtriple=aarch64 -mcpu=apple-m1 $opts "$f" 2>/dev/null | layout > "$t/got"
    if ! diff "$t/want" "$t/got" > "$t/diff"; then
      echo "layout differs: $(basename "$f") $opts"; head -n 10 "$t/diff"; fail=1
    fi
  done
done
exit $fail
