#!/usr/bin/env bash
# tests/sh/frontend-curves.sh — the seed-004 front-end curves (fetch page crossing, NOP IPC over
# footprint, BTB chains 4 B and 8 B apart, a b per page over pages for the ITLB, both cores)
# against their golden values in tests/sh/frontend-curves.expected (simulated cycles: exact).
set -u
out=$(bash "$ROOT/tools/frontend-curves.sh" "$UARCH") || { echo "FAIL: tools/frontend-curves.sh"; exit 1; }
if ! diff -u <(grep -v '^#' "$ROOT/tests/sh/frontend-curves.expected") <(printf '%s\n' "$out"); then
    echo "FAIL: the front-end curves differ from tests/sh/frontend-curves.expected"; exit 1
fi
