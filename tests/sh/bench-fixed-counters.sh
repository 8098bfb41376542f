#!/usr/bin/env bash
# bench-fixed-counters.sh — `uarch bench run -fixed_counters` on a machine without a hardware PMU
# (a KVM guest whose hypervisor gives none, or, where the machine has one and we may, a mount
# namespace whose /sys/bus/event_source/devices is empty): exit status 1 as documented in --help,
# nothing on stdout, and one error that says the counters are not available, why, and what the
# cycles fall back to without the option; the same command without -fixed_counters then runs
# with that fallback (its backend line names it).  With -json the same error.  No timing
# assertions: only statuses and words.
[ "$(uname -s)" = Linux ] || { echo "skip: perf events are Linux only"; exit 77; }
. "$ROOT/tests/sh/bench-lib.bash"
nop=nop   # (the same word in both ISAs)

# no PMU: as the machine is, or hidden (root, unshare); else the test has nothing to check
run=()
if ! "$U" pmu list 2>/dev/null | grep -q '^perf: .*no hardware counters'; then
  if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null &&
     unshare -m sh -c 'mount -t tmpfs none /sys/bus/event_source/devices' 2>/dev/null; then
    run=(unshare -m sh -c 'mount -t tmpfs none /sys/bus/event_source/devices && exec "$0" "$@"')
  else
    echo "skip: this machine has a hardware PMU and cannot hide it (needs root and unshare)"; exit 77
  fi
fi
if [ ${#run[@]} = 0 ] && "$U" bench run -n 2 -iters 10 -unroll 10 -fixed_counters $nop > out 2> err; then
  echo "skip: -fixed_counters counted here (a hardware PMU): the no-PMU case cannot be made"; exit 77
fi

for fmt in text json; do
  extra=(); [ $fmt = json ] && extra=(-json)
  "${run[@]}" "$U" bench run -n 2 -iters 10 -unroll 10 -fixed_counters "${extra[@]}" $nop > out 2> err; rc=$?
  [ $rc = 1 ] || bad "$fmt: exit $rc, want 1 (documented: uarch bench run --help)" err
  [ -s out ] && bad "$fmt: something on stdout without counters" out
  [ "$(wc -l < err)" = 1 ] || bad "$fmt: want one line on stderr" err
  grep -q "^uarch: error: -fixed_counters: .*are the hardware PMU's, and no hardware counters: .*: counters not available, nothing measured (exit status 1)" err ||
    bad "$fmt: no-PMU words" err
  grep -q "without -fixed_counters the cycles fall back to \(the task-clock (ns on the CPU)\|the timer's ticks\) converted with the core clock" err ||
    bad "$fmt: fallback words" err
done
# the fallback it names is the one bench run takes without the option
fb=$(sed -n "s/.*fall back to the \(task-clock\|timer\).*/\1/p" err)
"${run[@]}" "$U" bench run -n 2 -iters 10 -unroll 10 $nop > out 2> err || bad "no option: exit $?" err
grep -q "^backend: $fb " out || bad "no option: backend is not the $fb the error named" out
grep -q "counter 'cycles' unavailable: no hardware counters" err || bad "no option: note on the cycles" err
# the help says what happens without a PMU, and its exit status
"$U" bench run --help > out 2>&1
grep -A3 -- '-fixed_counters' out | grep -q 'exit status 1' || bad "help: exit status" out
[ $fail = 0 ] && echo "ok"
