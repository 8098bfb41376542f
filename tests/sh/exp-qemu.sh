#!/usr/bin/env bash
# exp-qemu.sh — every `uarch bench` sweep experiment runs functionally on the AArch64 build
# under qemu-aarch64 with tiny sizes: the kernels are generated as AArch64 assembly, built with
# the AArch64 compiler, loaded and timed; each run must finish with a findings section, JSON
# with findings and points, and a complete SVG.  No value is asserted (emulated timing).
set -u
. "$ROOT/tests/sh/qemu-lib.bash"
qemu_setup
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
T="-runs 2 -q -cpu 0"
while IFS='|' read -r name args; do
  [ -z "$name" ] && continue
  eval "set -- $args"
  out=$(run_a64 bench "$name" $T "$@" -svg "$tmp/$name.svg" 2>"$tmp/err") \
    || { bad "$name $args: exit $?"; cat "$tmp/err"; continue; }
  echo "$out" | grep -q '^findings' || bad "$name: no findings section"
  echo "$out" | grep -q '^# cpu: ' || bad "$name: no provenance"
  echo "$out" | grep -q '^# EMULATED: ' || bad "$name: not said to be emulated"
  tail -n 1 "$tmp/$name.svg" | grep -q '^</svg>$' || bad "$name: svg incomplete"
  json=$(run_a64 bench "$name" $T "$@" -json 2>"$tmp/err") || { bad "$name -json: exit $?"; cat "$tmp/err"; continue; }
  echo "$json" | grep -q '"arch": "aarch64"' || bad "$name -json: not the AArch64 code generator"
  echo "$json" | grep -q '^  "emulated": true' || bad "$name -json: no emulated flag"
  for k in '"findings": \[' '"points": \[' '"provenance": {'; do
    echo "$json" | grep -q "$k" || bad "$name -json: no $k"
  done
done <<LIST
dcache|-min 4K -max 8K -ppo 1
dcache|-window 4K -min 8K -max 8K
dcache|-bw -min 4K -max 4K
dtlb|-min 4 -max 8 -ppo 1
icache|-min 4K -max 4K
fetch|-min 1 -max 2
btb|-spacing 4,64 -min 1 -max 2 -ppo 1
itlb|-min 2 -max 70 -ppo 1
rob|-filler nop,add,fadd,load,store,branch,cmp,mov -max 4 -step 4 -buf 64K
mispredict|-min 2 -max 4
inst|-max 2 'madd x0, x1, x2, x3'
inst|-max 2 'fadd v0.4s, v1.4s, v2.4s'
LIST
exit $fail
