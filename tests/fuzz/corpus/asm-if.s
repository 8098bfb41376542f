// conditionals: .if/.elseif/.else/.endif, .ifdef/.ifndef, .ifc/.ifnc, .ifb/.ifnb, .ifeq ... nested, in macros
  .set N, 3
  .if N > 5
    brk #1
  .elseif N == 3
    add x0, x0, #3
  .else
    brk #2
  .endif
  .if 0
    .if 1
      brk #3
    .else
      brk #4
    .endif
  .endif
  .ifdef N
    add x1, x1, #1
  .endif
  .ifndef M
    add x2, x2, #2
  .endif
lab:
  .ifdef lab
    add x3, x3, #3
  .endif
  .ifeq N - 3
    add x4, x4, #4
  .endif
  .iflt N - 4
    add x5, x5, #5
  .endif
  .macro sel kind, r
    .ifc \kind, add
      add \r, \r, #1
    .else
      sub \r, \r, #1
    .endif
    .ifb \r
      brk #5
    .endif
  .endm
  sel add, x6
  sel sub, x7
