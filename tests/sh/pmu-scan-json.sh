#!/usr/bin/env bash
# pmu-scan-json.sh — the shape of `uarch pmu scan -json` as issue 18 states it:
#   {"backend", "permutation" (sim only), "probes":[{"name","expected","findings":[{"event","name",
#    "slope","score"}]}]}
# with `event` "0x.." (a string) for hardware ids and the config number (a number) for software
# events.  Our additions, and nothing else: "mcpu" (sim), "near_misses" (same objects as the
# findings), "skipped" (a probe the backend cannot run, with why), "system_wide_left_out" (perf, where
# sysfs has system-wide PMUs such as RAPL's power/: how many events were not scanned).  Checked on sim with and without
# -sim-permute (permutation: {"seed", "ids": {"0x..": "0x.."}} or null) and on perf (no permutation).
set -u
U=${UARCH:?}
PY=$(command -v python3 || true)
[ -n "$PY" ] || { echo "skip: no python3 to parse the JSON"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fail=0
check() {  # label file backend-kind
  "$PY" - "$1" "$2" "$3" <<'PY' || fail=1
import json, re, sys
label, path, kind = sys.argv[1:]
d = json.load(open(path))
bad = []
def need(c, what):
    if not c: bad.append(what)
top = {"backend", "probes"} | ({"permutation", "mcpu"} if kind.startswith("sim") else set())
need(set(d) - {"system_wide_left_out"} == top and (kind == "perf" or "system_wide_left_out" not in d),
     "top-level keys %s, want %s" % (sorted(d), sorted(top)))
need(isinstance(d.get("backend"), str), "backend not a string")
if kind == "sim-permuted":
    p = d.get("permutation")
    need(isinstance(p, dict) and set(p) == {"seed", "ids"} and isinstance(p["seed"], int), "permutation shape")
    ids = p.get("ids", {}) if isinstance(p, dict) else {}
    need(len(ids) == 256 and sorted(ids.values()) == sorted(ids), "permutation is not one of the 256 ids")
    need(all(re.fullmatch(r"0x[0-9a-f]{2}", k) and re.fullmatch(r"0x[0-9a-f]{2}", v) for k, v in ids.items()),
         "permutation ids not 0x..")
elif kind == "sim":
    need(d.get("permutation") is None, "permutation not null without -sim-permute")
probes = d.get("probes")
need(isinstance(probes, list) and probes, "probes not a non-empty list")
nfound = 0
for pr in probes or []:
    keys = set(pr)
    need({"name", "expected", "findings"} <= keys <= {"name", "expected", "findings", "near_misses", "skipped"},
         "probe keys %s" % sorted(keys))
    need(isinstance(pr.get("name"), str) and isinstance(pr.get("expected"), (int, float)), "probe name/expected")
    for k in ("findings", "near_misses"):
        for f in pr.get(k, []):
            nfound += k == "findings"
            need(set(f) == {"event", "name", "slope", "score"}, "finding keys %s" % sorted(f))
            ev = f.get("event")
            if kind.startswith("sim"):
                need(isinstance(ev, str) and re.fullmatch(r"0x[0-9a-f]{2}", ev), "sim event %r not 0x.." % (ev,))
            else:
                need(isinstance(ev, int) and not isinstance(ev, bool), "software event %r not a config number" % (ev,))
            need(isinstance(f.get("name"), str), "finding name")
            need(all(isinstance(f.get(x), (int, float)) for x in ("slope", "score")), "slope/score not numbers")
# (the simulated PMU always finds its events; on perf a finding is a measurement on a machine
# that may be busy, and this test checks the shape only: a run without findings fails nothing)
need(nfound > 0 or kind == "perf", "no finding at all")
if bad:
    print("FAIL %s: %s" % (label, "; ".join(sorted(set(bad)))))
    sys.exit(1)
PY
}
"$U" pmu scan -backend=sim -json > "$t/sim.json" || { echo "FAIL sim scan exit $?"; fail=1; }
check sim "$t/sim.json" sim
"$U" pmu scan -backend=sim -mcpu=icestorm -sim-permute=7 -probe=cycles,calls -json > "$t/perm.json" || { echo "FAIL permuted scan exit $?"; fail=1; }
check sim-permuted "$t/perm.json" sim-permuted
if "$U" pmu list -backend=perf | grep -q '^perf: unavailable'; then
  echo "note: perf_event_open unavailable here: the perf shape is not checked"
else
  "$U" pmu scan -backend=perf -probe=page_faults -json > "$t/perf.json" || { echo "FAIL perf scan exit $?"; fail=1; }
  check perf "$t/perf.json" perf
fi
exit $fail
