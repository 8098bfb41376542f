#!/usr/bin/env bash
# pmu-perf.sh — `uarch pmu` with the perf backend on the real perf_event_open path: list says
# why there are no hardware events (when there are none) and lists the software ones; stat counts
# the page faults of a program that touches N new pages (about N: the program's own start-up
# adds a constant, so the difference of N=2000 and N=500 is checked); scan's page_faults probe
# finds page-faults and minor-faults; errors: unknown event, raw code out of range, a command
# that does not exist, a crashing snippet: message, exit 1, nothing on stdout.
set -u
U=${UARCH:?}
"$U" pmu list -backend=perf > /dev/null 2>&1
"$U" pmu list -backend=perf | grep -q '^perf: unavailable' && { echo "skip: perf_event_open unavailable here"; exit 77; }
command -v cc >/dev/null || { echo "skip: no C compiler for the page-touching program"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t"
fail=0
out=$("$U" pmu list -backend=perf) || { echo "FAIL list exit $?"; exit 1; }
for ev in page-faults minor-faults context-switches task-clock; do
  echo "$out" | grep -Eq "^  $ev " || { echo "FAIL list: no $ev"; echo "$out"; fail=1; }
done
if ! ls /sys/bus/event_source/devices/*/events/cpu-cycles >/dev/null 2>&1 && ! [ -d /sys/bus/event_source/devices/cpu ]; then
  echo "$out" | grep -q '^perf: software events only; no hardware counters: no core PMU in /sys/bus/event_source/devices' \
    || { echo "FAIL list: does not say why there are no hardware events"; echo "$out" | head -3; fail=1; }
  if grep -q '^flags.* hypervisor' /proc/cpuinfo 2>/dev/null; then
    echo "$out" | head -n 1 | grep -q "(a virtual machine: its hypervisor '.*' offers the guest no PMU)" \
      || { echo "FAIL list: does not name the virtual machine as the reason"; echo "$out" | head -1; fail=1; }
  fi
fi
cat > touch.c <<'C'
#include <stdlib.h>
#include <sys/mman.h>
int main(int c, char **v) {
  long n = atol(v[1]);
  char *p = mmap(0, (size_t)n * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return 2;
  for (long i = 0; i < n; i++) p[i * 4096] = 1;
  return 0;
}
C
cc -O1 -o touch touch.c || { echo "FAIL cannot compile touch.c"; exit 1; }
[ "$(getconf PAGESIZE)" = 4096 ] || { echo "skip: page size is not 4096"; exit 77; }
count() { "$U" pmu stat -json -e page-faults,minor-faults -- ./touch "$1" | grep -A4 "\"name\": \"$2\"" | sed -n 's/.*"value": \([0-9]*\).*/\1/p'; }
a=$(count 500 page-faults); b=$(count 2000 page-faults); m=$(count 2000 minor-faults)
d=$((b - a))
echo "page-faults: N=500 -> $a, N=2000 -> $b (difference $d, want about 1500); minor-faults N=2000 -> $m"
{ [ "$d" -ge 1400 ] && [ "$d" -le 1600 ]; } || { echo "FAIL page-faults difference $d not about 1500"; fail=1; }
{ [ "$b" -ge 2000 ] && [ "$b" -le 2600 ]; } || { echo "FAIL page-faults $b for 2000 pages"; fail=1; }
"$U" pmu stat -e page-faults -- ./touch 10 | grep -q '^command exit status: 0' || { echo "FAIL stat text output"; fail=1; }
"$U" pmu stat -e page-faults -- sh -c 'exit 3' > /dev/null; [ $? = 3 ] || { echo "FAIL the command's exit status is not passed on"; fail=1; }
"$U" pmu stat -e page-faults sh -c 'exit 3' > /dev/null; [ $? = 3 ] || { echo "FAIL the command without -- (as perf stat takes it) is not run"; fail=1; }
s=$("$U" pmu scan -backend=perf -probe=page_faults -json) || { echo "FAIL scan exit $?"; fail=1; }
f=$(echo "$s" | awk '/"findings"/{on=1} /"near_misses"/{on=0} on && /"name"/' | sed 's/.*"name": "\(.*\)".*/\1/' | sort | tr '\n' ' ')
[ "$f" = "minor-faults page-faults " ] || { echo "FAIL scan page_faults found '$f', want minor-faults and page-faults"; echo "$s"; fail=1; }
expect() {  # name want_rc stderr_regex -- args...
  local name=$1 rc=$2 re=$3; shift 4
  "$@" > out 2> err; local got=$?
  [ $got = "$rc" ] || { echo "FAIL $name: exit $got, want $rc"; cat err; fail=1; return; }
  grep -Eq -- "$re" err || { echo "FAIL $name: stderr does not match /$re/:"; cat err; fail=1; }
  [ -s out ] && { echo "FAIL $name: stdout not empty"; cat out; fail=1; }
  return 0
}
expect unknown-event 1 "^uarch pmu stat: error: unknown event 'nosuch'" -- "$U" pmu stat -backend=perf -e page-faults,nosuch -- true
expect raw-range 1 "^uarch pmu stat: error: raw event 'r123456789abcdef012' out of range" -- "$U" pmu stat -backend=perf -e r123456789abcdef012 -- true
expect no-command 1 "^uarch pmu stat: error: command not found: 'no-such-command-x'" -- "$U" pmu stat -backend=perf -e page-faults -- no-such-command-x
expect bad-pmu 1 "no PMU 'nopmu'" -- "$U" pmu stat -backend=perf -e nopmu/x/ -- true
if [ "$(uname -m)" = x86_64 ]; then
  expect crash 1 "^uarch pmu stat: error: kernel '<snippet>' crashed: .*signal 11" -- "$U" pmu stat -backend=perf -e page-faults -init 'xor %eax, %eax' -asm 'mov (%rax), %rax'
  expect asm-error 1 "^<snippet>:1:1: error: .*frob" -- "$U" pmu stat -backend=perf -e page-faults -asm 'frob %rax'
fi
if [ -r /sys/bus/event_source/devices/msr/events/tsc ]; then
  "$U" pmu stat -e msr/tsc/ -- true | grep -Eq '^ +[0-9]+  msr/tsc/' || { echo "FAIL msr/tsc/ not counted"; fail=1; }
fi
# a system-wide PMU (a cpumask in sysfs, as RAPL's power/): opened on its CPU, said so, scaled by its
# .scale into its .unit, and left out of scans (perf_event_open on the task alone refuses it)
for d in /sys/bus/event_source/devices/*; do
  [ -r "$d/cpumask" ] && [ -d "$d/events" ] || continue
  e=$(ls "$d/events" | grep -v '\.' | head -n 1); [ -n "$e" ] || continue
  ev="$(basename "$d")/$e/"
  o=$("$U" pmu stat -e "$ev" -- true 2>&1)
  if [ $? = 0 ]; then
    echo "$o" | grep -Fq "$ev" && echo "$o" | grep -q 'system-wide: every task on cpu' ||
      { echo "FAIL system-wide $ev not said so"; echo "$o"; fail=1; }
    if [ -r "$d/events/$e.unit" ]; then
      echo "$o" | grep -Fq "[$(cat "$d/events/$e.unit")" || { echo "FAIL $ev: unit not shown"; echo "$o"; fail=1; }
    fi
  else   # a CPU-wide counter needs privileges (perf_event_paranoid): say why, no count
    echo "$o" | grep -q "^uarch pmu stat: error: perf_event_open('$ev') failed" || { echo "FAIL system-wide $ev: $o"; fail=1; }
  fi
  echo "$s" | grep -q '"system_wide_left_out": [1-9]' || { echo "FAIL scan does not say it left $ev out"; fail=1; }
  break
done
# bench -counters takes the same events (whatever counts the cycles), and names the bad ones
if [ "$(uname -m)" = x86_64 ]; then
  o=$("$U" bench run -n 4 -counters page-faults,cs 'add $1, %rax' 2>/dev/null) || { echo "FAIL bench -counters page-faults,cs"; fail=1; }
  echo "$o" | grep -Eq '^[-0-9.]+ page-faults per copy' || { echo "FAIL bench -counters: no page-faults row"; echo "$o"; fail=1; }
  expect bench-counter 1 "^uarch: error: counter 'frobs' unavailable: unknown event 'frobs'" -- "$U" bench run -n 2 -counters frobs nop
  expect bench-sim 1 "counter 'sim:0x8c' unavailable: the sim backend counts simulated snippets" -- "$U" bench run -n 2 -counters sim:0x8c nop
fi
# with libpfm4 built in, its names resolve (its generic perf:: events work on any Linux)
if "$U" pmu list -backend=perf | head -n 1 | grep -q 'libpfm4 built in'; then
  v=$("$U" pmu stat -e perf::PERF_COUNT_SW_PAGE_FAULTS -- ./touch 1000 | sed -n 's/^ *\([0-9]*\)  perf::PERF_COUNT_SW_PAGE_FAULTS.*/\1/p')
  { [ -n "$v" ] && [ "$v" -ge 1000 ] && [ "$v" -le 1600 ]; } || { echo "FAIL libpfm4 name perf::PERF_COUNT_SW_PAGE_FAULTS counted '$v'"; fail=1; }
fi
echo "system-wide check: ${ev:-no system-wide PMU here}"
exit $fail
