#!/usr/bin/env bash
# bench-input.sh — what `uarch bench` takes from its environment, checked as its options are:
# a $CC longer than the loader holds (512 bytes, 30 words) is refused, naming it (it was cut
# without a word: another command ran); a $TMPDIR as long as the system takes (a 241-byte path
# said "cannot create a temporary directory in '...': Invalid argument", its name cut at 256
# bytes), one longer than the loader holds refused, saying so.
. "$ROOT/tests/sh/bench-lib.bash"
[ "$(uname -m)" = x86_64 ] || [ "$(uname -m)" = aarch64 ] || { echo "skip: host $(uname -m) has no code generator"; exit 77; }
cc0=$(command -v cc || command -v gcc)
expect() {  # name want_rc stderr_regex -- args...
  local name=$1 rc=$2 re=$3; shift 4
  "$@" > out 2> err; local got=$?
  [ $got = "$rc" ] || { bad "$name: exit $got, want $rc" err; return; }
  grep -Eq -- "$re" err || bad "$name: stderr does not match /$re/" err
  [ "$rc" = 0 ] || [ ! -s out ] || bad "$name: stdout on error" out
}
long=$(printf 'b%.0s' $(seq 600))
expect cc-bytes 1 "^uarch: error: \\\$CC \\('$cc0 -DX=b+'\\) is longer than 511 bytes$" -- env CC="$cc0 -DX=$long" "$U" bench run nop
expect cc-words 1 "^uarch: error: \\\$CC \\('$cc0( -O2)+ ?'\\) has more than 30 words$" -- env CC="$cc0$(printf ' -O2%.0s' $(seq 30))" "$U" bench run nop
expect cc-30-words 0 '' -- env CC="$cc0$(printf ' -O2%.0s' $(seq 29))" "$U" bench run -n 2 -iters 10 nop
# a TMPDIR of 241 bytes (three directories of 70 below this one)
d=$PWD
while [ ${#d} -lt 241 ]; do d=$d/$(printf 'd%.0s' $(seq $(( 241 - ${#d} - 1 < 70 ? 241 - ${#d} - 1 : 70 )))); done
mkdir -p "$d"
expect tmpdir-241 0 '' -- env TMPDIR="$d" "$U" bench run -n 2 -iters 10 nop
[ -z "$(ls -A "$d")" ] || bad "tmpdir-241: left in TMPDIR: $(ls -A "$d")"
expect tmpdir-long 1 "^uarch: error: \\\$TMPDIR is longer than 3980 bytes: no temporary directory made in it$" -- \
  env TMPDIR="/$(printf 't%.0s' $(seq 4000))" "$U" bench run nop
exit $fail
