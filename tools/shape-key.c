/* shape-key.c — the key of src/a64/shapes.tsv for instructions, for tools/shapes-survey.sh.
 *
 *   shape-key < lines > keys
 *
 * Each input line is one instruction ("fmla z0.s, p0/m, z1.s, z2.s", a tab or spaces after
 * the mnemonic); each output line is "MNEM<TAB>SHAPE<TAB>KNOWN<TAB>SVE<TAB>FEATURES": the
 * lowercase mnemonic, the operands' shape as uarch computes it (a64_operand_shape, the table's
 * key), 1 when uarch has rows of the mnemonic (its default row of shapes.tsv then applies to
 * SVE operands only), 1 when the shape has an operand of SVE or SME (a64_shape_sve: the rule
 * the lookup uses, so the survey needs no copy of it), and the features its rows need
 * (" bf16 neon": uarch's own matcher refuses those forms with llvm's words, register ranges
 * included). */
#include <ctype.h>
#include <stdint.h>
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
        const A64Mnem *mn = a64_mnem_find(m, n);
        printf("%.*s\t%s\t%d\t%d\t", (int)n, m, shape[0] ? shape : "", mn != NULL, shape[0] && a64_shape_sve(shape));
        /* the features uarch's rows of the mnemonic need, each once */
        uint64_t seen[4] = {0};
        for (int r = mn ? mn->first : 0; mn && r < mn->first + mn->count; r++)
            for (int k = 0; k < A64_ROW_MAXFEAT && a64_rows[r].feature[k]; k++) {
                int b = a64_rows[r].feature[k] - 1;
                if (seen[b / 64] >> (b % 64) & 1) continue;
                seen[b / 64] |= 1ull << (b % 64);
                printf(" %s", a64_feature_name(b));
            }
        putchar('\n');
    }
    return ferror(stdout) || fflush(stdout) ? 1 : 0;
}
