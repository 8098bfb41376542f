#!/usr/bin/env bash
# corpus-llvm.sh — issue 16's corpus acceptance: compiler output of this project's own C files,
# for every target clang has for AArch64 users, analysed by `uarch mca` with the same instructions
# as llvm-mca-19 (the count, per file and target).
#
# Code generators (each where installed):
#   clang -O2 -mcpu=apple-m1 -S   --target= aarch64-linux-gnu, arm64-apple-macos (-mmacosx-version-min=11.0,
#                                 the first macOS on M1: thread-local storage needs it), aarch64-pc-windows-msvc;
#   the same through LLVM 19's code generator (clang -emit-llvm, then llc-19 -O2 -mcpu=apple-m1): what
#                                 clang 19 writes, the back end llvm-mca-19 was built with;
#   aarch64-linux-gnu-gcc -O2 -S.
# Headers: there is no AArch64 libc for macOS or Windows here. The AArch64 glibc headers the cross
# toolchain brings (libc6-dev-arm64-cross, found through the compiler) stand in for all three targets
# (-isystem; on Darwin -U__nonnull, a keyword there that glibc's <sys/cdefs.h> uses as a macro). The
# files compile as they are; what matters here is the code generator's assembly, not the platform API.
# clang before 18 writes COFF constant names unquoted (`adrp x8, __real@4000...`), which llvm-mc 19
# takes as a symbol variant and rejects; those names are quoted here as LLVM 19 writes them.
#
# Each file is analysed by `llvm-mca-19 -mtriple=T -mcpu=apple-m1 -iterations=1` and by
# `uarch mca` with the same options and -frontend=none (llvm-mca's straight-line model: uarch's own
# front end follows branches and leaves jumped-over instructions out of its views); the counts of
# the summary ("Instructions:") and of the instruction info view must be equal, and so must the
# instruction text of every row (LLVM's printer: preferred aliases, Apple's syntax on Darwin,
# quoted symbols; src/a64/print.c). A file llvm-mca-19
# rejects is listed with its first error and not compared (uarch must still read it); every target
# a compiler is installed for must compare at least one file.
#
# The files: a subset of src/ that keeps this test near a minute and still brings every kind of
# section and directive the targets emit: floating-point literals (util/knee.c: literal sections,
# __real@/__xmm@ constants), thread-local storage (mca/region.c: .tbss/__thread_vars, .tls$),
# jump tables and strings (asm/expr.c), zero-filled statics (a64/match.c: .zerofill, .lcomm),
# formatting code (util/fmt.c), plain integer code (util/stats.c, a64/imm.c), and a file whose
# assembly is longer than one input chunk of uarch mca (a64/parse.c, over 4096 lines).
# Skips (77) when llvm-mca-19 is absent, or no AArch64 compiler with AArch64 libc headers is.
set -u
: "${ROOT:?}" "${UARCH:?}"
command -v llvm-mca-19 >/dev/null 2>&1 || { echo "skip: llvm-mca-19 is not installed (bash .ci/deps installs it)"; exit 77; }
srcs="util/stats.c util/knee.c util/fmt.c asm/expr.c mca/region.c a64/match.c a64/imm.c a64/parse.c"
triples="aarch64-linux-gnu arm64-apple-macos aarch64-pc-windows-msvc"
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT

# the AArch64 libc headers: where the compiler finds <stdio.h> for aarch64-linux-gnu
inc=
for cc in "clang --target=aarch64-linux-gnu" aarch64-linux-gnu-gcc; do
    command -v ${cc%% *} >/dev/null 2>&1 || continue
    h=$(printf '#include <stdio.h>\n' | $cc -x c -M - 2>/dev/null | tr ' \\' '\n\n' | grep '/stdio\.h$' | head -n 1)
    [ -n "$h" ] && { inc=$(dirname "$h"); break; }
done
[ -n "$inc" ] || { echo "skip: no AArch64 libc headers (clang --target=aarch64-linux-gnu and aarch64-linux-gnu-gcc find no <stdio.h>; bash .ci/deps installs libc6-dev-arm64-cross)"; exit 77; }
have_clang=0; command -v clang >/dev/null 2>&1 && have_clang=1
have_llc=0; command -v llc-19 >/dev/null 2>&1 && [ $have_clang = 1 ] && have_llc=1
have_gcc=0; command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 && have_gcc=1
echo "headers: $inc; clang: $([ $have_clang = 1 ] && clang --version | head -n 1 || echo absent); llc-19: $([ $have_llc = 1 ] && echo yes || echo absent); aarch64-linux-gnu-gcc: $([ $have_gcc = 1 ] && echo yes || echo absent)"

# compile: $dir/<generator>.<triple>.<file>.s
fail=0
for s in $srcs; do
    b=$(echo "${s%.c}" | tr / _)
    for t in $triples; do
        flags=(--target=$t -O2 -mcpu=apple-m1 -w -I"$ROOT/src" -D_POSIX_C_SOURCE=200809L -isystem "$inc")
        case $t in *apple*) flags+=(-mmacosx-version-min=11.0 -U__nonnull) ;; esac
        if [ $have_clang = 1 ]; then
            clang "${flags[@]}" -S -o "$dir/clang.$t.$b.s" "$ROOT/src/$s" 2> "$dir/err" ||
                { echo "FAIL: clang --target=$t does not compile src/$s: $(head -n 1 "$dir/err")"; fail=1; }
        fi
        if [ $have_llc = 1 ]; then
            { clang "${flags[@]}" -c -emit-llvm -o "$dir/x.bc" "$ROOT/src/$s" &&
              llc-19 -O2 -mcpu=apple-m1 -o "$dir/llc19.$t.$b.s" "$dir/x.bc"; } 2> "$dir/err" ||
                { echo "FAIL: clang -emit-llvm | llc-19 for $t does not compile src/$s: $(head -n 1 "$dir/err")"; fail=1; }
        fi
    done
    if [ $have_gcc = 1 ]; then
        aarch64-linux-gnu-gcc -O2 -w -I"$ROOT/src" -D_POSIX_C_SOURCE=200809L -S -o "$dir/gcc.aarch64-linux-gnu.$b.s" "$ROOT/src/$s" 2> "$dir/err" ||
            { echo "FAIL: aarch64-linux-gnu-gcc does not compile src/$s: $(head -n 1 "$dir/err")"; fail=1; }
    fi
done
for f in "$dir"/clang.aarch64-pc-windows-msvc.*.s; do
    [ -e "$f" ] && sed -E -i 's/(^|[^"[:alnum:]_])(__(real|xmm|ymm)@[0-9a-f]+)/\1"\2"/g' "$f"
done

# the counts: summary "Instructions:" and instruction info rows; "-" when the tool fails; the
# rows' instruction text (after the uOps, latency, throughput and flag columns) into file $1
counts() {
    awk -v txt="$1" '/^Instructions:/ { n = $2 } /^\[1\]    \[2\]/ { on = 1; next } on && !NF { on = 0 }
         on { r++; t = $0; sub(/^ *[^ ]+ +[^ ]+ +[^ ]+ +/, "", t); while (t ~ /^[*U] +/) sub(/^[*U] +/, "", t); print t > txt }
         END { if (n == "") print "-"; else print n + 0, r + 0 }'
}
declare -A nfiles ninst nbad nrej ntext
gens=
for f in "$dir"/*.s; do
    n=${f##*/}; g=${n%%.*}; r=${n#*.}; t=${r%%.*}; k="$g $t"
    case "|$gens|" in *"|$k|"*) ;; *) gens="$gens|$k" ;; esac
    opts=(-mtriple=$t -mcpu=apple-m1 -iterations=1 -all-views=0 -summary-view -instruction-info)
    : > "$dir/ltxt"; : > "$dir/utxt"
    want=$(llvm-mca-19 "${opts[@]}" "$f" 2> "$dir/lerr" | counts "$dir/ltxt")
    got=$("$UARCH" mca "${opts[@]}" -frontend=none "$f" 2> "$dir/uerr" | counts "$dir/utxt")
    if [ "$want" = - ]; then
        nrej[$k]=$(( ${nrej[$k]:-0} + 1 ))
        echo "llvm-mca-19 rejects $g $t ${n#*.*.}: $(grep -m 1 error "$dir/lerr")"
        [ "$got" = - ] && { echo "FAIL: uarch mca fails on it too: $(grep -m 1 error "$dir/uerr")"; fail=1; }
        continue
    fi
    nfiles[$k]=$(( ${nfiles[$k]:-0} + 1 )); ninst[$k]=$(( ${ninst[$k]:-0} + ${want%% *} ))
    if [ "$want" != "$got" ]; then
        nbad[$k]=$(( ${nbad[$k]:-0} + 1 )); fail=1
        echo "MISMATCH $g $t ${n#*.*.}: llvm-mca-19 $want, uarch $got $(grep -m 1 error "$dir/uerr")"
    elif ! cmp -s "$dir/ltxt" "$dir/utxt"; then
        d=$(paste -d '|' "$dir/ltxt" "$dir/utxt" | awk -F'|' '$1 != $2' | wc -l)
        ntext[$k]=$(( ${ntext[$k]:-0} + d )); fail=1
        paste -d '|' "$dir/ltxt" "$dir/utxt" | awk -F'|' -v f="$g $t ${n#*.*.}" '$1 != $2 && k++ < 5 { print "TEXT " f ": llvm-mca-19 " $1 " | uarch " $2 }'
    fi
done
IFS='|'
for k in $gens; do
    [ -n "$k" ] || continue
    echo "$k: ${nfiles[$k]:-0} files, ${ninst[$k]:-0} instructions, ${nbad[$k]:-0} count mismatches, ${ntext[$k]:-0} text mismatches, ${nrej[$k]:-0} rejected by llvm-mca-19"
    [ "${nfiles[$k]:-0}" -gt 0 ] || { echo "FAIL: $k: no file compared"; fail=1; }
done
unset IFS
[ -n "$gens" ] || { echo "FAIL: nothing compiled"; exit 1; }
exit $fail
