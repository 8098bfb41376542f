#!/usr/bin/env bash
# qemu-clock.sh — the AArch64 build of uarch runs `uarch clock` (human and -json) to completion
# under qemu-aarch64.  Functional only: under user-mode emulation there is no real timer/core
# relation, so values are not asserted, only that numbers were printed.
set -u
. "$ROOT/tests/sh/qemu-lib.bash"
qemu_setup
out=$(run_a64 clock -seconds 0.05 2>&1) || { echo "uarch clock failed under qemu:"; echo "$out"; exit 1; }
echo "$out" | grep -q '^AArch64 processor:' || { echo "no AArch64 section:"; echo "$out"; exit 1; }
echo "$out" | grep -Eq 'cntfrq_el0: +[0-9.]+ [MG]?Hz' || { echo "no cntfrq_el0 figure:"; echo "$out"; exit 1; }
echo "$out" | grep -Eq '^core clock.*: +[0-9.]+ [MG]Hz' || { echo "no core clock figure:"; echo "$out"; exit 1; }
json=$(run_a64 clock -json -seconds 0.05) || { echo "uarch clock -json failed under qemu"; exit 1; }
for k in cntfrq_hz granularity_ticks core_hz hypervisor; do
  echo "$json" | grep -Eq "\"$k\": " || { echo "no key $k in:"; echo "$json"; exit 1; }
done
echo "$json" | grep -Eq '"cntfrq_hz": [0-9]' || { echo "cntfrq_hz is not a number"; exit 1; }
exit 0
