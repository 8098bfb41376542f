#!/usr/bin/env bash
# bench-signals.sh — SIGINT and SIGTERM during `uarch bench` (issue 15 item 6, issue 19 item 5):
# a sweep stops, reports what it measured (table / JSON, CSV and SVG marked interrupted; series
# never measured say "not measured"), removes its temporary files and ends by the signal (exit
# 130 / 143); the same while the compiler runs, while it is looked for, and for `bench run`.
# Temporary files go to a private TMPDIR, which must be empty afterwards.  No timing at all: the
# signal is sent when the sweep has reached a given step, which a wrapper given as $CC tells
# (each compiler call logged: a fixed delay raced with the machine's load: on a loaded 2-core CI
# machine the compile of `bench run` outlasted the 1.5 s meant for the measuring).
set -u
U=${UARCH:?}
unset CC
[ "$(uname -m)" = x86_64 ] || { echo "skip: host is $(uname -m), these snippets are x86-64"; exit 77; }
real_cc=$(command -v cc || command -v gcc) || { echo "skip: no C compiler (cc/gcc) for the runner"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
mkdir "$t/tmp"
export TMPDIR="$t/tmp"
cd "$t"
set -m    # (background jobs of a script otherwise ignore SIGINT)
fail=0
bad() { echo "FAIL $*"; fail=1; }
empty_tmp() { [ -z "$(ls -A "$TMPDIR")" ] || { bad "$1: left in TMPDIR: $(ls -A "$TMPDIR")"; rm -rf "${TMPDIR:?}"/*; }; }

# the compiler, logging each call to ./cc.log: "probe" (-dumpmachine: after WCC_PROBE_SLEEP
# seconds when set), "build" when a build starts, "built" when it ended
cat > wcc <<W
#!/bin/sh
case " \$* " in
  *" -dumpmachine "*) echo probe >> "$t/cc.log"; [ -z "\${WCC_PROBE_SLEEP:-}" ] || sleep "\$WCC_PROBE_SLEEP" ;;
  *) echo build >> "$t/cc.log"; "$real_cc" "\$@"; rc=\$?; echo built >> "$t/cc.log"; exit \$rc ;;
esac
exec "$real_cc" "\$@"
W
chmod +x wcc
# A signal ignored by whoever started the suite stays ignored in uarch (as nohup wants), and a
# background job of a shell without job control (`make check &` in a script) starts with SIGINT
# ignored: uarch runs with SIGINT's default restored (coreutils' env --default-signal), or the
# SIGINT cases would fail for how the tests were started, not for what uarch does.
ign=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status 2> /dev/null)
defsig=()
if env --default-signal=INT true 2> /dev/null; then defsig=(env --default-signal=INT)
elif [ -n "$ign" ] && [ $((0x$ign & 2)) != 0 ]; then
  echo "skip: SIGINT is ignored here (started in the background?) and env --default-signal is missing to restore it"; exit 77
fi
# at SIG KIND N CMD...: CMD (with the wrapper as CC) in the background, SIG sent to it once
# cc.log holds N lines KIND; rc: its exit status, ./out and ./err its output
at() {
  local sig=$1 kind=$2 n=$3 pid i; shift 3
  : > cc.log
  CC="$t/wcc" "${defsig[@]}" "$@" > out 2> err &
  pid=$!
  for i in $(seq 6000); do   # (10 minutes at most: a slow machine is waited for)
    [ "$(grep -cx "$kind" cc.log)" -ge "$n" ] && break
    kill -0 $pid 2> /dev/null || break
    sleep 0.1
  done
  [ "$(grep -cx "$kind" cc.log)" -ge "$n" ] || echo "note: '$*' ended before its compiler call $kind $n"
  kill -s $sig $pid 2> /dev/null
  { wait $pid; } 2> /dev/null; rc=$?
}

# a sweep, SIGINT then SIGTERM at its fourth build (points measured before it): partial report,
# files marked interrupted
for sig in INT TERM; do
  want=$([ $sig = INT ] && echo 130 || echo 143)
  rm -f s.csv s.svg
  at $sig build 4 "$U" bench dcache -q -runs 3 -min 4K -max 64M -ppo 8 -csv s.csv -svg s.svg
  [ $rc = $want ] || bad "dcache SIG$sig: exit $rc, want $want"
  grep -q "^uarch: bench dcache: interrupted by SIG$sig, reporting the [0-9]* points measured" err || bad "dcache SIG$sig: no message: $(cat err)"
  grep -q '^findings (interrupted: partial sweep):' out || bad "dcache SIG$sig: no partial findings"
  head -n 1 s.csv | grep -q ',interrupted,emulated,implausible,raw,passes$' || bad "dcache SIG$sig: csv header: $(head -n 1 s.csv)"
  awk -F, 'NR > 1 && $(NF-4) != 1 { bad = 1 } END { exit bad }' s.csv || bad "dcache SIG$sig: a csv row not marked interrupted"
  grep -q '(interrupted)' s.svg || bad "dcache SIG$sig: svg not marked interrupted"
  empty_tmp "dcache SIG$sig"
done
# JSON marked, series never measured are "not measured", never "no step up" (the signal at the
# third build: inside the first series, 'nop')
at TERM build 3 "$U" bench rob -q -json -filler nop,add -max 100
mv out out.json
[ $rc = 143 ] || bad "rob -json SIGTERM: exit $rc, want 143"
grep -q '"interrupted": true' out.json || bad "rob -json: not marked interrupted"
grep -q '"measured": false' out.json || bad "rob -json: no series marked not measured"
grep -q 'no step up' out.json && bad "rob -json: claims 'no step up' for a series it never measured"
grep -q 'not measured' out.json || bad "rob -json: no 'not measured' finding"
empty_tmp "rob SIGTERM"
# while the compiler runs (a large .rept takes it seconds): said so, nothing left in TMPDIR (it
# said "'cc -shared' failed (exit 143)", the compiler ended by the signal passed on to it)
at TERM build 1 "$U" bench run -init '.rept 20000000; nop; .endr' nop
[ $rc = 143 ] || bad "bench run SIGTERM while compiling: exit $rc, want 143: $(cat err)"
grep -qx 'uarch: error: interrupted (SIGTERM) while the compiler ran; nothing measured' err ||
  bad "bench run SIGTERM while compiling: message: $(cat err)"
[ -s out ] && bad "bench run SIGTERM while compiling: stdout: $(cat out)"
empty_tmp "bench run SIGTERM while compiling"
# while the compiler is looked for (its -dumpmachine; it said "compiler ... does not target x86_64")
WCC_PROBE_SLEEP=600 at INT probe 1 "$U" bench run nop
[ $rc = 130 ] || bad "bench run SIGINT while probing the compiler: exit $rc, want 130: $(cat err)"
grep -qx 'uarch: error: interrupted (SIGINT) while looking for the compiler' err ||
  bad "bench run SIGINT while probing the compiler: message: $(cat err)"
# while the snippet runs (built: the compiler has returned)
at INT built 1 "$U" bench run -iters 100000000 -timeout 100 nop
[ $rc = 130 ] || bad "bench run SIGINT while measuring: exit $rc, want 130: $(cat err)"
grep -q 'interrupted (SIGINT)' err || bad "bench run SIGINT: no message: $(cat err)"
empty_tmp "bench run SIGINT while measuring"
exit $fail
