/* fuzz_parse.c — libFuzzer target for the assembly front end (a64_parse).
 * Built and run by `make fuzz` (tests/fuzz/fuzz.mk) with clang -fsanitize=fuzzer,address,undefined.
 * Any input must either parse or fail with a located diagnostic; on success the program must be
 * self-consistent (regions in range, forms present when not approximate-free, uses bounded). */
#include "a64/a64.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    A64Program prog;
    Diag err;
    if (a64_parse("fuzz.s", text, size, &prog, &err)) {
        for (int i = 0; i < prog.ninsts; i++) {
            const A64Inst *in = &prog.insts[i];
            if (in->line < 1 || in->col < 1 || !in->text || !in->mnem_name) abort();
            if (in->nops > A64_MAX_OPS || in->nreads > 12 || in->nwrites > 8) abort();
            for (int k = 0; k < in->nreads; k++)
                if (in->reads[k].reg >= A64_NREGS) abort();
            for (int k = 0; k < in->nwrites; k++)
                if (in->writes[k].reg >= A64_NREGS) abort();
        }
        for (int r = 0; r < prog.nregions; r++) {
            const A64Region *g = &prog.regions[r];
            if (g->begin < 0 || g->end < g->begin || g->end > prog.ninsts) abort();
        }
        a64_program_free(&prog);
    } else {
        if (err.line < 1 || !err.msg[0]) abort();
    }
    free(text);
    return 0;
}
