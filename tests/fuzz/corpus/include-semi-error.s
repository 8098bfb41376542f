// an error after a spliced `.include` on its line (the line shown as written), before it, and
// on the line after
nop; .include "fuzz.s"; addd x0, x0, x1
addd x0; .include "fuzz.s"; nop
nop; .include "fuzz.s"; nop; .include "fuzz.s"; bad // c
	addd x1
