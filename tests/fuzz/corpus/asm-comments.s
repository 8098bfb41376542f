// comments: /* */ on one line and across lines, // everywhere, # at the start of a line;
// `;` separates statements (aarch64 Linux)
  add x0, x0, #1 /* one */ ; add x1, x1, #1 // two
/* a comment
   over lines */ add x2, x2, #2
  /* .if 0 */
# a comment
  add x3, x3, #3
