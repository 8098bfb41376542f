#!/usr/bin/env bash
# mca-json-keys.sh — the -json of a multi-region file has llvm-mca's keys (every key path that
# llvm-mca 14 prints for the same file and options, captured below from
#   llvm-mca-14 -mtriple=aarch64 -mcpu=apple-m1 -json -timeline -dispatch-stats -iterations=2)
# plus ours (SimulatedCounters with the 7 M1 PMU events), two regions with their names, and
# keys in llvm's sorted order.  No Python: awk turns the pretty-printed JSON into key paths.
set -u
export LC_ALL=C
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cat > "$t/two.s" <<'S'
# LLVM-MCA-BEGIN loop
ldr x2, [x0], #8
add x1, x1, x2
subs x3, x3, #1
# LLVM-MCA-END
# LLVM-MCA-BEGIN second
fmul d0, d1, d2
fadd d0, d0, d3
str d0, [x4]
# LLVM-MCA-END
S
"$UARCH" mca -json -timeline -dispatch-stats -iterations=2 "$t/two.s" > "$t/out.json" 2> "$t/err"
rc=$?
[ $rc = 0 ] || { echo "uarch mca -json failed (exit $rc)"; cat "$t/err"; exit 1; }

keys() {
  awk '{
    line = $0; sub(/^[ \t]+/, "", line)
    key = ""
    if (line ~ /^"[^"]*": /) { key = line; sub(/^"/, "", key); sub(/": .*/, "", key); line = substr(line, length(key) + 5) }
    path = ""; for (i = 1; i <= d; i++) path = path "/" st[i]
    if (key != "") print substr(path "/" key, 2)
    if (line ~ /^[{[]$/) { d++; st[d] = (key != "" ? key : "[]") }
    else if (line ~ /^[}\]],?$/) d--
  } END { if (d != 0) print "UNBALANCED" }' "$1"
}
keys "$t/out.json" | sort -u > "$t/ours"
cat > "$t/llvm" <<'K'
[]/CodeRegions
[]/CodeRegions/[]/DispatchStatistics
[]/CodeRegions/[]/DispatchStatistics/GROUP
[]/CodeRegions/[]/DispatchStatistics/LQ
[]/CodeRegions/[]/DispatchStatistics/RAT
[]/CodeRegions/[]/DispatchStatistics/RCU
[]/CodeRegions/[]/DispatchStatistics/SCHEDQ
[]/CodeRegions/[]/DispatchStatistics/SQ
[]/CodeRegions/[]/DispatchStatistics/USH
[]/CodeRegions/[]/InstructionInfoView
[]/CodeRegions/[]/InstructionInfoView/InstructionList
[]/CodeRegions/[]/InstructionInfoView/InstructionList/[]/Instruction
[]/CodeRegions/[]/InstructionInfoView/InstructionList/[]/Latency
[]/CodeRegions/[]/InstructionInfoView/InstructionList/[]/NumMicroOpcodes
[]/CodeRegions/[]/InstructionInfoView/InstructionList/[]/RThroughput
[]/CodeRegions/[]/InstructionInfoView/InstructionList/[]/hasUnmodeledSideEffects
[]/CodeRegions/[]/InstructionInfoView/InstructionList/[]/mayLoad
[]/CodeRegions/[]/InstructionInfoView/InstructionList/[]/mayStore
[]/CodeRegions/[]/Instructions
[]/CodeRegions/[]/Name
[]/CodeRegions/[]/ResourcePressureView
[]/CodeRegions/[]/ResourcePressureView/ResourcePressureInfo
[]/CodeRegions/[]/ResourcePressureView/ResourcePressureInfo/[]/InstructionIndex
[]/CodeRegions/[]/ResourcePressureView/ResourcePressureInfo/[]/ResourceIndex
[]/CodeRegions/[]/ResourcePressureView/ResourcePressureInfo/[]/ResourceUsage
[]/CodeRegions/[]/SummaryView
[]/CodeRegions/[]/SummaryView/BlockRThroughput
[]/CodeRegions/[]/SummaryView/DispatchWidth
[]/CodeRegions/[]/SummaryView/IPC
[]/CodeRegions/[]/SummaryView/Instructions
[]/CodeRegions/[]/SummaryView/Iterations
[]/CodeRegions/[]/SummaryView/TotalCycles
[]/CodeRegions/[]/SummaryView/TotaluOps
[]/CodeRegions/[]/SummaryView/uOpsPerCycle
[]/CodeRegions/[]/TimelineView
[]/CodeRegions/[]/TimelineView/TimelineInfo
[]/CodeRegions/[]/TimelineView/TimelineInfo/[]/CycleDispatched
[]/CodeRegions/[]/TimelineView/TimelineInfo/[]/CycleExecuted
[]/CodeRegions/[]/TimelineView/TimelineInfo/[]/CycleIssued
[]/CodeRegions/[]/TimelineView/TimelineInfo/[]/CycleReady
[]/CodeRegions/[]/TimelineView/TimelineInfo/[]/CycleRetired
[]/SimulationParameters
[]/SimulationParameters/-march
[]/SimulationParameters/-mcpu
[]/SimulationParameters/-mtriple
[]/TargetInfo
[]/TargetInfo/CPUName
[]/TargetInfo/Resources
[]/CodeRegions/[]/SimulatedCounters
[]/CodeRegions/[]/SimulatedCounters/cycle
[]/CodeRegions/[]/SimulatedCounters/inst_all
[]/CodeRegions/[]/SimulatedCounters/retire_uop
[]/CodeRegions/[]/SimulatedCounters/schedule_int_uop
[]/CodeRegions/[]/SimulatedCounters/schedule_ldst_uop
[]/CodeRegions/[]/SimulatedCounters/schedule_simd_uop
[]/CodeRegions/[]/SimulatedCounters/schedule_uop
K
sort -u -o "$t/llvm" "$t/llvm"
missing=$(comm -23 "$t/llvm" "$t/ours")
[ -z "$missing" ] || { echo "keys missing from uarch mca -json:"; echo "$missing"; exit 1; }
grep -q UNBALANCED "$t/ours" && { echo "unbalanced json"; exit 1; }
# two regions, named as the markers
[ "$(grep -c '^      "Name": ' "$t/out.json")" = 2 ] || { echo "want 2 regions"; exit 1; }
grep -q '"Name": "loop"' "$t/out.json" && grep -q '"Name": "second"' "$t/out.json" || { echo "region names"; exit 1; }
# keys of each object in sorted order, as llvm's json writer prints them
awk '{
  line = $0; sub(/^[ \t]+/, "", line)
  if (line ~ /^"[^"]*": /) { key = line; sub(/^"/, "", key); sub(/": .*/, "", key)
    if (key < last[d]) { print "unsorted: " key " after " last[d]; bad = 1 }
    last[d] = key; line = substr(line, length(key) + 5) }
  if (line ~ /^[{[]$/) { d++; last[d] = "" } else if (line ~ /^[}\]],?$/) d--
} END { exit bad }' "$t/out.json" || exit 1
echo ok
