// .include: special files never opened (/dev/zero, a directory), a missing file inside .if 0
// and outside, a bad escape (/dev/null is no regular file either)
.if 0
.include "no-such.s"
.endif
.include "/dev/zero"
.include "/dev/null"
.include "/tmp"
.include "a\q.s"
.include "no-such.s" ; nop
nop
