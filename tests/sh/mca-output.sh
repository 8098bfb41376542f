#!/usr/bin/env bash
# mca-output.sh — -o writes atomically: the file appears complete (same bytes as stdout), an
# input error leaves an existing file untouched and nothing on stdout, an unwritable path is an
# error (exit 1), and no temporary file is left behind.  A device or a symbolic link is written
# in place, never replaced (-o /dev/null once turned /dev/null into a regular file as root).
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t"
printf '# LLVM-MCA-BEGIN a\nadd x0, x0, x1\n# LLVM-MCA-END\n# LLVM-MCA-BEGIN b\nmul x2, x0, x3\n# LLVM-MCA-END\n' > good.s
printf 'add x0, x0, x1\nadd x0, x0, x99\n' > bad.s

"$UARCH" mca -timeline good.s > want.txt 2>/dev/null || { echo "uarch mca good.s failed"; exit 1; }
"$UARCH" mca -timeline -o out.txt good.s > stdout.txt 2>/dev/null || { echo "-o out.txt failed"; exit 1; }
cmp -s want.txt out.txt || { echo "-o content differs from stdout"; exit 1; }
[ ! -s stdout.txt ] || { echo "-o also wrote stdout"; exit 1; }
"$UARCH" mca -json --o=out.json good.s 2>/dev/null && grep -q '"CodeRegions"' out.json || { echo "--o=out.json"; exit 1; }

echo previous > keep.txt
"$UARCH" mca -o keep.txt bad.s > stdout.txt 2> err.txt; rc=$?
[ $rc = 1 ] || { echo "bad input: exit $rc, want 1"; exit 1; }
[ "$(cat keep.txt)" = previous ] || { echo "bad input overwrote the -o file"; exit 1; }
[ ! -s stdout.txt ] || { echo "bad input wrote stdout"; exit 1; }
grep -q "^bad.s:2:" err.txt || { echo "no located error"; cat err.txt; exit 1; }

"$UARCH" mca -o nosuchdir/out.txt good.s > stdout.txt 2> err.txt; rc=$?
[ $rc = 1 ] && grep -q "cannot write 'nosuchdir/out.txt'" err.txt || { echo "unwritable -o: exit $rc"; cat err.txt; exit 1; }

# a symbolic link: its target gets the output, the link stays; a FIFO is written through
echo old > target.txt
ln -s target.txt link.txt
"$UARCH" mca -timeline -o link.txt good.s 2>/dev/null || { echo "-o link.txt failed"; exit 1; }
[ -L link.txt ] && cmp -s want.txt target.txt || { echo "-o through a symbolic link"; ls -l; exit 1; }
mkfifo fifo
cat fifo > fromfifo.txt &
"$UARCH" mca -timeline -o fifo good.s 2>/dev/null || { echo "-o fifo failed"; exit 1; }
wait
[ -p fifo ] && cmp -s want.txt fromfifo.txt || { echo "-o through a FIFO"; ls -l; exit 1; }
# a character device (checked on a private one when possible, else on /dev/null itself)
dev=/dev/null
[ "$(id -u)" = 0 ] && mknod -m 666 null c 1 3 2>/dev/null && dev=$PWD/null
"$UARCH" mca -o "$dev" good.s 2>/dev/null || { echo "-o $dev failed"; exit 1; }
[ -c "$dev" ] || { echo "-o $dev replaced the device"; exit 1; }
rm -f null

leftover=$(ls | grep -c 'tmp' || true)
[ "$leftover" = 0 ] || { echo "temporary files left: $(ls)"; exit 1; }
echo ok
