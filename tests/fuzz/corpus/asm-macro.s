// macros: named parameters, defaults, :req, :vararg, named arguments, \@, \(), nesting, .exitm, .purgem
  .macro step a:req, b=x7
    eor \a, \a, \b
    add \a, \a, #\@
  .endm
  .macro pushall regs:vararg
    .irp r, \regs
      str \r, [sp, #-16]!
    .endr
  .endm
  .macro ld_n n, reg
    ldr x\n\(), [\reg, #\n * 8]
  .endm
  .macro twice m, x
    \m \x
    \m \x
  .endm
  .macro early
    nop
    .exitm
    brk #0
  .endm
  step x0
  step x1, x2
  step b=x4, a=x3
  step x5 x6
  pushall x19, x20, x21
  ld_n 3, sp
  twice step, x9
  early
  .purgem early
  .macro early
    yield
  .endm
  early
