#!/usr/bin/env bash
# mca-cache.sh — a block equal to one simulated earlier in the run (up to register names) reuses
# its results (src/mca/sim_cache.c): the output must be byte-identical to the output with the
# cache off (UARCH_MCA_NO_CACHE=1), for every view and option set, on blocks that repeat with
# other registers or immediates and on near-repeats that must not share results (another
# dependency pattern, another memory offset for atomics, a fused pair broken up).
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
awk 'BEGIN {
  n = 0
  for (rep = 0; rep < 4; rep++) for (r = 0; r < 3; r++) {
    a = r + 1 + rep; b = r + 9; c = r + 19; v = r + 2 * rep
    printf "# LLVM-MCA-BEGIN chain%d_%d\n\tadd\tx%d, x%d, #%d\n\tmul\tx%d, x%d, x%d\n\tmadd\tx%d, x%d, x%d, x%d\n# LLVM-MCA-END\n", rep, r, a, a, rep + 1, b, a, a, a, b, b, a
    # the same instructions, another dependency pattern (the madd no longer feeds the add)
    printf "# LLVM-MCA-BEGIN other%d_%d\n\tadd\tx%d, x%d, #%d\n\tmul\tx%d, x%d, x%d\n\tmadd\tx%d, x%d, x%d, x%d\n# LLVM-MCA-END\n", rep, r, a, c, rep + 1, b, a, a, c + 1, b, b, a
    # integer adds with and without a chain (nothing but the registers tells them apart)
    printf "# LLVM-MCA-BEGIN dep%d_%d\n\tadd\tx%d, x%d, x%d\n\tadd\tx%d, x%d, x%d\n\tadd\tx%d, x%d, #1\n# LLVM-MCA-END\n", rep, r, a, a, b, c, a, a, a, c
    printf "# LLVM-MCA-BEGIN nodep%d_%d\n\tadd\tx%d, x%d, x%d\n\tadd\tx%d, x%d, x%d\n\tadd\tx%d, x%d, #1\n# LLVM-MCA-END\n", rep, r, a, b, b, c, b, b, a, b
    printf "# LLVM-MCA-BEGIN loop%d_%d\n\tldr\tx%d, [x%d, #%d]\n\tstr\tx%d, [x%d, #8]\n\tsubs\tx%d, x%d, #1\n\tb.ne\t.L%d\n# LLVM-MCA-END\n", rep, r, b, c, 8 * rep, b, c, a, a, n++
    # cmp and b.ne apart: no fusion
    printf "# LLVM-MCA-BEGIN nofuse%d_%d\n\tsubs\tx%d, x%d, #1\n\tadd\tx%d, x%d, x%d\n\tb.ne\t.L%d\n# LLVM-MCA-END\n", rep, r, a, a, b, b, b, n++
    printf "# LLVM-MCA-BEGIN fp%d_%d\n\tfmadd\td%d, d%d, d%d, d%d\n\tfadd\tv%d.4s, v%d.4s, v%d.4s\n\tfmov\tx%d, d%d\n\tudiv\tx%d, x%d, x%d\n# LLVM-MCA-END\n", rep, r, v, v + 1, v + 2, v, v + 3, v + 3, v + 4, a, v, b, b, a
    # atomics on one address chain; on two addresses they do not
    printf "# LLVM-MCA-BEGIN atomic%d_%d\n\tldadd\tx%d, x%d, [x%d]\n\tldadd\tx%d, x%d, [x%d]\n# LLVM-MCA-END\n", rep, r, a, b, c, a, b, c
    printf "# LLVM-MCA-BEGIN atomic2_%d_%d\n\tldadd\tx%d, x%d, [x%d]\n\tldadd\tx%d, x%d, [x%d]\n# LLVM-MCA-END\n", rep, r, a, b, c, a, b, c + 1
    printf "# LLVM-MCA-BEGIN mov%d_%d\n\tmov\tx%d, x%d\n\tmov\tx%d, #%d\n\tadd\tx%d, x%d, x%d\n# LLVM-MCA-END\n", rep, r, a, b, c, rep * 65536, b, a, c
    # two one-cycle chains mapped faster than they run: no steady state in 100 iterations, so
    # costly enough to be kept from the first time (SIM_CACHE_COSTLY)
    printf "# LLVM-MCA-BEGIN ramp%d_%d\n\tadd\tx%d, x%d, #32\n\tsubs\tx%d, x%d, #1\n\tb.eq\t.L%d\n# LLVM-MCA-END\n", rep, r, a, a, b, b, n++
  }
}' > "$t/rep.s"
for opts in "" "-all-views" "-json -timeline" "-mcpu=icestorm -all-views -noalias=false" \
            "-iterations=7 -timeline -timeline-max-iterations=3 -bottleneck-analysis" \
            "-dispatch=4 -register-file-size=64 -all-stats" "-threads=1 -all-views"; do
  # shellcheck disable=SC2086
  "$UARCH" mca $opts "$t/rep.s" > "$t/on" 2>/dev/null || { echo "'$opts': failed"; exit 1; }
  # shellcheck disable=SC2086
  UARCH_MCA_NO_CACHE=1 "$UARCH" mca $opts "$t/rep.s" > "$t/off" 2>/dev/null || { echo "'$opts' (no cache): failed"; exit 1; }
  [ -s "$t/on" ] || { echo "'$opts': no output"; exit 1; }
  cmp -s "$t/on" "$t/off" || { echo "'$opts': output differs with the cache"; diff "$t/on" "$t/off" | head -20; exit 1; }
done
# the inputs of the golden tests, three times in one file (a block is kept from its second
# lookup: the third copy comes from the cache)
for g in "${ROOT:-.}"/tests/golden/mca-*.test; do
  awk 'NR > 1 && /^#--- / { exit } NR > 1 { print }' "$g" > "$t/in.s"
  grep -q 'LLVM-MCA\|^#\|^$' "$t/in.s" && continue   # (markers of its own, or not a plain block)
  [ -s "$t/in.s" ] || continue
  { echo '# LLVM-MCA-BEGIN a'; cat "$t/in.s"; echo '# LLVM-MCA-END'; echo '# LLVM-MCA-BEGIN b'; cat "$t/in.s"; echo '# LLVM-MCA-END'
    echo '# LLVM-MCA-BEGIN c'; cat "$t/in.s"; echo '# LLVM-MCA-END'; } > "$t/thrice.s"
  "$UARCH" mca -all-views "$t/thrice.s" > "$t/on" 2>/dev/null || continue   # (bad input: tested elsewhere)
  UARCH_MCA_NO_CACHE=1 "$UARCH" mca -all-views "$t/thrice.s" > "$t/off" 2>/dev/null
  cmp -s "$t/on" "$t/off" || { echo "$(basename "$g"): output differs with the cache"; exit 1; }
  ng=$((${ng:-0} + 1))
done
[ "${ng:-0}" -ge 10 ] || { echo "only ${ng:-0} golden inputs compared"; exit 1; }
echo "ok"
