  .text
f:
  nop
  nop
  .section .text.startup,"ax",@progbits
  .p2align 4
main:
  add x0, x0, x1
  b f
  .pushsection .rodata
  .word 1, 2, 3
  .popsection
  b main
  .previous
  cbz x0, f
  .previous
  sub x0, x0, x1
  .section .text,"ax",@progbits
  b.ne f
  .section .text.other,"ax",@progbits
  .skip 8
  ret
  .data
  .word 7
  .text
  nop
