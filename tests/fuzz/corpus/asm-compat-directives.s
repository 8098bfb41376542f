# RUN: mca -instruction-tables -resource-pressure=false %s; "$UARCH" decode %s
// directives llvm-mca 19 takes: .octa (integers of 128 bits), .dc.* .dcb.* .ds.*, .subsection
// (its own offsets in uarch), .weakref, .inst past 32 bits (the low 32 bits, as llvm-mc), labels
// with '@' or a blank before the colon, huge .fill/.skip/.org (no memory taken, offsets modulo
// 4 GiB), a backwards .org and a negative .skip (warnings: llvm-mc refuses them, llvm-mca goes on)
  nop
  .subsection 1
7: add x0, x0, x0
  .subsection 0
  mul x0, x0, x0
  .subsection 1
  b 7b
  .previous
  .octa 1, 0xffffffffffffffffffffffffffffffff
  .dcb.l 2, 5
  .ds.b -1
  .ds.x 3
  .dc.s 1.0
  .dc.d 2.0
  .inst 0x1ffffffff, -1
  .weakref a, b
foo@plt: ret
bar : nop
@baz: nop
  .org 0x10
  .skip -1
  .fill 0x7fffffff, 8, 0
  .skip 0xffffffffffff
  nop
