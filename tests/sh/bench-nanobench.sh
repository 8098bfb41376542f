#!/usr/bin/env bash
# bench-nanobench.sh — nanoBench's options of `uarch bench run` on the host (x86-64): -usr/-os
# checked with the software page-faults event (a page a snippet touches counts in user mode, a
# page the kernel writes for it, getrandom into a fresh page, in kernel mode), -end_to_end
# against -basic_mode (a page -late_init touches counts in one, cancels in the other),
# -asm_one_time_init once per measuring process, -verbose, -remove_empty_events, -df, and
# -fixed_counters where the machine has no hardware PMU (an error) or has one.  Counts of
# page faults are exact; no timing assertions.
[ "$(uname -m)" = x86_64 ] || { echo "skip: host is $(uname -m), these snippets are x86-64"; exit 77; }
[ "$(uname -s)" = Linux ] || { echo "skip: perf events (page-faults) are Linux only"; exit 77; }
. "$ROOT/tests/sh/bench-lib.bash"
# -late_init: madvise(r14, 1 MiB, MADV_DONTNEED), so every call finds the scratch pages unmapped
FRESH='mov $28, %eax; mov %r14, %rdi; mov $1048576, %esi; mov $4, %edx; syscall'
USER_TOUCH='mov %eax, (%r14); add $4096, %r14'                       # a user-mode fault a copy
KERNEL_TOUCH='mov %r14, %rdi; mov $64, %esi; xor %edx, %edx; mov $318, %eax; syscall; add $4096, %r14'
                                                                     # getrandom: a kernel-mode fault
R="$U bench run -n 4 -loop_count 0 -unroll 100 -counters page-faults -late_init"
pf() {  # name want -- args: the page-faults line must say want
  local name=$1 want=$2; shift 3
  if ! "$@" > out 2> err; then bad "$name: exit $?" err; return 1; fi
  grep -qx "$want page-faults per copy (min $want)" out || bad "$name: want $want page-faults per copy" out
}
pf user-default 1.000 -- $R "$FRESH" -basic_mode "$USER_TOUCH"
pf user-usr 1.000 -- $R "$FRESH" -basic_mode -usr 1 "$USER_TOUCH"
grep -qx 'privilege levels counted: user (-usr 1 -os 0)' out || bad "user-usr: modes line" out
pf user-os-only 0.000 -- $R "$FRESH" -basic_mode -usr 0 -os 1 "$USER_TOUCH"
grep -qx 'privilege levels counted: kernel (-usr 0 -os 1)' out || bad "user-os-only: modes line" out
pf user-both 1.000 -- $R "$FRESH" -basic_mode -os 1 "$USER_TOUCH"
pf kernel-usr 0.000 -- $R "$FRESH" -basic_mode "$KERNEL_TOUCH"
pf kernel-os 1.000 -- $R "$FRESH" -basic_mode -usr 0 -os 1 "$KERNEL_TOUCH"
pf kernel-both 1.000 -- $R "$FRESH" -basic_mode -usr 1 -os 1 "$KERNEL_TOUCH"
# without a PMU the cycles are the task-clock's or the timer's: the note says -usr/-os miss them
if ! ls -d /sys/bus/event_source/devices/cpu* /sys/bus/event_source/devices/armv* >/dev/null 2>&1; then
  $R "$FRESH" -os 1 "$USER_TOUCH" > out 2> err
  grep -q 'uarch: note: .*-usr/-os do not apply to these cycles' err || bad "no-pmu note" err
fi
"$U" bench run -usr 0 -os 0 nop > out 2> err; rc=$?
[ $rc = 2 ] && grep -q '^uarch: bench run: -usr 0 -os 0: no privilege level left to count$' err || bad "usr0-os0: exit $rc" err
# the Apple backend counts at EL0 only: a kernel mode is refused, whatever the machine
"$U" bench run -n 2 -os 1 -counters apple:0x02 nop > out 2> err; rc=$?
[ $rc = 1 ] && grep -q "counter 'apple:0x02' unavailable: the apple backend counts at EL0 (user space) only, not at the user and kernel levels asked for" err ||
  bad "apple-os: exit $rc" err

# -end_to_end: nothing subtracted, so the page -late_init touches (one a call) counts: 101 faults
# over 100 copies; -basic_mode subtracts a kernel of no copies with the same -late_init: 100
TOUCH_LATE="$FRESH; mov %eax, 1044480(%r14)"
pf basic-late 1.000 -- $R "$TOUCH_LATE" -basic_mode "$USER_TOUCH"
pf e2e-late 1.010 -- $R "$TOUCH_LATE" -end_to_end "$USER_TOUCH"
grep -qx 'end to end: one kernel of 100 copies a loop iteration, nothing subtracted (its call, set-up, init, loop and the counter reads are in the figures)' out ||
  bad "e2e-late: end-to-end line" out
$R "$TOUCH_LATE" -end_to_end -no_normalization "$USER_TOUCH" > out 2> err || bad "e2e-nonorm: exit" err
grep -qx '101.000 page-faults in all (min 101.000)' out || bad "e2e-nonorm: 101 faults in all" out
grep -qx "not normalized: the counts of 100 copies (one kernel's, nothing subtracted)" out || bad "e2e-nonorm: note" out
$R "$FRESH" -json -end_to_end "$USER_TOUCH" > out 2> err || bad "e2e-json: exit" err
grep -q '"end_to_end": true' out && grep -q '"copies": 100,' out || bad "e2e-json: keys" out

# -verbose: every kept round's value, as many as the runs the summary counts
"$U" bench run -n 5 -iters 10 -unroll 10 -verbose -counters page-faults 'add %rbx, %rax' > out 2> err || bad "verbose: exit" err
kept=$(sed -n 's/.*(median of \([0-9]*\) runs.*/\1/p' out)
for ev in cycles page-faults; do
  n=$(grep "^  $ev, each round:" out | wc -w)
  [ -n "$kept" ] && [ "$n" = $((kept + 3)) ] || bad "verbose: $ev rounds ($n words, $kept runs)" out
done
grep -q '^  page-faults, each round: 0.000 0.000' out || bad "verbose: page-faults values" out
"$U" bench run -json -n 3 -iters 10 -unroll 10 -verbose 'add %rbx, %rax' > out 2> err || bad "verbose-json: exit" err
grep -q '"rounds": \[' out || bad "verbose-json: rounds" out

# -remove_empty_events: major-faults (0 in every round) goes, page-faults (1 a copy, in $R) stays
$R "$FRESH" -basic_mode -counters major-faults "$USER_TOUCH" > out 2> err || bad "keep-empty: exit" err
grep -q '^0.000 major-faults per copy' out || bad "keep-empty: major-faults line" out
$R "$FRESH" -basic_mode -counters major-faults -remove_empty_events "$USER_TOUCH" > out 2> err ||
  bad "remove-empty: exit" err
grep -q 'major-faults' out && bad "remove-empty: major-faults shown" out
grep -q '^1.000 page-faults per copy' out || bad "remove-empty: page-faults gone" out

# -asm_one_time_init: before the first round (the snippet follows the pointer it stores: 0
# without it, a crash) and once in each measuring process (a second call reaches ud2), also
# with the counters rotated over two processes
ONCE='mov (%r14), %rax; test %rax, %rax; jz 1f; ud2; 1: mov %r14, (%r14)'
"$U" bench run -n 4 -iters 10 -unroll 10 -asm_one_time_init "$ONCE" 'mov (%r14), %rbx; mov (%rbx), %rcx' > out 2> err ||
  bad "one-time-init: exit $?" err
sw=page-faults,minor-faults,major-faults,context-switches,cpu-migrations,alignment-faults,emulation-faults,task-clock
"$U" bench run -n 2 -iters 10 -unroll 10 -counters $sw -asm_one_time_init "$ONCE" 'mov (%r14), %rbx; mov (%rbx), %rcx' > out 2> err ||
  bad "one-time-init-rotated: exit" err
grep -q '^note: 8 events over 2 runs' out || bad "one-time-init-rotated: not rotated" out
"$U" bench run -n 4 -iters 10 -unroll 10 'mov (%r14), %rbx; mov (%rbx), %rcx' > out 2> err && bad "no-one-time-init: exit 0" out
grep -q 'crashed with SIGSEGV' err || bad "no-one-time-init: SIGSEGV" err
printf '\x0f\x0b' > ud2.bin
"$U" bench run -n 2 -iters 10 -unroll 10 -code_one_time_init ud2.bin nop > out 2> err && bad "code-one-time-init: exit 0" out
grep -q 'crashed with SIGILL' err || bad "code-one-time-init: SIGILL" err

# -df: SERIALIZE after -late_init where the CPU has it, else a refusal that says why
if grep -qw serialize /proc/cpuinfo; then
  "$U" bench run -n 2 -iters 10 -unroll 10 -df -keep 'add %rbx, %rax' > out 2> err || bad "df: exit" err
  d=$(sed -n 's/^uarch: note: generated files kept in //p' err)
  grep -q '^	.byte 0x0f, 0x01, 0xe8   /\* serialize \*/$' "$d/bench.s" 2>/dev/null || bad "df: no serialize in bench.s" err
  rm -rf "$d"
else
  "$U" bench run -n 2 -df nop > out 2> err && bad "df: exit 0 without SERIALIZE"
  grep -q 'error: -df: this CPU has no SERIALIZE instruction' err || bad "df: message" err
fi

# -fixed_counters: instructions and ref-cycles from the PMU, or an error saying there is none
if "$U" bench run -n 2 -iters 10 -unroll 10 -fixed_counters nop > out 2> err; then
  grep -q '^[-0-9.]* instructions per copy' out && grep -q '^[-0-9.]* ref-cycles per copy' out || bad "fixed: lines" out
  grep -q '^backend: perf_event' out || bad "fixed: backend" out
else
  grep -q "^uarch: error: -fixed_counters: the fixed counters (core cycles, instructions retired, reference cycles) are the hardware PMU's, and no hardware counters" err ||
    bad "fixed: no-PMU message" err
fi
"$U" bench run -fixed_counters -backend timer nop > out 2> err; rc=$?
[ $rc = 2 ] && grep -q -- '-fixed_counters with -backend timer' err || bad "fixed-timer: exit $rc" err

# --help names every one of them
"$U" bench run --help > out
for o in -usr -os -fixed_counters -verbose -end_to_end -df -asm_one_time_init -code_one_time_init -remove_empty_events; do
  grep -q -- "$o\b" out || bad "help: $o"
done
[ $fail = 0 ] && echo "ok"
exit $fail
