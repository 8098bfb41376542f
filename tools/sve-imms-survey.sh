#!/bin/bash
# tools/sve-imms-survey.sh — dev tool: learns src/a64/sve_imms.tsv from llvm (facts by
# experiment).  For each row of src/a64/shapes.tsv whose shape is z registers, a predicate and a
# last integer immediate (z.s,z.s,N; z.b,p/m,z.b,N; z.d,p/z,N; z.b,{z.s-z.s},N: a list { z0.s -
# z3.s }, { z0.s, z1.s } in the instance), or an index of zt0 (movt x0, zt0[N]; movt zt0[N, mul
# vl], z0: the number in its brackets; not the floating-point and
# logical ones, whose immediates are no range: f*, and, bic, eor, orn, orr, dupm, mov), an
# instance (z0 for each register, p0) is assembled by llvm-mc-19 -triple=aarch64 -mattr=+all with
# the immediate each of -300 to 300, each multiple of 256 from -300*256 to 300*256, and values
# near 2^8, 2^16, 2^32 and 2^63 either way.  The row lists the runs of -300..300 llvm takes and
# the runs of k whose k*256 it takes; a form that takes any other value (a 16-bit one written
# unsigned: dup z0.h, #65535) is left out, so that the table refuses only what llvm refuses.
# The words are llvm-mc-19's error for the values of -300..300 it refuses when they are all the
# same (immediate must be an integer in range [1, 32].), else '-' (movt's rows of zt0[N] first
# then get their words by hand: see the header of src/a64/sve_imms.tsv).
# numeric: 1 when llvm-mc-19 refuses the instance with p1 for the immediate as "invalid operand
# for instruction" while the words are another's, else 0.
# Prints the table's rows (mnem, shape, values, shifted, words, numeric) on stdout:
#
#   tools/sve-imms-survey.sh > rows      (then paste them under the header of src/a64/sve_imms.tsv)
set -uo pipefail
command -v llvm-mc-19 > /dev/null || { echo "llvm-mc-19 not installed" >&2; exit 77; }
root=$(cd "$(dirname "$0")/.." && pwd)
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
runs() { awk 'NR==1{s=$1;p=$1;next} $1==p+1{p=$1;next} {printf "%s%d-%d", (n++?",":""), s, p; s=$1;p=$1}
              END{if(NR) printf "%s%d-%d", (n?",":""), s, p; else printf "-"; print ""}'; }
{ seq -300 300; for k in $(seq -300 300); do echo $((k * 256)); done
  for b in 8 16 32 63; do p=$(echo "2^$b" | bc)
      for d in -300 -256 -255 -129 -128 -1 0 1 127 128 255 256 300; do echo "$p + $d" | bc; echo "-$p + $d" | bc; done
  done; } | sort -nu > "$t/vals"
grep -v '^#' "$root/src/a64/shapes.tsv" |
    awk -F'\t' 'NR > 1 && ($2 ~ /^z\.[bhsd],(p\/[mz],)?(z\.[bhsd],|\{z\.[bhsd](-z\.[bhsd]|(,z\.[bhsd])+)\},)?N$/ ||
                            $2 ~ /^(x,zt\[N\]|zt\[N(,mulvl)?\],[xz])$/) {print $1 "\t" $2}' |
    grep -v -P '^(f[a-z]*|and|bic|eor|orn|orr|dupm|mov)\t' |
while IFS=$'\t' read -r m sh; do
    tpl=$(echo "$sh" | sed 's/{z\.\([bhsd]\)-z\.[bhsd]}/{ z0.\1 - z3.\1 }/; s/{z\.\([bhsd]\),z\.[bhsd]}/{ z0.\1; z1.\1 }/
                          s/{z\.\([bhsd]\),z\.[bhsd],z\.[bhsd],z\.[bhsd]}/{ z0.\1; z1.\1; z2.\1; z3.\1 }/
                          s/z\.\([bhsd]\)/z0.\1/g; s/p\/\([mz]\)/p0\/\1/; s/N$/#V/
                          s/zt\[N,mulvl\]/zt0[V; mul vl]/; s/zt\[N\]/zt0[V]/; s/^x,/x0,/; s/,x$/,x0/; s/,z$/,z0/
                          s/,/, /g; s/;/,/g')
    awk -v m="$m" -v t="$tpl" '{s = t; sub(/V/, $1, s); print m " " s}' "$t/vals" > "$t/in.s"
    llvm-mc-19 -triple=aarch64 -mattr=+all "$t/in.s" -o /dev/null 2> "$t/err"
    awk -F: '/error:/ {print $2}' "$t/err" | sort -nu > "$t/bad"
    awk 'NR == FNR {bad[$1] = 1; next} !(FNR in bad) {print $1}' "$t/bad" "$t/vals" > "$t/ok"
    odd=$(awk '!($1 >= -300 && $1 <= 300) && !($1 % 256 == 0 && $1 / 256 >= -300 && $1 / 256 <= 300)' "$t/ok" | head -1)
    [ -n "$odd" ] && continue
    values=$(awk '$1 >= -300 && $1 <= 300' "$t/ok" | runs)
    shifted=$(awk '$1 % 256 == 0 && $1 / 256 >= -300 && $1 / 256 <= 300 {print $1 / 256}' "$t/ok" | runs)
    words=$(awk -F: 'NR == FNR {v[FNR] = $1; next} /error:/ && v[$2] >= -300 && v[$2] <= 300 {sub(/^[^:]*:[0-9]*:[0-9]*: error: /, ""); print}' "$t/vals" "$t/err" | sort -u)
    [ "$(printf '%s\n' "$words" | wc -l)" = 1 ] && [ -n "$words" ] || words=-
    numeric=0
    if [ "$words" != - ] && [ "${sh#*zt}" = "$sh" ]; then
        printf '%s %s\n' "$m" "${tpl/\#V/p1}" > "$t/reg.s"
        llvm-mc-19 -triple=aarch64 -mattr=+all "$t/reg.s" -o /dev/null 2> "$t/reg.err"
        grep -q ': error: invalid operand for instruction$' "$t/reg.err" && numeric=1
    fi
    [ "$values" = - ] || printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$m" "$sh" "$values" "$shifted" "$words" "$numeric"
done
