  .macro forever
    nop
    forever
  .endm
  forever
