/* fuzz_parse.c — libFuzzer target for the assembly front end (a64_parse).
 * Built and run by `make fuzz` (tests/fuzz/fuzz.mk) with clang -fsanitize=fuzzer,address,undefined.
 * Any input must either parse or fail with a located diagnostic; on success the program must be
 * self-consistent (regions in range, forms present when not approximate-free, uses bounded, the
 * own lines of instructions of files the parser included in order and in range).  An input that
 * fails is parsed again with its failing lines left out (mca's -skip-unsupported-instructions:
 * A64ParseOptions.skip_errors), each one listed with a message, at a line (of a file the parser
 * included: with its name).  A first line `// -mtriple=T` parses it under T's dialect (Mach-O's,
 * COFF's comments and directives), as `uarch mca -mtriple=T` does. */
#include "a64/a64.h"
#include "asm/asm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void check(const A64Program *prog)
{
    for (int i = 0; i < prog->ninsts; i++) {
        const A64Inst *in = &prog->insts[i];
        if (in->line < 1 || in->col < 1 || !in->text || !in->mnem_name) abort();
        if (in->nops > A64_MAX_OPS || in->nreads > 12 || in->nwrites > 8) abort();
        for (int k = 0; k < in->nreads; k++)
            if (in->reads[k].reg >= A64_NREGS) abort();
        for (int k = 0; k < in->nwrites; k++)
            if (in->writes[k].reg >= A64_NREGS) abort();
    }
    for (int r = 0; r < prog->nregions; r++) {
        const A64Region *g = &prog->regions[r];
        if (g->begin < 0 || g->end < g->begin || g->end > prog->ninsts) abort();
    }
    for (int k = 0; k < prog->nown; k++)
        if (prog->own[k].inst < 0 || prog->own[k].inst >= prog->ninsts || prog->own[k].line < 1 || !prog->own[k].file ||
            (k && prog->own[k].inst <= prog->own[k - 1].inst)) abort();
    for (int k = 0; k < prog->nskipped; k++) {
        const struct A64Skipped *sk = &prog->skipped[k];
        if (sk->line < 1 || !sk->msg || !sk->msg[0] || sk->cut < 0 || (sk->file && (sk->fline < 1 || !sk->src))) abort();
    }
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    A64Program prog;
    Diag err;
    A64ParseOptions po = {0};
    if (size > 12 && !memcmp(text, "// -mtriple=", 12)) {
        char triple[64];
        size_t n = strcspn(text + 12, "\n");
        snprintf(triple, sizeof triple, "%.*s", (int)(n < 63 ? n : 63), text + 12);
        bool aarch64;
        po.dialect = (int)asm_dialect_of(triple, &aarch64);
    }
    if (a64_parse_opts("fuzz.s", text, size, &po, &prog, &err)) {
        check(&prog);
        a64_program_free(&prog);
    } else {
        if (err.line < 1 || !err.msg[0] || err.cut < 0) abort();
        po.skip_errors = true;
        if (a64_parse_opts("fuzz.s", text, size, &po, &prog, &err)) {
            check(&prog);
            a64_program_free(&prog);
        } else if (err.line < 1 || !err.msg[0]) {
            abort();
        }
    }
    free(text);
    return 0;
}
