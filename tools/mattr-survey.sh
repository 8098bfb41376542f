#!/bin/bash
# tools/mattr-survey.sh — dev tool: uarch mca's errors against llvm-mca-19's under each -mattr
# item.  One file: an instruction of each feature (tools/feature-probes.tsv) and an SVE
# and an SVE2 line; for every feature name of src/a64/features.tsv (its feature and m1 rows, but
# those llvm spells with capitals) and every extension of src/a64/archs.tsv that -mattr names
# (mattr yes), each of -mattr=+NAME and -mattr=-NAME: the error lines (LINE:COL: error: MESSAGE)
# of `uarch mca` and of llvm-mca-19 -mtriple=aarch64 -mcpu=apple-m1 compared.  uarch's "is not
# supported: uarch has no model" errors stand for llvm taking the line (uarch has no rows of it).
#
#   tools/mattr-survey.sh UARCH [LLVM-MCA]
#
# Prints the differing runs and "equal E of T".
set -uo pipefail
U=${1:?usage: tools/mattr-survey.sh UARCH [LLVM-MCA]}
L=${2:-llvm-mca-19}
root=$(dirname "$0")/..
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
grep -v '^#' "$root/tools/feature-probes.tsv" | tail -n +2 | cut -f2 > "$t/in.s"
printf '%s\n' 'add z0.s, z1.s, z2.s' 'sqrdmlah z0.s, z1.s, z2.s' >> "$t/in.s"
{
    awk -F'\t' '($1 == "feature" || $1 == "m1") && $2 !~ /[A-Z]/ {print $2}' "$root/src/a64/features.tsv"
    awk -F'\t' '$1 == "ext" && $6 == "yes" {print $2}' "$root/src/a64/archs.tsv"
} | sort -u > "$t/names"
# the errors at a place (FILE:LINE:COL): not the closing "Assembly input parsing had errors"
# line, which uarch prefixes with its name and llvm-mca-19 does not
at='^[^:]*:[0-9]+:[0-9]+: error: '
eq=0; tot=0
while read -r n; do
    for s in + -; do
        a=$("$U" mca -mattr="$s$n" "$t/in.s" 2>&1 >/dev/null | grep -E "$at" | grep -v 'is not supported: uarch has no model' | sed 's/^[^:]*://')
        b=$("$L" -mtriple=aarch64 -mcpu=apple-m1 -mattr="$s$n" "$t/in.s" 2>&1 >/dev/null | grep -E "$at" | sed 's/^[^:]*://')
        tot=$((tot + 1))
        if [ "$a" = "$b" ]; then eq=$((eq + 1)); else printf -- '-mattr=%s%s\n%s\n' "$s" "$n" "$(diff <(printf '%s\n' "$a") <(printf '%s\n' "$b") | grep '^[<>]' | sed 's/^</  uarch:/; s/^>/  llvm: /')"; fi
    done
done < "$t/names"
echo "equal $eq of $tot"
