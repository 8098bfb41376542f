#!/usr/bin/env bash
# out-checked.sh — every command's output is checked (issue 15, defect 3): to a full device
# (/dev/full) each command says "cannot write '<stdout>': No space left on device" and exits 1;
# with stdout closed, `uarch mca -` reading stdin exits 1 (the stdin spool once became fd 1
# and took the report, exit 0); -o /dev/full names the file.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
[ -w /dev/full ] || { echo "skipped: no writable /dev/full"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t"
printf 'add x0, x0, x1\nmul x2, x0, x3\n' > f.s
fails=0
check() {   # check WANT_NAME ARGS... : exit 1 and the message for a full stdout
  local name=$1; shift
  "$UARCH" "$@" > /dev/full 2> err.txt; local rc=$?
  if [ $rc != 1 ] || ! grep -q "cannot write '$name': No space left on device" err.txt; then
    echo "uarch $* >/dev/full: exit $rc, want 1 and the message"; cat err.txt; fails=1
  fi
}
check '<stdout>' mca f.s
check '<stdout>' mca -json f.s
check '<stdout>' mca -all-views -iterations=1000 f.s
check '<stdout>' mca --help
check '<stdout>' mca --version
check '<stdout>' mca -mcpu=help
check '<stdout>' decode f.s
check '<stdout>' decode -json f.s
check '<stdout>' decode --help
check '<stdout>' clock
check '<stdout>' clock --help
check '<stdout>' help
check '<stdout>' help mca
check '<stdout>' version
check '<stdout>' --version
check '<stdout>' bench --help
check '/dev/full' mca -o /dev/full f.s
check '/dev/full' mca -json -o /dev/full f.s
check '<stdout>' pmu list
check '<stdout>' pmu --help
check '<stdout>' pmu stat -backend=sim -e 0x02 -asm 'add x0, x0, #1'
check '<stdout>' bench list
check '<stdout>' bench dcache --help
check '<stdout>' clock -json

# stdout closed: the report cannot go anywhere, so it is an error (Bad file descriptor)
cat f.s | "$UARCH" mca - >&- 2> err.txt; rc=$?
[ $rc = 1 ] && grep -q "cannot write '<stdout>'" err.txt || { echo "mca - >&-: exit $rc"; cat err.txt; fails=1; }
"$UARCH" decode f.s >&- 2> err.txt; rc=$?
[ $rc = 1 ] && grep -q "cannot write '<stdout>'" err.txt || { echo "decode >&-: exit $rc"; cat err.txt; fails=1; }
# stdin closed: a located read error or "no instructions", never a crash
"$UARCH" mca - <&- > out.txt 2> err.txt; rc=$?
[ $rc = 1 ] || { echo "mca - <&-: exit $rc"; cat err.txt; fails=1; }
exit $fails
