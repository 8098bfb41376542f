nop /* b
 c */ add x0,x1,x2
lab: /* a
 b */ add x0, /* c

 d */ x1, x2
.byte 1, /* e
 */ 2 ; nop /* f
 */ // g
.macro m
nop /* .endm
 */ add x3, x3, #1
.endm
m
/* h
 i */ .if 1 /* j
 */
nop
.endif
