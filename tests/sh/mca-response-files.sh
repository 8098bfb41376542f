#!/usr/bin/env bash
# mca-response-files.sh — `@file` arguments of `uarch mca` are response files, as LLVM's
# cl::ExpandResponseFiles (GNU tokenizer) in llvm-mca 19: words separated by whitespace, '...' and
# "..." quote, a backslash takes the next character, nested @file (relative to the working
# directory), an unreadable @file stays an argument (then an input file name), a file including
# itself is an error (exit 1).  With llvm-mca-19 installed, it must read the same files alike.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
mkdir sub
printf 'add x0, x0, x1\nmul x2, x0, x3\n' > 'a b.s'
printf -- "-iterations=7 \"-timeline=false\"\n@sub/inner.rsp\n" > outer.rsp
printf -- "-resource-pressure=0 'a b.s' -instruction-info\\\\=false\n" > sub/inner.rsp
"$UARCH" mca @outer.rsp > got 2> err || { echo "@outer.rsp failed:"; cat err; exit 1; }
"$UARCH" mca -iterations=7 -timeline=false -resource-pressure=0 'a b.s' -instruction-info=false > want 2>&1
cmp -s want got || { echo "@outer.rsp: output differs from the expanded command line"; diff want got | head; exit 1; }
grep -q '^Iterations:        7$' got || { echo "@outer.rsp: -iterations=7 not taken"; exit 1; }
if grep -q 'Instruction Info' got; then echo "@outer.rsp: a backslash did not take the next character"; exit 1; fi
# an @file that cannot be read stays an argument: an input file of that name
"$UARCH" mca @missing.rsp > out 2> err; rc=$?
[ $rc = 1 ] && [ ! -s out ] && grep -q "@missing.rsp" err || { echo "@missing.rsp: exit $rc"; cat err; exit 1; }
# recursion is an error, exit 1, nothing on stdout
printf -- '-iterations=2 @loop2.rsp\n' > loop1.rsp
printf -- '@loop1.rsp\n' > loop2.rsp
"$UARCH" mca @loop1.rsp 'a b.s' > out 2> err; rc=$?
[ $rc = 1 ] && [ ! -s out ] || { echo "recursive @file: exit $rc"; exit 1; }
grep -qx "uarch mca: error: recursive expansion of: 'loop1.rsp'" err || { echo "recursive @file: message"; cat err; exit 1; }
# llvm-mca-19 reads the same response files to the same command line (its output differs: other model)
if command -v llvm-mca-19 >/dev/null 2>&1; then
    llvm-mca-19 -mtriple=aarch64 -mcpu=apple-m1 @outer.rsp > lgot 2>&1 || { echo "llvm-mca-19 @outer.rsp failed"; cat lgot; exit 1; }
    grep -q '^Iterations:        7$' lgot && ! grep -q 'Instruction Info' lgot || { echo "llvm-mca-19 reads outer.rsp otherwise"; exit 1; }
    echo "llvm-mca-19 reads the response files alike"
else
    echo "(llvm-mca-19 not installed: not compared)"
fi
echo "ok"
