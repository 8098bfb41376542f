#!/usr/bin/env bash
# bench-timeout.sh — every sweep takes -timeout S: a point whose measuring takes longer is cut
# (its child killed), the sweep stops and reports the points it measured with the cut one
# named: a message on stderr, a line in the table, "cut" in JSON, a row with cut=1 in the CSV,
# the SVG's title; exit status 1.  The points cut here never finish (a jump to itself) or take
# far longer than the timeout (a 128 MiB .. 1 GiB copy a call, 100 rounds: 1 GiB takes 20 s and
# more): only "was cut" is asserted, not when.  The points that must be measured (1 and 2 MiB)
# must stay well within it on a loaded machine too: with -timeout 1 the 1 MiB point was cut (3 of
# 3 runs at nice 19 beside a busy loop on its CPU; under ASan, sharing its CPU with two busy loops,
# 1 and 2 MiB took 4.5-5 s, their compiles included), so the sweep has -timeout 4.
set -u
case $(uname -m) in x86_64|amd64|aarch64|arm64) ;; *) echo "skip: host $(uname -m) has no code generator"; exit 77;; esac
command -v cc >/dev/null || { echo "skip: no C compiler (cc) to build the kernels"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
U=$UARCH
fail=0
bad() { echo "FAIL: $*"; fail=1; }
case $(uname -m) in aarch64|arm64) HANG='b .' ;; *) HANG='jmp .' ;; esac

# every sweep documents and takes the option; a timeout out of range is a usage error
for e in dcache dtlb icache btb itlb fetch rob mispredict inst; do
  "$U" bench $e --help | grep -q '^  -timeout S  ' || bad "$e --help: no -timeout"
done
"$U" bench dcache -timeout 0 > out 2> err; rc=$?
[ $rc = 2 ] || bad "-timeout 0: exit $rc, want 2"
grep -q -- '-timeout' err || bad "-timeout 0: no message: $(cat err)"

# what every cut sweep says, in ./out and ./err: exit status 1 ($rc), the cut point (EXP's point
# POINT, an ERE) on stderr and in the table, MEASURED (an ERE) points reported, partial findings;
# TIMEOUT (default 1) the -timeout given
cut_said() {
  local exp=$1 point=$2 measured=$3 s=${4:-1}
  [ $rc = 1 ] || bad "$exp: exit $rc, want 1"
  grep -Eq "^uarch: bench $exp: point $point: the snippet did not finish within $s s \(killed\); the point is cut \(-timeout $s\), the sweep stops\$" err \
    || bad "$exp: no cut message: $(cat err)"
  grep -Eq "^uarch: bench $exp: 1 point cut at the timeout, reporting the $measured points measured \(exit status 1\)\$" err \
    || bad "$exp: no closing message: $(cat err)"
  grep -Eq "^ +[0-9]+( [KMG]iB)?  cut: not finished within $s s \\(-timeout\\)\$" out || bad "$exp: no cut line in the table: $(cat out)"
  grep -q '^findings (cut at the timeout: partial sweep):$' out || bad "$exp: findings not marked partial"
}

# a point that never finishes: cut, nothing measured, the report still made
"$U" bench inst -q -timeout 1 -csv i.csv "$HANG" > out 2> err; rc=$?
cut_said inst "1 of '$HANG'" 0
head -n 1 i.csv | grep -q '^series,x,median,best,min,max,q25,q75,n,cut,interrupted,emulated,implausible,raw,passes$' || bad "inst: csv header: $(head -n 1 i.csv)"
grep -q "^$HANG,1,,,,,,,0,1,0,0,,,$" i.csv || bad "inst: no cut row in the csv: $(cat i.csv)"

# a big point among small ones: those measured stay, whole, the big one is cut
"$U" bench dcache -q -bw -runs 100 -passes 1 -min 1M -max 1G -timeout 4 -csv d.csv -svg d.svg > out 2> err; rc=$?
cut_said dcache "[0-9]+ [MG]iB of '(read|write)'" '[1-9][0-9]*' 4
grep -Eq '^ +1 MiB +[0-9.]+ ' out || bad "dcache: the first point is not in the table"
grep -Eq '^ +[0-9]+ [MG]iB  cut: not finished within 4 s \(-timeout\)$' out || bad "dcache: no cut line in the table"
grep -q '^findings (cut at the timeout: partial sweep):$' out || bad "dcache: findings not marked partial"
awk -F, 'NR > 1 && $10 == 1 { c++ } NR > 1 && $10 == 0 && $3 != "" { m++ } END { exit !(c == 1 && m >= 2) }' d.csv \
  || bad "dcache: csv: want one cut row and the measured rows: $(cat d.csv)"
cut_x=$(awk -F, 'NR > 1 && $10 == 1 { print $2 }' d.csv)
awk -F, -v x="$cut_x" 'NR > 1 && $10 == 0 && $2 + 0 > x + 0 { bad = 1 } END { exit bad }' d.csv \
  || bad "dcache: a point measured at or past the cut one (the sweep must stop at the cut)"
grep -q 'cut at the 4 s timeout: [0-9]* [MG]iB of \(read\|write\)' d.svg || bad "dcache: the svg does not name the cut point"
tail -n 1 d.svg | grep -q '^</svg>$' || bad "dcache: svg not whole"

# JSON: the cut points
"$U" bench inst -q -timeout 1 -json "$HANG" > o.json 2> err; rc=$?
[ $rc = 1 ] || bad "inst -json: exit $rc, want 1"
grep -A6 '^  "cut": \[' o.json | tr -d '\n' | grep -Eq "\"cut\": \[ +\{ +\"series\": \"$HANG\", +\"x\": 1, +\"timeout_s\": 1 +\} +\]" \
  || bad "inst -json: no cut: $(cat o.json)"
exit $fail
