#!/usr/bin/env bash
# exp-x86.sh — every `uarch bench` sweep experiment runs on the host with tiny sizes and
# produces the documented output shapes: the table (points, "findings:", provenance line),
# -json (findings with name/confidence, series with points, provenance), -csv (header + rows)
# and -svg (a complete SVG document).  Values are not asserted (noisy shared machine).
# Usage errors exit 2, a bad instruction for `inst` is a located error (exit 1).
set -u
case $(uname -m) in x86_64|amd64|aarch64|arm64) ;; *) echo "skip: host $(uname -m) has no code generator"; exit 77;; esac
command -v cc >/dev/null || { echo "skip: no C compiler (cc) to build the kernels"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
if [ "$(uname -m)" = aarch64 ] || [ "$(uname -m)" = arm64 ]; then INST='add x0, x1, x2'; else INST='add %rbx, %rax'; fi
T="-runs 3 -q"
PY=$(command -v python3 || true)
[ -n "$PY" ] || echo "note: no python3: the output properties (ordered statistics, findings) are not checked"
while IFS='|' read -r name args; do
  [ -z "$name" ] && continue
  eval "set -- $args"
  out=$("$UARCH" bench "$name" $T "$@" -csv "$tmp/$name.csv" -svg "$tmp/$name.svg" 2>"$tmp/err") \
    || { bad "$name $args: exit $?"; cat "$tmp/err"; continue; }
  grep -q 'Sanitizer\|runtime error:' "$tmp/err" && { bad "$name: sanitizer report"; cat "$tmp/err"; }
  echo "$out" | grep -q "^# uarch bench $name: " || bad "$name: no heading"
  echo "$out" | grep -q '^# cpu: .* | os: .* | counters: .* | core clock: .* GHz | ' || bad "$name: no provenance"
  # a point row: x, then best, median and spread, each a number or "-" (unavailable: on a busy
  # machine a quartile of the paired differences can be noise below zero), then n
  echo "$out" | grep -Eq '^ +[0-9.]+( [KMG]?i?B)? +([0-9.]+|-) +([0-9.]+|-) +([0-9.]+|-) +[0-9]+$' \
    || { bad "$name $args: no point rows"; echo "$out"; }
  # a statistic that is not a time (negative, NaN) is shown as unavailable: "-", an empty CSV field
  # (a point flagged "! not positive (-0.12): impossible, left out" gives the raw figure on purpose)
  echo "$out" | sed 's/  ! .*: impossible, left out$//' | grep -Eq '^ +[0-9.]+( [KMG]?i?B)? +.*(-[0-9]|nan|inf)' \
    && bad "$name: a negative or NaN value in the table"
  # (series names with commas are quoted: the first field is read up to its closing quote)
  sed 's/^"\([^"]\|""\)*",/S,/' "$tmp/$name.csv" > "$tmp/$name.fields"
  awk -F, 'NR > 1 { for (i = 3; i <= 6; i++) if ($i ~ /^-|nan|inf/) bad = 1 } END { exit bad }' "$tmp/$name.fields" \
    || bad "$name: a negative or NaN median/best/min/max in the csv"
  echo "$out" | grep -q '^findings' || bad "$name: no findings section"
  head -n 1 "$tmp/$name.csv" | grep -q '^series,x,median,best,min,max,q25,q75,n,cut,interrupted,emulated,implausible,raw,passes$' || bad "$name: csv header"
  [ "$(wc -l < "$tmp/$name.csv")" -ge 2 ] || bad "$name: csv has no rows"
  # one row per point: passes over the same points keep one of each
  sed -E '1d; s/^"(([^"]|"")*)",([^,]*),.*/\1|\3/; t; s/^([^,]*),([^,]*),.*/\1|\2/' "$tmp/$name.csv" | sort | uniq -d | grep -q . \
    && bad "$name: a point twice in the csv"
  grep -q '^random, ' "$tmp/$name.csv" && bad "$name: a series name with commas not quoted in the csv"
  head -c 5 "$tmp/$name.svg" | grep -q '<?xml' || bad "$name: svg start"
  tail -n 1 "$tmp/$name.svg" | grep -q '^</svg>$' || bad "$name: svg end"
  grep -q 'class="series"' "$tmp/$name.svg" || bad "$name: svg has no series"
  json=$("$UARCH" bench "$name" $T "$@" -json 2>"$tmp/err") || { bad "$name -json: exit $?"; cat "$tmp/err"; continue; }
  # ordered statistics on every row, every finding's words consistent with its numbers
  if [ -n "$PY" ]; then
    echo "$json" > "$tmp/$name.json"
    "$PY" "$ROOT/tests/sh/exp-props.py" "$tmp/$name.json" || bad "$name $args: properties (above)"
  fi
  for k in '"experiment": "'"$name"'"' '"provenance": {' '"core_hz": ' '"findings": \[' '"name": ' \
           '"confidence": ' '"points": \[' '"median": ' '"x": ' '"date": '; do
    echo "$json" | grep -q "$k" || bad "$name -json: no $k"
  done
done <<LIST
dcache|-min 4K -max 16K -ppo 1
dcache|-bw -min 4K -max 8K
dcache|-hugepages -seq -stride 128 -min 8K -max 16K -ppo 1
dcache|-window 4K -min 8K -max 16K -ppo 1
dtlb|-min 4 -max 16 -ppo 1
icache|-min 4K -max 8K -ppo 1
fetch|-min 1 -max 3
btb|-spacing 4,64 -min 1 -max 4 -ppo 1 -passes 2
itlb|-min 2 -max 70 -ppo 1
rob|-filler nop,load,cmp,mov -max 16 -step 8 -buf 1M
mispredict|-min 2 -max 8
inst|-max 2 '$INST'
LIST
# -hugepages says what the kernel gave (smaps), and names the series for the pages it got
out=$("$UARCH" bench dcache -hugepages -runs 3 -q -min 8K -max 16K -ppo 1 2>"$tmp/err") || bad "dcache -hugepages: exit $?"
if echo "$out" | grep -Eq '^  -hugepages: [0-9.]+ [KMG]?i?B of the [0-9.]+ [KMG]?i?B buffer in 2 MiB pages \(AnonHugePages\)'; then
  echo "$out" | grep -q '^## random, 64 B stride, 2 MiB pages$' || bad "dcache -hugepages: series not named for 2 MiB pages"
elif echo "$out" | grep -q '^  -hugepages: NO huge pages: '; then
  echo "$out" | grep -q '^## random, 64 B stride, 4 KiB pages$' || bad "dcache -hugepages: none given, series not 4 KiB"
else
  echo "$out" | grep -q '^  -hugepages: madvise(MADV_HUGEPAGE) asked; whether .* is not known here' ||
    { bad "dcache -hugepages: no note on the pages given"; echo "$out"; }
fi
# Ctrl-C keeps what was measured: SIGINT during a sweep still prints the points and findings
out=$(timeout --preserve-status -s INT 2 "$UARCH" bench dcache -runs 3 -q -min 4K -max 64M -ppo 8 2>"$tmp/err"); rc=$?
[ $rc = 130 ] || bad "interrupted sweep: exit $rc, want 130 (SIGINT)"
echo "$out" | grep -q '^findings (interrupted: partial sweep):' || bad "interrupted sweep: no partial findings"
grep -q 'interrupted by SIGINT, reporting the [0-9]* points measured' "$tmp/err" || bad "interrupted sweep: no message"
# usage errors and bad input
"$UARCH" bench dcache -frobnicate >/dev/null 2>&1; [ $? = 2 ] || bad "unknown option: want exit 2"
"$UARCH" bench dcache -max 12Q >/dev/null 2>&1; [ $? = 2 ] || bad "bad size: want exit 2"
out=$("$UARCH" bench dcache -window 2G 2>&1 >/dev/null); rc=$?
[ $rc = 2 ] || bad "bad window: exit $rc, want 2"
echo "$out" | grep -q "^uarch: bench dcache: option '-window': 2G is out of range (0 B .. 1 GiB)" || bad "bad window message: $out"
"$UARCH" bench rob -filler bogus >/dev/null 2>&1; [ $? = 2 ] || bad "bad filler: want exit 2"
out=$("$UARCH" bench rob -passes 2 2>&1 >/dev/null); rc=$?
[ $rc = 2 ] || bad "-passes on a one-pass experiment: exit $rc, want 2"
echo "$out" | grep -q '^uarch: bench rob: -passes: this experiment measures in one pass' || bad "-passes message: $out"
out=$("$UARCH" bench inst -runs 2 -q 'bogusop %rax' 2>&1 >/dev/null); rc=$?
[ $rc = 1 ] || bad "bad instruction: exit $rc, want 1"
echo "$out" | head -n 1 | grep -q '^<inst>:1:1: error: ' || bad "bad instruction not located: $out"
# an instruction whose only register source is its destination (add $1, %eax; neg; mov $1): its one
# chain runs through the destination, and is a latency or, where no dependency binds (mov), says so
for i in 'add $1, %eax' 'neg %rax' 'mov $1, %rax'; do
  out=$("$UARCH" bench inst -runs 2 -q -max 4 "$i" 2>/dev/null) || { bad "inst '$i': exit $?"; continue; }
  echo "$out" | grep -Eq '^  latency ([12])->\1: ' || bad "inst '$i': no latency through the destination: $out"
  echo "$out" | grep -A1 '^  latency' | grep -q 'not measured' && bad "inst '$i': latency not measured: $out"
  echo "$out" | grep -q 'one chain through the destination alone' || bad "inst '$i': no note of the chain: $out"
done
"$UARCH" bench dcache -h | grep -q '^usage: uarch bench dcache' || bad "dcache -h"
# -repeat N: the sweep N times, each finding with its value in every run
out=$("$UARCH" bench dcache -repeat 0 2>&1 >/dev/null); rc=$?
[ $rc = 2 ] || bad "-repeat 0: exit $rc, want 2"
echo "$out" | grep -q "^uarch: bench dcache: option '-repeat': 0 is out of range (1 .. 16)" || bad "-repeat 0 message: $out"
out=$("$UARCH" bench dtlb -repeat 2 -runs 3 -q -min 4 -max 16 -ppo 1 2>"$tmp/err") || bad "dtlb -repeat 2: exit $?"
echo "$out" | grep -Eq '; over 2 runs: [^;]+ \([0-2] of 2 within (one sweep step|5 %) of their median\)$' \
  || { bad "dtlb -repeat 2: no per-run values"; echo "$out"; }
[ "$(echo "$out" | grep -c '^findings')" = 1 ] || bad "dtlb -repeat 2: the report printed more than once"
json=$("$UARCH" bench dtlb -repeat 2 -runs 3 -q -min 4 -max 16 -ppo 1 -json 2>"$tmp/err") || bad "dtlb -repeat 2 -json: exit $?"
echo "$json" | grep -q '"repeat": {' || bad "dtlb -repeat 2 -json: no repeat object"
if [ -n "$PY" ]; then
  echo "$json" > "$tmp/repeat.json"
  "$PY" "$ROOT/tests/sh/exp-props.py" "$tmp/repeat.json" || bad "dtlb -repeat 2: properties (above)"
fi
exit $fail
