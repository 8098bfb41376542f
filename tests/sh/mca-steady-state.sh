#!/usr/bin/env bash
# mca-steady-state.sh — the steady-state cut of the simulator (src/mca/sim.c: whole periods of
# the loop cut out once the state repeats; with the front end on, fetch followed apart by
# fe_extend) must give byte-identical output to the full simulation (UARCH_MCA_NO_EXTRAPOLATION=1):
# on kernels whose fetch groups repeat with another period than the rest of the machine, on
# kernels where map waits for fetch (taken branches, a BTB miss, a page crossing), on the inputs of
# the front-end golden tests and on the examples, with several views and iteration counts.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cat > "$t/k.s" <<'EOF'
# LLVM-MCA-BEGIN add_b
	add	w8, w10, #1
	b	.Lout
# LLVM-MCA-END
# LLVM-MCA-BEGIN three
	add	x1, x1, #1
	add	x2, x2, #1
	add	x3, x3, #1
# LLVM-MCA-END
# LLVM-MCA-BEGIN chain
top:
	b	1f
1:
	b	2f
2:
	add	x0, x0, #1
	b	3f
3:
	b.ne	top
# LLVM-MCA-END
# LLVM-MCA-BEGIN loop
loop2:
	ldr	x9, [x1, #8]
	add	x0, x0, x9
	madd	x2, x2, x3, x0
	subs	x4, x4, #1
	b.ne	loop2
# LLVM-MCA-END
EOF
printf '\t.p2align 14\n\t.skip 16372\n' > "$t/page.s"
for k in $(seq 1 12); do printf '\tadd\tx%d, x%d, #1\n' "$k" "$k"; done >> "$t/page.s"
n=0
check() {   # file options...
  local f=$1; shift
  # shellcheck disable=SC2068
  "$UARCH" mca $@ "$f" > "$t/cut" 2>/dev/null || { echo "$(basename "$f") '$*': failed"; exit 1; }
  # shellcheck disable=SC2068
  UARCH_MCA_NO_EXTRAPOLATION=1 "$UARCH" mca $@ "$f" > "$t/full" 2>/dev/null
  [ -s "$t/cut" ] || { echo "$(basename "$f") '$*': no output"; exit 1; }
  cmp -s "$t/cut" "$t/full" || { echo "$(basename "$f") '$*': output differs from the full simulation"; diff "$t/cut" "$t/full" | head -20; exit 1; }
  n=$((n + 1))
}
for opts in "-all-views" "-mcpu=icestorm -all-stats -bottleneck-analysis" "-iterations=333 -json" "-iterations=57 -timeline -timeline-max-iterations=3"; do
  check "$t/k.s" "$opts"
  check "$t/page.s" "$opts"
done
for g in "${ROOT:-.}"/tests/golden/mca-frontend-*.test; do
  awk 'NR > 1 && /^#--- / { exit } NR > 1 { print }' "$g" > "$t/in.s"
  check "$t/in.s" -iterations=40 -all-views
done
for e in "${ROOT:-.}"/examples/*.s; do
  check "$e" -all-views
done
echo "ok: $n runs identical with and without the steady-state cut"
