// register aliases: .req / .unreq (an alias of an alias, a vector alias with an arrangement)
acc .req x2
tmp .req acc
vacc .req v3
  add acc, acc, tmp
  ldr acc, [tmp, #8]
  fmla vacc.4s, v1.4s, v2.4s
  .unreq acc
acc .req w5
  add acc, acc, #1
