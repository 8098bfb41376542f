#!/usr/bin/env bash
# mca-argv0.sh — `uarch-mca` (a link to uarch whose name ends in "mca") behaves as `uarch mca`,
# so it can stand in for llvm-mca (e.g. in Compiler Explorer); and `make install` installs the
# binary and that link.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
printf 'add x0, x0, x1\nmul x2, x0, x3\n' > "$t/a.s"

ln -s "$UARCH" "$t/uarch-mca"
ln -s "$UARCH" "$t/llvm-mca"
for name in uarch-mca llvm-mca; do
  for args in "-mcpu=help" "-mtriple=aarch64 -mcpu=apple-m1 -timeline $t/a.s" "-json $t/a.s"; do
    "$UARCH" mca $args > "$t/want" 2>&1; w=$?
    "$t/$name" $args > "$t/got" 2>&1; g=$?
    [ $w = $g ] || { echo "$name $args: exit $g, want $w"; exit 1; }
    cmp -s "$t/want" "$t/got" || { echo "$name $args: output differs from 'uarch mca'"; diff "$t/want" "$t/got" | head; exit 1; }
  done
done
# stdin and an unknown option through the link
"$t/uarch-mca" < "$t/a.s" > "$t/got" 2>&1 || { echo "uarch-mca < file failed"; exit 1; }
grep -q '^Iterations:        100$' "$t/got" || { echo "uarch-mca < file: no summary"; exit 1; }
"$t/uarch-mca" --bogus "$t/a.s" > "$t/out" 2> "$t/err"; rc=$?
[ $rc = 1 ] && [ ! -s "$t/out" ] && grep -q "^uarch-mca: unknown command line argument '--bogus'" "$t/err" \
  || { echo "uarch-mca --bogus: exit $rc"; cat "$t/err"; exit 1; }

# make install: the binary and the link
B=${BUILD#$ROOT/}
san=; [ "$B" = build-san ] && san=SAN=1
# -o: the binary under test is installed as it is, never rebuilt by this test
make -s -C "$ROOT" install B="$B" $san -o "$B/uarch" PREFIX="$t/inst" > "$t/make.log" 2>&1 || { echo "make install failed"; cat "$t/make.log"; exit 1; }
[ -x "$t/inst/bin/uarch" ] && [ -L "$t/inst/bin/uarch-mca" ] || { echo "make install: missing uarch or uarch-mca"; exit 1; }
"$t/inst/bin/uarch-mca" "$t/a.s" > "$t/got" 2>&1 && "$UARCH" mca "$t/a.s" > "$t/want" 2>&1
cmp -s "$t/want" "$t/got" || { echo "installed uarch-mca differs"; exit 1; }
echo ok
