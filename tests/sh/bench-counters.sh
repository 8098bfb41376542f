#!/usr/bin/env bash
# bench-counters.sh — `uarch bench run -counters` takes events as perf stat spells them (msr/tsc/,
# pmu/term=value,.../ with commas inside, name= terms) and -config takes
# nanoBench's counter files; hardware events where the machine has no hardware PMU (a VM) are a
# clear error, located for a -config file.  Counts are not asserted (a shared, noisy machine).
set -u
U=${UARCH:?}
[ "$(uname -s)" = Linux ] || { echo "skip: perf events are Linux only"; exit 77; }
command -v cc >/dev/null || command -v gcc >/dev/null || { echo "skip: no C compiler (cc/gcc) for the runner"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t"
fail=0
R="$U bench run -n 4 -iters 10 -unroll 10"
if [ -r /sys/bus/event_source/devices/msr/events/tsc ]; then
  if ! $R -counters msr/tsc/ nop > out 2> err; then
    if grep -q 'perf_event_open' err; then echo "note: perf_event_open refused here: $(cat err)"
    else echo "FAIL msr/tsc/: $(cat err)"; fail=1; fi
  else
    grep -Eq '^-?[0-9.]+ msr/tsc/ per copy' out || { echo "FAIL msr/tsc/ line"; cat out err; fail=1; }
    # pmu/term=value/ and a name= term next to another counter (the comma inside is not a split)
    $R -json -counters 'msr/tsc/,msr/event=0x0,name=tsc_again/' nop > out 2> err || { echo "FAIL terms: $(cat err)"; fail=1; }
    grep -q '"tsc_again"' out && grep -q '"msr/tsc/"' out || { echo "FAIL terms: counters in JSON"; cat out; fail=1; }
  fi
  # a bad term value is refused, naming it
  $R -counters 'msr/event=zz/' nop > out 2> err && { echo "FAIL bad term: exit 0"; fail=1; }
  grep -q "bad value 'zz' for the term 'event' of msr" err || { echo "FAIL bad term message"; cat err; fail=1; }
else
  echo "note: no msr PMU here, msr/tsc/ cases not run"
fi
# more counters than the harness holds: an error, none dropped
$R -counters a,b,c,d,e,f,g,h nop > out 2> err && { echo "FAIL too many: exit 0"; fail=1; }
grep -q 'more than 7 counters besides the cycles' err || { echo "FAIL too many message"; cat err; fail=1; }

cat > nb.cfg <<'CFG'
# nanoBench's format (configs/cfg_Skylake_common.txt style)

0E.01 UOPS_ISSUED.ANY
0E.01.CMSK=1.INV UOPS_ISSUED.STALL_CYCLES   # comment
CFG
if ! ls /sys/bus/event_source/devices 2>/dev/null | grep -Eqx 'cpu|cpu_core|cpu_atom|armv8_.*|armv9_.*|apple_.*'; then
  # no hardware PMU: each way of naming a hardware event says so
  $R -counters r01c2 nop > out 2> err && { echo "FAIL raw: exit 0"; fail=1; }
  grep -q "r01c2.*no hardware counters" err || { echo "FAIL raw message"; cat err; fail=1; }
  $R -counters 'cpu/event=0x3c,umask=0x0/' nop > out 2> err && { echo "FAIL cpu terms: exit 0"; fail=1; }
  grep -q "cpu/event=0x3c,umask=0x0/.*no hardware counters" err || { echo "FAIL cpu terms message"; cat err; fail=1; }
  $R -config nb.cfg nop > out 2> err; rc=$?
  [ $rc = 1 ] || { echo "FAIL config: exit $rc"; fail=1; }
  grep -q "^nb.cfg:3:1: error: counter 'UOPS_ISSUED.ANY' unavailable: no hardware counters" err ||
    { echo "FAIL config message"; cat err; fail=1; }
  [ -s out ] && { echo "FAIL config: stdout on error"; fail=1; }
else
  # a hardware PMU: the events run under their names, or are refused with why (another CPU
  # vendor's codes, perf_event_paranoid)
  if $R -config nb.cfg nop > out 2> err; then
    grep -q ' UOPS_ISSUED.STALL_CYCLES per copy' out || { echo "FAIL config names"; cat out; fail=1; }
  else
    grep -q "unavailable\|perf_event_open" err || { echo "FAIL config error"; cat err; fail=1; }
  fi
fi
exit $fail
