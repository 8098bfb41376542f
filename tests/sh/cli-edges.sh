#!/usr/bin/env bash
# cli-edges.sh — hunt37's findings in the commands' options and messages, each with what it did
# before:
#  - one integer text for every option (util/opt.c, llvm's: digits, 0x/0b/0o/leading-0 radixes, a
#    '-' only where the range has negatives): `clock -cpu` took "-0", "+1", "1e0" and " 1" as 0/1;
#  - `mca -threads` takes any int as llvm-mca-19 does (-1 was refused, exit 1; llvm exits 0): below 1
#    is one thread per online CPU, above 64 is 64;
#  - `mca -o` naming the input file replaced the input by the report (as llvm-mca does): refused;
#  - `decode` read its options by hand: `--` was an unknown option, `-json=1` unknown (now: takes no
#    value), `-mcpu NAME` unknown (now as -mcpu=NAME, as mca's);
#  - messages that echo user text escape, by one rule (util.h text_printable), control bytes, the C1
#    controls and bytes of no well-formed UTF-8 as \xNN (`pmu stat -e` echoed them raw), and show
#    UTF-8 text as it is (as llvm shows a source line).
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
U=$UARCH
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t"
fail=0
bad() { echo "FAIL $1"; shift; [ $# -gt 0 ] && cat "$@"; fail=1; }
# expect NAME RC STDERR_REGEX -- CMD...: exit status RC, stderr matching, nothing on stdout
expect() {
  local name=$1 rc=$2 re=$3; shift 4
  timeout -k 10 60 "$@" > out 2> err < /dev/null; local got=$?
  [ "$got" = "$rc" ] || { bad "$name: exit $got, want $rc" err; return; }
  [ -z "$re" ] || grep -Eq -- "$re" err || bad "$name: stderr does not match /$re/" err
  [ "$rc" = 0 ] || [ ! -s out ] || bad "$name: stdout on error" out
}
printf 'add x0, x0, x1\n' > a.s
cp a.s orig.s
for v in -0 +1 1e0 ' 1' '1 ' -1; do
  expect "clock-cpu[$v]" 2 "^uarch: clock: option '-cpu': '${v/+/\\+}' is not an integer \\(0 \\.\\. 4095\\); or 'all'$" -- "$U" clock -cpu "$v"
done
for v in 0 -1 -2147483648 65 2147483647 0x2; do
  expect "mca-threads[$v]" 0 '' -- "$U" mca -threads="$v" a.s
  grep -q 'Iterations:' out || bad "mca-threads[$v]: no report" out
done
expect "mca-threads[+1]" 1 "^uarch mca: option '-threads': '\\+1' is not an integer" -- "$U" mca -threads=+1 a.s
expect "mca-threads[2^31]" 1 "^uarch mca: option '-threads': 2147483648 is out of range" -- "$U" mca -threads=2147483648 a.s
expect mca-o-input 1 "^uarch mca: error: output file 'a.s' is the input file 'a.s': the report would replace it$" -- "$U" mca a.s -o a.s
cmp -s a.s orig.s || bad "mca-o-input: the input changed" a.s
ln -s a.s link.s
expect mca-o-link 1 "^uarch mca: error: output file 'link.s' is the input file 'a.s'" -- "$U" mca a.s -o link.s
cmp -s a.s orig.s || bad "mca-o-link: the input changed" a.s
expect mca-o-dir 1 "^uarch mca: error: cannot write '\\.': Is a directory$" -- "$U" mca a.s -o .
expect mca-o-notdir 1 "^uarch mca: error: cannot write 'a.s/x': Not a directory$" -- "$U" mca a.s -o a.s/x
printf 'nop\n' > ./-x
expect decode-dashdash 0 '' -- "$U" decode -- -x
grep -q 'NOP' out || bad "decode-dashdash: no nop" out
expect decode-json-value 2 "^uarch decode: option '-json' takes no value \\('-json=1'\\)$" -- "$U" decode -json=1 a.s
expect decode-mcpu-word 0 '' -- "$U" decode -mcpu firestorm a.s
grep -q 'ADD' out || bad "decode-mcpu-word: no add" out
expect decode-mcpu-last 2 "^uarch decode: option '-mcpu' requires a value$" -- "$U" decode a.s -mcpu
expect pmu-e-escaped 1 "unknown event 'caf\\\\xe9\\\\x9bx'" -- "$U" pmu stat -backend=sim -e "$(printf 'caf\351\233x')" -asm nop
expect pmu-e-utf8 1 "unknown event 'café'" -- "$U" pmu stat -backend=sim -e 'café' -asm nop
expect mca-arg-escaped 1 "unknown command line argument '-a\\\\x1b\\[1mb\\\\xc2\\\\x9b'" -- "$U" mca "$(printf -- '-a\033[1mb\302\233')" a.s
expect main-command-escaped 2 "^uarch: unknown command '\\\\x1b\\[31m'$" -- "$U" "$(printf '\033[31m')"
expect sweep-option-escaped 2 "^uarch: bench fetch: unknown option '-\\\\x1b\\[31m'$" -- "$U" bench fetch "$(printf -- '-\033[31m')"
exit $fail
