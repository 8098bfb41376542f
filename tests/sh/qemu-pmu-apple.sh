#!/usr/bin/env bash
# qemu-pmu-apple.sh — the apple backend on an AArch64 build under qemu-aarch64, where EL0 access
# to the Apple PMU registers is not enabled: the first mrs raises SIGILL, which is caught and
# reported with the kernel-module hint, exit 1, nothing on stdout, never a crash.  Also: list
# says why apple is unavailable, and the sim backend scans under emulation as on the host.
set -u
. "$ROOT/tests/sh/qemu-lib.bash"
qemu_setup
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fail=0
hint='Apple PMU not enabled for user space: load the uarch kernel module \(see kmod/README\)'
run_a64 pmu stat -backend=apple -e 0x8c,cycle -- true > "$t/out" 2> "$t/err"; rc=$?
[ $rc = 1 ] || { echo "FAIL apple stat: exit $rc, want 1"; cat "$t/err"; fail=1; }
grep -Eq "^uarch pmu stat: error: $hint\$" "$t/err" || { echo "FAIL apple stat: no module hint:"; cat "$t/err"; fail=1; }
[ -s "$t/out" ] && { echo "FAIL apple stat: stdout not empty"; fail=1; }
run_a64 pmu stat -backend=apple -e 0x8c -asm nop > "$t/out" 2> "$t/err"; rc=$?
[ $rc = 1 ] && grep -Eq "$hint" "$t/err" || { echo "FAIL apple stat -asm: exit $rc"; cat "$t/err"; fail=1; }
run_a64 pmu list -backend=apple > "$t/out" 2>&1 || { echo "FAIL apple list exit $?"; fail=1; }
grep -Eq "^  why: $hint\$" "$t/out" || { echo "FAIL apple list does not say why:"; head -3 "$t/out"; fail=1; }
grep -Eq '^  inst_all +0x8c +PMC1-9 ' "$t/out" || { echo "FAIL apple list: no inst_all on PMC1-9"; fail=1; }
run_a64 pmu scan -backend=sim -probe=cycles | grep -Eq '^  match +0x02 ' || { echo "FAIL sim scan under qemu"; fail=1; }
exit $fail
