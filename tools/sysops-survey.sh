#!/usr/bin/env bash
# tools/sysops-survey.sh — the SYS aliases and PSTATE fields of uarch's tables, uarch mca against
# llvm-mca-19, CPU by CPU.
#
#   tools/sysops-survey.sh [-v] [-r] [-a] [-c] [-C] [-x] UARCH [LLVM_MCA]   (default llvm-mca-19; run from the repo root)
#
# -r: the system registers instead: every name of src/a64/sysregs.tsv read (`mrs x0, NAME`) and
# written (`msr NAME, x0`), whatever its access (a write-only one read is refused), compared as below.
# -a: the configurations are the architectures of src/a64/archs.tsv instead of the CPUs: none
# (uarch's default, llvm's apple-m1), then for each `arch` row `.arch NAME` on the first line of the
# input and, for armv8-a ... armv9.5-a, -mattr=+v8a ... +v9.5a (llvm-mca -mcpu=apple-m1).
# -c: `.cpu NAME+crc` for each `cpu` row of src/a64/archs.tsv (what the CPU's features give);
# -C: `.cpu NAME` alone (the CPU's system registers, SYS operations and PSTATE fields; the
# instructions keep the M1's);
# -x: `.arch_extension NAME` for each `ext` row (both on the first line, as -a's .arch).
#
# Every operation of src/a64/sysops.tsv (`KIND NAME` and/or `KIND NAME, x0`, as it takes a
# register, and the raw `sys #op1, Cn, Cm, #op2[, x0]` of its encoding), every PSTATE field of
# src/a64/opnames.tsv (`msr FIELD, #0`, `#1`, `#15` and `msr FIELD, x0`) and smstart/smstop are
# given to both tools under each configuration below (-skip-unsupported-instructions=parse-failure,
# -show-encoding, the instruction info view); per line, the error (line:col: message) or the
# encoding and the printed instruction are compared.  uarch without -mcpu (the M1) is compared
# with llvm-mca -mcpu=apple-m1.  Prints per configuration and in total:
#   CONFIG: lines N  equal E  different D
# then (-v: every one; else the first 10 of each configuration) the different lines.
# Exit: 0 when nothing differs, 1 otherwise, 77 when llvm-mca is absent.
set -u
verbose=0 regs=0 archs=0 kinds=
while :; do
    case ${1:-} in
    -v) verbose=1; shift ;;
    -r) regs=1; shift ;;
    -a) archs=1; shift ;;
    -c) kinds="$kinds cpu"; shift ;;
    -C) kinds="$kinds cpu0"; shift ;;
    -x) kinds="$kinds ext"; shift ;;
    *) break ;;
    esac
done
uarch=${1:?usage: tools/sysops-survey.sh [-v] [-r] [-a] [-c] [-C] [-x] UARCH [LLVM_MCA]}
mca=${2:-llvm-mca-19}
command -v "$mca" > /dev/null || { echo "sysops-survey: $mca not found" >&2; exit 77; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/sysops-survey.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$dir"' EXIT

# the lines: one instruction each
if [ $regs = 1 ]; then
    awk -F'\t' '/^#/ || $1 == "name" { next } { print "mrs x0, " $1; print "msr " $1 ", x0" }' src/a64/sysregs.tsv > "$dir/in.s"
else
    awk -F'\t' '
        /^#/ || $1 == "name" { next }
        {
            k = $2; n = $1; enc = sprintf("sys #%d, c%d, c%d, #%d", $3, $4, $5, $6)
            if ($7 != "no") { print k " " n ", x0"; print enc ", x0" }
            if ($7 != "yes") { print k " " n; print enc }
        }' src/a64/sysops.tsv > "$dir/in.s"
    awk -F'\t' '
        /^#/ || $1 == "kind" { next }
        $1 == "pstate" { for (i = 0; i < 3; i++) print "msr " $3 ", #" (i == 0 ? 0 : i == 1 ? 1 : 15); print "msr " $3 ", x0" }
        ' src/a64/opnames.tsv >> "$dir/in.s"
    printf '%s\n' smstart smstop "smstart sm" "smstart za" "smstop sm" "smstop za" >> "$dir/in.s"
fi
nlines=$(wc -l < "$dir/in.s")

# per line of the input: "error COL: MESSAGE" or "ENCODING | TEXT"
results() {   # $1: output file of a tool (stdout and stderr); $2: lines before the input's (a directive)
    awk -v n="$nlines" -v off="${2:-0}" '
        match($0, /^[^ ]*run\.s:[0-9]+:[0-9]+: (error: |warning: .*; line skipped$)/) {
            # (uarch mca -skip-unsupported-instructions: a warning that ends "; line skipped")
            split($0, p, ":"); l = p[2] - off; msg = $0; sub(/^[^ ]*run\.s:[0-9]+:/, "", msg)
            sub(/ warning: /, " error: ", msg); sub(/; line skipped$/, "", msg)
            r[l] = "error " msg; bad[l] = 1; next
        }
        /Encodings:/ { table = 1; next }
        table && /^ *[0-9]+ / && match($0, /[0-9a-f][0-9a-f] [0-9a-f][0-9a-f] [0-9a-f][0-9a-f] [0-9a-f][0-9a-f]  +/) {
            enc = substr($0, RSTART, 11); t = substr($0, RSTART + RLENGTH); gsub(/\t/, " ", t)
            rows[++nr] = enc " | " t; next
        }
        table && /^ *[0-9]+ / { t = $0; sub(/.*   +/, "", t); gsub(/\t/, " ", t); rows[++nr] = "- | " t; next }
        END {
            k = 0
            for (l = 1; l <= n; l++) print l "\t" (l in bad ? r[l] : (++k in rows) ? rows[k] : "(nothing)")
        }' "$1"
}

configs=("default|-mcpu=apple-m1" "-mcpu=apple-m1|-mcpu=apple-m1" "-mcpu=apple-m2|-mcpu=apple-m2"
         "-mcpu=apple-m3|-mcpu=apple-m3" "-mcpu=apple-m4|-mcpu=apple-m4"
         "-mcpu=apple-m1 -mattr=+mte,+xs,+sme|-mcpu=apple-m1 -mattr=+mte,+xs,+sme"
         "-mcpu=apple-m4 -mattr=-xs,-sme,+nmi,+rme|-mcpu=apple-m4 -mattr=-xs,-sme,+nmi,+rme"
         "-mcpu=apple-m1 -mattr=+all|-mcpu=apple-m1 -mattr=+all"
         "-mcpu=apple-a13|-mcpu=apple-a13" "-mcpu=apple-a12|-mcpu=apple-a12" "-mcpu=apple-a11|-mcpu=apple-a11"
         "-mcpu=apple-a10|-mcpu=apple-a10" "-mcpu=apple-a7|-mcpu=apple-a7" "-mcpu=cyclone|-mcpu=cyclone")
if [ $archs = 1 ]; then
    configs=("default|-mcpu=apple-m1")
    for a in $(awk -F'\t' '!/^#/ && $1 == "arch" {print $2}' src/a64/archs.tsv); do
        configs+=("default|-mcpu=apple-m1|.arch $a")
        case $a in
        armv8-a) configs+=("-mattr=+v8a|-mcpu=apple-m1 -mattr=+v8a") ;;
        armv*-a) v=${a#arm}; v=${v%-a}a; configs+=("-mattr=+$v|-mcpu=apple-m1 -mattr=+$v") ;;
        esac
    done
fi
if [ -n "$kinds" ]; then
    [ $archs = 1 ] || configs=()
    for k in $kinds; do
        for a in $(awk -F'\t' -v k=${k%0} '!/^#/ && $1 == k {print $2}' src/a64/archs.tsv); do
            case $k in
            cpu) configs+=("default|-mcpu=apple-m1|.cpu $a+crc") ;;
            cpu0) configs+=("default|-mcpu=apple-m1|.cpu $a") ;;
            *) configs+=("default|-mcpu=apple-m1|.arch_extension $a") ;;
            esac
        done
    done
fi
view=(-iterations=1 -all-views=0 -instruction-info -show-encoding -skip-unsupported-instructions=parse-failure)
total=0 totaleq=0 rc=0
for c in "${configs[@]}"; do
    u=${c%%|*} l=${c#*|} d=
    case $l in *\|*) d=${l#*|} l=${l%%|*} ;; esac
    [ "$u" = default ] && u=
    off=0
    if [ -n "$d" ]; then printf '%s\n' "$d" | cat - "$dir/in.s" > "$dir/run.s"; off=1; else cp "$dir/in.s" "$dir/run.s"; fi
    # shellcheck disable=SC2086
    "$uarch" mca $u "${view[@]}" "$dir/run.s" > "$dir/u.out" 2>&1
    # shellcheck disable=SC2086
    "$mca" -mtriple=aarch64 $l "${view[@]}" "$dir/run.s" > "$dir/l.out" 2>&1
    results "$dir/u.out" $off > "$dir/u.res"
    results "$dir/l.out" $off > "$dir/l.res"
    paste "$dir/in.s" "$dir/u.res" "$dir/l.res" | awk -F'\t' -v cfg="${d:-${u:-default}}" -v verbose=$verbose '
        { n++; if ($3 == $5) { eq++; next } d++
          if (verbose || d <= 10) out[d] = sprintf("  %-34s uarch: %s\n  %-34s llvm:  %s", $1, $3, "", $5) }
        END { printf "%s: lines %d  equal %d  different %d\n", cfg, n, eq, d
              for (i = 1; i in out; i++) print out[i]
              print n, eq > "/dev/stderr" }' 2> "$dir/count"
    read -r n e < "$dir/count"
    total=$((total + n)) totaleq=$((totaleq + e))
    [ "$n" = "$e" ] || rc=1
done
echo "total: lines $total  equal $totaleq  different $((total - totaleq))"
exit $rc
