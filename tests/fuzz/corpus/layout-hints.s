# RUN: decode %s
// layout: addresses from a 16 KiB page boundary, moved by .p2align/.balign/.skip/.org and data;
// branch targets: resolved to addresses (named, numeric, .-relative), '// uarch:' hints
  .text
  nop
  .p2align 4
  nop
  .balign 64
  nop
  .skip 12
  .word 0xdeadbeef, 0x12345678
  .byte 1, 2, 3, 4
  .p2align 14
  .skip 16380
loop:
  add x0, x0, #1
  b.ne 1f          // uarch: taken 3/4
  .space 8
1:
  cbz x1, loop     // uarch: not-taken
  cbnz x2, 2f      // uarch: taken 50%
  b.eq done        // uarch: taken
2:
  b loop
  .org 0xc000
done:
  b .+8
  bl memcpy
  ret
