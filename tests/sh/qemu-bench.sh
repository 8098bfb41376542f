#!/usr/bin/env bash
# qemu-bench.sh — the AArch64 build of uarch runs `uarch bench run 'add x0, x0, #1'` to
# completion under qemu-aarch64: it finds the AArch64 compiler (aarch64-linux-gnu-gcc, since the
# host's cc targets x86-64), builds and dlopens the kernel, times it in a child.  Functional
# only (a number was printed); plus an AArch64 assembler error in the user's coordinates.
set -u
. "$ROOT/tests/sh/qemu-lib.bash"
qemu_setup
out=$(run_a64 bench run -n 4 -iters 100 -unroll 10 'add x0, x0, #1' 2>&1) || { echo "bench run failed under qemu:"; echo "$out"; exit 1; }
echo "$out" | grep -Eq '^-?[0-9.]+ cycles per copy' || { echo "no figure:"; echo "$out"; exit 1; }
json=$(run_a64 bench run -json -n 4 -iters 100 -unroll 10 -init 'mov x0, x27; str x0, [x0]' 'ldr x0, [x0]') \
  || { echo "bench run -json failed under qemu"; exit 1; }
for k in cycles cycles_min runs dropped backend; do
  echo "$json" | grep -Eq "\"$k\": " || { echo "no key $k in:"; echo "$json"; exit 1; }
done
echo "$out" | grep -q '^EMULATED: ' || { echo "bench run under qemu: not said to be emulated:"; echo "$out"; exit 1; }
echo "$json" | grep -q '^  "emulated": true' || { echo "bench run -json under qemu: no emulated flag"; exit 1; }
# selftest under emulation: the items run, the timings are not passed or failed
out=$(run_a64 bench selftest 2>&1); rc=$?
[ $rc = 0 ] || { echo "selftest under qemu: exit $rc, want 0"; echo "$out"; exit 1; }
echo "$out" | grep -q '^EMULATED: ' || { echo "selftest under qemu: not said to be emulated:"; echo "$out"; exit 1; }
echo "$out" | grep -q '^FAIL' && { echo "selftest under qemu: an item failed:"; echo "$out"; exit 1; }
[ "$(echo "$out" | grep -c '^emul ')" -ge 3 ] || { echo "selftest under qemu: items not run:"; echo "$out"; exit 1; }
echo "$out" | grep -q 'ran under emulation' || { echo "selftest under qemu: no summary:"; echo "$out"; exit 1; }
# the loop counter x28 written: refused before anything is built, located
for s in 'mov x28, #0' 'add x0, x0, #1; subs x28, x28, #1' 'ldr x0, [x28, #8]!' 'ldp x0, w28, [x27]' 'swp x0, x28, [x27]' 'ldaddal x1, x28, [x27]'; do
  err=$(run_a64 bench run "$s" 2>&1); rc=$?
  [ $rc = 1 ] && echo "$err" | grep -q "^<snippet>:1:[0-9]*: error: the snippet writes x28, the harness's loop counter" \
    || { echo "writes x28 ('$s'): exit $rc"; echo "$err"; exit 1; }
done
out=$(run_a64 bench run -n 2 -iters 10 -unroll 2 'add x0, x28, #1; cmp x28, x0; str x28, [x27]' 2>&1) \
  || { echo "reads of x28 refused:"; echo "$out"; exit 1; }
err=$(run_a64 bench run 'add x0, x0, #1; add x99, x0, #1' 2>&1); rc=$?
[ $rc = 1 ] || { echo "bad AArch64 asm: exit $rc, want 1"; echo "$err"; exit 1; }
echo "$err" | head -n 1 | grep -q '^<snippet>:1:17: error: ' || { echo "bad AArch64 asm not located:"; echo "$err"; exit 1; }
err=$(run_a64 bench run -syntax intel 'add x0, x0, #1' 2>&1); rc=$?
[ $rc = 2 ] && echo "$err" | grep -q "'-syntax intel' is for x86-64" || { echo "-syntax intel on AArch64: exit $rc"; echo "$err"; exit 1; }
exit 0
