# exp-props.py — properties every `uarch bench <experiment> -json` output must have (issue 19),
# checked by tests/sh/exp-x86.sh on each experiment's output:
#   - every point's statistics come from one distribution: min <= q25 <= median <= q75 <= max,
#     and min <= best <= max (where available: null is "not a time");
#   - every finding's words agree with its numbers: a plateau runs forwards, the value (a
#     capacity) lies after its plateau and, unless the words say the curve climbs past the next
#     level's start, not after it; the note names the next level where there is one; a
#     throughput "reached from N chains" names the finding's own N; a level that disagrees
#     with sysfs prints its own ratio;
#   - -repeat: a value per run, agree <= found <= runs, the note gives them.
import json, re, sys

def check(path):
    d = json.load(open(path))
    errs = []
    eps = 1e-9
    for s in d["series"]:
        for p in s["points"]:
            v = [p.get(k) for k in ("min", "q25", "median", "q75", "max")]
            f = [x for x in v if x is not None]
            if any(a > b * (1 + eps) + eps for a, b in zip(f, f[1:])):
                errs.append("%s x=%s: statistics out of order %s" % (s["name"], p["x"], v))
            b = p.get("best")
            if b is not None and p.get("min") is not None and p.get("max") is not None \
                    and not (p["min"] * (1 - eps) - eps <= b <= p["max"] * (1 + eps) + eps):
                errs.append("%s x=%s: best %s outside min..max %s..%s" % (s["name"], p["x"], b, p["min"], p["max"]))
    for f in d["findings"]:
        name, note = f["name"], f.get("note", "")
        val = f.get("count", f.get("size_bytes"))
        pl, nxt = f.get("plateau"), f.get("next_level_from")
        if pl and pl[0] > pl[1]:
            errs.append("%s: plateau %s runs backwards" % (name, pl))
        if pl and val is not None and nxt is not None:
            if val < pl[1] - eps:
                errs.append("%s: value %s before the end of its plateau %s" % (name, val, pl))
            if val > nxt + eps and "lies on the climb" not in note:
                errs.append("%s: value %s past the next level (%s) but the note says nothing: %s" % (name, val, nxt, note))
            if val <= nxt and "the next level from" not in note:
                errs.append("%s: the note does not name the next level: %s" % (name, note))
        if "reached from" in note and val is not None and ("reached from %.0f " % val) not in note:
            errs.append("%s: value %s, note: %s" % (name, val, note))
        # a level beside its sysfs size: the ratio printed is the value's
        m = re.search(r"DISAGREES with sysfs: .* measured, ([0-9.]+) ([KMG]i)?B in sysfs \(([0-9.]+) x\)", note)
        if m and val is not None:
            sz = float(m.group(1)) * {None: 1, "Ki": 1024, "Mi": 1 << 20, "Gi": 1 << 30}[m.group(2)]
            if abs(val / sz - float(m.group(3))) > 0.01 * float(m.group(3)) + 0.006:
                errs.append("%s: value %s, sysfs %s, but the note says %s x" % (name, val, sz, m.group(3)))
        # -repeat: a value per run, the counts in order
        rep = f.get("repeat")
        if rep:
            if len(rep["values"]) != rep["runs"]:
                errs.append("%s: %d values for %d runs" % (name, len(rep["values"]), rep["runs"]))
            if not (0 <= rep["agree"] <= rep["found"] <= rep["runs"]):
                errs.append("%s: repeat counts out of order %s" % (name, rep))
            if sum(v is not None for v in rep["values"]) != rep["found"]:
                errs.append("%s: %d values found, the count says %d" % (name, sum(v is not None for v in rep["values"]), rep["found"]))
            if ("over %d runs:" % rep["runs"]) not in note:
                errs.append("%s: the note does not give the runs: %s" % (name, note))
    return errs

bad = 0
for path in sys.argv[1:]:
    for e in check(path):
        print("%s: %s" % (path, e))
        bad = 1
sys.exit(bad)
