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
err=$(run_a64 bench run 'add x0, x0, #1; add x99, x0, #1' 2>&1); rc=$?
[ $rc = 1 ] || { echo "bad AArch64 asm: exit $rc, want 1"; echo "$err"; exit 1; }
echo "$err" | head -n 1 | grep -q '^<snippet>:1:17: error: ' || { echo "bad AArch64 asm not located:"; echo "$err"; exit 1; }
err=$(run_a64 bench run -syntax intel 'add x0, x0, #1' 2>&1); rc=$?
[ $rc = 2 ] && echo "$err" | grep -q "'-syntax intel' is for x86-64" || { echo "-syntax intel on AArch64: exit $rc"; echo "$err"; exit 1; }
exit 0
