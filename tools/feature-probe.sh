#!/bin/bash
# tools/feature-probe.sh — dev tool: which features of src/a64/features.tsv llvm-mc 19 gives the
# code after some directives (.arch, .arch_extension, .cpu), by one instruction of each feature.
#
#   tools/feature-probe.sh 'DIRECTIVES' [LLVM-MC]      e.g. '.arch armv8.2-a+fp16'
#   MCPU=apple-a12 tools/feature-probe.sh ''           a CPU's own features (src/a64/features.tsv
#                                                      `cpu` rows: the m1 ones it lacks, -NAME)
#
# Prints the features present, comma-separated ('-': none), as src/a64/archs.tsv lists them: a
# feature is absent when llvm's message for its instruction names it ("instruction requires:
# fullfp16 neon" names both; another message, or none, leaves it present; a probe marked `any`
# is absent on any error: msr ssbs and the other system registers and PSTATE fields, whose
# message names no feature).  The directives go
# after -mcpu=apple-m1's own features.  Used to write the columns of src/a64/archs.tsv.  The probes
# are tools/feature-probes.tsv.
set -euo pipefail
pre=${1?usage: tools/feature-probe.sh 'DIRECTIVES' [LLVM-MC]}
MC=${2:-llvm-mc-19}
probes=$(grep -v '^#' "$(dirname "$0")/feature-probes.tsv" | tail -n +2)
feat=$(dirname "$0")/../src/a64/features.tsv
says=$(awk -F'\t' '($1=="m1" || $1=="feature") && $3!="-" {print $2 "\t" $3}' "$feat")
{ printf '%s\n' "$pre"; printf '%s\n' "$probes" | cut -f2; } > /tmp/feature-probe.$$.s
n=$(printf '%s\n' "$pre" | wc -l)
"$MC" -triple=aarch64 -mcpu="${MCPU:-apple-m1}" /tmp/feature-probe.$$.s -o /dev/null 2>&1 |
    sed -n 's/^[^:]*:\([0-9]*\):[0-9]*: error: \(.*\)$/\1\t\2/p' > /tmp/feature-probe.$$.err || true
rm -f /tmp/feature-probe.$$.s
printf '%s\n' "$probes" | awk -F'\t' -v n="$n" -v says="$says" '
    BEGIN { k = split(says, s, "\n"); for (i = 1; i <= k; i++) { split(s[i], p, "\t"); name[p[1]] = p[2] } }
    FILENAME != "-" { err[$1] = $2; next }
    {
        f = $1; w = f in name ? name[f] : f; line = n + FNR
        msg = line in err ? " " err[line] " " : ""
        gsub(/[:,]/, " ", msg)
        if ($3 == "any" ? msg == "" : index(msg, " " w " ") == 0) out = out (out == "" ? "" : ",") f
    }
    END { print out == "" ? "-" : out }
' /tmp/feature-probe.$$.err -
rm -f /tmp/feature-probe.$$.err
