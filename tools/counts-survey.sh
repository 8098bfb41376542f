#!/bin/bash
# tools/counts-survey.sh — dev tool: learns src/a64/counts.tsv, the forms of SVE's element
# counts and predicate initialisation (cntd, incw, sqdech, uqincb, ptrue ...), from llvm-mc-19
# (facts by experiment, not from llvm's sources).  Their operands are named values (a pattern,
# mul #N) the random words of tools/shapes-survey.sh give only some of, so shapes.tsv does not
# list their forms.  Every mnemonic of src/a64/shapes.tsv is written with each operand list of
# CANDIDATES below and a pattern after it (M x0, all); a mnemonic llvm-mc-19 -triple=aarch64
# -mattr=+all takes so once, and not with a symbol there (allx), is one of them, and its forms are the candidates llvm takes bare,
# with a pattern or with `all, mul #2` after them.  Per form, by experiment: the numbers
# `#N` a pattern may be written as (-1 to 40), the N of `mul #N` (-1 to 20), and the numbers of
# a z, p or pn register it takes (0 to 31, 0 to 15).  Each range must be one run of numbers.
#
#   tools/counts-survey.sh            writes src/a64/counts.tsv (its header kept)
#   tools/counts-survey.sh -check     compares them, prints "equal" or the diff (exit 1)
. "$(dirname "$0")/survey-lib.sh"
CANDIDATES=("x0" "w0" "x0, w0" "z0.b" "z0.h" "z0.s" "z0.d" "p0.b" "p0.h" "p0.s" "p0.d" "pn8.b" "pn8.h" "pn8.s" "pn8.d")
grep -v '^#' src/a64/shapes.tsv | tail -n +2 | cut -f1 | uniq > "$T/mnems"
# (a pattern, not a symbol: adr x0, all takes allx too)
while read -r m; do for c in "${CANDIDATES[@]}"; do printf '%s %s, all\n%s %s, allx\n' "$m" "$c" "$m" "$c"; done; done < "$T/mnems" > "$T/pat.s"
takes "$T/pat.s" | awk '$1 % 2 { all[$1] } !($1 % 2) { delete all[$1 - 1] } END { for (l in all) print l "p" }' |
    sed -n -f - "$T/pat.s" | cut -d' ' -f1 | uniq > "$T/counts"
# the forms: a candidate taken bare, with a pattern or with mul
: > "$T/forms.s"
while read -r m; do for c in "${CANDIDATES[@]}"; do
    printf '%s %s\n%s %s, all\n%s %s, all, mul #2\n' "$m" "$c" "$m" "$c" "$m" "$c"; done; done < "$T/counts" > "$T/forms.s"
takes "$T/forms.s" > "$T/ok"
# one run of the numbers of the lines of file $1 taken (the numbers are lines $2, $2+1 ...)
range() {
    takes "$1" | awk -v b="$2" -v f="$1" 'NR == 1 { lo = $1 + b - 1; hi = lo; next }
        { if ($1 + b - 1 != hi + 1) { print "counts-survey: not one run of numbers: " f ": " $1 " after " hi > "/dev/stderr"; exit 1 } hi++ }
        END { print NR ? (lo == hi ? lo : lo "-" hi) : "-" }'
}
rows=""
while read -r m; do
    for c in "${CANDIDATES[@]}"; do
        base=$(grep -nxF "$m $c" "$T/forms.s" | cut -d: -f1)
        bare=$(grep -cx "$base" "$T/ok" || true); withpat=$(grep -cx "$((base + 1))" "$T/ok" || true)
        withmul=$(grep -cx "$((base + 2))" "$T/ok" || true)
        [ "$bare$withpat$withmul" = 000 ] && continue
        pat=-; mul=-
        if [ "$withpat" = 1 ]; then
            for i in $(seq -1 40); do echo "$m $c, #$i"; done > "$T/r.s"; pat=$(range "$T/r.s" -1)
        fi
        if [ "$withmul" = 1 ]; then
            for i in $(seq -1 20); do echo "$m $c, all, mul #$i"; done > "$T/r.s"; mul=$(range "$T/r.s" -1)
        fi
        ops=$(echo "$c" | sed 's/ //g; s/[0-9]*//g')
        reg=$(echo "$c" | sed -n 's/^\(z\|p\|pn\)[0-9]*\..*/\1/p')
        if [ -n "$reg" ]; then   # the registers it takes, where not all llvm reads (z0-z31, p0-p15)
            max=$([ "$reg" = z ] && echo 31 || echo 15)
            el=${c#*.}
            for i in $(seq 0 "$max"); do echo "$m $reg$i.$el"; done > "$T/r.s"
            r=$(range "$T/r.s" 0)
            [ "$r" = "0-$max" ] || ops="$reg$r.$el"
        fi
        rows+="$m	$ops	$pat	$mul"$'\n'
    done
done < "$T/counts"
{ sed -n '/^#/p; /^mnem\t/{p;q}' src/a64/counts.tsv; printf '%s' "$rows" | LC_ALL=C sort -s -t$'\t' -k1,1; } > "$T/new.tsv"
if [ $CHECK = 1 ]; then
    if diff -u src/a64/counts.tsv "$T/new.tsv"; then echo "equal: $(($(grep -vc '^#' "$T/new.tsv") - 1)) forms"; else exit 1; fi
else
    cp "$T/new.tsv" src/a64/counts.tsv
    echo "counts-survey: $(printf '%s' "$rows" | wc -l) forms of $(wc -l < "$T/counts") mnemonics"
fi
