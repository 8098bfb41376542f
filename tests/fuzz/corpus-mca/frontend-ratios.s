1// taken ratios repeating over several trips, percentages, branches out of the region and
// indirect ones (not taken), a backward conditional taken by default
top:
  subs x0, x0, #1
  b.eq 1f             // uarch: taken 2/3
  cbnz x1, 2f         // uarch: taken 25%
1:
  tbz x2, #0, 3f      // uarch: taken 1/5
2:
  br x9
  blr x10
3:
  b.ne elsewhere
  .hword 7, 8
  .p2align 3
  cbz x4, top
  b top
