#!/usr/bin/env bash
# bench-icache-bytes.sh — `uarch bench icache` takes the size of its instruction from the
# assembler (one copy of it assembled as the sweep's kernels are, its bytes read from the built
# code), not from the user's word: -bytes N that differs is refused (exit status 2, nothing
# measured), -bytes N that agrees and no -bytes at all give N = footprint / the assembled size
# copies (the kept kernel's .rept count).
set -u
case $(uname -m) in x86_64|amd64|aarch64|arm64) ;; *) echo "skip: host $(uname -m) has no code generator"; exit 77;; esac
command -v cc >/dev/null || { echo "skip: no C compiler (cc) to build the kernels"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export TMPDIR=$tmp   # (-keep's directories)
U=$UARCH
fail=0
bad() { echo "FAIL: $*"; fail=1; }
P='-q -min 4K -max 4K -runs 3 -passes 1'
# the .rept count of the point's kernel (the last directory -keep names)
copies() {
  "$U" bench icache $P -keep "$@" > out 2> err || { bad "icache $*: exit $?: $(cat err)"; return; }
  d=$(sed -n 's/^uarch: bench icache: generated code kept in //p' err | tail -n 1)
  sed -n 's/^[[:space:]]*\.rept \([0-9]*\)$/\1/p' "$d/bench.s" | head -n 1
}
if [ "$(uname -m)" = x86_64 ] || [ "$(uname -m)" = amd64 ]; then
  "$U" bench icache $P -inst 'nopl 0x100(%rax,%rax,1)' -bytes 4 > out 2> err; rc=$?
  [ $rc = 2 ] || bad "-bytes 4 of an 8-byte nop: exit $rc, want 2"
  [ "$(cat err)" = "uarch: bench icache: -bytes 4: 'nopl 0x100(%rax,%rax,1)' assembles to 8 bytes (the assembler's size; leave -bytes out to take it)" ] \
    || bad "-bytes 4: message: $(cat err)"
  [ -s out ] && bad "-bytes 4: something measured: $(cat out)"
  "$U" bench icache $P -inst 'addq %rcx, %rax' -bytes 2 > out 2> err; rc=$?
  [ $rc = 2 ] || bad "-bytes 2 of a 3-byte add: exit $rc, want 2"
  grep -q "assembles to 3 bytes" err || bad "-bytes 2: message: $(cat err)"
  n=$(copies -inst 'addq %rcx, %rax' -bytes 3); [ "$n" = 1365 ] || bad "-bytes 3 (agrees): $n copies in 4 KiB, want 1365"
  n=$(copies -inst 'addq %rcx, %rax'); [ "$n" = 1365 ] || bad "no -bytes, a 3-byte add: $n copies in 4 KiB, want 1365"
  n=$(copies -inst 'add %rcx, %rax; nop'); [ "$n" = 1024 ] || bad "no -bytes, add + nop (4 bytes): $n copies, want 1024"
  n=$(copies); [ "$n" = 512 ] || bad "the default 8-byte nop: $n copies in 4 KiB, want 512"
else
  "$U" bench icache $P -inst 'nop' -bytes 8 > out 2> err; rc=$?
  [ $rc = 2 ] || bad "-bytes 8 of nop: exit $rc, want 2"
  [ "$(cat err)" = "uarch: bench icache: -bytes 8: 'nop' assembles to 4 bytes (the assembler's size; leave -bytes out to take it)" ] \
    || bad "-bytes 8: message: $(cat err)"
  n=$(copies -inst 'nop; nop'); [ "$n" = 512 ] || bad "no -bytes, two nops (8 bytes): $n copies in 4 KiB, want 512"
  n=$(copies); [ "$n" = 1024 ] || bad "the default nop: $n copies in 4 KiB, want 1024"
fi
# an instruction of no bytes is no footprint; one the assembler refuses is its located error
"$U" bench icache $P -inst '.skip 0' > out 2> err; rc=$?
[ $rc = 2 ] || bad "'.skip 0': exit $rc, want 2"
grep -q "^uarch: bench icache: -inst '.skip 0' assembles to no bytes: no footprint to sweep$" err || bad "'.skip 0': message: $(cat err)"
"$U" bench icache $P -inst 'bogus %rax' > out 2> err; rc=$?
[ $rc = 1 ] || bad "'bogus %rax': exit $rc, want 1"
grep -q "^<inst>:1:1: error: " err || bad "'bogus': not located: $(cat err)"
exit $fail
