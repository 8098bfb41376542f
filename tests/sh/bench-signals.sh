#!/usr/bin/env bash
# bench-signals.sh — SIGINT and SIGTERM during `uarch bench` (issue 15 item 6, issue 19 item 5):
# a sweep stops, reports what it measured (table / JSON, CSV and SVG marked interrupted; series
# never measured say "not measured"), removes its temporary files and ends by the signal (exit
# 130 / 143); the same while the compiler runs, and for `bench run`.  Temporary files go to a
# private TMPDIR, which must be empty afterwards.  No timing assertions (only when to signal).
set -u
U=${UARCH:?}
unset CC
[ "$(uname -m)" = x86_64 ] || { echo "skip: host is $(uname -m), these snippets are x86-64"; exit 77; }
command -v cc >/dev/null || command -v gcc >/dev/null || { echo "skip: no C compiler (cc/gcc) for the runner"; exit 77; }
command -v timeout >/dev/null || { echo "skip: no timeout(1)"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
mkdir "$t/tmp"
export TMPDIR="$t/tmp"
cd "$t"
fail=0
bad() { echo "FAIL $*"; fail=1; }
empty_tmp() { [ -z "$(ls -A "$TMPDIR")" ] || { bad "$1: left in TMPDIR: $(ls -A "$TMPDIR")"; rm -rf "${TMPDIR:?}"/*; }; }

# a sweep, SIGINT then SIGTERM after 2 s: partial report, files marked interrupted
for sig in INT TERM; do
  want=$([ $sig = INT ] && echo 130 || echo 143)
  rm -f s.csv s.svg
  timeout --preserve-status -s $sig 2 "$U" bench dcache -q -runs 3 -min 4K -max 64M -ppo 8 \
    -csv s.csv -svg s.svg > out 2> err; rc=$?
  [ $rc = $want ] || bad "dcache SIG$sig: exit $rc, want $want"
  grep -q "^uarch: bench dcache: interrupted by SIG$sig, reporting the [0-9]* points measured" err || bad "dcache SIG$sig: no message: $(cat err)"
  grep -q '^findings (interrupted: partial sweep):' out || bad "dcache SIG$sig: no partial findings"
  head -n 1 s.csv | grep -q ',interrupted,emulated,implausible,raw$' || bad "dcache SIG$sig: csv header: $(head -n 1 s.csv)"
  awk -F, 'NR > 1 && $(NF-3) != 1 { bad = 1 } END { exit bad }' s.csv || bad "dcache SIG$sig: a csv row not marked interrupted"
  grep -q '(interrupted)' s.svg || bad "dcache SIG$sig: svg not marked interrupted"
  empty_tmp "dcache SIG$sig"
done
# JSON marked, series never measured are "not measured", never "no step up"
timeout --preserve-status -s TERM 1 "$U" bench rob -q -json -filler nop,add -max 100 > out.json 2> err; rc=$?
[ $rc = 143 ] || bad "rob -json SIGTERM: exit $rc, want 143"
grep -q '"interrupted": true' out.json || bad "rob -json: not marked interrupted"
grep -q '"measured": false' out.json || bad "rob -json: no series marked not measured"
grep -q 'no step up' out.json && bad "rob -json: claims 'no step up' for a series it never measured"
grep -q 'not measured' out.json || bad "rob -json: no 'not measured' finding"
empty_tmp "rob SIGTERM"
# while the compiler runs (a large .rept takes it seconds): nothing left in TMPDIR
timeout --preserve-status -s TERM 0.5 "$U" bench run -init '.rept 20000000; nop; .endr' nop > out 2> err; rc=$?
[ $rc = 143 ] || bad "bench run SIGTERM while compiling: exit $rc, want 143: $(cat err)"
empty_tmp "bench run SIGTERM while compiling"
# while the snippet runs
timeout --preserve-status -s INT 1.5 "$U" bench run -iters 100000000 -timeout 100 nop > out 2> err; rc=$?
[ $rc = 130 ] || bad "bench run SIGINT while measuring: exit $rc, want 130: $(cat err)"
grep -q 'interrupted (SIGINT)' err || bad "bench run SIGINT: no message: $(cat err)"
empty_tmp "bench run SIGINT while measuring"
exit $fail
