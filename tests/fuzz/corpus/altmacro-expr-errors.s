// .altmacro `%expr` arguments in llvm's words: no constant, no value, a '(' left open
.altmacro
.set L, 4
.macro m a, b
  add x0, x0, #\a
.endm
m %L, %(L*2)
m %undefined_sym
m %(1+
m %
m %(1 2)
m %(1+(2)
m %(1/0)
m %"ab" + 1
m %"ab
m %~
m %1+
m %(1
m %x0
