#!/usr/bin/env bash
# pmu-sim.sh — `uarch pmu scan -backend=sim`: on firestorm and icestorm, each built-in probe finds
# exactly the event ids the simulator models for it (listed below), and with -sim-permute=SEED
# (seeds 1, 2, 3, 12345) the scan, blind, finds exactly those ids relabelled by the permutation
# the JSON reports: every modelled id recovered and nothing else scored a match.
set -u
U=${UARCH:?}
fail=0
# probe -> the ids it must find (the simulator's counters and instruction classes, see src/pmu/sim.c);
# the firestorm model schedules a uop for bl and none for b (the call probe adds one), the
# icestorm model treats them alike
want() {
  case $2:$1 in
    icestorm:calls) echo "0x8e"; return ;;
  esac
  case $1 in
    instructions) echo "0x01 0x8c" ;;
    int_uops) echo "0x01 0x52 0x53 0x8c" ;;
    cycles) echo "0x02" ;;
    int_loads) echo "0x55 0x95 0x9b" ;;
    int_stores) echo "0x55 0x96 0x9b" ;;
    fp_loads) echo "0x55 0x98 0x9b" ;;
    fp_stores) echo "0x55 0x99 0x9b" ;;
    taken_branches) echo "0x8d 0x90" ;;
    cond_branches) echo "0x52 0x53 0x8d 0x94" ;;
    calls) echo "0x52 0x53 0x8e" ;;
    returns) echo "0x8f" ;;
    barriers) echo "0x52 0x55 0x9c" ;;
  esac
}
# findings of a scan's JSON: "probe id id ..." lines
findings() {
  awk '/^      "name": /{gsub(/[",]/,"",$2); p=$2} /"findings"/{on=1; ids=""} /"near_misses"/{if(on) print p ids; on=0}
       on && /"event"/{gsub(/[",]/,"",$2); ids=ids" "$2}'
}
for cpu in firestorm icestorm; do
  j=$("$U" pmu scan -backend=sim -mcpu=$cpu -json) || { echo "FAIL scan $cpu exit $?"; exit 1; }
  base=$(echo "$j" | findings)
  n=$(echo "$base" | wc -l)
  [ "$n" = 13 ] || { echo "FAIL $cpu: $n probes in the JSON, want 13"; fail=1; }
  while read -r p ids; do
    [ "$p" = page_faults ] && continue
    w=$(want "$p" $cpu)
    [ "$(echo $ids)" = "$w" ] || { echo "FAIL $cpu probe $p: found '$ids', want '$w'"; fail=1; }
  done <<< "$base"
  for seed in 1 2 3 12345; do
    pj=$("$U" pmu scan -backend=sim -mcpu=$cpu -sim-permute=$seed -json) || { echo "FAIL scan $cpu seed $seed"; fail=1; continue; }
    echo "$pj" | grep -q "\"seed\": $seed" || { echo "FAIL $cpu seed $seed: no seed in the permutation"; fail=1; }
    got=$(echo "$pj" | findings)
    moved=0
    while read -r p ids; do
      [ "$p" = page_faults ] && continue
      exp=""
      for id in $ids; do
        m=$(echo "$pj" | sed -n "s/^ *\"$id\": \"\(0x[0-9a-f]*\)\",\{0,1\}$/\1/p")
        [ "$m" != "$id" ] && moved=1
        exp="$exp $m"
      done
      exp=$(echo $exp | tr ' ' '\n' | sort | tr '\n' ' ')
      g=$(echo "$got" | awk -v p="$p" '$1==p{for(i=2;i<=NF;i++) print $i}' | sort | tr '\n' ' ')
      [ "$g" = "$exp" ] || { echo "FAIL $cpu seed $seed probe $p: found '$g', want '$exp'"; fail=1; }
    done <<< "$base"
    [ $moved = 1 ] || { echo "FAIL $cpu seed $seed: the permutation moved none of the modelled ids"; fail=1; }
  done
done
# the text output names the probe and its matches
"$U" pmu scan -backend=sim -probe=cycles | grep -Eq '^  match +0x02 +cycle +slope \+1\.000' || { echo "FAIL text output of the cycles probe"; fail=1; }
exit $fail
