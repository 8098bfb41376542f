#!/usr/bin/env bash
# diag-llvm-caret.sh — the whole of uarch mca's stderr for tests/errors/diag-llvm-caret.test
# (messages, source lines with tabs expanded, carets and "^~~~" underlines) is llvm-mca 19's,
# byte for byte (its closing "Assembly input parsing had errors" line after uarch's program name).  Needs
# llvm-mca-19 (skipped otherwise).
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
LLVM_MCA=${LLVM_MCA_19:-$(command -v llvm-mca-19 || echo /usr/lib/llvm-19/bin/llvm-mca)}
[ -x "$LLVM_MCA" ] || { echo "llvm-mca 19 not installed (make deps): the carets are not compared"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
awk '/^#--- /{exit} !/^# /{print}' "$ROOT/tests/errors/diag-llvm-caret.test" > "$t/in.s"
"$LLVM_MCA" -mtriple=aarch64 -mcpu=apple-m1 "$t/in.s" 2> "$t/llvm" >/dev/null
"$UARCH" mca -mcpu=apple-m1 "$t/in.s" 2>&1 >/dev/null | sed 's/^uarch mca: error: Assembly input/error: Assembly input/' > "$t/uarch"
[ "$(grep -c ': error: ' "$t/uarch")" -ge 12 ] || { echo "too few errors from uarch"; cat "$t/uarch"; exit 1; }
diff "$t/llvm" "$t/uarch" || { echo "stderr differs from llvm-mca 19's (< llvm, > uarch)"; exit 1; }
