#!/bin/bash
# tools/sme-operands-survey.sh — dev tool: learns the operand facts of SVE's and SME's operands
# that src/a64/shapes.c checks values against, from llvm-mc-19 -triple=aarch64 -mattr=+all (facts
# by experiment, not from llvm's sources):
#
#   src/a64/sme_addrs.tsv     per mnemonic of a load, store or prefetch: the shift its index
#                             register takes, the #N of `#N, mul vl` a vector of its list takes,
#                             whether its lists start anywhere.  The instances are llvm-mc-19's
#                             disassembly of pseudo-random words of the SVE and SME encoding spaces
#                             (Park-Miller, bits 28:25 = 0010, or bit 31 set and 28:25 = 0000),
#                             each with the number written otherwise
#   src/a64/sme_operands.tsv  per operand with an index register or a start (ZA's tile slices,
#                             vectors, array vectors and their ranges, lists of z registers): the
#                             registers and numbers it takes, from the row's example, with each
#                             index register w0-w30 and each number 0 to 31
#
#   tools/sme-operands-survey.sh            writes both tables (their headers kept)
#   tools/sme-operands-survey.sh -check     compares them, prints "equal" or the diff (exit 1)
. "$(dirname "$0")/survey-lib.sh"
# the numbers llvm took of lines of file $1 (their numbers: the lines of file $2, rising), as
# runs "lo-hi[,lo-hi...]" of numbers $3 apart ('-': none)
runs() {   # LINES NUMBERS STEP
    takes "$1" | awk -v f="$2" -v step="$3" 'BEGIN { while ((getline l < f) > 0) v[++n] = l }
        { x = v[$1]; if (s != "" && x == hi + step) { hi = x; next } if (s != "") r = r (r == "" ? "" : ",") lo "-" hi; lo = hi = x; s = 1 }
        END { if (s != "") r = r (r == "" ? "" : ",") lo "-" hi; print r == "" ? "-" : r }'
}

# --- src/a64/sme_operands.tsv: each row's example, I the index register, O the number -----------
grep -v '^#' src/a64/sme_operands.tsv | tail -n +2 > "$T/ops"
# the example of row $1 (its step $2, example $3) with index register w$4 and number $5
inst() {
    local val len=${1#*:} k ex
    case $1 in
    range:* | group:*) val="$5:$(($5 + len - 1))" ;;
    list:*) val="{ z$5.s - z$((($5 + len - 1) % 32)).s }" ;;
    strided:*) val="{ z$5.s"; for k in $(seq 1 $((len - 1))); do val+=", z$((($5 + k * $2) % 32)).s"; done; val+=" }" ;;
    *) val=$5 ;;
    esac
    ex=${3//wI/w$4}; ex=${ex//O/$val}; echo "${ex//L/$val}"
}
rows=""
while IFS=$'\t' read -r op index offsets step example; do
    idx=-
    if [ "$index" != - ]; then   # the w registers it takes, at number 0
        seq 0 30 > "$T/n"
        while read -r i; do inst "$op" "$step" "$example" "$i" 0; done < "$T/n" > "$T/r.s"
        idx=$(runs "$T/r.s" "$T/n" 1)
    fi
    seq 0 31 > "$T/n"
    while read -r o; do inst "$op" "$step" "$example" "${idx%%-*}" "$o"; done < "$T/n" > "$T/r.s"
    # (the starts of a range or consecutive list: multiples of its length, the step)
    offs=$(runs "$T/r.s" "$T/n" "$([ "$step" = - ] || [ "${op%%:*}" = strided ] && echo 1 || echo "$step")")
    rows+="$op	$idx	$offs	$step	$example"$'\n'
done < "$T/ops"
{ sed -n '/^#/p; /^operand\t/{p;q}' src/a64/sme_operands.tsv; printf '%s' "$rows"; } > "$T/ops.tsv"

# --- src/a64/sme_addrs.tsv: the loads, stores and prefetches of the random words -----------------
awk -v n=400000 'BEGIN {
    x = 7919 % 2147483646 + 1
    for (i = 0; i < n; i++) {
        x = (x * 16807) % 2147483647; lo = int(x / 2147483647 * 65536)
        x = (x * 16807) % 2147483647; hi = int(x / 2147483647 * 65536)
        hi = hi - int(hi / 512) % 16 * 512                      # bits 28:25 = 0000
        if (i % 2) hi += 2 * 512; else if (hi < 32768) hi += 32768   # SVE: 0010; SME: bit 31
        printf "0x%02x 0x%02x 0x%02x 0x%02x\n", lo % 256, int(lo / 256), hi % 256, int(hi / 256)
    }
}' > "$T/words"
"$MC" --disassemble -triple=aarch64 -mattr=+all < "$T/words" 2> /dev/null |
    awk '/^\t[a-z]/ { sub(/^\t/, ""); sub(/[ \t]*\/\/.*/, ""); gsub(/\t/, " "); print }' |
    grep -E '\[' | sort -u > "$T/dis"
# up to 3 instances of each mnemonic and shape (numbers blanked) of each kind:
#   shift  an index register with a shift (ld1w {z0.s}, p0/z, [x0, x1, lsl #2]): #0 to #5
#   mulvl  #N, mul vl after a list of C vectors: N from -24C to 24C
#   start  a list of C > 1 consecutive vectors at a multiple of C: started one later
awk '
    { m = $1; s = substr($0, length(m) + 1); k = s; gsub(/[0-9]+/, "N", k) }
    function once(kind,    b) {   # (an instance once: its line with the number blanked)
        b = s; sub(/(lsl #|#)-?[0-9]+(, mul vl)?\]$/, "", b)
        return !((kind, m, b) in dup) && (dup[kind, m, b] = 1) && ++seen[kind, m, k] <= 3
    }
    match(s, /\[x[0-9]+, [xz][0-9]+(\.[bhsdq])?, lsl #[0-9]\]/) && once("shift") {
        for (v = 0; v <= 5; v++) { t = s; sub(/lsl #[0-9]\]/, "lsl #" v "]", t); print "shift\t" m "\t" v "\t" m t }
    }
    match(s, /^ \{ z[0-9]+\.[bhsdq](( - |, )z[0-9]+\.[bhsdq])* \}/) {
        list = substr(s, RSTART, RLENGTH); t = list; gsub(/[^0-9 ]+/, " ", t); c = split(t, R, " ")
        if (list ~ / - /) c = (R[2] - R[1] + 32) % 32 + 1
        consecutive = list ~ / - / || c == 1 || (R[2] - R[1] + 32) % 32 == 1
        if (match(s, /#-?[0-9]+, mul vl\]/) && once("mulvl"))
            for (v = -24 * c; v <= 24 * c; v++) { t = s; sub(/#-?[0-9]+, mul vl\]/, "#" v ", mul vl]", t); print "mulvl\t" m "\t" v "\t" c "\t" m t }
        if (c > 1 && consecutive && R[1] % c == 0 && once("start")) {
            t = list; for (i = c; i >= 1; i--) if (R[i] != "") sub("z" R[i] "\\.", "z" (R[i] + 1) % 32 ".", t)
            print "start\t" m "\t1\t" m " " t substr(s, length(list) + 1)
        }
    }' "$T/dis" > "$T/probes"
awk -F'\t' '{ print $NF }' "$T/probes" > "$T/probes.s"
takes "$T/probes.s" > "$T/ok"
awk -F'\t' -v f="$T/ok" 'BEGIN { while ((getline l < f) > 0) ok[l] = 1 }
    { inst = $NF; kind = $1; m = $2; v = $3; mn[m] = 1; took = (NR in ok) }
    # each instance (its line with the number blanked) and the numbers it took
    { key = kind SUBSEP m SUBSEP (kind == "mulvl" ? $4 : "") SUBSEP inst; sub(/(lsl #|#)-?[0-9]+(, mul vl)?\]$/, "", key)
      if (!(key in inst_of)) { inst_of[key] = 1; keys[++nk] = key }
      if (took) got[key] = got[key] " " v }
    END {
        for (i = 1; i <= nk; i++) {
            split(keys[i], K, SUBSEP); kind = K[1]; m = K[2]; c = K[3]; n = split(got[keys[i]], V, " ")
            if (kind == "shift") {   # one shift of 1 to 4 (ld1b takes none: [x0, x1]; of a z
                val = "-"               # index lsl #0 too, which this table does not say)
                for (j = 1; j <= n; j++) if (V[j] > 0) val = val == "-" ? V[j] : "several"
                if (val == "several") val = "-"
            } else if (kind == "mulvl") {   # multiples of C, lo * C to hi * C, each taken
                ok2 = n > 0 && V[1] % c == 0 && (V[n] - V[1]) / c + 1 == n
                for (j = 2; j <= n && ok2; j++) ok2 = V[j] == V[j - 1] + c
                val = ok2 ? V[1] / c "-" V[n] / c : "-"
            } else val = n ? "any" : "-"
            if ((kind, m) in bad) continue
            if ((kind, m) in res && res[kind, m] != val) {   # (instances that disagree: none said)
                printf "sme-operands-survey: %s %s: %s and %s\n", m, kind, res[kind, m], val > "/dev/stderr"
                bad[kind, m] = 1; val = "-"
            }
            res[kind, m] = val
        }
        for (m in mn) {
            s = (("shift", m) in res) ? res["shift", m] : "-"; v = (("mulvl", m) in res) ? res["mulvl", m] : "-"
            l = (("start", m) in res) ? res["start", m] : "-"
            if (s v l != "---") print m "\t" s "\t" v "\t" l
        }
    }' "$T/probes" | LC_ALL=C sort -t$'\t' -k1,1 > "$T/addrs"
{ sed -n '/^#/p; /^mnem\t/{p;q}' src/a64/sme_addrs.tsv; cat "$T/addrs"; } > "$T/addrs.tsv"

if [ $CHECK = 1 ]; then
    st=0
    diff -u src/a64/sme_operands.tsv "$T/ops.tsv" || st=1
    diff -u src/a64/sme_addrs.tsv "$T/addrs.tsv" || st=1
    [ $st = 0 ] && echo "equal: $(($(grep -vc '^#' "$T/ops.tsv") - 1)) operands, $(wc -l < "$T/addrs") mnemonics"
    exit $st
fi
cp "$T/ops.tsv" src/a64/sme_operands.tsv
cp "$T/addrs.tsv" src/a64/sme_addrs.tsv
echo "sme-operands-survey: $(($(grep -vc '^#' "$T/ops.tsv") - 1)) operands, $(wc -l < "$T/addrs") mnemonics of $(wc -l < "$T/dis") instances"
