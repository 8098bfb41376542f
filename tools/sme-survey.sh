#!/bin/bash
# tools/sme-survey.sh — dev tool: uarch's errors on SME instructions against llvm's, on lines that
# are valid for llvm-mc-19 and on the same lines with one operand changed.  The valid lines are
# llvm-mc-19 -mattr=+all's own disassembly of pseudo-random words of the SME encoding space (bit
# 31 set, bits 28:25 = 0000; Park-Miller, the same for a SEED in any awk), K of each shape (the
# operands with their numbers blanked); each valid line also gives V changed lines, one change
# each, chosen by the same generator from those its operands allow:
#   tile      a ZA tile's number one past the last of its element size (za4.s, za1h.b, za8v.d)
#   slice     a slice's index register another (w8-w11 for w12-w15 and back, w7, w16, x12)
#   offset    a slice's offset one more (misaligned range), past its range, or a range one longer
#   vgx       vgx2 for vgx4 and back, vgx3
#   zreg      a z register's number one more (a list's start misaligned) or 16 more (a half)
#   list      a list one vector longer or shorter ({ z0.h - z3.h } for { z0.h - z1.h })
#   suffix    an element suffix another (.s for .h ...)
#   lane      a lane index past any form's (z1.b[16]) or one more
#   pred      p0-p7 made p8-p15, pn8-pn15 made pn0-pn7, /m for /z and back, /z dropped
#   addr      an address's offset made misaligned or out of range, its index register xzr or sp
#   imm       an immediate one more, 0, -1 or 256
#   common    the last operand dropped, one more, one replaced (x3, w3, z3.s, p3/m, #1 ...)
# Every line goes to `uarch mca -mcpu=apple-m1` and `llvm-mca-19 -mtriple=aarch64 -mcpu=apple-m1`
# (mode m1: llvm names the missing feature where a form takes the operands, else the operand it
# refuses), and to `uarch mca -mattr=+all` and `llvm-mca-19 -mtriple=aarch64 -mcpu=generic
# -mattr=+all` (mode all; llvm-mc-19's parser, but llvm-mc-19 -mattr=+all crashes on some lines:
# bfmops za1.s, p6/m, p5/m, z8.h; where llvm takes the line uarch is right to refuse it at the
# mnemonic, "is not supported: uarch has no model", counted as accepting it; else their first
# error lines are compared):
#
#   tools/sme-survey.sh [-v] [-n WORDS] [-s SEED] [-k PER_SHAPE] [-c CHANGES] UARCH
#       (defaults: 200000 words, seed 1, 3 lines a shape, 4 changed lines a valid line; -v: each
#        line that differs, with llvm's error and uarch's; KEEP=1 keeps the work directory)
#
# Prints per mode and change "N lines, M llvm errors, K equal" (K: lines whose first error, or
# acceptance, llvm and uarch give alike).  Exit 77 when an llvm tool is absent.
set -uo pipefail
verbose=0 words=200000 seed=1 per=3 changes=4
while getopts vn:s:k:c: opt; do
    case $opt in
    v) verbose=1 ;; n) words=$OPTARG ;; s) seed=$OPTARG ;; k) per=$OPTARG ;; c) changes=$OPTARG ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
U=$(realpath "${1:?usage: tools/sme-survey.sh [-v] [-n WORDS] [-s SEED] [-k PER_SHAPE] [-c CHANGES] UARCH}")
MC=llvm-mc-19 MCA=llvm-mca-19
for tool in "$MC" "$MCA"; do command -v "$tool" > /dev/null || { echo "$tool not installed"; exit 77; }; done
t=$(mktemp -d)
[ "${KEEP:-0}" = 1 ] && echo "work directory: $t" || trap 'rm -rf "$t"' EXIT

# the words: bit 31 set, bits 28:25 = 0000 (Park-Miller, x * 16807 mod 2^31-1: exact in an awk double)
awk -v n="$words" -v seed="$seed" 'BEGIN {
    x = seed * 7919 % 2147483646 + 1
    for (i = 0; i < n; i++) {
        x = (x * 16807) % 2147483647; lo = int(x / 2147483647 * 65536)
        x = (x * 16807) % 2147483647; hi = int(x / 2147483647 * 65536)
        hi = hi - int(hi / 512) % 16 * 512
        if (hi < 32768) hi += 32768
        printf "0x%02x 0x%02x 0x%02x 0x%02x\n", lo % 256, int(lo / 256), hi % 256, int(hi / 256)
    }
}' > "$t/words"
# the valid lines, K a shape (the operands' numbers blanked)
"$MC" --disassemble -triple=aarch64 -mattr=+all < "$t/words" 2> /dev/null |
    awk -v per="$per" '/^\t[a-z]/ {
        sub(/^\t/, ""); sub(/[ \t]*\/\/.*/, ""); gsub(/\t/, " ")
        if (seen[$0]++) next
        s = substr($0, length($1) + 1); gsub(/[0-9]+/, "N", s)
        if (++shape[$1 s] <= per) print
    }' > "$t/valid"

# "CHANGE<TAB>LINE": each valid line ("valid"), then its changed lines
awk -v seed="$seed" -v changes="$changes" -f "$(dirname "$0")/operands.awk" -f <(echo '
function rnd() { x = (x * 16807) % 2147483647; return x / 2147483647 }
function pick(n) { return int(rnd() * n) + 1 }
function emit(f, s) { if (s != $0 && !(s in done)) { done[s] = 1; print f "\t" s; return 1 } return 0 }
# the number after the first match of re in s (re ends where the number starts) replaced by v
function renum(s, re, v,    p, q) {
    if (!match(s, re)) return s
    p = RSTART + RLENGTH; q = p
    while (substr(s, q, 1) ~ /[0-9]/) q++
    return substr(s, 1, p - 1) v substr(s, q)
}
function num_after(s, re,    p) { match(s, re); p = substr(s, RSTART + RLENGTH); return p + 0 }
# a list of vectors separated by commas one shorter or one longer (the next register after its last)
function relist(s,    t, L, k, r, i, last) {
    t = s; gsub(/^\{ *| *\}$/, "", t); k = split(t, L, / *, */)
    if (k > 1 && pick(2) == 1) k--
    else { last = L[k]; k++; L[k] = "z" ((substr(last, 2) + 1) % 32) substr(last, index(last, ".")) }
    r = L[1]; for (i = 2; i <= k; i++) r = r ", " L[i]
    return "{ " r " }"
}
function tiles(sz) { return sz == "b" ? 1 : sz == "h" ? 2 : sz == "s" ? 4 : sz == "d" ? 8 : 16 }
# one change of kind f to the operands a[1..n] of mnemonic m; 1 if one was made
function change(f, m, a, n,    i, j, b, s, k, v, o) {
    for (i = 1; i <= n; i++) b[i] = a[i]
    o = pick(n)                                    # the operand tried first
    for (j = 0; j < n; j++) {
        i = (o + j - 1) % n + 1; s = b[i]
        if (f == "tile" && match(s, /za[0-9]+[hv]?\.[bhsdq]/)) {
            v = substr(s, RSTART, RLENGTH); k = substr(v, length(v), 1)
            b[i] = renum(s, "za", tiles(k)); break
        }
        if (f == "slice" && match(s, /\[w[0-9]+,/)) {
            v = num_after(s, "\\[w")
            split((v >= 12 ? v - 4 : v + 4) "|7|16|x12", S, "|"); k = S[pick(4)]
            b[i] = k ~ /^x/ ? renum(s, "\\[w", "") : renum(s, "\\[w", k)
            if (k ~ /^x/) sub(/\[w/, "[x12", b[i])
            break
        }
        if (f == "offset" && match(s, /\[w[0-9]+, [0-9]+/)) {
            k = pick(3)
            if (k == 1) b[i] = renum(s, "\\[w[0-9]+, ", num_after(s, "\\[w[0-9]+, ") + 1)
            else if (k == 2) b[i] = renum(s, "\\[w[0-9]+, ", 16)
            else if (match(s, /:[0-9]+/)) b[i] = renum(s, "\\[w[0-9]+, [0-9]+:", num_after(s, "\\[w[0-9]+, [0-9]+:") + 2)
            else b[i] = renum(s, "\\[w[0-9]+, ", 8)
            break
        }
        if (f == "vgx" && match(s, /vgx[0-9]/)) { k = substr(s, RSTART + 3, 1); b[i] = renum(s, "vgx", k == 2 ? (pick(2) == 1 ? 4 : 3) : 2); break }
        if (f == "zreg" && match(s, /(^|[{ ])z[0-9]+/)) {
            v = num_after(s, "(^|[{ ])z"); b[i] = renum(s, "(^|[{ ])z", pick(2) == 1 ? (v + 1) % 32 : (v + 16) % 32); break
        }
        if (f == "list" && s ~ /^\{ ?z[0-9]/) {
            if (match(s, / - z[0-9]+/)) { v = num_after(s, " - z"); b[i] = renum(s, " - z", (v + (pick(2) == 1 ? 1 : 2)) % 32) }
            else b[i] = relist(s)
            break
        }
        if (f == "suffix" && match(s, /\.[bhsdq]/)) {
            split("b h s d q", S, " "); do k = S[pick(5)]; while ("." k == substr(s, RSTART, 2))
            gsub(/\.[bhsdq]/, "." k, s); b[i] = s; break
        }
        if (f == "lane" && match(s, /\]?\[[0-9]+\]$/) && s !~ /^\[/ && s ~ /^z/) {
            b[i] = renum(s, "\\[", pick(2) == 1 ? num_after(s, "\\[") + 1 : 16); break
        }
        if (f == "pred" && i > 1 && s ~ /^pn?[0-9]+(\/[mz])?$/) {
            k = pick(3)
            if (k == 1 && s ~ /^p[0-7](\/|$)/) b[i] = "p" (substr(s, 2, 1) + 8) substr(s, 3)
            else if (k == 1 && s ~ /^pn/) b[i] = renum(s, "pn", num_after(s, "pn") % 8)
            else if (k == 2 && s ~ /\/[mz]$/) b[i] = substr(s, 1, length(s) - 1) (s ~ /m$/ ? "z" : "m")
            else if (s ~ /\/[mz]$/) b[i] = substr(s, 1, length(s) - 2)
            else b[i] = s "/z"
            break
        }
        if (f == "addr" && s ~ /^\[/) {
            k = pick(3)
            if (k == 1 && s ~ /#-?[0-9]+/) { match(s, /#-?[0-9]+/); v = substr(s, RSTART + 1, RLENGTH - 1) + 0; b[i] = substr(s, 1, RSTART) (pick(2) == 1 ? v + 1 : v < 0 ? v - 64 : v + 64) substr(s, RSTART + RLENGTH) }
            else if (k == 2 && s ~ /, x[0-9]+/) sub(/, x[0-9]+/, ", " (pick(2) == 1 ? "sp" : "xzr"), b[i])
            else if (s ~ /^\[(x[0-9]+|sp)\]$/) b[i] = substr(s, 1, length(s) - 1) ", #1]"
            else sub(/^\[(x[0-9]+|sp)/, "[xzr", b[i])
            break
        }
        if (f == "imm" && s ~ /^#-?[0-9]+$/) { split((substr(s, 2) + 1) "|0|-1|256", S, "|"); b[i] = "#" S[pick(4)]; break }
    }
    if (j == n && f != "common") return 0
    if (f == "common") {
        k = rnd(); split("x3|w3|z3.s|z3.d|p3/m|p3|#1|{ z3.s }|z3.s[1]|za|zt0|za3.s|za.s[w8, 0]", S, "|")
        if (k < 0.3 && n > 1) return emit(f, join_ops(m, b, n - 1))
        if (k < 0.6) { b[n + 1] = S[pick(13)]; return emit(f, join_ops(m, b, n + 1)) }
        b[pick(n)] = S[pick(13)]
    }
    return emit(f, join_ops(m, b, n))
}
BEGIN { x = seed * 104729 % 2147483646 + 1; nk = split("tile slice offset vgx zreg list suffix lane pred addr imm common", K, " ") }
{
    print "valid\t" $0
    m = $1; n = split_ops(substr($0, length(m) + 1), a)
    made = 0
    for (tries = 0; made < changes && tries < 4 * nk; tries++) made += change(K[pick(nk)], m, a, n)
}') "$t/valid" > "$t/lines"
cut -f1 "$t/lines" > "$t/kinds"
cut -f2 "$t/lines" > "$t/in.s"

# the first error of each line of FILE, "1:COL: MESSAGE" ("-" where there is none), from a tool's stderr
firsts() {   # FILE
    grep -o "^$1:[0-9]*:[0-9]*: error: .*" | awk -F: -v n="$(wc -l < "$1")" '
        !($2 in e) { e[$2] = "1:" $3 ": " substr($0, length($1 ":" $2 ":" $3 ": error: ") + 1) }
        END { for (l = 1; l <= n; l++) print (l in e) ? e[l] : "-" }'
}
# llvm's first errors, 200 lines a run: a run that crashes is done again a line a time, the lines
# that crash it "crash" (llvm-mc-19 and llvm-mca-19 crash on some: bfmops za1.s, p6/m, p5/m, z8.h
# under -mattr=+all)
llvm_firsts() {   # LLVM-TOOL ARGS...
    rm -f c.*; split -l 200 -d -a 4 in.s c.
    for c in c.*; do
        mv "$c" c.s
        if "$@" c.s -o /dev/null > c.err 2>&1 || [ $? = 1 ]; then firsts c.s < c.err
        else
            while IFS= read -r line; do
                printf '%s\n' "$line" > c1.s
                if "$@" c1.s -o /dev/null > c.err 2>&1 || [ $? = 1 ]; then firsts c1.s < c.err
                else echo crash; fi
            done < c.s
        fi
    done
}
cd "$t" || exit 1
llvm_firsts "$MCA" -mtriple=aarch64 -mcpu=apple-m1 > m1.llvm
"$U" mca -mcpu=apple-m1 in.s -o /dev/null 2>&1 | firsts in.s > m1.uarch
llvm_firsts "$MCA" -mtriple=aarch64 -mcpu=generic -mattr=+all -skip-unsupported-instructions=any > all.llvm
"$U" mca -mattr=+all in.s -o /dev/null 2>&1 | firsts in.s |
    sed 's/^1:1: .* is not supported: uarch has no model of its instructions.*/-/' > all.uarch

for mode in m1 all; do
    echo "mode $mode ($([ $mode = m1 ] && echo "-mcpu=apple-m1" || echo "-mattr=+all")):"
    paste kinds "$mode.llvm" "$mode.uarch" in.s | awk -F'\t' -v verbose="$verbose" '
        $2 == "crash" { crash++; next }
        { n[$1]++; if ($2 != "-") e[$1]++; if ($2 == $3) k[$1]++; else if ($2 == "-") acc[$1]++
          if (!($1 in seen)) { seen[$1] = 1; order[++no] = $1 }
          if (verbose && $2 != $3) d[$1] = d[$1] sprintf("  %s\n    llvm:  %s\n    uarch: %s\n", $4, $2, $3) }
        END {
            for (i = 1; i <= no; i++) {
                f = order[i]; N += n[f]; E += e[f]; K += k[f]
                printf "  %-7s %5d lines, %5d llvm errors, %5d equal\n", f, n[f], e[f], k[f]
            }
            printf "  all     %5d lines, %5d llvm errors, %5d equal (llvm crashed on %d more)\n", N, E, K, crash
            if (verbose) for (i = 1; i <= no; i++) printf "%s", d[order[i]]
        }'
done
