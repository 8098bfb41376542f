/* shape-key.c — the key of src/a64/shapes.tsv for instructions, for tools/shapes-survey.sh.
 *
 *   shape-key < lines > keys
 *
 * Each input line is one instruction ("fmla z0.s, p0/m, z1.s, z2.s", a tab or spaces after
 * the mnemonic); each output line is "MNEM<TAB>SHAPE<TAB>KNOWN": the lowercase mnemonic, the
 * operands' shape as uarch computes it (a64_operand_shape, the table's key), and 1 when uarch
 * has rows of the mnemonic (its default row of shapes.tsv then applies to SVE operands only). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "a64/internal.h"

int main(void)
{
    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        char *s = line, *e = line + strcspn(line, "\r\n");
        while (s < e && isspace((unsigned char)*s)) s++;
        char *m = s;
        while (s < e && !isspace((unsigned char)*s)) {
            *s = (char)tolower((unsigned char)*s);
            s++;
        }
        size_t n = (size_t)(s - m);
        char shape[160];
        if (a64_operand_shape(s, e, shape, sizeof shape) >= sizeof shape) shape[0] = 0;
        printf("%.*s\t%s\t%d\n", (int)n, m, shape[0] ? shape : "", a64_mnem_find(m, n) != NULL);
    }
    return ferror(stdout) || fflush(stdout) ? 1 : 0;
}
