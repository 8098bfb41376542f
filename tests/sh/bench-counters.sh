#!/usr/bin/env bash
# bench-counters.sh — `uarch bench run -counters` takes events as perf stat spells them (msr/tsc/,
# pmu/term=value,.../ with commas inside, name= terms) and -config takes
# nanoBench's counter files; hardware events where the machine has no hardware PMU (a VM) are a
# clear error, located for a -config file.  Counts are not asserted (a shared, noisy machine).
[ "$(uname -s)" = Linux ] || { echo "skip: perf events are Linux only"; exit 77; }
. "$ROOT/tests/sh/bench-lib.bash"
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
# more counters than one run holds (7 besides the cycles): rotated over runs as nanoBench does,
# every one reported with the run that counted it; a name= term survives the rotation
sw=page-faults,minor-faults,major-faults,context-switches,cpu-migrations,alignment-faults,emulation-faults
sw="$sw,task-clock,cpu-clock"
if [ -r /sys/bus/event_source/devices/msr/events/tsc ]; then tenth='msr/tsc,name=clock_again/'; again=clock_again
else tenth='page-faults'; again=page-faults; fi   # (a name twice is counted twice)
sw="$sw,$tenth"
if $R -counters "$sw" nop > out 2> err; then
  [ "$(grep -Ec ' per copy \(min [-0-9.]+\)  \(run [12]\)$' out)" = 10 ] || { echo "FAIL rotated lines"; cat out; fail=1; }
  grep -q "^[-0-9.]* $again per copy .*(run 2)\$" out || { echo "FAIL rotated name= term"; cat out; fail=1; }
  grep -q '^note: 10 events over 2 runs (7 counters at once besides the cycles): rotated, each event counted in one run' out ||
    { echo "FAIL rotation note"; cat out; fail=1; }
  $R -json -counters "$sw" nop > out 2> err || { echo "FAIL rotated json: $(cat err)"; fail=1; }
  tr -d ' \n' < out | grep -q '"rotation":{"events":10,"runs":2,"at_once":7}' || { echo "FAIL rotation json"; cat out; fail=1; }
  tr -d ' \n' < out | grep -q "\"$again\":{[^}]*\"run\":2}" || { echo "FAIL rotated json run"; cat out; fail=1; }
elif grep -q 'perf_event_open' err; then
  echo "note: perf_event_open refused here: $(cat err)"
else
  echo "FAIL rotated software events: $(cat err)"; fail=1
fi
# an unknown counter in a later group: an error naming it, nothing printed on stdout
$R -counters "$sw,no-such-event" nop > out 2> err && { echo "FAIL unknown rotated: exit 0"; fail=1; }
grep -q "no-such-event" err || { echo "FAIL unknown rotated message"; cat err; fail=1; }
[ -s out ] && { echo "FAIL unknown rotated: stdout on error"; fail=1; }
# more than the rotation takes: an error, none dropped
many=$(seq -s, -f 'e%g' 1 64)
$R -counters "$many" nop > out 2> err && { echo "FAIL too many: exit 0"; fail=1; }
grep -q 'more than 63 counters besides the cycles' err || { echo "FAIL too many message"; cat err; fail=1; }

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
  # a file of more events than one run counts is taken (rotated), so the error is still the
  # missing PMU, at its first event
  { echo "# many"; for i in 1 2 3 4 5 6 7 8 9 10; do printf '%02x.01 EV_%s\n' "$i" "$i"; done; } > many.cfg
  $R -config many.cfg nop > out 2> err; rc=$?
  [ $rc = 1 ] || { echo "FAIL many config: exit $rc"; fail=1; }
  grep -q "^many.cfg:2:1: error: counter 'EV_1' unavailable: no hardware counters" err ||
    { echo "FAIL many config message"; cat err; fail=1; }
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
