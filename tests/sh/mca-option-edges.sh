#!/usr/bin/env bash
# mca-option-edges.sh — option edges against llvm-mca-19's, where uarch differs on purpose
# (README): `-o ''` is an error, exit 1, nothing written (llvm-mca writes to stdout); the boolean
# switches UARCH_MCA_NO_CACHE and UARCH_MCA_NO_EXTRAPOLATION have one rule (src/util/opt.c
# opt_env_bool): 0, false, no, off or empty are off, 1, true, yes, on are on (before, any text but
# "0" was on: =false turned the cache off), any other value an error, exit 1, in `uarch mca` and
# in the sim backend of `uarch pmu`.
set -u
: "${UARCH:?}"
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
printf 'add x0, x0, #1\nmul x1, x0, x0\n' > a.s
fails=0
"$UARCH" mca -o '' a.s > out 2> err; rc=$?
[ $rc = 1 ] && [ ! -s out ] && grep -qxF "uarch mca: error: -o: the file name is empty (stdout is '-o -', or no -o)" err ||
    { echo "FAIL: -o '': exit $rc"; cat err; fails=1; }
"$UARCH" mca -o - a.s > out 2> err && grep -q '^Iterations: ' out || { echo "FAIL: -o -"; fails=1; }
"$UARCH" mca a.s > want 2>&1 || { echo "FAIL: mca a.s"; exit 1; }
for var in UARCH_MCA_NO_CACHE UARCH_MCA_NO_EXTRAPOLATION; do
    for v in '' 0 false no off FALSE 1 true yes on On; do
        env "$var=$v" "$UARCH" mca a.s > got 2>&1; rc=$?
        [ $rc = 0 ] && cmp -s want got || { echo "FAIL: $var='$v': exit $rc or another output"; fails=1; }
    done
    for v in 2 maybe ' 1' 'no '; do
        env "$var=$v" "$UARCH" mca a.s > got 2>&1; rc=$?
        [ $rc = 1 ] && grep -qxF "uarch mca: error: \$$var: '$v' is not a boolean (1, true, yes, on; 0, false, no, off)" got ||
            { echo "FAIL: $var='$v': exit $rc"; cat got; fails=1; }
    done
    env "$var=maybe" "$UARCH" pmu stat -backend=sim -e 0x02 -asm 'nop' > got 2>&1; rc=$?
    [ $rc = 1 ] && grep -qF "\$$var: 'maybe' is not a boolean" got || { echo "FAIL: pmu stat with $var=maybe: exit $rc"; cat got; fails=1; }
done
[ $fails = 0 ] && echo ok
exit $fails
