#!/usr/bin/env bash
# corpus-compilers.sh — a few compiler outputs as users feed them to llvm-mca (tests/data/compilers/:
# gcc and g++, clang and clang++ for linux and macOS, Compiler Explorer's filtered view; -O1/-O2,
# -g1, -fsanitize=address, -pg with -mbranch-protection=standard, -mcmodel=large, -fPIC thread-locals,
# C++ exceptions and virtual calls; each file's header names its compiler command and source).
# `uarch mca -mtriple=T -mcpu=apple-m1 -iterations=1 -frontend=none` must exit 0 with the number of
# instructions the header records ("// instructions: N"), and, where llvm-mca-19 is installed, that
# number must still be llvm-mca-19's on the file (with the header's "// llvm-opts:", when it has
# them).  tools/corpus-survey.sh does the same over a whole corpus.  Without llvm-mca-19 the uarch
# half runs and the test then says skipped (77), naming what it could not compare.
set -u
: "${ROOT:?}" "${UARCH:?}"
LLVM_MCA=${LLVM_MCA_19:-$(command -v llvm-mca-19 || true)}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
count() { awk '/^Instructions:/ { n = $2 } END { print (n == "" ? "-" : n + 0) }'; }
fail=0 n=0
for f in "$ROOT"/tests/data/compilers/*.s; do
    b=${f##*/}
    t=$(sed -n 's|^// triple: ||p' "$f" | head -n 1)
    want=$(sed -n 's|^// instructions: ||p' "$f" | head -n 1)
    lopts=$(sed -n 's|^// llvm-opts: ||p' "$f" | head -n 1)
    [ -n "$t" ] && [ -n "$want" ] || { echo "FAIL $b: no '// triple:' or '// instructions:' line"; fail=1; continue; }
    opts=(-mtriple="$t" -mcpu=apple-m1 -iterations=1 -all-views=0 -summary-view)
    "$UARCH" mca "${opts[@]}" -frontend=none "$f" > "$tmp/out" 2> "$tmp/err"; rc=$?
    got=$(count < "$tmp/out")
    [ $rc = 0 ] || got="exit $rc, -"
    if [ "$got" != "$want" ]; then
        echo "FAIL $b: uarch mca: ${got} instructions, want $want; $(grep -m 1 error "$tmp/err")"; fail=1
    fi
    n=$((n + 1))
    [ -n "$LLVM_MCA" ] || continue
    # shellcheck disable=SC2086
    l=$("$LLVM_MCA" "${opts[@]}" $lopts "$f" 2> /dev/null | count)
    if [ "$l" != "$want" ]; then
        echo "FAIL $b: llvm-mca-19 ${lopts:+with $lopts }gives $l instructions, the header records $want"; fail=1
    fi
done
[ $n -gt 0 ] || { echo "FAIL: no file in tests/data/compilers"; exit 1; }
[ $fail = 0 ] || exit 1
if [ -z "$LLVM_MCA" ]; then
    echo "skip: llvm-mca-19 is not installed (bash .ci/deps installs it): uarch's counts of the $n files hold, not compared with llvm's"
    exit 77
fi
echo "$n files: uarch mca's exit status and instruction counts are llvm-mca-19's"
