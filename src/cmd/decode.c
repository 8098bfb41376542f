/* decode.c — `uarch decode [-mcpu=CPU] [-json] [file.s|-]...`: the user's window into the front
 * end (what `llvm-mc -show-inst` is for LLVM).  For each instruction: its location, text, the
 * measured form id (or null; `~` = a documented nearest form), registers read and written
 * (operand number in assembly order, destination first), memory access and branch kind.
 * With -mcpu, forms missing from that CPU's model table are flagged.
 * Bad input: `file:line:col: error: ...` with the line and a caret, exit 1, nothing on stdout.
 */
#include "a64/a64.h"
#include "asm/asm.h"
#include "cmd/cmd.h"
#include "model/model.h"
#include "util/opt.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* the largest input decoded (read whole): 256 MiB */
#define DECODE_MAX_BYTES (256 << 20)

static void usage(FILE *f)
{
    fprintf(f,
            "usage: uarch decode [-mcpu=CPU] [-json] [-show-encoding] [file.s|-]...\n"
            "  each instruction of the files, in order (stdin by default; with several files each\n"
            "  line, or JSON object, names its file): line:col, address, text, measured form id\n"
            "  ('~' marks a documented nearest form), registers read and written (with the operand\n"
            "  number, destination first), memory access, branch kind, the branch target's address\n"
            "  when the label is in the file and a '// uarch: taken N/M' hint.  Each section (code\n"
            "  or data) counts byte offsets of its own, as llvm-mc and GNU as do: 4 bytes per\n"
            "  instruction from 0, moved by .p2align/.balign/.align (with a maximum padding),\n"
            "  .skip/.space/.zero/.fill, .org and data (.byte ... .quad, .ascii/.asciz/.string,\n"
            "  .float/.double), their arguments constant expressions, as llvm-mc places them; the\n"
            "  address is that offset plus where the section lies: the sections that hold\n"
            "  instructions one after the other (.text first, then in the order the file enters\n"
            "  them), each from the first 16 KiB boundary after the end of the one before\n"
            "  -mcpu=CPU  flag forms that CPU's model has no row for (-mcpu=help lists CPUs), and\n"
            "             take only the instructions of its features (without it: every feature,\n"
            "             src/a64/features.tsv: i8mm, bf16 ... as llvm-mc -mattr=+all)\n"
            "  -json      a JSON array, one object per instruction\n"
            "  -show-encoding  the instruction word, as llvm-mc -show-encoding prints it (the\n"
            "             fields of a symbol's fixup zero); 'none' with the reason when uarch has none\n");
}

static void uses_json(Json *j, const char *key, const A64RegUse *u, int n)
{
    json_key(j, key);
    json_arr_begin(j);
    for (int i = 0; i < n; i++) {
        Buf b;
        buf_init(&b);
        a64_format_regs(&u[i], 1, &b);
        json_str(j, buf_cstr(&b));
        buf_free(&b);
    }
    json_arr_end(j);
}

static void uses_text(Buf *o, const A64RegUse *u, int n)
{
    if (!n) { buf_puts(o, "-"); return; }
    for (int i = 0; i < n; i++) {
        if (i) buf_putc(o, ',');
        a64_format_regs(&u[i], 1, o);
        if (u[i].opnd) buf_printf(o, "(%d)", u[i].opnd);
    }
}

/* the output is written in pieces of this size once the input has parsed (one file) */
#define DECODE_STREAM_BYTES (1 << 20)
/* a file is parsed this many lines at a time (one regular file: see a64_parse_pieces);
 * UARCH_DECODE_PIECE_LINES=N in the environment sets another (small pieces, for tests) */
#define DECODE_PIECE_LINES 4096

typedef struct DecRegion { char *name; const char *file; int line, begin, end; } DecRegion;   /* file: included */
typedef struct Dec {
    const ModelCpu *cpu;
    bool json, show_enc, file_key;
    const char *name;
    Json *j;
    Buf *out;
    Out *stream;                  /* the output as it comes (NULL: held until the end) */
    DecRegion *rg;                /* the regions, printed after the instructions */
    int nrg, caprg;
    const SrcMap *map;            /* the input is a copy with its included files spliced in */
    A64Warned warned;             /* the parser's warnings printed (a64_print_warnings) */
} Dec;

/* the file and line a line of the input is: the name of an included file (several files: of
 * any file) and its own line, else NULL and the line */
static const char *dec_where(const Dec *d, int line, int *fline)
{
    int inc = -1;
    const char *f = d->map->nseg ? srcmap_locate(d->map, line, fline, &inc) : NULL;
    if (!f)
        *fline = line;
    return inc >= 0 ? f : d->file_key ? d->name : NULL;
}

/* instruction i of prog: its file and line (dec_where), its own for one of a file the parser
 * read for `.include` (*own walks prog->own along the instructions) */
static const char *dec_inst_where(const Dec *d, const A64Program *prog, int i, int *own, int *line)
{
    if (*own < prog->nown && prog->own[*own].inst == i) {
        *line = prog->own[*own].line;
        return prog->own[(*own)++].file;
    }
    return dec_where(d, prog->insts[i].line, line);
}

/* the instructions of a program (a piece of the file, or all of it) into d->out */
static void dec_insts(void *ctx, const A64Program *prog)
{
    Dec *d = ctx;
    int own = 0;
    a64_print_warnings(stderr, prog, 0, 0, &d->warned);
    if (d->json) {
        for (int i = 0; i < prog->ninsts; i++) {
            const A64Inst *x = &prog->insts[i];
            json_obj_begin(d->j);
            int line;
            const char *f = dec_inst_where(d, prog, i, &own, &line);
            if (f) json_kstr(d->j, "file", f);
            json_kint(d->j, "line", line);
            json_kint(d->j, "col", x->col);
            json_kstr(d->j, "text", x->text);
            if (x->form) json_kstr(d->j, "form", x->form);
            else json_knull(d->j, "form");
            json_kbool(d->j, "approx", x->approx);
            if (a64_inst_note(x) && x->approx) json_kstr(d->j, "note", a64_inst_note(x));
            if (d->cpu) json_kbool(d->j, "in_model", x->form && model_form(d->cpu, x->form));
            uses_json(d->j, "reads", x->reads, x->nreads);
            uses_json(d->j, "writes", x->writes, x->nwrites);
            if (x->mem.kind) {
                json_key(d->j, "mem");
                json_obj_begin(d->j);
                json_kstr(d->j, "kind", a64_mem_kind_name(x->mem.kind));
                json_kint(d->j, "size", x->mem.size);
                json_kbool(d->j, "pair", x->mem.pair);
                json_kbool(d->j, "writeback", x->mem.writeback);
                json_obj_end(d->j);
            } else json_knull(d->j, "mem");
            if (x->branch) json_kstr(d->j, "branch", a64_branch_name(x->branch));
            else json_knull(d->j, "branch");
            json_kint(d->j, "offset", x->offset);
            if (x->branch) json_kint(d->j, "target", x->target);
            if (x->hint_den) {
                json_kint(d->j, "hint_taken", x->hint_num);
                json_kint(d->j, "hint_of", x->hint_den);
            }
            if (d->show_enc) {
                uint32_t w;
                const char *why;
                if (a64_encode(x, &w, &why)) {
                    char hex[16];
                    snprintf(hex, sizeof hex, "0x%08x", w);
                    json_kstr(d->j, "encoding", hex);
                } else {
                    json_knull(d->j, "encoding");
                    json_kstr(d->j, "encoding_error", why);
                }
            }
            json_obj_end(d->j);
            if (d->stream && d->out->len >= DECODE_STREAM_BYTES)
                out_buf(d->stream, d->out);
        }
    } else {
        for (int i = 0; i < prog->ninsts; i++) {
            const A64Inst *x = &prog->insts[i];
            int line;
            const char *f = dec_inst_where(d, prog, i, &own, &line);
            if (f) buf_printf(d->out, "%s:", f);
            buf_printf(d->out, "%d:%d\t0x%05x\t%s\t%s%s", line, x->col, x->offset, x->text, x->approx ? "~" : "",
                       x->form ? x->form : "(none)");
            if (d->cpu && x->form && !model_form(d->cpu, x->form)) buf_printf(d->out, " (not in %s)", model_name(d->cpu));
            buf_puts(d->out, "\treads=");
            uses_text(d->out, x->reads, x->nreads);
            buf_puts(d->out, " writes=");
            uses_text(d->out, x->writes, x->nwrites);
            if (x->mem.kind) {
                buf_printf(d->out, " mem=%s:%u", a64_mem_kind_name(x->mem.kind), x->mem.size);
                if (x->mem.pair) buf_puts(d->out, ":pair");
                if (x->mem.writeback) buf_puts(d->out, ":writeback");
            }
            if (x->branch) buf_printf(d->out, " branch=%s", a64_branch_name(x->branch));
            if (x->branch && x->target >= 0) buf_printf(d->out, " target=0x%05llx", (long long)x->target);
            if (x->hint_den) buf_printf(d->out, " hint=taken:%u/%u", x->hint_num, x->hint_den);
            if (x->sys) {
                buf_puts(d->out, " sys=");
                const char *sep = "";
                if (x->sys & A64_SYS_BARRIER) { buf_printf(d->out, "%sbarrier", sep); sep = "|"; }
                if (x->sys & A64_SYS_SYSTEM) { buf_printf(d->out, "%ssystem", sep); sep = "|"; }
                if (x->sys & A64_SYS_EXCLUSIVE) buf_printf(d->out, "%sexclusive", sep);
            }
            if (d->show_enc) {
                uint32_t w;
                const char *why;
                if (a64_encode(x, &w, &why))
                    buf_printf(d->out, " encoding=[0x%02x,0x%02x,0x%02x,0x%02x]", w & 0xff, w >> 8 & 0xff, w >> 16 & 0xff, w >> 24);
                else
                    buf_printf(d->out, " encoding=none (%s)", why);
            }
            buf_putc(d->out, '\n');
            if (d->stream && d->out->len >= DECODE_STREAM_BYTES)
                out_buf(d->stream, d->out);
        }
    }
    for (int i = 0; i < prog->nregions; i++) {
        if (d->nrg == d->caprg)
            d->rg = xrealloc(d->rg, (size_t)(d->caprg = d->caprg * 2 + 8) * sizeof *d->rg);
        const A64Region *r = &prog->regions[i];
        int line;
        const char *f = dec_where(d, r->line, &line);
        d->rg[d->nrg++] = (DecRegion){xstrdup(r->name), f != d->name ? f : NULL, r->line ? line : 0, r->begin, r->end};
    }
}

/* one file's instructions into `out` (`file_key`: several files, each line names its file),
 * written to `stream` (when not NULL) as they come once the file has parsed, so the output is
 * not held whole; false after printing its error (nothing written).  One regular file is
 * parsed a piece at a time, so its program is not held whole either. */
static bool decode_file(const char *path, const ModelCpu *cpu, A64Features features, bool json, bool show_enc,
                        bool file_key, Json *j, Buf *out, Out *stream, int piece_lines)
{
    A64ParseOptions po = {.features = features, .keep_warnings = true};   /* (llvm-mc: warnings before an error) */
    const char *name = strcmp(path, "-") ? path : "<stdin>";
    SrcMap map = {0};
    Dec d = {cpu, json, show_enc, file_key, name, j, out, stream, NULL, 0, 0, &map, A64_WARNED_INIT};
    Diag err;
    bool ok;
    FILE *f = stream && strcmp(path, "-") ? fopen(path, "rb") : NULL;
    struct stat st;
    bool regular = f && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= DECODE_MAX_BYTES;
    if (regular && !asm_include_open(name, &f, ASM_ELF, &map)) {   /* (else read whole, up to the bound, below) */
        fclose(f);
        asm_include_done(&map);
        return false;
    }
    if (regular) {
        ok = a64_parse_pieces(name, f, &po, piece_lines, dec_insts, &d, &err);
        fclose(f);
    } else {
        if (f)
            fclose(f);
        Buf in;
        buf_init(&in);
        if (!read_text_file(path, &in, DECODE_MAX_BYTES)) {
            if (errno == EFBIG)
                eprintf("uarch decode: '%s' is longer than %d MiB (the bound)\n", name, DECODE_MAX_BYTES >> 20);
            else
                eprintf("uarch decode: cannot read '%s': %s\n", name, strerror(errno));
            buf_free(&in);
            return false;
        }
        FILE *m = in.len ? fmemopen(in.data, in.len, "rb") : NULL;
        if (m && !asm_include_open(name, &m, ASM_ELF, &map)) {
            fclose(m);
            buf_free(&in);
            asm_include_done(&map);
            return false;
        }
        if (m && map.nseg) {      /* (the copy, whole) */
            buf_reset(&in);
            char blk[65536];
            for (size_t n; (n = fread(blk, 1, sizeof blk, m)) > 0;)
                buf_put(&in, blk, n);
        }
        if (m)
            fclose(m);
        A64Program prog;
        ok = a64_parse_opts(name, in.data ? in.data : "", in.len, &po, &prog, &err);
        buf_free(&in);
        dec_insts(&d, &prog);            /* (failed: the warnings before the error, keep_warnings) */
        a64_program_free(&prog);
    }
    if (!ok)
        diag_print(stderr, &err, "error");
    a64_print_warnings_more(stderr, name, &d.warned);
    for (int i = 0; i < d.nrg; i++) {
        if (ok && !json) {
            if (file_key) buf_printf(out, "%s: ", name);
            buf_printf(out, "region '%s' (%s%sline %d): instructions %d..%d\n", d.rg[i].name,
                       d.rg[i].file ? d.rg[i].file : "", d.rg[i].file ? " " : "", d.rg[i].line, d.rg[i].begin, d.rg[i].end - 1);
        }
        free(d.rg[i].name);
    }
    free(d.rg);
    asm_include_done(&map);
    return ok;
}

int cmd_decode(int argc, char **argv)
{
    const char *cpu_name = NULL;
    const char **paths = xcalloc((size_t)argc + 1, sizeof *paths);
    int npaths = 0;
    bool json = false, show_enc = false;
    bool only_paths = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        OptWord w;
        char err[300];
        if (!only_paths && opt_word(a, &w)) {   /* (the one reader of option words: util/opt.h) */
            bool flag = opt_word_is(&w, "help") || opt_word_is(&w, "h") || opt_word_is(&w, "json") ||
                        opt_word_is(&w, "show-encoding");
            if (!strcmp(a, "--")) {
                only_paths = true;
                continue;
            }
            if (flag && w.value) {
                char name[64];
                snprintf(name, sizeof name, "-%.*s", (int)(w.len < 60 ? w.len : 60), w.name);
                opt_no_value(name, a, err, sizeof err);
                eprintf("uarch decode: %s\n", err);
                free(paths);
                return 2;
            }
            if (opt_word_is(&w, "help") || opt_word_is(&w, "h")) { usage(stdout); free(paths); return 0; }
            else if (opt_word_is(&w, "json")) json = true;
            else if (opt_word_is(&w, "show-encoding")) show_enc = true;
            else if (opt_word_is(&w, "mcpu")) {
                if (!w.value && i + 1 >= argc) {
                    eprintf("uarch decode: option '%s' requires a value\n", a);
                    free(paths);
                    return 2;
                }
                cpu_name = w.value ? w.value : argv[++i];
            } else { eprintf("uarch decode: unknown option '%s'\n", a); usage(stderr); free(paths); return 2; }
            continue;
        }
        for (int k = 0; k < npaths && !strcmp(a, "-"); k++)
            if (!strcmp(paths[k], "-")) {   /* (the second read found it at its end: nothing) */
                eprintf("uarch decode: '-' (stdin) given twice: it is read once\n");
                free(paths);
                return 2;
            }
        paths[npaths++] = a;
    }
    if (npaths == 0)
        paths[npaths++] = "-";
    const ModelCpu *cpu = NULL;
    A64Features features = a64_features_every();   /* (src/a64/features.tsv), unless a CPU is named */
    if (cpu_name && !a64_cpu_features(cpu_name, &features))
        features = A64_FEATURES_NONE;
    if (cpu_name) {
        if (!strcmp(cpu_name, "help")) { model_list(stdout); free(paths); return 0; }
        cpu = model_find(cpu_name);
        if (!cpu) { eprintf("uarch decode: unknown cpu '%s' (-mcpu=help lists them)\n", cpu_name); free(paths); return 2; }
    }
    double piece_lines = DECODE_PIECE_LINES;
    char err[300];
    if (!opt_env("UARCH_DECODE_PIECE_LINES", (OptRange){OPT_INT, 1, 2147483647.0}, &piece_lines, err, sizeof err)) {
        eprintf("uarch decode: error: %s\n", err);
        free(paths);
        return 1;
    }
    /* every file is decoded, in order; the first error stops before anything is written: the
     * output of several files is held until the last has parsed, that of one file is written
     * as it comes (memory: the input and its program, not the output) */
    Out o;
    if (!out_open(&o, NULL)) {
        free(paths);
        return 1;
    }
    Buf out;
    buf_init(&out);
    Json j;
    json_init(&j, &out, true);
    if (json)
        json_arr_begin(&j);
    bool ok = true;
    for (int k = 0; k < npaths && ok; k++)
        ok = decode_file(paths[k], cpu, features, json, show_enc, npaths > 1, &j, &out, npaths == 1 ? &o : NULL,
                         (int)piece_lines);
    free(paths);
    if (!ok) {
        out_abandon(&o);
        buf_free(&out);
        return 1;
    }
    if (json) {
        json_arr_end(&j);
        if (!out.len || out.data[out.len - 1] != '\n') buf_putc(&out, '\n');
    }
    out_buf(&o, &out);
    buf_free(&out);
    return out_close(&o) ? 0 : 1;
}
