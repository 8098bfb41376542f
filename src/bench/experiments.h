/* experiments.h — the table of `uarch bench <experiment>` sweeps.
 *
 * Each experiment lives in its own src/bench/exp_<name>.c (owned by the "experiments" engineer)
 * and is one line in EXPERIMENTS below:  X(name, summary, function).  `uarch bench list` prints
 * the table; `uarch bench <name> [args]` calls fn(argc, argv) with argv[0] = name and returns its
 * exit status (0 ok, 1 error, 2 usage).  Experiments use the runner API in bench/bench.h.
 *
 * An experiment whose function is not linked yet is simply not listed (weak reference).
 */
#ifndef BENCH_EXPERIMENTS_H
#define BENCH_EXPERIMENTS_H

typedef int (*BenchExpFn)(int argc, char **argv);

typedef struct BenchExperiment {
    const char *name;
    const char *summary;
    BenchExpFn fn;
} BenchExperiment;

/* X(name, "one-line summary", function) — add one line per experiment. */
#define BENCH_EXPERIMENTS(X) \
    X("dcache", "load-to-use latency (or -bw bandwidth) over working-set size: cache levels", exp_dcache) \
    X("dtlb", "pointer chase one load per page over page count: DTLB levels and reach", exp_dtlb) \
    X("icache", "IPC of a NOP footprint sweep: L1I (and op cache) capacity", exp_icache) \
    X("fetch", "loops starting at the end of a page: fetch width in instructions per cycle", exp_fetch) \
    X("btb", "chains of taken branches over count x spacing: BTB levels and capacity", exp_btb) \
    X("itlb", "one taken branch per page over page count: ITLB capacity", exp_itlb) \
    X("rob", "two cache misses N fillers apart: ROB, register files, load/store queues", exp_rob) \
    X("mispredict", "branch on a repeating random pattern over its period: mispredict penalty", exp_mispredict) \
    X("inst", "latency, throughput (and uops) of one instruction form", exp_inst)

/* The table, defined in src/cmd/bench.c. */
extern const BenchExperiment bench_experiments[];
extern const int bench_nexperiments;

#endif
