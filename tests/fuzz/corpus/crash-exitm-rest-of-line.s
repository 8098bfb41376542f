  .macro forever
 .exitm;    forreve
  .endm
  forever
