// .section with a name of a dot alone (llvm: Dot tokens, no message); a64-section-args.test has the same lines
.section .
  add x0, x0, x21
.section ..
.pushsection .-a
  subs x1, x1, #1
.section x, #.
