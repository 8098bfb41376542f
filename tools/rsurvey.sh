#!/usr/bin/env bash
# tools/rsurvey.sh — the reverse survey: instructions llvm knows on apple-m1 that uarch refuses.
#
#   tools/rsurvey.sh [-v] [-n WORDS] [-s SEED] [-k PER_SHAPE] UARCH [LLVM_MC [LLVM_MCA]]
#       (defaults: 400000 words, seed 1, 2 lines per shape, llvm-mc-19, llvm-mca-19; run from the
#        repo root; KEEP=1 keeps the work directory and prints its name)
#
# `make enc-verify` goes from uarch's rows to llvm's encodings; this goes the other way.  WORDS
# pseudo-random 32-bit words (Park-Miller, deterministic for a SEED, the same in any awk; bits 28:25,
# the top-level encoding group, are spread evenly over the 16 groups) are disassembled by
# `LLVM_MC --disassemble -triple=aarch64 -mcpu=apple-m1`; the valid ones are kept once per shape
# (the text with register numbers and immediates blanked: `ldr xN, [xN, #I]`), K lines per shape.
# Each line is then given to `UARCH mca -mcpu=apple-m1` (-skip-unsupported-instructions=
# parse-failure) and to LLVM_MCA -mcpu=apple-m1 (-skip-unsupported-instructions=any: one lacking
# scheduling information is parsed, hence accepted) in one run each, and classified:
#   both      both accept (and, -show-encoding, uarch's encoding is llvm-mc's or not: "encoding differs")
#   uarch     uarch refuses, llvm-mca accepts (the point of the survey)
#   llvm      llvm-mca refuses (what its disassembler prints and its parser does not take), uarch accepts
#   neither   both refuse
# Prints the counts, then the uarch refusals grouped by uarch's message (mnemonic quoted), each
# group with its count and a few lines (-v: all of them), then the encoding differences.
# Exit: 0 when uarch refuses nothing llvm-mca accepts and no encoding differs, 1 otherwise,
# 77 when an llvm tool is absent.
set -u
verbose=0 words=400000 seed=1 per=2 sys=1
while [ $# -gt 0 ]; do
    case $1 in
    -v) verbose=1 ;;
    -n) words=$2; shift ;;
    -s) seed=$2; shift ;;
    -k) per=$2; shift ;;
    -nosys) sys=0 ;;
    *) break ;;
    esac
    shift
done
uarch=${1:?usage: tools/rsurvey.sh [-v] [-n WORDS] [-s SEED] [-k PER_SHAPE] UARCH [LLVM_MC [LLVM_MCA]]}
mc=${2:-llvm-mc-19}
mca=${3:-llvm-mca-19}
for t in "$mc" "$mca"; do
    command -v "$t" > /dev/null || { echo "rsurvey: $t not found" >&2; exit 77; }
done
dir=$(mktemp -d "${TMPDIR:-/tmp}/rsurvey.XXXXXX")
trap '[ -n "${KEEP:-}" ] && echo "rsurvey: kept $dir" >&2 || rm -rf "$dir"' EXIT

# 1. the words, as the little-endian byte lines llvm-mc's disassembler reads.  Park-Miller
# (x = x * 16807 mod 2^31-1) is exact in an awk double; two draws give 16 bits each, and the word
# number sets bits 28:25 so that every group has WORDS/16 of them; -nosys leaves out the sweep below.
awk -v n="$words" -v seed="$seed" -v sys="$sys" 'BEGIN {
    x = (seed * 7919 + 1) % 2147483647
    for (i = 0; i < n; i++) {
        x = (x * 16807) % 2147483647; h = int(x / 32768) % 65536
        x = (x * 16807) % 2147483647; l = int(x / 32768) % 65536
        h = h - int(h / 512) % 16 * 512 + (i % 16) * 512     # bits 28:25 = bits 12:9 of h
        printf "0x%02x 0x%02x 0x%02x 0x%02x\n", l % 256, int(l / 256), h % 256, int(h / 256)
    }
    # the branch, exception and system class (bits 31:26 = 110101: svc ... eret, drps, hints,
    # barriers, msr/mrs, sys, br/blr/ret and their authenticated forms) holds fixed encodings that
    # random words miss: bits 25:10 all, bits 9:0 (Rn and Rt) each of 0x000 0x01f 0x3e0 0x3ff
    if (sys) for (m = 0; m < 65536; m++) for (k = 0; k < 4; k++) {
        lo = (k == 0 ? 0 : k == 1 ? 31 : k == 2 ? 992 : 1023) + (m % 64) * 1024
        printf "0x%02x 0x%02x 0x%02x 0x%02x\n", lo % 256, int(lo / 256), int(m / 64) % 256, 212 + int(m / 16384)
    }
}' > "$dir/words.txt"

# 2. disassembled: "TEXT<tab>ENCODING" (the encoding as uarch prints it: "20 00 02 8b")
"$mc" --disassemble -triple=aarch64 -mcpu=apple-m1 -show-encoding < "$dir/words.txt" 2> /dev/null |
    awk '/encoding: \[/ {
        t = $0; sub(/ *\/\/ encoding: .*/, "", t); sub(/^[ \t]+/, "", t); gsub(/\t/, " ", t)
        e = $0; sub(/.*encoding: \[/, "", e); sub(/\].*/, "", e); gsub(/0x/, "", e); gsub(/,/, " ", e)
        print t "\t" e
    }' > "$dir/valid.txt"

# 3. one to K lines per shape: register numbers, immediates, lane indices and labels blanked
awk -F'\t' -v per="$per" '{
    s = $1
    gsub(/#-?(0x[0-9a-f]+|[0-9][0-9.e+-]*)/, "#I", s)
    gsub(/\[[0-9]+\]/, "[I]", s)
    gsub(/(^|[^a-z0-9_])[a-z][0-9]+/, "&\001", s); gsub(/[0-9]+\001/, "N", s)
    if (++seen[s] <= per) print
}' "$dir/valid.txt" > "$dir/lines.txt"
cut -f1 "$dir/lines.txt" > "$dir/in.s"
cut -f2 "$dir/lines.txt" > "$dir/enc.txt"
nlines=$(wc -l < "$dir/in.s")

# 4. both tools, one run each
view=(-iterations=1 -all-views=0 -instruction-info -show-encoding)
"$uarch" mca -mcpu=apple-m1 "${view[@]}" -skip-unsupported-instructions=parse-failure "$dir/in.s" \
    > "$dir/u.out" 2>&1
"$mca" -mtriple=aarch64 -mcpu=apple-m1 "${view[@]}" -skip-unsupported-instructions=any "$dir/in.s" \
    > "$dir/l.out" 2>&1

# per line: "error MESSAGE" or (uarch) the encoding it printed, in order of the accepted lines
results() {   # $1: output of a tool, $2: 1 to read the encodings of the accepted lines
    awk -v n="$nlines" -v enc="$2" '
        match($0, /^[^ ]*in\.s:[0-9]+:[0-9]+: (error: |warning: .*; line skipped$)/) {
            split($0, p, ":"); l = p[2] + 0; msg = $0; sub(/^[^ ]*in\.s:[0-9]+:[0-9]+: [a-z]+: /, "", msg)
            sub(/; line skipped$/, "", msg)
            if (!(l in bad)) r[l] = "error " msg
            bad[l] = 1; next
        }
        /Encodings:/ { table = 1; next }
        table && /^ *[0-9]+ / {
            e = match($0, /[0-9a-f][0-9a-f] [0-9a-f][0-9a-f] [0-9a-f][0-9a-f] [0-9a-f][0-9a-f]  /) ? substr($0, RSTART, 11) : "-"
            rows[++nr] = e; next
        }
        END {
            k = 0
            for (l = 1; l <= n; l++)
                print (l in bad) ? r[l] : !enc ? "ok" : (++k in rows) ? rows[k] : "(nothing)"
        }' "$1"
}
results "$dir/u.out" 1 > "$dir/u.res"
# llvm-mc's own encoding of each line (a word can be a non-canonical encoding of its text: a
# bitmask immediate's immr bits above the element size are ignored, so the word is not the reference)
"$mc" -triple=aarch64 -mcpu=apple-m1 -show-encoding "$dir/in.s" > "$dir/mc.out" 2> "$dir/mc.err"
cat "$dir/mc.err" "$dir/mc.out" | awk -v n="$nlines" '
    match($0, /^[^ ]*in\.s:[0-9]+:[0-9]+: error: /) { split($0, p, ":"); bad[p[2] + 0] = 1; next }
    /encoding: \[/ { e = $0; sub(/.*encoding: \[/, "", e); sub(/\].*/, "", e); gsub(/0x/, "", e); gsub(/,/, " ", e); rows[++nr] = e }
    END { k = 0; for (l = 1; l <= n; l++) print (l in bad) ? "-" : (++k in rows) ? rows[k] : "(nothing)" }' > "$dir/mc.enc"
results "$dir/l.out" 0 > "$dir/l.res"

# 5. classified
paste "$dir/in.s" "$dir/mc.enc" "$dir/u.res" "$dir/l.res" | awk -F'\t' -v verbose="$verbose" \
    -v words="$words" -v valid="$(wc -l < "$dir/valid.txt")" '
    {
        ue = $3 ~ /^error /; le = $4 ~ /^error /
        if (!ue && !le) { both++; if ($3 != $2) diff[++nd] = sprintf("  %-40s llvm-mc %s  uarch %s", $1, $2, $3) }
        else if (ue && !le) {
            uarch++; m = substr($3, 7); g = m
            if (!(g in cnt)) order[++ng] = g
            if (++cnt[g] <= 4 || verbose) ex[g] = ex[g] sprintf("\n    %s", $1)
        } else if (le && !ue) { llvm++; if (verbose || llvm <= 10) lo[llvm] = sprintf("  %-40s llvm-mca: %s", $1, substr($4, 7)) }
        else neither++
    }
    END {
        printf "words %d  valid on apple-m1 %d  lines (by shape) %d\n", words, valid, NR
        printf "both accept %d (encoding differs %d)  uarch refuses %d  llvm-mca refuses %d  neither %d\n",
            both, nd, uarch, llvm, neither
        if (uarch) print "uarch refuses (by message):"
        for (i = 1; i <= ng; i++) printf "  %d  %s%s\n", cnt[order[i]], order[i], ex[order[i]]
        if (llvm) print "llvm-mca refuses, uarch accepts:"
        for (i = 1; i in lo; i++) print lo[i]
        if (nd) print "encoding differs:"
        for (i = 1; i <= nd && (verbose || i <= 20); i++) print diff[i]
        exit (uarch || nd) ? 1 : 0
    }'
