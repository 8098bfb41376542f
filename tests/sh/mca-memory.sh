#!/usr/bin/env bash
# mca-memory.sh — memory of `uarch mca` bounded for any input (issue 15, defect 5): a file
# of long regions takes the same peak RSS whether it holds 16 or 64 of them, on 1 and 2
# threads (the queue of chunks in flight is bounded by bytes, large buffers go back to the
# system, the chunks kept parsed from pass 1 by their budget, which 16 such regions fill: 8
# took 37-45 MB, 32 and 64 44-54); a region of 100000 instructions costs under 200 bytes
# per instruction at its peak, the report included (once 2400, its SimInst lists inline; 1100
# with two copies of the steady-state statistics, its text held whole and its parsed form kept
# through the simulation; 480 with a pressure cell per unit, 104 bytes of form tables and a
# transient copy of the region; 320 with distinct instruction texts, 265 when they repeat, the
# parsed form (152 bytes) held whole beside the prepared one; now 187-190, 170-172 when they
# repeat: the parsed form given back page by page as the simulator's is made, its texts and
# operands before the run; the peak is the parse with distinct texts (parsed 152, their texts
# and operands ~60), else the run: SimInst 64, lists ~50, info 12, display text 8 (shared
# between equal instructions), pressure cells in 32 bits ~17, the run's tables ~35,
# steady-state statistics in 16 bits ~8; 175-196 for 500,000 instructions, 181-194 for
# 2,000,000, the run's tables growing with the region; now 164-180 up to 2,000,000: the run's
# edge-latency memo bounded (it was 9 bytes per source), sources in 8 bytes (16), pressure
# cells in 16 bits, the parsed form in 136 bytes (152)); checked at 100,000 and 500,000.
# `uarch decode` of one file writes its output as it comes: its
# peak RSS stays below the size of that output (once the output was held whole), and flat in
# the size of the file (parsed a piece at a time).  `uarch pmu stat -backend=sim` of a long
# snippet: under 260 bytes per instruction.  Peak RSS of the child is read with python3's getrusage;
# skipped without python3 and in sanitizer builds (ASan's shadow memory is not ours).
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
command -v python3 >/dev/null || { echo "skipped: no python3 (peak RSS of a child)"; exit 77; }
if grep -q __asan_init "$UARCH" 2>/dev/null; then echo "skipped: sanitizer build (ASan shadow memory is not ours)"; exit 77; fi
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t"
fails=0
# peak RSS in KiB of UARCH ARGS... (stdout discarded; exit status must be 0)
rss() {
  python3 -c '
import resource, subprocess, sys
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
if r.returncode != 0: sys.exit("exit %d" % r.returncode)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$UARCH" "$@"
}
# a region of 20000 instructions (ten kinds)
awk 'BEGIN { split("add x0, x1, x2|ldr x3, [x4, #8]|fmadd d0, d1, d2, d0|subs x5, x5, #1|str q1, [x6], #16|mul x7, x8, x9|add v0.4s, v1.4s, v2.4s|ldp x10, x11, [sp, #32]|eor w12, w13, w14, lsl #3|cmp x1, #4", a, "|")
     print "# LLVM-MCA-BEGIN r"; for (i = 0; i < 20000; i++) print "\t" a[i % 10 + 1]; print "# LLVM-MCA-END" }' > r.s
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do cat r.s; done > r16.s
for i in 1 2 3 4; do cat r16.s; done > r64.s
for th in 1 2; do
  # the 16 regions' peak, the largest of three runs: on two threads it varies with how the
  # threads meet (an Emerald Rapids guest: 32.7 to 38 MB, where 64 regions took 38.8 to 40.2,
  # and a single low run made a flat curve look like growth)
  a=0
  for k in 1 2 3; do
    x=$(rss mca --threads=$th -iterations=10 r16.s) || { echo "r16.s: $x"; fails=1; continue 2; }
    [ "$x" -gt "$a" ] && a=$x
  done
  b=$(rss mca --threads=$th -iterations=10 r64.s) || { echo "r64.s: $b"; fails=1; continue; }
  # flat: 4 times the regions, at most 10 % + 4 MiB more
  [ "$b" -le $((a + a / 10 + 4096)) ] || { echo "threads=$th: peak RSS $a KiB for 16 regions (the most of 3 runs), $b KiB for 64"; fails=1; }
done
# bytes per instruction of one region (no markers: the whole file), the report included: 100000
# instructions of ten kinds (their texts repeat), and 100000 of six kinds with registers and
# immediates varied (40000 distinct texts, as compiler output), each against its first 1000
awk 'BEGIN { split("add x0, x1, x2|ldr x3, [x4, #8]|fmadd d0, d1, d2, d0|subs x5, x5, #1|str q1, [x6], #16|mul x7, x8, x9|add v0.4s, v1.4s, v2.4s|ldp x10, x11, [sp, #32]|eor w12, w13, w14, lsl #3|cmp x1, #4", a, "|")
     for (i = 0; i < 100000; i++) print "\t" a[i % 10 + 1] }' > one.s
dist() { awk -v n=$1 'BEGIN { for (i = 0; i < n; i++) { k = i % 6; a = i % 29; b = (i * 7) % 29; c = (i * 13) % 29
  if (k == 0) printf "\tadd\tx%d, x%d, #%d\n", a, b, i % 4096
  else if (k == 1) printf "\tldr\tx%d, [x%d, #%d]\n", a, b, (i % 512) * 8
  else if (k == 2) printf "\tmadd\tx%d, x%d, x%d, x%d\n", a, b, c, (a + 3) % 29
  else if (k == 3) printf "\tstr\tw%d, [x%d, #%d]\n", a, b, (i % 1024) * 4
  else if (k == 4) printf "\teor\tx%d, x%d, x%d, lsl #%d\n", a, b, c, i % 64
  else printf "\tfmadd\td%d, d%d, d%d, d%d\n", a, b, c, (a + 1) % 32 } }'; }
dist 100000 > dist.s
dist 500000 > dist5.s
for f in one.s dist.s dist5.s; do
  head -n 1000 $f > small.s
  s=$(rss mca --threads=1 -iterations=10 small.s) && o=$(rss mca --threads=1 -iterations=10 $f) \
    || { echo "$f: $s $o"; exit 1; }
  n=$(wc -l < $f)
  per=$(( (o - s) * 1024 / (n - 1000) ))
  [ "$per" -lt 200 ] || { echo "$f, one region of $n instructions: $per bytes per instruction (peak RSS $s -> $o KiB)"; fails=1; }
done
# a region whose text waits for the one before it keeps at most 8 MiB of it in memory, the
# rest in a temporary file: a timeline without a cycle bound is rows times cycles (this small
# input makes hundreds of MB of text; it took 107-180 MB on two threads, a 4,000-branch one 1.2 GB);
# the text is the same as on one thread
{ echo '# LLVM-MCA-BEGIN a'; echo '.rept 2000'; echo 'add x0, x0, x1'; echo '.endr'; echo '# LLVM-MCA-END'
  echo '# LLVM-MCA-BEGIN b'; echo '.rept 1500'; echo 'b 1f'; echo '1:'; echo '.endr'; echo '# LLVM-MCA-END'; } > tl.s
m=$(rss mca --threads=2 -timeline -timeline-max-cycles=0 -iterations=5 tl.s) || { echo "tl.s: $m"; exit 1; }
[ "$m" -le 65536 ] || { echo "a long timeline on two threads: peak RSS $m KiB (want at most 64 MiB)"; fails=1; }
t1=$("$UARCH" mca --threads=1 -timeline -timeline-max-cycles=0 -iterations=5 tl.s | cksum)
t2=$("$UARCH" mca --threads=2 -timeline -timeline-max-cycles=0 -iterations=5 tl.s | cksum)
[ "$t1" = "$t2" ] || { echo "a long timeline: two threads wrote another text than one ($t1 / $t2)"; fails=1; }
# decode: 200000 instructions, about 55 MB of JSON
for i in $(seq 10); do grep -v LLVM r.s; done > d.s
d=$(rss decode -json d.s) || { echo "decode: $d"; exit 1; }
size=$("$UARCH" decode -json d.s | wc -c)
[ $((d * 1024)) -lt "$size" ] || { echo "decode -json: peak RSS $d KiB for an output of $size bytes"; fails=1; }
# and a file four times that long (800000 instructions, 13 MB) takes the same: it is parsed a
# piece at a time, never held whole (once 8.7 times its size in peak RSS)
for i in 1 2 3 4; do cat d.s; done > d4.s
for a in "" -json; do
  d1=$(rss decode $a d.s) && d4=$(rss decode $a d4.s) || { echo "decode $a: $d1 $d4"; fails=1; continue; }
  [ "$d4" -le $((d1 + d1 / 10 + 4096)) ] || { echo "decode $a: peak RSS $d1 KiB for d.s, $d4 KiB for four times it"; fails=1; }
done
# `pmu stat -backend=sim` of a long straight-line snippet (parsed and simulated twice: 2000 and
# 1000 copies), bytes per instruction at its peak against a snippet of 1000: 448 at 200,000
# instructions (617 MB for 2,000,000) while the parser grew its array by copying (the old and
# the new held at once), the parsed form stayed through the simulation and the simulator's
# buffers under the second parse; 198 now (333 MB for 2,000,000)
p1=$(rss pmu stat -backend=sim -e 0x01 -asm '.rept 1000; nop; .endr') &&
  p2=$(rss pmu stat -backend=sim -e 0x01 -asm '.rept 200000; nop; .endr') || { echo "pmu stat: $p1 $p2"; exit 1; }
per=$(( (p2 - p1) * 1024 / 199000 ))
[ "$per" -lt 260 ] || { echo "pmu stat -backend=sim, .rept 200000 nops: $per bytes per instruction (peak RSS $p1 -> $p2 KiB)"; fails=1; }
exit $fails
