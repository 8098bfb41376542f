# RUN: mca -instruction-tables -resource-pressure=false %s; "$UARCH" decode %s
// numeric labels printed as llvm-mca 19 prints them: each gets a temporary symbol .Ltmp<N> when it
// is defined or first named forward (`Nf`), numbered in that order over the whole file (macros
// and regions alike); a constant added to one (1f+4, 2b-8) as llvm reads `sym+4`
# LLVM-MCA-BEGIN a
  b 3f
3: nop
3: nop
  b 3b
  b 2f
  b 3f+4
2: nop
3: nop
  b 1f-4
  cbz x0, 4f+(2*2)
  b 1f+x0
1: nop
4: nop
# LLVM-MCA-END a
  .macro m
5: b 5f
5: nop
  .endm
# LLVM-MCA-BEGIN b
  m
  m
  b 5b
  b 2b+4
# LLVM-MCA-END b
