.macro two
.cfi_startproc
.cfi_startproc
.endm
.macro m
.cfi_startproc
   // a comment
  nop
.endm
.macro k
.cfi_startproc

nop
.cfi_startproc ; nop
  .cfi_startproc
  m
.endm
.macro outer
  m
  two
.endm
two
m
k
outer
.irpc c, 12
.cfi_startproc
 add x\c, x0, x1
.endr
.irp r, a, b
nop
.cfi_startproc
.endr
.rept 3
.cfi_startproc
.endr
.macro bad
.cfi_def_cfa_offset 16
.endm
.cfi_endproc
bad
