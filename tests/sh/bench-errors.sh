#!/usr/bin/env bash
# bench-errors.sh — `uarch bench run` error paths on the host (x86-64): assembler errors in the
# user's coordinates, crashes (SIGSEGV, SIGILL) and hangs reported without killing uarch, missing
# or wrong compiler ($CC), counters the machine lacks; plus a functional run (-json keys, Intel
# syntax).  No timing assertions.
set -u
U=${UARCH:?}
unset CC   # the platform default compiler (messages below are checked loosely, locations exactly)
[ "$(uname -m)" = x86_64 ] || { echo "skip: host is $(uname -m), these snippets are x86-64"; exit 77; }
command -v cc >/dev/null || command -v gcc >/dev/null || { echo "skip: no C compiler (cc/gcc) for the runner"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t"
fail=0
expect() {  # name want_rc want_stderr_regex -- args...
  local name=$1 rc=$2 re=$3; shift 4
  "$@" > out 2> err; local got=$?
  if [ $got != "$rc" ]; then echo "FAIL $name: exit $got, want $rc"; cat err; fail=1; return; fi
  if [ -n "$re" ] && ! grep -Eq -- "$re" err; then echo "FAIL $name: stderr does not match /$re/:"; cat err; fail=1; return; fi
  if [ "$rc" != 0 ] && [ -s out ]; then echo "FAIL $name: stdout not empty on error"; cat out; fail=1; fi
}

printf 'add $1, %%rax\n\n  frob %%rax ; add $2, %%rbx\n' > loop.s
expect bad-asm-file 1 '^loop\.s:3:3: error: .*frob' -- "$U" bench run -f loop.s
sed -n 2p err | grep -qx '  frob %rax ; add $2, %rbx' || { echo "FAIL bad-asm-file: source line"; cat err; fail=1; }
sed -n 3p err | grep -qx '  \^' || { echo "FAIL bad-asm-file: caret"; cat err; fail=1; }
expect bad-asm-snippet 1 '^<snippet>:1:15: error: ' -- "$U" bench run 'add $1, %rax; addq $1, %xmm0'
expect bad-asm-init 1 '^<init>:1:1: error: .*frob' -- "$U" bench run -init 'frob' nop
# bench inst -o: a file in other columns is refused before anything is measured
echo "a b" > other.tsv
expect inst-other-table 1 "error: 'other.tsv' is not a table in the columns of tables.tsv" -- "$U" bench inst -o other.tsv 'add %rax, %rbx'
[ "$(cat other.tsv)" = "a b" ] || { echo "FAIL inst-other-table: other.tsv changed"; fail=1; }
# a sweep that leaves out every point is an error, not an empty table (and no file is written)
expect sweep-no-point 1 "no point measured" -- "$U" bench btb -min 262144 -max 262144 -spacing 64K -csv none.csv
[ ! -e none.csv ] || { echo "FAIL sweep-no-point: none.csv written"; fail=1; }
# a -min/-max range the experiment has no point in is refused before measuring (mispredict
# measured period 4 for -min 3 -max 3; dcache -stride 16M -max 1M measured 32 MiB)
expect mispredict-no-pow2 2 "no power of two between 3 and 3: the points are powers of two" -- "$U" bench mispredict -min 3 -max 3
expect dcache-stride-max 2 "-max 1048576 is below the smallest point, 33554432 \\(two pointers -stride apart\\)" -- "$U" bench dcache -stride 16M -max 1M
expect dcache-bw-no-pow2 2 "no power of two between 1500 and 2000" -- "$U" bench dcache -bw -min 1500 -max 2000
# bench inst -o a device: written, not read first (it said "cannot read '/dev/full': File too large")
expect inst-dev-full 1 "cannot write '/dev/full': No space left on device" -- "$U" bench inst -o /dev/full 'add %rax, %rbx'
# an expansion beyond the compiler's bounds fails (it grew the assembler without bound)
printf 'add %%rax, %%rbx\n.rept 1000000000\nnop\n.endr\n' > huge.s
expect cc-bounds 1 "error: .*(out of memory|the compiler's bounds)" -- "$U" bench run -n 2 -f huge.s
# the loop counter (r15) written: refused before anything is built, located (it would loop on)
expect counter-att 1 "^<snippet>:1:23: error: the snippet writes r15, the harness's loop counter" -- "$U" bench run 'add $1, %rax; mov $0, %r15'
sed -n 3p err | grep -qx '                      \^' || { echo "FAIL counter-att: caret"; cat err; fail=1; }
expect counter-intel 1 "^<init>:1:5: error: the snippet writes r15" -- "$U" bench run -syntax intel -asm_init 'xor r15d, r15d' nop
expect counter-pop 1 "^<snippet>:1:5: error: the snippet writes r15" -- "$U" bench run 'pop %r15'
expect counter-xchg 1 "^<snippet>:1:6: error: the snippet writes r15" -- "$U" bench run 'xchg %r15, %rax'
expect counter-mulx 1 "^<snippet>:1:12: error: the snippet writes r15" -- "$U" bench run 'mulx %rax, %r15, %rbx'
expect counter-mulx-intel 1 "^<snippet>:1:11: error: the snippet writes r15" -- "$U" bench run -syntax intel 'mulx rbx, r15, rax'
expect counter-pmu 1 "^<snippet>:1:5: error: the snippet writes r15" -- "$U" pmu stat -e task-clock -asm 'inc %r15'
expect counter-reads 0 '' -- "$U" bench run -n 2 -iters 10 -unroll 2 'cmp %r15, %rax; mov %r15, %rbx; test %r15, %r15'
# a symbol no line defines: located at its use (it was "'cc -shared' failed (exit 1): collect2:
# error: ld returned 1 exit status" from the link, or "cannot load '.../bench.so': undefined
# symbol: foo" from dlopen), an AT&T register written without its '%' said so
expect undef-register 1 "^<snippet>:1:11: error: undefined symbol 'r15': AT&T syntax writes a register with '%' \\('%r15'\\)$" -- "$U" bench run 'mov %rax, r15'
sed -n 3p err | grep -qx '          \^' || { echo "FAIL undef-register: caret"; cat err; fail=1; }
expect undef-call 1 "^<snippet>:1:22: error: undefined symbol 'foo'$" -- "$U" bench run 'add %rcx, %rax; call foo'
expect undef-rip 1 "^<init>:1:5: error: undefined symbol 'sym'$" -- "$U" bench run -init 'lea sym(%rip), %rax' nop
expect undef-intel 1 "^<snippet>:1:11: error: undefined symbol 'sym'$" -- "$U" bench run -syntax intel 'mov rax, [sym]'
expect undef-local 1 "^<snippet>:1:5: error: local label '1f' is not defined: no '1:' after it$" -- "$U" bench run 'jmp 1f'
# nanoBench's spellings
expect nanobench 0 '' -- "$U" bench run -asm 'add %rbx, %rax' -asm_init 'mov $1, %rbx' -asm_late_init 'mov $2, %rcx' \
  -unroll_count 10 -loop_count 10 -n_measurements 4 -warm_up_count 0 -alignment_offset 3 -min -basic_mode -no_mem
grep -Eq '^-?[0-9.]+ cycles per copy \(min of 4 runs' out || { echo "FAIL nanobench: no figure"; cat out; fail=1; }
expect nanobench-noloop 0 '' -- "$U" bench run -json -loop_count 0 -unroll_count 10 -n_measurements 4 -avg 'add $1, %rax'
grep -q '"statistic": "mean"' out || { echo "FAIL nanobench-noloop: statistic"; cat out; fail=1; }
# a snippet that ends the process is not a measurement: no sentinel after the timed rounds
expect exit-group 1 '^uarch: error: the snippet ended the process \(exit status 0\) instead of returning' -- "$U" bench run 'mov $231, %eax; xor %edi, %edi; syscall'
expect exit-3 1 '^uarch: error: the snippet ended the process \(exit status 3\)' -- "$U" bench run 'mov $60, %eax; mov $3, %edi; syscall'
# the assembler's reason is kept (gas prints it after an empty line); the address-space bound is
# put on the compiler alone (a wrapper as $CC), so uarch itself runs unbounded (an ASan build too)
cc0=$(command -v cc || command -v gcc)
printf '#!/bin/sh\nulimit -v 400000\nexec %s "$@"\n' "$cc0" > boundcc; chmod +x boundcc
expect as-oom 1 "^uarch: error: '.*boundcc -shared' failed \(exit 1\): .*out of memory" -- env CC="$t/boundcc" "$U" bench run -unroll 1 -init ".rept 100000000; nop; .endr" nop
expect crash-segv 1 '^uarch: error: the snippet crashed with SIGSEGV' -- "$U" bench run -n 2 -init 'xor %eax, %eax' 'mov (%rax), %rax'
expect crash-sigill 1 '^uarch: error: the snippet crashed with SIGILL' -- "$U" bench run -n 2 'ud2'
expect hang 1 '^uarch: error: the snippet did not finish within 1 s' -- "$U" bench run -n 2 -timeout 1 'jmp .'
expect no-cc 1 "^uarch: error: compiler '/nonexistent/cc' \(from \\\$CC\) not found$" -- env CC=/nonexistent/cc "$U" bench run nop
expect wrong-cc 1 "^uarch: error: compiler 'true' \(from \\\$CC\) does not target x86_64$" -- env CC=true "$U" bench run nop
expect no-cc-on-path 1 "^uarch: error: no C compiler for x86_64 found \(tried cc, gcc, clang, x86_64-linux-gnu-gcc; set \\\$CC\)$" -- env -u CC PATH=/nonexistent "$U" bench run nop
if ! ls /sys/bus/event_source/devices 2>/dev/null | grep -Eqx 'cpu|cpu_core|cpu_atom'; then
  expect no-counters 1 "^uarch: error: counter 'instructions' unavailable: no hardware counters" -- "$U" bench run -n 2 -counters instructions nop
  expect timer-note 0 "^uarch: note: .*no hardware counters" -- "$U" bench run -n 2 -iters 10 nop
fi
expect unknown-counter 1 "counter 'frobs'" -- "$U" bench run -n 2 -counters frobs nop
# -counters given again adds counters (the last one alone was counted), as pmu stat's -e
expect counters-twice 0 '' -- "$U" bench run -n 2 -iters 10 -counters task-clock -counters page-faults nop
grep -q ' task-clock per copy' out && grep -q ' page-faults per copy' out || { echo "FAIL counters-twice: not both"; cat out; fail=1; }

# functional: it ran and printed numbers (values not asserted: timing is not tested here)
expect run-json 0 '' -- "$U" bench run -json -n 4 -iters 10 -unroll 10 'add $1, %rax'
for k in cycles cycles_min runs dropped backend provenance; do
  grep -q "\"$k\":" out || { echo "FAIL run-json: no key '$k'"; cat out; fail=1; }
done
grep -Eq '"cycles": -?[0-9]' out || { echo "FAIL run-json: cycles is not a number"; cat out; fail=1; }
expect run-intel 0 '' -- "$U" bench run -syntax intel -n 4 -iters 10 -unroll 10 'add rax, 1; imul rbx, rbx'
grep -Eq '^-?[0-9.]+ cycles per copy' out || { echo "FAIL run-intel: no figure"; cat out; fail=1; }
# nanoBench's Intel syntax without -syntax (read from the text, said on stdout), in -json too
expect run-intel-auto 0 '' -- "$U" bench run -n 4 -iters 10 -unroll 10 'imul rax, rax; push rbx; pop rbx'
grep -Eq '^-?[0-9.]+ cycles per copy' out || { echo "FAIL run-intel-auto: no figure"; cat out; fail=1; }
grep -q "^syntax: Intel, as the snippet names its registers without '%'" out || { echo "FAIL run-intel-auto: syntax line"; cat out; fail=1; }
expect run-intel-auto-json 0 '' -- "$U" bench run -json -n 4 -iters 10 -unroll 10 -init 'mov rax, r14; mov [rax], rax' 'mov rax, [rax]'
grep -q '"syntax": "intel"' out || { echo "FAIL run-intel-auto-json: no \"syntax\": \"intel\""; cat out; fail=1; }
expect run-att-json 0 '' -- "$U" bench run -json -n 4 -iters 10 -unroll 10 'add $1, %rax'
grep -q '"syntax": "att"' out || { echo "FAIL run-att-json: no \"syntax\": \"att\""; cat out; fail=1; }
# -syntax att forces AT&T (the Intel text is then the assembler's error)
expect run-att-forced 1 "^<snippet>:1:1: error: .*imul" -- "$U" bench run -syntax att 'imul rax, rax'
# the counter check reads the syntax guessed: r15 written in Intel's first operand
expect counter-intel-auto 1 "^<snippet>:1:5: error: the snippet writes r15" -- "$U" bench run 'xor r15d, r15d'
# experiments that read AT&T only say so for Intel text
expect inst-intel 1 "^<arg>:1:1: error: 'bench inst' reads AT&T syntax" -- "$U" bench inst 'imul rax, rbx'
expect icache-intel 1 "^<inst>:1:1: error: -inst reads AT&T syntax" -- "$U" bench icache -inst 'add rax, 1'
# nanoBench's -code (machine code), -code_init, -no_normalization, -range, -initial_warm_up_count
printf '\x4c\x89\xf0\x48\x89\x00' > init.bin   # mov %r14, %rax; mov %rax, (%rax)
printf '\x48\x8b\x00' > load.bin                  # mov (%rax), %rax
expect code 0 '' -- "$U" bench run -json -n 4 -iters 10 -unroll 10 -code_init init.bin -code load.bin -initial_warm_up_count 3 -no_normalization -range
grep -q '"snippet": ".incbin \\"/' out || { echo "FAIL code: snippet not an .incbin of an absolute path"; cat out; fail=1; }
grep -q '"normalized": false' out && grep -q '"copies": 100' out || { echo "FAIL code: normalized/copies"; cat out; fail=1; }
# a -code file whose name holds what the snippet reader splits or cuts at (';', '#', '//', a
# newline) is its bytes ("file not found: .../a" for 'a;b.bin', "junk at end of line" for '#')
mkdir -p 'd;x#y'; cp load.bin 'd;x#y/l;o#a'$'\n''d.bin'
expect code-odd-name 0 '' -- "$U" bench run -n 2 -iters 10 -unroll 10 -code_init init.bin -code "$t//d;x#y/l;o#a"$'\n'"d.bin"
expect code-human 0 '' -- "$U" bench run -n 4 -iters 10 -unroll 10 -code_init init.bin -code load.bin -no_normalization -range
grep -Eq '^-?[0-9.]+ cycles in all \(median of 4 runs; min -?[0-9.]+, max ' out || { echo "FAIL code-human: figure line"; cat out; fail=1; }
grep -q '^not normalized: the counts of 100 copies' out || { echo "FAIL code-human: no 'not normalized' line"; cat out; fail=1; }
expect code-missing 1 "^uarch: bench run: -code: cannot read 'none.bin': No such file or directory" -- "$U" bench run -code none.bin
expect code-dir 1 "^uarch: bench run: -code: '\.' is not a regular file" -- "$U" bench run -code .
expect code-and-snippet 2 "^uarch: bench run: both -code 'load.bin' and a snippet given" -- "$U" bench run -code load.bin nop
expect count 0 '' -- "$U" bench run -count 2 -n 4 -iters 10 -unroll 10 'add $1, %rax; add $1, %rbx'
expect clock-json 0 '' -- "$U" clock -json -seconds 0.02
for k in tsc_hz granularity_ticks core_hz hypervisor findings; do
  grep -q "\"$k\":" out || { echo "FAIL clock-json: no key '$k'"; cat out; fail=1; }
done
exit $fail
