/* TEMPORARY during parallel development: weak fallbacks so the tree links while each command
 * is being written.  Deleted before commit. */
#include "cmd/cmd.h"
#include <stdio.h>
#define WEAK(n) __attribute__((weak)) int n(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, #n " not built yet\n"); return 2; }
WEAK(cmd_decode) WEAK(cmd_mca) WEAK(cmd_clock) WEAK(cmd_bench)
