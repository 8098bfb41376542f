#!/bin/bash
# tools/family-survey.sh — dev tool: uarch mca's errors against llvm-mca-19's on sets of lines
# per family of mnemonics and operands, each valid line with one thing changed.  The valid
# lines are llvm-mc-19's disassembly of pseudo-random words (Park-Miller, the same for a SEED in
# any awk; -mcpu=apple-m1 for the M1's instructions, -mattr=+all for SVE and SME); each gets one
# change, chosen by the same generator:
#   apple  Apple's short forms of the M1's vector instructions (fadd.4s v0, v1, v2, made from
#          the long form): a lane on a vector (v2[1]), another suffix (.2d, .s, .16b), the last
#          operand dropped, one more, one replaced (x3, #0, #0.0, v3[1] ...)
#   sve    SVE and SME instructions: a lane on a z register (z1.s[1]), a predicate p0-p7 made
#          p8-p15, /m for /z and back, the last operand dropped, one more, one replaced
#   named  SVE instructions with operands of named values (incd x0, vl8, mul #2; ptrue p0.s,
#          all; prfb pldl1keep, p0, [x0]): the name or number replaced (foo, #32, vl9, pldl9keep,
#          #16), mul's number (#0, #17), the first register (w0, x0, z0.d, p0.s), dropped, one more
#   imm    the M1's instructions with an immediate: a floating-point literal for it (#1.5,
#          #-0.0, #0.0), a shift after it (, lsl #2; , asr #3), another number (#0x12345, #-1)
# Each family's lines go to `uarch mca -mcpu=apple-m1` and `llvm-mca-19 -mtriple=aarch64
# -mcpu=apple-m1` in one run each, and their first error lines (line:col: error: message)
# are compared:
#
#   tools/family-survey.sh [-v] [-n WORDS] [-s SEED] [-k PER_FAMILY] UARCH [LLVM_MC [LLVM_MCA]]
#       (defaults: 200000 words, seed 1, 1500 lines a family; -v: each line that differs, with
#        llvm's error and uarch's; KEEP=1 keeps the work directory and prints its name)
#
# Prints per family and in all "N lines, M llvm errors, K equal" (K: lines whose error llvm and
# uarch give alike, of the M lines llvm refuses).  Exit 77 when an llvm tool is absent.
set -uo pipefail
verbose=0 words=200000 seed=1 per=1500
while getopts vn:s:k: opt; do
    case $opt in
    v) verbose=1 ;; n) words=$OPTARG ;; s) seed=$OPTARG ;; k) per=$OPTARG ;; *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
U=$(realpath "${1:?usage: tools/family-survey.sh [-v] [-n WORDS] [-s SEED] [-k PER_FAMILY] UARCH [LLVM_MC [LLVM_MCA]]}")
MC=${2:-llvm-mc-19}
MCA=${3:-llvm-mca-19}
command -v "$MC" > /dev/null && command -v "$MCA" > /dev/null || { echo "llvm-mc-19 or llvm-mca-19 not installed"; exit 77; }
t=$(mktemp -d)
if [ "${KEEP:-0}" = 1 ]; then echo "work directory: $t"; else trap 'rm -rf "$t"' EXIT; fi

# the words: bits 28:25 (the encoding group) spread over the 16 groups, a quarter of them 0010
# (SVE) or bit 31 set with 0000 (SME)
awk -v n="$words" -v seed="$seed" '
function rnd() { x = (x * 16807) % 2147483647; return x / 2147483647 }
BEGIN {
    x = seed * 7919 % 2147483646 + 1
    for (i = 0; i < n; i++) {
        lo = int(rnd() * 65536); hi = int(rnd() * 65536); r = rnd()
        g = r < 0.25 ? 2 : r < 0.35 ? 0 : int(rnd() * 16)
        hi = hi - int(hi / 512) % 16 * 512 + g * 512
        if (r >= 0.25 && r < 0.35 && hi < 32768) hi += 32768
        printf "0x%02x 0x%02x 0x%02x 0x%02x\n", lo % 256, int(lo / 256), hi % 256, int(hi / 256)
    }
}' > "$t/words"
disasm() {   # the instructions llvm-mc prints, one a line, tabs as spaces, comments dropped
    "$MC" --disassemble -triple=aarch64 "$@" < "$t/words" 2> /dev/null |
        awk '/^\t[a-z]/ { sub(/^\t/, ""); sub(/[ \t]*\/\/.*/, ""); gsub(/\t/, " "); print }'
}
disasm -mcpu=apple-m1 | awk '!seen[$0]++' > "$t/m1"
disasm -mattr=+all | awk '!seen[$0]++' > "$t/all"

# the lines of each family: "FAMILY<TAB>LINE", one change each
cat "$t/m1" "$t/all" | awk -v seed="$seed" -v per="$per" -v m1lines="$(wc -l < "$t/m1")" \
    -f "$(dirname "$0")/operands.awk" -f <(echo '
function rnd() { x = (x * 16807) % 2147483647; return x / 2147483647 }
function pick(n) { return int(rnd() * n) + 1 }
function emit(f, s) { if (cnt[f] < per && !((f, s) in done)) { done[f, s] = 1; cnt[f]++; print f "\t" s } }
# a change common to the families: the last operand dropped, one more, one replaced
function common(f, m, a, n, extra,    r, k) {
    r = rnd()
    if (r < 0.3 && n > 1) { emit(f, join_ops(m, a, n - 1)); return }
    k = split(extra, E, "|")
    if (r < 0.6) { a[n + 1] = E[pick(k)]; emit(f, join_ops(m, a, n + 1)); return }
    r = pick(n); a[r] = E[pick(k)]; emit(f, join_ops(m, a, n))
}
BEGIN {
    x = seed * 104729 % 2147483646 + 1
    named = "^(inc|dec|cnt|sqinc|sqdec|uqinc|uqdec)[bhwd]$|^ptrues?$|^prf[bhwd]$"
}
{
    m = $1; rest = substr($0, length(m) + 1)
    n = split_ops(rest, a)
    if (n == 0) next
    if (NR <= m1lines) {
        # apple: every vector of one arrangement, no lane, no list
        arr = ""; ok = 1; nv = 0
        for (i = 1; i <= n; i++) {
            if (a[i] ~ /^v[0-9]+\.[0-9]+[bhsdq]$/) {
                s = a[i]; sub(/^v[0-9]+/, "", s)
                if (arr != "" && s != arr) ok = 0
                arr = s; nv++
            } else if (a[i] ~ /[{}\[]/ || a[i] ~ /^v[0-9]/) ok = 0
        }
        if (ok && nv >= 2) {
            for (i = 1; i <= n; i++) { b[i] = a[i]; sub(/\.[0-9]+[bhsdq]$/, "", b[i]) }
            r = rnd(); sm = m arr
            if (r < 0.35) {                        # a lane on a vector
                do k = pick(n); while (b[k] !~ /^v/)
                b[k] = b[k] "[1]"; emit("apple", join_ops(sm, b, n))
            } else if (r < 0.55) {                 # another suffix
                split(".8b|.16b|.4h|.8h|.2s|.4s|.1d|.2d|.b|.h|.s|.d|.q|.4s.2d", S, "|")
                emit("apple", join_ops(m S[pick(14)], b, n))
            } else common("apple", sm, b, n, "x3|w3|v3|v3[1]|#0|#0.0|#1|s3|{ v3 }|v3.4s")
        }
        # imm: an immediate (not a floating-point one, not in an address)
        for (i = n; i >= 1; i--) if (a[i] ~ /^#-?(0x)?[0-9a-f]+$/) break
        if (i >= 1) {
            r = rnd(); k = i
            if (r < 0.4) { split("#1.5|#-0.0|#0.0|#2.0", S, "|"); a[k] = S[pick(4)]; emit("imm", join_ops(m, a, n)) }
            else if (r < 0.8) { split(", lsl #2|, asr #3|, lsl #12|, msl #8|, uxtw #1", S, "|"); a[k] = a[k] S[pick(5)]; emit("imm", join_ops(m, a, n)) }
            else { split("#0x12345|#-1|#4096|#65536|#0", S, "|"); a[k] = S[pick(5)]; emit("imm", join_ops(m, a, n)) }
        }
        next
    }
    if (m ~ named) {
        r = rnd()
        if (r < 0.4) {                             # the name or number of a pattern or operation
            for (i = 1; i <= n; i++) if (a[i] ~ /^(pow2|vl[0-9]+|mul[34]|all|p(ld|st)l[123](keep|strm)|#[0-9]+)$/) break
            if (i > n) { a[++n] = "all"; i = n }
            split("foo|#32|#31|vl9|vl256|pldl9keep|#16|#15|mul4|x3", S, "|"); a[i] = S[pick(10)]
            emit("named", join_ops(m, a, n))
        } else if (r < 0.55) {                     # mul #N
            for (i = 1; i <= n; i++) if (a[i] ~ /^mul #/) break
            split("mul #0|mul #17|mul #16|mul #1|mul vl|lsl #1", S, "|")
            if (i > n) { if (n < 2) a[++n] = "all"; a[++n] = S[pick(6)] } else a[i] = S[pick(6)]
            emit("named", join_ops(m, a, n))
        } else if (r < 0.7) {                      # the first register
            split("w0|x0|z0.d|p0.s|z0.b|p8.s|sp", S, "|"); a[1] = S[pick(7)]; emit("named", join_ops(m, a, n))
        } else common("named", m, a, n, "x3|w3|all|#1|p8|p0/z|[x3]|vl1")
        next
    }
    if (rest !~ /(^|[ ,{])[zp][0-9]+[.\/]|za/) next
    r = rnd()
    if (r < 0.3) {                                 # a lane on a z register
        for (i = n; i >= 1; i--) if (a[i] ~ /^\{?z[0-9]+\.[bhsdq]\}?$/) break
        if (i < 1) next
        k = pick(3)
        if (a[i] ~ /^\{/) a[i] = k == 1 ? a[i] "[1]" : substr(a[i], 1, length(a[i]) - 1) "[1]}"
        else a[i] = a[i] (k == 1 ? "[1]" : k == 2 ? "[3]" : "[17]")
        emit("sve", join_ops(m, a, n))
    } else if (r < 0.55) {                         # a predicate p0-p7 made p8-p15
        for (i = 2; i <= n; i++) if (a[i] ~ /^p[0-7](\/[mz])?$/) break
        if (i > n) next
        p = substr(a[i], 2, 1); a[i] = "p" (p + 8) substr(a[i], 3)
        emit("sve", join_ops(m, a, n))
    } else if (r < 0.65) {                         # /m for /z and back
        for (i = 1; i <= n; i++) if (a[i] ~ /\/[mz]$/) break
        if (i > n) next
        a[i] = a[i] ~ /m$/ ? substr(a[i], 1, length(a[i]) - 1) "z" : substr(a[i], 1, length(a[i]) - 1) "m"
        emit("sve", join_ops(m, a, n))
    } else common("sve", m, a, n, "x3|w3|z3.s|z3.d|p3/m|p3|#1|{ z3.s }|z3.s[1]|v3.4s")
}') > "$t/lines"

total_n=0 total_e=0 total_k=0
for f in apple sve named imm; do
    awk -F'\t' -v f="$f" '$1 == f { print $2 }' "$t/lines" > "$t/$f.s"
    (cd "$t" && "$MCA" -mtriple=aarch64 -mcpu=apple-m1 "$f.s" -o /dev/null 2>&1 |
        grep -o "^$f.s:[0-9]*:[0-9]*: error: .*" | awk -F: '!seen[$2]++' > "$f.llvm")
    (cd "$t" && "$U" mca -mcpu=apple-m1 "$f.s" -o /dev/null 2>&1 |
        grep -o "^$f.s:[0-9]*:[0-9]*: error: .*" | awk -F: '!seen[$2]++' > "$f.uarch")
    n=$(wc -l < "$t/$f.s") e=$(wc -l < "$t/$f.llvm") k=$(grep -cxFf "$t/$f.llvm" "$t/$f.uarch")
    echo "$f: $n lines, $e llvm errors, $k equal"
    total_n=$((total_n + n)) total_e=$((total_e + e)) total_k=$((total_k + k))
    if [ $verbose = 1 ]; then
        join -t "$(printf '\t')" -a 1 <(awk -F: '{print $2 "\t" $0}' "$t/$f.llvm" | sort) \
            <(awk -F: '{print $2 "\t" $0}' "$t/$f.uarch" | sort) |
            awk -F'\t' '$2 != $3' | sort -n | while IFS="$(printf '\t')" read -r ln l u; do
                printf '  %s\n    llvm:  %s\n    uarch: %s\n' "$(sed -n "${ln}p" "$t/$f.s")" "${l#*: }" "${u#*: }"
            done
    fi
done
echo "all: $total_n lines, $total_e llvm errors, $total_k equal"
