#!/bin/bash
# tools/shapes-survey.sh — dev tool: learns src/a64/shapes.tsv from llvm (facts by experiment).
# Random 32-bit words (a fixed seed; most with the SVE or SME encoding group, bits 28:25 = 0010,
# or bit 31 set and bits 28:25 = 0000) are disassembled by llvm-mc-19 with -mattr=+all, and
# the words one bit away from an instance of each new mnemonic and shape, three times; up to
# two instances of each mnemonic and operand shape (SHAPE-KEY: make $(B)/shape-key) go to
# llvm-mca-19 -mcpu=apple-m1, whose "instruction requires: F" (at the mnemonic) is recorded.
# The table: per mnemonic a default row (shape '-': the most frequent F; for a mnemonic uarch
# has rows of, over its SVE/SME shapes only), then each shape whose F differs from the default
# and each other one with F '=' (the default's: all the forms are listed; not for a mnemonic
# with operands of named values: SVE patterns, prefetch operations, system registers),
# and for a mnemonic uarch has rows of every other shape llvm refuses so (ldapur b0, [x1]:
# rcpc3) unless uarch has rows of it needing those features (bfdot: bf16; its own matcher gives
# llvm's words).  A shape whose default llvm does not give ('-') is listed too.  Whether a shape
# has SVE/SME operands is SHAPE-KEY's column (src/a64/shapes.c, a64_shape_sve: one rule for
# the lookup and the survey).  The rows of source `hand` (cssc on general registers, mops, mte
# ...: found with llvm-mc-19 by hand, the random words seldom hit them) are kept as they are:
# a mnemonic with a '*' row counts as one uarch has rows of (its default row applies to SVE/SME
# shapes; '*' gives the others), and no survey row repeats the words of a hand row of its
# mnemonic or its mnemonic and shape.  The column shift, by experiment where an instance of
# the shape can be written (below), else a rule: lsl for a shape with an immediate (N) of other
# elements than bytes (z.b: SVE has no shifted immediate of them), '-' for the others.  The
# column lanes, by experiment for every row (hand ones too): the highest lane of a shape's z
# register llvm-mc-19 -mattr=+all takes.  The column p8, by experiment for every row (hand ones
# too): the operands of a predicate (bare, /m, /z) where llvm-mc-19 -mattr=+all refuses p8, and
# of a predicate-as-counter where it refuses pn0.
# The header of src/a64/shapes.tsv is kept; the survey rows are replaced (KEEP=1: the work
# directory, the instances asked about, is kept):
#
#   tools/shapes-survey.sh SHAPE-KEY [WORDS] [SEED]      (defaults: 400000 words, seed 18)
#
# -check compares, on words of another seed (no neighbours), up to 12000 distinct instructions
# llvm-mc-19 disassembles: uarch mca's error lines (file:line:col: error: message) against
# llvm-mca-19's, and prints "equal E of T":
#
#   tools/shapes-survey.sh -check UARCH [WORDS] [SEED]    (defaults: 200000 words, seed 7)
set -euo pipefail
CHECK=0
[ "${1:-}" = -check ] && { CHECK=1; shift; }
K=$(realpath "${1:?usage: tools/shapes-survey.sh [-check UARCH | SHAPE-KEY] [WORDS] [SEED]}")
N=${2:-$((CHECK ? 200000 : 400000))}
SEED=${3:-$((CHECK ? 7 : 18))}
MC=${LLVM_MC:-llvm-mc-19}
MCA=${LLVM_MCA:-llvm-mca-19}
t=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$t"' EXIT
[ -z "${KEEP:-}" ] || echo "work directory: $t" >&2
awk -v n="$N" -v seed="$SEED" 'BEGIN {
    srand(seed)
    for (i = 0; i < n; i++) {
        lo = int(rand() * 65536); hi = int(rand() * 65536); r = rand()
        hi = hi - int(hi / 512) % 16 * 512 * (r < 0.75)      # clear bits 28:25 (hi bits 12:9)
        if (r < 0.45) hi += 2 * 512                          # SVE: 0010
        else if (r < 0.75 && hi < 32768) hi += 32768         # SME: bit 31
        printf "0x%02x 0x%02x 0x%02x 0x%02x\n", lo % 256, int(lo / 256), hi % 256, int(hi / 256)
    }
}' > "$t/words"
# words random ones and their neighbours do not reach (few variable bits, far from others):
# zero {za} (0xc00800ff)
[ $CHECK = 1 ] || echo "0xff 0x00 0x08 0xc0" >> "$t/words"
# llvm's text of words: "ENCODING<TAB>INSTRUCTION" per line
disasm() {
    "$MC" --disassemble --show-encoding -triple=aarch64 -mattr=+all 2>/dev/null | awk '/^\t[a-z]/ {
        e = $0; sub(/.*encoding: \[/, "", e); sub(/\].*/, "", e); gsub(/,/, " ", e)
        i = $0; sub(/[ \t]*\/\/ encoding.*/, "", i); sub(/^\t/, "", i); print e "\t" i }'
}
disasm < "$t/words" > "$t/dis"
if [ $CHECK = 1 ]; then
    cut -f2- "$t/dis" | awk -v seed="$SEED" 'BEGIN { srand(seed) } !seen[$0]++ { print rand() "\t" $0 }' |
        sort -n | cut -f2- | awk 'NR <= 12000' > "$t/check.s"
    "$MCA" -mtriple=aarch64 -mcpu=apple-m1 "$t/check.s" -o /dev/null 2>&1 | grep ': error: ' > "$t/llvm" || true
    "$K" mca -mcpu=apple-m1 "$t/check.s" -o /dev/null 2>&1 | grep -E '^[^:]*:[0-9]+:[0-9]+: error: ' > "$t/uarch" || true   # (not uarch's closing line)
    echo "instructions $(wc -l < "$t/check.s"), llvm refuses $(wc -l < "$t/llvm"), uarch refuses $(wc -l < "$t/uarch")"
    diff "$t/llvm" "$t/uarch" | grep '^[<>]' | sed 's/^\([<>]\) [^ ]* /\1 /' | sort | uniq -c | sort -rn | awk 'NR <= 10' || true
    echo "equal $(comm -12 <(sort "$t/llvm") <(sort "$t/uarch") | wc -l) of $(wc -l < "$t/llvm")"
    exit 0
fi
# instructions with many fixed bits (ptrue, rdvl, cntw) random words seldom hit: three times, every
# bit of one instance of each new mnemonic and shape is flipped, and the neighbours disassembled
: > "$t/done"
for round in 1 2 3; do
    cut -f2- "$t/dis" | "$K" | paste - "$t/dis" | awk -F'\t' -v done="$t/done" '
    BEGIN { while ((getline l < done) > 0) d[l] = 1 }
    !(($1 "\t" $2) in d) { d[$1 "\t" $2] = 1; print $1 "\t" $2 > "/dev/stderr"; print $6 }' 2>> "$t/done" |
    awk 'function hex(s,   v, i) { v = 0; for (i = 3; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
    { for (k = 1; k <= 4; k++) b[k] = hex($k)
      for (k = 1; k <= 4; k++) for (bit = 1; bit < 256; bit *= 2) {
          v = int(b[k] / bit) % 2 ? b[k] - bit : b[k] + bit
          out = ""
          for (j = 1; j <= 4; j++) out = out (j > 1 ? " " : "") sprintf("0x%02x", j == k ? v : b[j])
          print out } }' | disasm >> "$t/dis"
done
cut -f2- "$t/dis" | "$K" | paste - <(cut -f2- "$t/dis") | awk -F'\t' '$2 != "" && n[$1 "\t" $2]++ < 2' > "$t/keyed"
cut -f6- "$t/keyed" > "$t/samples.s"
"$MCA" -mtriple=aarch64 -mcpu=apple-m1 "$t/samples.s" -o /dev/null 2> "$t/err" || true
awk -F'\t' '$4 == "hand"' src/a64/shapes.tsv > "$t/hand"
awk -F'\t' -v errs="$t/err" -v hand="$t/hand" '
BEGIN {
    # the hand rows: a mnemonic with a "*" row counts as known; the words they give are not
    # repeated here, nor their mnemonic and shape
    while ((getline l < hand) > 0) {
        split(l, f, "\t"); if (f[2] == "*") listed[f[1]] = 1; given[f[1] SUBSEP f[3]] = 1; kept[f[1] SUBSEP f[2]] = 1
    }
    while ((getline l < errs) > 0)
        if (match(l, /^[^:]*:[0-9]+:[0-9]+: error: /)) {
            split(l, f, ":")
            if (f[2] in msg) continue
            w = substr(l, RLENGTH + 1)
            msg[f[2]] = (f[3] == 1 && w ~ /^instruction requires: /) ? substr(w, 23) : "-"
        }
}
# whether every feature F names is one that rows of the mnemonic need (feats: " bf16 neon"):
# then uarch matches those rows itself, with the words of llvm (bfmlalb v16.h[0]: invalid operand)
function own(F, feats,    n, x, i) {
    n = split(F, x, /[ ()]+/)
    for (i = 1; i <= n; i++) if (x[i] != "" && x[i] != "or" && x[i] != "and" && index(feats " ", " " x[i] " ") == 0) return 0
    return 1
}
{
    m = $1; s = $2; known[m] = $3 || ($1 in listed); feats[m] = $5; w = (NR in msg) ? msg[NR] : "-"
    # operands of named values (system registers: mrrs x0, x1, s3_...; SVE patterns: ptrue p0.s,
    # vl1; prefetch operations: prfb pldl1keep, ...): the random words give some of them, so the
    # forms of such a mnemonic are not all listed
    if (s ~ /(^|,)(s[0-9]+_[0-9]+_c[0-9]+_c[0-9]+_[0-9]+|pow2|vl[0-9]+|mul[34]|all|p(ld|st)l[123](keep|strm))(,|$)/)
        named[m] = 1
    c = ++cnt[m SUBSEP s SUBSEP w]
    k = m SUBSEP s                       # the most frequent F of each shape (ties: the least)
    sve[k] = $4                          # (SHAPE-KEY: an SVE or SME operand)
    if (!(k in bn) || c > bn[k] || (c == bn[k] && w < b[k])) { b[k] = w; bn[k] = c }
    if (w != "-" && (!known[m] || sve[k])) {
        c = ++dc[m SUBSEP w]             # ... and the default of each mnemonic
        if (!(m in dn) || c > dn[m] || (c == dn[m] && w < d[m])) { d[m] = w; dn[m] = c }
    }
}
# the column shift of shape s: whether its immediates may be written with their shift (#1, lsl #8)
function shift(s) { return s ~ /N/ && s !~ /z\.b/ ? "lsl" : "-" }
END {
    for (m in d) if (!((m SUBSEP "-") in kept) && !((m SUBSEP d[m]) in given)) print m "\t-\t" d[m] "\tsurvey\t-"
    for (k in b) {
        split(k, x, SUBSEP); m = x[1]; w = b[k]
        if (k in kept) continue
        if ((m in d) && (!known[m] || sve[k])) {
            if (w != d[m]) print m "\t" x[2] "\t" w "\tsurvey\t" shift(x[2])
            else if (!(m in named) && !((m SUBSEP w) in given)) print m "\t" x[2] "\t=\tsurvey\t" shift(x[2])
        }
        else if (w != "-" && !((m SUBSEP w) in given) && !own(w, feats[m])) print m "\t" x[2] "\t" w "\tsurvey\t" shift(x[2])
    }
}' "$t/keyed" | cat - "$t/hand" | LC_ALL=C sort -t "$(printf '\t')" -k1,1 -k2,2 | cut -f1-5 > "$t/rows5"
# the column lanes: of a shape of z registers, lists of them, numbers and zt0, after an array
# vector of za (fmul z.h,z.h,z.h[N]; dup z.s,z.s[N]; fmla za.s[w,N,vgx2],{z.s,z.s},z.s[N]; luti2
# z.b,zt,z[N]) whose one z register has a lane, the highest lane llvm-mc-19 -mattr=+all takes
# (lanes 0 to 63 tried on an instance: z0, z1, z2 ..., lists from z0, za.s[w8, 0, vgx2], numbers
# #0), '-' for the others (of
# a hand row as well); then, where llvm takes only low registers for that z register, or for the
# last operand of such a shape without a lane when it is a z register (z0 to z31 tried, with lane
# 0: fmla z.h,z.h,z.h[N] takes z0-z7; fmla za.s[w,N,vgx2],{z.s,z.s},z.s z0-z15), " z" and the
# highest of them ("7 z7", "- z15").  An array vector's range N:N is tried as 0:1, then 0:3.
# Each list starts at z0 (the forms of two lists and a z register take the same list twice:
# umax { z0.b, z1.b }, { z0.b, z1.b }, z2.b).
awk -F'\t' '
function inst(k, v,    out, r, i, x, cnt, m, j, y) {
    out = ""; r = 0
    for (i = 1; i <= n; i++) {
        x = a[i]
        if (x == "N") x = "#0"
        else if (x == "zt") x = "zt0"
        else if (x ~ /^za/) { gsub(/N:N/, "0:" v, x); gsub(/w,/, "w8, ", x); gsub(/N/, "0", x); gsub(/,v/, ", v", x) }
        else if (x ~ /-/) { r = 0; cnt = a[1] ~ /vgx2/ ? 2 : 4; y = substr(x, 3, 2); x = "{z" r y "-z" (r + cnt - 1) y "}"; r += cnt }
        else if (x ~ /^\{/) {
            # (a strided list, {z.b,z^.b}: the stride of SME2, z0 and z8 of two, z0 z4 z8 z12 of four)
            r = 0; m = split(substr(x, 2, length(x) - 2), l, ","); st = x ~ /\^/ ? 16 / m : 1; x = "{"
            for (j = 1; j <= m; j++) { x = x (j > 1 ? ", " : "") "z" r substr(l[j], l[j] ~ /\^/ ? 3 : 2); r += st }
            x = x "}"
        } else if (i == target) {
            sub(/\[N\]/, "[" (k < 64 ? k : 0) "]", x); x = "z" (k < 64 ? r++ : k - 64) substr(x, 2)
        } else x = "z" r++ substr(x, 2)
        out = out (i > 1 ? ", " : "") x
    }
    return out
}
{
    n = split($2, t, ","); na = 0; d = 0; cur = ""; ok = 1; target = 0; laned = 0
    for (i = 1; i <= n; i++) {         # the operands: commas inside [] and {} kept
        cur = cur (cur == "" ? "" : ",") t[i]
        d += gsub(/[[{]/, "&", t[i]) - gsub(/[]}]/, "&", t[i])
        if (!d) { a[++na] = cur; cur = "" }
    }
    n = na
    for (i = 1; i <= n; i++) {
        x = a[i]
        if (x ~ /^z(\.[bhsdq])?\[N\]$/) { target = i; laned++ }
        else if (x ~ /^(z\.[bhsdq]|N|zt)$/) ;
        else if (i == 1 && x ~ /^za\.[bhsdq]\[w,N(:N)?(,vgx[24])?\]$/) ;
        else if (x ~ /^\{z\.[bhsdq](,z\^?\.[bhsdq])*\}$/ || x ~ /^\{z\.[bhsdq]-z\.[bhsdq]\}$/) ;
        else ok = 0
    }
    if (!ok || laned > 1 || d) next
    if (!laned && a[n] ~ /^z\.[bhsdq]$/) target = n
    if (!target) next
    for (v = 1; v <= 3; v += 2) {
        if (v == 3 && $2 !~ /N:N/) break
        for (k = laned ? 0 : 64; k < 64 + 32; k++) print NR ":" v "\t" k "\t" $1 " " inst(k, v)
    }
}' "$t/rows5" > "$t/lanes"
cut -f3 "$t/lanes" | "$MC" -triple=aarch64 -mattr=+all -o /dev/null 2>&1 |
    sed -n 's/^<stdin>:\([0-9]*\):[0-9]*: error: .*/\1/p' > "$t/lanes.bad" || true
awk -F'\t' -v lanes="$t/lanes" -v bad="$t/lanes.bad" 'BEGIN {
    while ((getline l < bad) > 0) no[l] = 1
    for (i = 1; (getline l < lanes) > 0; i++) {
        split(l, f, "\t")
        if (f[2] >= 64) { if (!(f[1] in zstop) && !(i in no)) ztop[f[1]] = f[2] - 64; else zstop[f[1]] = 1 }
        else if (!(f[1] in stop) && !(i in no)) top[f[1]] = f[2]
        else stop[f[1]] = 1
    }
} {
    k = (NR ":1") in ztop || (NR ":1") in top ? NR ":1" : NR ":3"
    z = k in ztop && ztop[k] < 31 ? " z" ztop[k] : ""
    print $0 "\t" (k in top ? top[k] z : z != "" ? "-" z : "-")
}' OFS='\t' "$t/rows5" > "$t/rows6"
# the column shift by experiment where an instance of the shape can be written (z registers,
# predicates, general registers, numbers): whether llvm-mca-19 -mcpu=apple-m1 refuses the
# instance with its last number written with a shift (#1, lsl #8) as it does the instance
# (instruction requires, at the mnemonic: its parser reads the shift with the number there, and
# a form takes it), trying the numbers 1, 0, 90 and 0.5 until one instance is so refused; the
# rule above for the other shapes
awk -F'\t' '$2 ~ /(^|,)N(,|$)/ {
    n = split($2, a, ","); ok = 1; last = 0
    for (i = 1; i <= n; i++) {
        if (a[i] == "N") last = i
        else if (a[i] !~ /^(z\.[bhsdq](\[N\])?|p\/[mz]|p(\.[bhsd])?|pn\.[bhsd]|w|x)$/) ok = 0
    }
    if (!ok) next
    split("1 0 90 0.5", val, " ")
    for (v = 1; v <= 4; v++) for (sh = 0; sh < 2; sh++) {
        out = ""; z = 0
        for (i = 1; i <= n; i++) {
            x = a[i]
            if (x == "N") x = "#" val[v] (sh && i == last ? ", lsl #8" : "")
            else if (x ~ /^z/) { sub(/\[N\]/, "[0]", x); x = "z" z++ substr(x, 2) }
            else if (x ~ /^pn/) x = "pn8" substr(x, 3)
            else if (x ~ /^p/) x = "p0" substr(x, 2)
            else x = x "0"
            out = out (i > 1 ? ", " : "") x
        }
        print NR "\t" sh "\t" $1 " " out
    }
}' "$t/rows6" > "$t/shifts"
cut -f3 "$t/shifts" > "$t/shifts.s"
"$MCA" -mtriple=aarch64 -mcpu=apple-m1 "$t/shifts.s" -o /dev/null 2>&1 |
    sed -n 's/^[^:]*:\([0-9]*\):\([0-9]*\): error: \(.*\)/\1\t\2\t\3/p' > "$t/shifts.err" || true
awk -F'\t' -v shifts="$t/shifts" -v errs="$t/shifts.err" 'BEGIN {
    while ((getline l < errs) > 0) {
        split(l, f, "\t")
        if (!(f[1] in req)) req[f[1]] = f[2] == 1 && f[3] ~ /^instruction requires: /
    }
    for (i = 1; (getline l < shifts) > 0; i++) {
        split(l, f, "\t")
        if (f[2] == 0) plain = req[i]
        else if (plain && !(f[1] in col)) col[f[1]] = req[i] ? "lsl" : "-"
    }
} { if (NR in col) $5 = col[NR]; print }' OFS='\t' "$t/rows6" > "$t/rows7"
# the column p8: the operands (1, 2 ...) of a row's shape that are a predicate written bare or
# with /m or /z (p, p/m, p/z) where llvm-mc-19 -mattr=+all refuses p8 (sub z29.d, p14/m, z29.d,
# z1.d: llvm's class of p0 to p7), or a predicate-as-counter (pn, pn/z, pn.s, pn[N]) where it
# refuses pn0 (ld1w { z0.s, z1.s }, pn3/z, [x0]: llvm's class of pn8 to pn15), by experiment:
# each instance of the row's mnemonic and shape (up to two of the random words'; of a hand row
# without one, an instance written as for the column shift, numbers #1, #0 or #1.0, the first
# llvm takes) with p8 (pn0) at that operand; a place is listed when llvm refuses it in every
# instance it takes.  The default row ('-') lists the
# places so refused in every instance of the mnemonic's shapes without a row of their own (prfb
# pldl1keep, p8, [x0]: 2); '-': none.
awk -F'\t' -v keyed="$t/keyed" '
function ops(x, a,    n, i, d, c, o) {     # the operands of x, split at commas outside [] and {}
    n = 0; d = 0; o = ""
    for (i = 1; i <= length(x); i++) {
        c = substr(x, i, 1)
        if (c == "[" || c == "{") d++
        else if ((c == "]" || c == "}") && d) d--
        if (c == "," && !d) { a[++n] = o; o = "" } else o = o c
    }
    if (x != "") a[++n] = o
    return n
}
# the lines of the instance `text` of shape s: as it is, then p8 at each predicate place (pn0 at
# each predicate-as-counter place)
function tests(row, s, text, id,    n, a, m, b, k, i, out, x) {
    n = ops(s, a)
    m = text; sub(/[ \t].*/, "", m)
    x = substr(text, length(m) + 1); sub(/^[ \t]+/, "", x)
    if (ops(x, b) != n) return
    print row "\t0\t" id "\t" m " " x
    for (k = 1; k <= n; k++) if (a[k] ~ /^p(\/[mz])?$/ || a[k] ~ /^pn(\/[mz]|\.[bhsd]|\[N\])?$/) {
        out = ""
        for (i = 1; i <= n; i++) {
            x = b[i]
            if (i == k && a[k] ~ /^pn/) sub(/[pP][nN][0-9]+/, "pn0", x)
            else if (i == k) sub(/[pP][0-9]+/, "p8", x)
            out = out (i > 1 ? "," : "") x
        }
        print row "\t" k "\t" id "\t" m " " out
    }
}
# an instance of shape s of mnemonic m written from its operands (z registers, predicates,
# general and scalar registers, numbers: #v), "" where one cannot be
function written(m, s, v,    n, a, i, x, z, out) {
    n = ops(s, a); z = 0; out = ""
    for (i = 1; i <= n; i++) {
        x = a[i]
        if (x == "N") x = "#" v
        else if (x ~ /^z\.[bhsdq]$/) x = "z" z++ substr(x, 2)
        else if (x ~ /^pn(\/[mz]|\.[bhsd])?$/) x = "pn8" substr(x, 3)
        else if (x ~ /^p(\/[mz]|\.[bhsd])?$/) x = "p0" substr(x, 2)
        else if (x ~ /^[wxbhsdq]$/) x = x "0"
        else return ""
        out = out (i > 1 ? ", " : "") x
    }
    return m " " out
}
BEGIN {
    while ((getline l < keyed) > 0) {
        split(l, f, "\t"); k = f[1] SUBSEP f[2]
        for (i = 1; i <= 5; i++) sub(/^[^\t]*\t/, "", l)
        inst[k, ++ni[k]] = l
    }
}
{ row[$1 SUBSEP $2] = NR; if ($2 == "-") dflt[$1] = NR; mn[NR] = $1; sh[NR] = $2 }
END {
    for (k in ni) {
        split(k, ms, SUBSEP)
        r = (k in row) ? row[k] : dflt[ms[1]]
        if (r == "" || sh[r] == "*") continue
        for (i = 1; i <= ni[k]; i++) tests(r, ms[2], inst[k, i], k SUBSEP i)
    }
    for (r = 1; r <= NR; r++)
        if (sh[r] != "-" && sh[r] != "*" && !((mn[r] SUBSEP sh[r]) in ni) && sh[r] ~ /(^|,)(p(\/[mz])?|pn(\/[mz]|\.[bhsd])?)(,|$)/) {
            split("1 0 1.0", v, " ")
            for (j = 1; j <= 3; j++) if ((w = written(mn[r], sh[r], v[j])) != "") tests(r, sh[r], w, r SUBSEP "w" j)
        }
}' "$t/rows7" | LC_ALL=C sort -t "$(printf '\t')" -k1,1n -k3,3 -k2,2n > "$t/p8"
# (llvm's error at an instruction after a movprfx that does not fit it is no refusal of its own
# operands: the matcher took them)
cut -f4 "$t/p8" | "$MC" -triple=aarch64 -mattr=+all -o /dev/null 2>&1 | grep -v 'when following a movprfx' |
    sed -n 's/^<stdin>:\([0-9]*\):[0-9]*: error: .*/\1/p' > "$t/p8.bad" || true
awk -F'\t' -v p8="$t/p8" -v bad="$t/p8.bad" 'BEGIN {
    while ((getline l < bad) > 0) no[l] = 1
    for (i = 1; (getline l < p8) > 0; i++) {
        split(l, f, "\t"); r = f[1]; id = f[3]
        if (f[2] == 0) { took[id] = !(i in no); continue }
        if (!took[id]) continue
        # (of a hand row written from its shape: the first of the numbers llvm takes)
        if (id ~ /\034w[0-9]$/ && (r in used) && used[r] != id) continue
        used[r] = id
        n[r, f[2]]++; if (i in no) y[r, f[2]]++
        place[r, f[2]] = 1
    }
    for (k in place) { split(k, x, SUBSEP); if (y[k] == n[k]) list[x[1]] = list[x[1]] (x[1] in list ? "," : "") x[2] }
} { c = "-"; if (NR in list) { split(list[NR], a, ","); c = ""; for (k = 1; k <= 64; k++) for (j in a) if (a[j] == k) c = c (c == "" ? "" : ",") k }
    print $0 "\t" c }' OFS='\t' "$t/rows7" > "$t/rows"
awk '/^#/ || /^mnem\t/' src/a64/shapes.tsv > "$t/head"
cat "$t/head" "$t/rows" > src/a64/shapes.tsv
echo "src/a64/shapes.tsv: $(wc -l < "$t/rows") rows from $(wc -l < "$t/samples.s") instances of $(wc -l < "$t/dis") instructions" >&2
