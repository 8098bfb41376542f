P// front end on Icestorm: a chain of branches 8 B apart beyond the BTB, lines 32 KiB apart
// that alias in the L1I, .org and .zero moving the addresses
  .text
  .p2align 14
loop:
  .rept 1100
  b 1f
  nop
1:
  .endr
  .p2align 15
  add x0, x0, #1
  .zero 32768
  add x1, x1, #1
  .skip 32764
  add x2, x2, #1
  b loop
