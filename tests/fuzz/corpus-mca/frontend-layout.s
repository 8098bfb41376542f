// front end: a loop whose first instruction is the last of a 16 KiB page, a call and return
// inside the region, conditionals with hints, data and alignment between instructions
  .text
  .p2align 14
  .skip 16380
loop:
  nop
  bl fn
  cbz x0, 1f          // uarch: taken
  add x1, x1, #1
1:
  tbnz w2, #5, 2f     // uarch: not-taken
  .word 0x12345678
  .balign 64
2:
  b.ne loop           // uarch: taken 3/4
  b loop
fn:
  add x3, x3, #1
  ret
