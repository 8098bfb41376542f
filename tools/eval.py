#!/usr/bin/env python3
"""eval.py — accuracy of `uarch mca` (and llvm-mca, side by side) on the measured M1 tests.

Dev-time script (never run by the build or `make check`).  Input: the trimmed tests in
tests/data/m1-dev.tsv (default) or ../shared/data/m1-measurements/tests-dev.jsonl.

For each core separately, every test becomes one named region (`# LLVM-MCA-BEGIN page#N`) with
its code lines (a line's ` ; `-separated instructions split), all in ONE file; the file is run
with -iterations=100 and -iterations=300 (-json).  Then:
  predicted cycles per code = (TotalCycles300 - TotalCycles100) / 200
      / count                for metric cycles_per_code_div_count
      - chain_cycles         for metric cycles_per_code_minus_chain
  measured = the median of the test's run values (the trimmed file's `value`)
  error = |predicted - measured| / max(|measured|, FLOOR)   (FLOOR = 0.1 cycle: a handful of
      chain tests of eliminated moves measure ~0 cycles)
  an unsupported test (rejected by the tool) counts as 100 % error.
Division tests of the medium and slow pages (SDIV_slow_64...) run with -divider=medium|slow (their
operand values take that case; the model has each case's latency).
uops tests: SimulatedCounters / iterations must equal retires (+ the nops the page subtracted),
issues, int_issues, mem_issues, fp_issues within 0.05.  llvm-mca has no such counters.

Usage: tools/eval.py [--uarch build/uarch] [--data FILE] [--core firestorm|icestorm|both]
                     [--llvm-mca llvm-mca-14|none] [--worst 20] [--filter REGEX]
"""
import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

FLOOR = 0.1
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_tests(path):
    tests = []
    if path.endswith(".jsonl"):
        for line in open(path):
            t = json.loads(line)
            vals = [r["value"] for r in t["runs"] if r.get("value") is not None]
            u = next((r for r in t["runs"] if r["metric"] == "uops"), None)
            metric = t["runs"][0]["metric"] if t["runs"] else ""
            tests.append(dict(core=t["core"], page_id=t["page_id"], test_index=t["test_index"], kind=t["kind"],
                              test_name=t["test_name"], count=t["count"], chain=t["chain_cycles"], metric=metric,
                              value=statistics.median(vals) if vals else None,
                              retires=u and u["retires"], nops=u and u["retires_minus_nops"],
                              issues=u and u["issues"], int_issues=u and u["int_issues"],
                              mem_issues=u and u["mem_issues"], fp_issues=u and u["fp_issues"],
                              code=t["code"], loop=t["loop"], init=t.get("init") or [],
                              runs=[(r["unrolls"], r["iterations"], r["value"]) for r in t["runs"]
                                    if r.get("value") is not None and t["kind"] != "uops"]))
        return tests
    with open(path) as f:
        header = None
        for line in f:
            if line.startswith("#"):
                continue
            cells = line.rstrip("\n").split("\t")
            if header is None:
                header = cells
                continue
            r = dict(zip(header, cells))
            num = lambda k: float(r[k]) if r.get(k, "") != "" else None
            tests.append(dict(core=r["core"], page_id=r["page_id"], test_index=int(r["test_index"]), kind=r["kind"],
                              test_name=r["test_name"], count=num("count"), chain=num("chain_cycles"),
                              metric=r["metric"], value=num("value"), retires=num("retires"),
                              nops=num("retires_minus_nops"), issues=num("issues"), int_issues=num("int_issues"),
                              mem_issues=num("mem_issues"), fp_issues=num("fp_issues"),
                              code=r["code"].split("\\n"), loop=r["loop"],
                              init=r.get("init", "").split("\\n"),
                              runs=[tuple(float(v) for v in x.split(":")) for x in r.get("runs", "").split(",") if x]))
    return tests


def name_of(t):
    return "%s#%d" % (t["page_id"], t["test_index"])


BRANCH = re.compile(r"^(b|bl|b\.\w+|cbn?z|tbn?z|br|blr|ret)\b")
COND_REG = re.compile(r"^(cbn?z|tbn?z)\s+([xw]\d+)\s*,\s*(?:#(\d+)\s*,\s*)?")
MOV_IMM = re.compile(r"^mov\s+([xw]\d+)\s*,\s*#?(-?\w+)\s*$")


def instructions(t):
    """the test's instructions; a cbz/cbnz/tbz/tbnz on a register the init sets to a constant
    (mov reg, imm) and the code never writes gets the direction that constant gives, as a
    `// uarch: taken | not-taken` hint (the tool cannot see the init)"""
    consts = {}
    for l in t.get("init") or []:
        m = MOV_IMM.match(l.strip())
        if m:
            try:
                consts[m.group(1)[1:]] = int(m.group(2), 0)
            except ValueError:
                pass
    ins = [x.strip() for cl in t["code"] for x in cl.split(" ; ")]
    written = {re.split(r"[\s,]+", x)[1][1:] for x in ins if len(re.split(r"[\s,]+", x)) > 1
               and not BRANCH.match(x) and re.match(r"[xw]\d+$", re.split(r"[\s,]+", x)[1])}
    out = []
    for x in ins:
        m = COND_REG.match(x)
        r = m and m.group(2)[1:]
        if m and r in consts and r not in written:
            v = consts[r]
            taken = (v == 0) if m.group(1).startswith("cb") else not (v >> int(m.group(3)) & 1)
            taken = taken != m.group(1).endswith("nz")
            x += "   // uarch: " + ("taken" if taken else "not-taken")
        out.append(x)
    return out


def regions(t):
    """(region name, unrolls) of a test: its code once, or, when it branches, the code repeated
    as each measured run repeated it (the runs differ in footprint: 100 or 1000 copies, which
    the BTB and the L1I see; straight-line code is predicted by its own steady state)"""
    if any(BRANCH.match(x) for x in instructions(t)) and t.get("runs"):
        return [("%s@%d" % (name_of(t), u), int(u)) for u in sorted({r[0] for r in t["runs"]})]
    return [(name_of(t), 1)]


def build_file(tests):
    """the asm text and a map line number -> test name"""
    lines, owner = [], {}
    for t in tests:
        n = name_of(t)
        for rn, u in regions(t):
            lines.append("# LLVM-MCA-BEGIN " + rn)
            owner[len(lines)] = n
            if u > 1:
                lines.append(".rept %d" % u)
                owner[len(lines)] = n
            for ins in instructions(t):
                lines.append(ins)
                owner[len(lines)] = n
            if u > 1:
                lines.append(".endr")
                owner[len(lines)] = n
            lines.append("# LLVM-MCA-END " + rn)
            owner[len(lines)] = n
    return "\n".join(lines) + "\n", owner


ERR = re.compile(r"^[^:\s]+:(\d+):(\d+): error: (.*)$")


def divider_case(t):
    m = re.match(r"[SU]DIV_(medium|slow)", t["page_id"])
    return m.group(1) if m else "fast"


def run_tool(argv_fn, tests, iters_list, label):
    """Run the tool on all tests (one file) for each iteration count.  Tests the tool rejects
    are dropped (reason recorded) and the run is retried.  Returns ({iters: {name: region}},
    {name: reason})."""
    rejected = {}
    todo = list(tests)
    results = {}
    for attempt in range(400):
        text, owner = build_file(todo)
        with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
            f.write(text)
            path = f.name
        try:
            bad = {}
            results = {}
            # screen with 1 iteration (cheap) until the tool accepts every test, then the real runs
            for it in (1,) + tuple(iters_list):
                p = subprocess.run(argv_fn(path, it), capture_output=True, text=True)
                lines = p.stderr.splitlines()
                for k, l in enumerate(lines):
                    m = ERR.match(l)
                    if m and int(m.group(1)) in owner:
                        bad.setdefault(owner[int(m.group(1))], m.group(3))
                    # llvm-mca: "error: found an unsupported instruction ..." + "note: instruction: <text>"
                    if l.startswith("note: instruction:"):
                        ins = " ".join(l[len("note: instruction:"):].replace(",", ", ").split())
                        why = lines[k - 1][len("error: "):] if k > 0 and lines[k - 1].startswith("error: ") else "unsupported"
                        for t in todo:
                            if any(" ".join(x.replace(",", ", ").split()) == ins
                                   for x in instructions(t)):
                                bad.setdefault(name_of(t), why + ": " + ins)
                if bad:
                    break
                if p.returncode != 0:
                    raise SystemExit("%s failed (exit %d) without a located error:\n%s" % (label, p.returncode, p.stderr[:2000]))
                if it == 1:
                    continue
                d = json.loads(p.stdout)
                results[it] = {r.get("Name", ""): r for r in d["CodeRegions"]}
        finally:
            os.unlink(path)
        if not bad:
            return results, rejected
        rejected.update(bad)
        todo = [t for t in todo if name_of(t) not in bad]
    raise SystemExit("%s: too many rejected tests" % label)


def score(tests, res, rejected, with_counters):
    rows = []
    cyc = [t for t in tests if t["kind"] != "uops" and t["value"] is not None]
    for t in cyc:
        n = name_of(t)
        rs = regions(t)
        if n in rejected or any(rn not in res.get(100, {}) or rn not in res.get(300, {}) for rn, _ in rs):
            rows.append((t, None, 1.0, rejected.get(n, "missing region")))
            continue
        # one prediction per measured configuration; the measured value is the median of the runs'
        runs = [r[0] for r in t["runs"]] if len(rs) > 1 else [1]
        per = {u: (res[300][rn]["SummaryView"]["TotalCycles"] - res[100][rn]["SummaryView"]["TotalCycles"]) / 200.0 / u
               for rn, u in rs}
        p = statistics.median(per[int(u)] for u in runs)
        if t["metric"] == "cycles_per_code_div_count" and t["count"]:
            p /= t["count"]
        if t["metric"] == "cycles_per_code_minus_chain" and t["chain"]:
            p -= t["chain"]
        m = t["value"]
        rows.append((t, p, abs(p - m) / max(abs(m), FLOOR), ""))
    uops = [t for t in tests if t["kind"] == "uops" and t["retires"] is not None]
    umatch, uworst = 0, []
    if with_counters:
        for t in uops:
            n = name_of(t)
            r = res.get(100, {}).get(n)
            sc = r and r.get("SimulatedCounters")
            if not sc:
                uworst.append((t, rejected.get(n, "no SimulatedCounters")))
                continue
            it = r["SummaryView"]["Iterations"]
            got = dict(retires=sc["retire_uop"] / it - (t["nops"] or 0), issues=sc["schedule_uop"] / it,
                       int_issues=sc["schedule_int_uop"] / it, mem_issues=sc["schedule_ldst_uop"] / it,
                       fp_issues=sc["schedule_simd_uop"] / it)
            diff = [k for k in got if abs(got[k] - t[k]) > 0.05]
            if not diff:
                umatch += 1
            else:
                uworst.append((t, ", ".join("%s %.3g want %.3g" % (k, got[k], t[k]) for k in diff)))
    return rows, umatch, len(uops), uworst


def summary(rows):
    errs = [e for (_, _, e, _) in rows]
    if not errs:
        return 0.0, 0.0
    return 100.0 * sum(errs) / len(errs), 100.0 * sum(1 for e in errs if e <= 0.05) / len(errs)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--uarch", default=os.path.join(ROOT, "build", "uarch"))
    ap.add_argument("--data", default=os.path.join(ROOT, "tests", "data", "m1-dev.tsv"))
    ap.add_argument("--core", default="both")
    ap.add_argument("--llvm-mca", default="llvm-mca-14")
    ap.add_argument("--worst", type=int, default=20)
    ap.add_argument("--filter", default="")
    ap.add_argument("--dump", default="", help="write per-test predictions (TSV) to this file")
    a = ap.parse_args()
    if not os.path.exists(a.data):
        raise SystemExit("eval: no data file %s" % a.data)
    tests = load_tests(a.data)
    if a.filter:
        tests = [t for t in tests if re.search(a.filter, name_of(t))]
    cores = ["firestorm", "icestorm"] if a.core == "both" else [a.core]
    have_llvm = a.llvm_mca != "none" and subprocess.run(["sh", "-c", "command -v " + a.llvm_mca],
                                                        capture_output=True).returncode == 0
    dump = open(a.dump, "w") if a.dump else None
    for core in cores:
        ts = [t for t in tests if t["core"] == core]
        # division tests whose operands take the medium or slow case (page SDIV_slow_64...) run
        # with -divider=<case>: the operand values are the test's, the latency the model's
        ures, urej = {}, {}
        for case in ("fast", "medium", "slow"):
            sub = [t for t in ts if divider_case(t) == case]
            if not sub:
                continue
            r, rj = run_tool(lambda p, it: [a.uarch, "mca", "-mcpu=" + core, "-divider=" + case,
                                            "-iterations=%d" % it, "-json", p], sub, (100, 300), "uarch")
            for it, regs in r.items():
                ures.setdefault(it, {}).update(regs)
            urej.update(rj)
        rows, um, un, uworst = score(ts, ures, urej, True)
        mape, within = summary(rows)
        print("== %s: %d cycle tests, %d uops tests" % (core, len(rows), un))
        print("uarch mca   : MAPE %6.2f %%   within 5 %%: %6.2f %%   unsupported %d   uops counters match: %.2f %% (%d/%d)"
              % (mape, within, sum(1 for r in rows if r[1] is None), 100.0 * um / max(un, 1), um, un))
        if have_llvm:
            cts = [t for t in ts if t["kind"] != "uops"]
            lres, lrej = run_tool(lambda p, it: [a.llvm_mca, "-mtriple=aarch64", "-mcpu=apple-m1",
                                                 "-iterations=%d" % it, "-json", p], cts, (100, 300), "llvm-mca")
            lrows, _, _, _ = score(cts, lres, lrej, False)
            lm, lw = summary(lrows)
            print("%-12s: MAPE %6.2f %%   within 5 %%: %6.2f %%   unsupported %d" %
                  (a.llvm_mca, lm, lw, sum(1 for r in lrows if r[1] is None)))
        by_kind = collections.defaultdict(list)
        for r in rows:
            by_kind[r[0]["kind"]].append(r)
        for k, rs in sorted(by_kind.items()):
            m, w = summary(rs)
            print("  %-10s MAPE %6.2f %%  within 5 %%: %6.2f %%  (%d)" % (k, m, w, len(rs)))
        print("worst %d:" % a.worst)
        for t, p, e, why in sorted(rows, key=lambda r: -r[2])[:a.worst]:
            print("  %6.1f %%  %-28s %-34s meas %-8s pred %-8s %s" % (
                100 * e, name_of(t), t["test_name"][:34], "%.4g" % t["value"],
                "-" if p is None else "%.4g" % p, why or " | ".join(t["code"])[:70]))
        if uworst:
            print("uops mismatches (first %d of %d):" % (min(a.worst, len(uworst)), len(uworst)))
            for t, why in uworst[:a.worst]:
                print("  %-28s %s   [%s]" % (name_of(t), why, " | ".join(t["code"])[:60]))
        if dump:
            for t, p, e, why in rows:
                dump.write("%s\t%s\t%s\t%s\t%s\t%.4f\t%s\t%s\n" % (core, name_of(t), t["kind"], t["value"],
                           "" if p is None else "%.4f" % p, e, why, " | ".join(t["code"])))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
