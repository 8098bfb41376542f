# RUN: mca -instruction-tables -resource-pressure=false %s
// .altmacro as llvm-mc 19 reads it (llvm-mca 19 prints the same): `%expr` passes the value, `<text>`
// the text (`!` escapes), either followed by the next argument without a comma; parameters named
// without '\' and a '&' after one; .irp/.irpc too; \+ counts the expansions of each macro;
// .noaltmacro ends it
sym = 11
.altmacro
.macro m v
  add x0, x0, #v
.endm
.macro two a, b
  add x1, x1, #\a&1
  add x2, x2, #b
.endm
.macro s a
  .ascii "\a"
.endm
  m %(1+2)
  m <4>
  m %1+2
  m %(3*4)+1
  m %sym
  m <(2)>
  two %1+1, <5>
  two <1> <2>
  two %(2), %(3)
  s <a!>b>
  .irp r, x3, <x4>
  add r, r, #1
  .endr
  .irp n, %(2+2), 7
  add x4, x4, #n
  .endr
  .irpc c, 12
  add x5, x5, #c
  .endr
.noaltmacro
.macro k
  add x6, x6, #\+
.endm
  k
  k
