#!/usr/bin/env bash
# fuzz-replay.sh — every input of the fuzz corpora in the tree (tests/fuzz/corpus*) run once
# through its target (issue 15, defect 8: the fuzzer covers the whole mca pipeline and the
# options), with the targets built without libFuzzer from this build's objects (fuzz.mk:
# BUILD/fuzz-replay-*; sanitizers with make check SAN=1): none may crash or abort.
set -u
: "${ROOT:?}" "${BUILD:?}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fails=0
for t in parse:corpus mca:corpus-mca options:corpus-options inputs:corpus-inputs; do
  bin=$BUILD/fuzz-replay-${t%%:*}
  [ -x "$bin" ] || { echo "skipped: $bin not built (make check builds it)"; exit 77; }
  dir=$ROOT/tests/fuzz/${t#*:}
  out=$(cd "$tmp" && TMPDIR=$tmp timeout 600 "$bin" "$dir"/* 2>&1 >/dev/null); rc=$?
  if [ $rc != 0 ]; then
    echo "fuzz_${t%%:*} on $dir: exit $rc"; printf '%s\n' "$out" | tail -n 20; fails=1
  fi
done
exit $fails
