/* views.h — the output side of `uarch mca`: regions to analyze, the text views in llvm-mca's
 * layout (src/mca/view_*.c) and the -json report (src/mca/json.c).
 *
 *   A64Program ─► mca_regions() ─► per region: mca_simulate() ─► McaRegionData ─► views
 *
 * Every view appends to a Buf; the caller streams the Buf out after each region, so memory does
 * not grow with the number of regions.  Views read only the McaResult and the instructions'
 * display text and semantics (never the CPU model): the sim engineer fills McaResult.
 *
 * Layout rules copied from llvm-mca 14 (column padding = "at least one space, then up to the
 * column", tabs advance to the next multiple of 8) are implemented by mca_pad_to().
 */
#ifndef MCA_VIEWS_H
#define MCA_VIEWS_H

#include "mca/mca.h"
#include "util/util.h"

/* ---- regions (region.c) ---- */
typedef struct McaRegion {
    const char *name;             /* "" for anonymous */
    int begin, end;               /* instruction range [begin, end) of the program */
    bool is_explicit;             /* from LLVM-MCA-BEGIN/END: text output prints its header */
} McaRegion;

/* The regions llvm-mca would analyze, in order: the explicit ones (empty ones dropped), or,
 * when there are none and `whole_file_if_none`, the whole text as one implicit anonymous region
 * (false for a chunk of a file that has markers elsewhere).  Returns the count; *out is
 * xmalloc'ed. */
int mca_regions(const A64Program *prog, bool whole_file_if_none, McaRegion **out);

/* llvm-mca's display form of an instruction: "mnemonic<TAB>operands" as LLVM's printer writes
 * it (a64_print; `flags`: A64_PRINT_HEX for -print-imm-hex, A64_PRINT_APPLE for Apple's
 * syntax; for a CPU of `features`, NULL: the M1's), else the operands as written (comments
 * stripped, whitespace runs collapsed). */
char *mca_inst_display(const A64Inst *inst, uint64_t flags, const A64Features *features, Arena *arena);
void mca_display_release(void);   /* its per-thread buffers (mca_views_release calls it) */
/* the same, remembered per thread for the instructions of one parsed program (`program`: an id
 * the caller gives each program it parses, never reused in the process): an instruction the
 * parser made as a copy of an earlier one (the same text and operands, shared) shows the same
 * text.  The text lives until the thread's next call for another program (or in `arena` when
 * the memory for one program's texts is used up). */
const char *mca_inst_display_memo(const A64Inst *inst, uint64_t program, uint64_t flags,
                                  const A64Features *features, Arena *arena);

/* ---- what to print ---- */
typedef struct McaViewOptions {
    bool summary, instruction_info, resource_pressure;   /* default on */
    bool timeline, bottleneck;
    bool dispatch_stats, scheduler_stats, retire_stats, register_file_stats;
    bool counters, fusion;        /* ours: simulated PMU counters, fusions and eliminations */
    bool show_encoding;           /* -show-encoding: the instruction info view shows the words */
    bool show_barriers;           /* -show-barriers: its LoadBarrier / StoreBarrier columns */
    bool instruction_tables;      /* -instruction-tables: only instruction info and resource pressure */
    bool print_imm_hex;           /* -print-imm-hex: immediates in hexadecimal in instruction text */
    bool print_apple;             /* instruction text in Apple's syntax (-output-asm-variant, triple) */
    int timeline_max_iterations;  /* default 10 */
    int timeline_max_cycles;      /* default 80; 0 = unlimited */
} McaViewOptions;

void mca_view_options_default(McaViewOptions *o);

/* A long region's text need not be held whole: at the end of a row, once the Buf holds
 * MCA_STREAM_BYTES or more, a view calls mca_view_flush, which hands the Buf to the region's
 * stream (if it has one); the stream may write out and remove the complete lines (the last,
 * unfinished line stays: the layout helpers read its column) */
#define MCA_STREAM_BYTES ((size_t)64 << 10)
typedef struct McaStream McaStream;
struct McaStream {
    void (*flush)(McaStream *st, Buf *out);
};

/* one analyzed region, as the views see it */
typedef struct McaRegionData {
    int index;                    /* "[index] Code Region" */
    const char *name;
    bool is_explicit;
    int n;
    const A64Inst *insts;         /* [n], for register names in the critical sequence */
    const char *const *text;      /* [n] display text (mca_inst_display) */
    const McaResult *res;
    McaStream *stream;            /* where its text may go before it is complete (NULL: nowhere) */
} McaRegionData;

/* at the end of a row of a view: out to rd's stream when out holds MCA_STREAM_BYTES or more */
static inline void mca_view_flush(Buf *out, const McaRegionData *rd)
{
    if (rd->stream && out->len >= MCA_STREAM_BYTES)
        rd->stream->flush(rd->stream, out);
}

/* ---- text views (view_*.c), each appends to `out` exactly what llvm-mca prints ---- */
void mca_view_report(Buf *out, const McaViewOptions *o, const McaRegionData *rd);   /* all, in order */
void mca_view_summary(Buf *out, const McaRegionData *rd);
void mca_view_instruction_info(Buf *out, const McaViewOptions *o, const McaRegionData *rd);
void mca_view_resource_pressure(Buf *out, const McaRegionData *rd);
void mca_views_release(void);   /* the thread's cached view text (call before it ends) */
void mca_view_timeline(Buf *out, const McaViewOptions *o, const McaRegionData *rd);
void mca_view_dispatch_stats(Buf *out, const McaRegionData *rd);
void mca_view_scheduler_stats(Buf *out, const McaRegionData *rd);
void mca_view_retire_stats(Buf *out, const McaRegionData *rd);
void mca_view_register_file_stats(Buf *out, const McaRegionData *rd);
void mca_view_bottleneck(Buf *out, const McaRegionData *rd);
/* ours, printed after llvm-mca's views */
void mca_view_binding_limit(Buf *out, const McaRegionData *rd);
void mca_view_fusion(Buf *out, const McaRegionData *rd);
void mca_view_queue_usage(Buf *out, const McaRegionData *rd);   /* with -scheduler-stats */
void mca_view_counters(Buf *out, const McaRegionData *rd);

/* the timeline window: entries of the first min(iterations, max_iterations) iterations, and
 * the last cycle shown (events at cycles >= max_cycles are cut as llvm-mca does) */
int mca_timeline_iterations(const McaViewOptions *o, const McaResult *r);

/* ---- layout helpers (view_report.c) ---- */
int mca_column(const Buf *out);                  /* display column of the end of `out` */
void mca_pad_to(Buf *out, int col);              /* llvm's PadToColumn: >= 1 space */
void mca_putf_round(Buf *out, const char *fmt, double v, double scale);  /* floor(v*s+.5)/s */

/* ---- JSON (json.c): {"CodeRegions": [...], "SimulationParameters", "TargetInfo"} ---- */
typedef struct McaJsonParams {
    const char *march, *mcpu, *mtriple;   /* SimulationParameters, as given */
    const char *cpu_name;                 /* TargetInfo.CPUName: the model's name */
} McaJsonParams;
void mca_json_begin(Json *j);
void mca_json_region(Json *j, const McaViewOptions *o, const McaRegionData *rd);
/* TargetInfo.Resources = the model's unit names */
void mca_json_end(Json *j, const McaJsonParams *p, const char *const *units, int nunits);

#endif
