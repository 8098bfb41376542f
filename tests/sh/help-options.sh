#!/usr/bin/env bash
# help-options.sh — every command's --help lists every option it takes and none it does not:
# the option names of its source (mca's table src/cmd/mca.c opts[], the words decode, clock and pmu
# compare) each appear in its help, and each option its help names is taken (not "unknown"),
# uarch bench's subcommands included.
set -u
: "${UARCH:?}"
SRC=$(dirname "$0")/../../src
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fails=0
names_in_help() {   # the -names in a help text: its usage lines' [-x ...] and -x, the lines that start with one
    awk '/^(usage|USAGE): |^ +uarch /{ while (match($0, /[[ ]--?[a-z][a-z0-9_-]*/)) { print substr($0, RSTART + 1, RLENGTH - 1); $0 = substr($0, RSTART + RLENGTH) } next }
         /^ +--?[a-z]/{ sub(/^ +/, ""); print $1 }' | sed -E 's/^-+//; s/[=<].*//' | sort -u
}
unknown() {         # unknown CMD... -- NAME: does the command call it unknown?
    "$UARCH" "$@" 2>&1 < /dev/null | grep -qE "unknown (command line argument|option) '-"
}
# (1) names of the source in the help
check_source() {    # check_source CMD NAMES_FILE
    local cmd=$1 n
    "$UARCH" help $cmd > "$t/help.$cmd" 2>&1 || "$UARCH" $cmd --help > "$t/help.$cmd" 2>&1
    names_in_help < "$t/help.$cmd" > "$t/h.$cmd"
    while read -r n; do
        grep -qxF -- "$n" "$t/h.$cmd" || { echo "FAIL: uarch $cmd takes -$n, its --help does not list it"; fails=1; }
    done < "$2"
}
grep -oE '^\s*\{"[a-z0-9-]+", O_' "$SRC/cmd/mca.c" | sed -E 's/^\s*\{"([a-z0-9-]+)".*/\1/' | sort -u > "$t/s.mca"
grep -oE 'opt_word_is\(&w, "[a-z0-9-]+"\)' "$SRC/cmd/decode.c" | sed -E 's/.*"(.*)".*/\1/' | grep -vxE 'h|help' | sort -u > "$t/s.decode"
for c in clock pmu; do
    grep -oE '(strcmp\(a|opt_val\(argc, argv, &i), "--?[a-z][a-z0-9-]*"\)' "$SRC/cmd/$c.c" | sed -E 's/.*"-+(.*)".*/\1/' |
        grep -vxE 'h|help' | sort -u > "$t/s.$c"
done
[ "$(wc -l < "$t/s.mca")" -gt 40 ] && [ "$(wc -l < "$t/s.decode")" -ge 3 ] && [ "$(wc -l < "$t/s.clock")" -ge 3 ] &&
    [ "$(wc -l < "$t/s.pmu")" -ge 5 ] || { echo "FAIL: the option names of the sources were not found"; exit 1; }
for c in mca decode clock pmu; do check_source $c "$t/s.$c"; done
# (2) names of the help taken
while read -r n; do
    case $n in help|help-*|version) continue ;; esac
    unknown mca "-$n=1" /dev/null && unknown mca "-$n" /dev/null && { echo "FAIL: uarch mca --help lists -$n, which it does not take"; fails=1; }
done < "$t/h.mca"
while read -r n; do
    case $n in help) continue ;; esac
    unknown decode "-$n" /dev/null && { echo "FAIL: uarch decode --help lists -$n, which it does not take"; fails=1; }
done < "$t/h.decode"
while read -r n; do
    case $n in help) continue ;; esac
    unknown clock "-$n" nosuch && { echo "FAIL: uarch clock --help lists -$n, which it does not take"; fails=1; }
done < "$t/h.clock"
while read -r n; do
    case $n in help|mcpu|sim-permute) continue ;; esac   # (sim's options: `-backend=sim -mcpu=...`, taken by stat and scan)
    unknown pmu list "-$n" && unknown pmu stat "-$n" x && unknown pmu scan "-$n" x &&
        { echo "FAIL: uarch pmu --help lists -$n, which no subcommand takes"; fails=1; }
done < "$t/h.pmu"
for n in mcpu sim-permute; do
    unknown pmu scan -backend=sim "-$n=1" && { echo "FAIL: uarch pmu scan does not take -$n"; fails=1; }
done
# (3) uarch bench: every subcommand's --help names options it takes.  A sweep parses its options
# before it measures: `-NAME -h -h` is help (a flag, or an option whose value is a file name) or a
# bad value (a number), never "unknown" for an option it takes; `bench run` without a snippet stops
# before running anything.  (Nothing may run: 20 s is a failure, not a wait.)
bench_unknown() {   # bench_unknown CMD NAME: does uarch bench CMD call -NAME unknown?
    local out rc
    if [ "$1" = run ]; then out=$(timeout 20 "$UARCH" bench run "-$2" 2>&1 < /dev/null); rc=$?
    else out=$(timeout 20 "$UARCH" bench "$1" "-$2" -h -h 2>&1 < /dev/null); rc=$?; fi
    [ $rc = 124 ] && { echo "FAIL: uarch bench $1 -$2 ran instead of stopping at its options"; fails=1; return 1; }
    grep -qE "unknown (command line argument|option) '-" <<< "$out"
}
"$UARCH" bench list > "$t/bench.list" 2>&1
awk '/^  [a-z]+ /{ print $1 }' "$t/bench.list" | grep -vxE 'list|selftest' > "$t/bench.cmds"
[ "$(wc -l < "$t/bench.cmds")" -ge 10 ] && grep -qx run "$t/bench.cmds" && grep -qx dcache "$t/bench.cmds" ||
    { echo "FAIL: uarch bench list names no subcommands"; exit 1; }
bench_unknown dcache nosuch && bench_unknown run nosuch ||
    { echo "FAIL: uarch bench takes -nosuch (the check below would prove nothing)"; fails=1; }
while read -r c; do
    "$UARCH" bench $c --help > "$t/help.bench.$c" 2>&1
    names_in_help < "$t/help.bench.$c" | sed 's/[:/].*//' | grep -vxE 'h|help' | sort -u > "$t/h.bench.$c"
    [ "$(wc -l < "$t/h.bench.$c")" -ge 5 ] || { echo "FAIL: uarch bench $c --help lists fewer than 5 options"; fails=1; }
    while read -r n; do
        bench_unknown "$c" "$n" && { echo "FAIL: uarch bench $c --help lists -$n, which it does not take"; fails=1; }
    done < "$t/h.bench.$c"
done < "$t/bench.cmds"
[ $fails = 0 ] && echo ok
exit $fails
