#!/usr/bin/env bash
# a64-dot-args.sh — a '.' alone among a directive's arguments (llvm's Dot token: no identifier)
# never crashes the parser: every directive of src/asm/directives.tsv, alone on a line, with the
# arguments `.`, `x, .`, `1 "a.c" .`, `x, #.` and `.-a`, under the ELF and the Darwin triple:
# `uarch mca` exits 0, or 1 with an error; no signal, no sanitizer report (run it under a SAN=1
# build: tests/run.sh build-san), no timeout.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fail=0 n=0
names=$(awk -F'\t' '!/^#/ && NF && $1 != "name" {print $1}' "$ROOT/src/asm/directives.tsv")
[ "$(wc -w <<< "$names")" -ge 200 ] || { echo "too few directives read from src/asm/directives.tsv"; exit 1; }
for triple in aarch64 arm64-apple-macos; do
    for d in $names; do
        for args in '.' 'x, .' '1 "a.c" .' 'x, #.' '.-a'; do
            printf '.%s %s\n' "$d" "$args" > "$t/dot.s"
            (cd "$t" && timeout 20 "$UARCH" mca -mtriple=$triple -mcpu=apple-m1 dot.s > /dev/null 2> err); rc=$?
            n=$((n + 1))
            if { [ $rc -ne 0 ] && [ $rc -ne 1 ]; } || { [ $rc -eq 1 ] && ! grep -q 'error: ' "$t/err"; } ||
                grep -q -e 'runtime error' -e 'Sanitizer' "$t/err"; then
                echo "$triple: '.$d $args': exit $rc"; head -n 5 "$t/err"; fail=1
            fi
        done
    done
done
[ $n -ge 2000 ] || { echo "only $n lines run"; fail=1; }
exit $fail
