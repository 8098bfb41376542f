# RUN: decode %s
// layout and hint errors and edge cases: .org backwards, hints on non-branches, bad ratios,
// unknown hints, alignments and skips with fill values, data directives of every size
  .text
  nop
  .align 3
  .skip 4, 0
  .space 8, 0xff
  .zero 4
  .hword 1
  .short 2
  .quad 0x1122334455667788
  .ascii "ab"
  .asciz "c"
  .balign 16, 0
  .p2align 5, 0, 8
  add x0, x0, #1      // uarch: taken
  b.eq 1f             // uarch: taken 5/3
  cbz x0, 1f          // uarch: taken 0/0
  cbz x0, 1f          // uarch: taken 150%
  cbz x0, 1f          // uarch: sometimes
  tbz x0, #1, 1f      // uarch: not-taken 1/2
1:
  .org 0x10
  ret
