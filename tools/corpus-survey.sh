#!/usr/bin/env bash
# tools/corpus-survey.sh — real compiler output through `uarch mca`, as llvm-mca-19 takes it.
#
#   tools/corpus-survey.sh [-k K] [UARCH [DIR]]     (defaults: ./build/uarch, build-corpus-survey)
#
# Builds a corpus of AArch64 assembly as users feed it to llvm-mca (the generated files go to DIR,
# which is not checked in), then runs `llvm-mca-19 -mtriple=T -mcpu=apple-m1` and `uarch mca` with
# the same options on each file and compares:
#   - the exit status (uarch must exit 0 wherever llvm-mca-19 does, and fail where it fails),
#   - where llvm-mca-19 refuses the file, its first diagnostic (file:line:col: error: words),
#   - the code regions: their names and the "Instructions:" count of each one's summary
#     (-iterations=1; the cycle figures differ by design: the M1 models differ).
# uarch runs with -frontend=none, llvm-mca's straight line: its own front end follows branches, so
# the views of branchy code hold another number of instructions on purpose.
#
# The sources: this project's src/**/*.c and tests/unit/*.c, and small C++ programs written below
# (templates, <vector>/<map>/<string>, exceptions, virtual calls, lambdas, thread_local, atomics,
# coroutines, inline asm).  The generators, each where installed:
#   gcc    aarch64-linux-gnu-gcc / aarch64-linux-gnu-g++
#   clang  clang / clang++ --target=aarch64-linux-gnu
#   macos  clang / clang++ --target=arm64-apple-macos -mmacosx-version-min=11.0 (no macOS SDK here:
#          the AArch64 glibc and libstdc++ headers stand in for it, -U__nonnull as tests/sh/corpus-llvm.sh
#          does, and -D_GNU_SOURCE for C++, which g++ defines on linux and libstdc++ needs;
#          what matters is the code generator's assembly)
#   ce     Compiler Explorer's default view of clang's linux -O2 output: directives and comments
#          filtered out, labels kept (what a user copies from its pane)
# at each of the configurations in $configs (-O0 ... -pg); a configuration a compiler does not take
# is skipped and counted.  Each configuration compiles every C++ program and K of the C files
# (-k K, default 3; a different K at each configuration, so the whole of src/ is covered over the
# configurations; -k 0: every C file at every configuration, a long run).
#
# Output: "N files, N equal, N differ (N of them deliberate)", then each class of difference (the
# kind and llvm's or uarch's words, numbers and names taken out) with its count and its first file
# and diagnostic.  Deliberate: llvm-mca-19 refuses the file, without a line, because its Apple model
# has no scheduling class for an instruction (`ldadd` with -mcpu=apple-m1, `retaa`, the
# `.tlsdesccall` pseudo of TLS descriptors): a gap of its model that uarch's measured one fills;
# and llvm refuses gcc's `movi v0.16b, 0xfffffffffffffff5`, a negative byte uarch reads as GNU as does.
# Exit 0 when every file is equal or differs deliberately, 1 otherwise, 77 when llvm-mca-19 or every compiler is missing.
# CORPUS_REUSE=1 compares the .s files of DIR again without compiling.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
K=3
[ "${1:-}" = -k ] && { K=$2; shift 2; }
uarch=${1:-$root/build/uarch}
dir=${2:-$root/build-corpus-survey}
case $uarch in /*) ;; *) uarch=$PWD/$uarch ;; esac
[ -x "$uarch" ] || { echo "corpus-survey: no uarch binary at '$uarch'" >&2; exit 2; }
LLVM_MCA=${LLVM_MCA_19:-$(command -v llvm-mca-19 || echo /usr/lib/llvm-19/bin/llvm-mca)}
[ -x "$LLVM_MCA" ] || { echo "skip: llvm-mca-19 is not installed (bash .ci/deps installs it)"; exit 77; }
mkdir -p "$dir/src" "$dir/s" || exit 2

# --- the C++ programs ---------------------------------------------------------------------------
cat > "$dir/src/templates.cpp" <<'EOF'
#include <vector>
#include <map>
#include <string>
#include <algorithm>
template <typename T> struct Acc { T sum{}; void add(const T &v) { sum += v; } };
template <typename K, typename V> V total(const std::map<K, V> &m) {
  Acc<V> a; for (auto &kv : m) a.add(kv.second); return a.sum;
}
std::string join(const std::vector<std::string> &v, const std::string &sep) {
  std::string r; for (size_t i = 0; i < v.size(); i++) { if (i) r += sep; r += v[i]; } return r;
}
double run(std::vector<double> &v) {
  std::sort(v.begin(), v.end(), [](double a, double b) { return a > b; });
  std::map<std::string, double> m;
  for (size_t i = 0; i < v.size(); i++) m[std::to_string(i)] = v[i];
  return total(m);
}
EOF
cat > "$dir/src/exceptions.cpp" <<'EOF'
#include <stdexcept>
#include <string>
#include <memory>
struct Res { int *p; Res() : p(new int[16]) {} ~Res() { delete[] p; } };
int parse(const std::string &s) {
  if (s.empty()) throw std::invalid_argument("empty");
  return std::stoi(s);
}
int guarded(const std::string &s) {
  Res r; auto u = std::make_unique<int>(3);
  try { return parse(s) + *u + r.p[0]; }
  catch (const std::invalid_argument &e) { return -1; }
  catch (...) { throw; }
}
EOF
cat > "$dir/src/virtual.cpp" <<'EOF'
#include <vector>
#include <memory>
struct Shape { virtual ~Shape() = default; virtual double area() const = 0; };
struct Sq : Shape { double s; explicit Sq(double v) : s(v) {} double area() const override { return s * s; } };
struct Ci : Shape { double r; explicit Ci(double v) : r(v) {} double area() const override { return 3.14159 * r * r; } };
double sum(const std::vector<std::unique_ptr<Shape>> &v) {
  double t = 0; for (auto &p : v) t += p->area(); return t;
}
std::vector<std::unique_ptr<Shape>> make(int n) {
  std::vector<std::unique_ptr<Shape>> v;
  for (int i = 0; i < n; i++) { if (i & 1) v.push_back(std::make_unique<Sq>(i)); else v.push_back(std::make_unique<Ci>(i)); }
  return v;
}
EOF
cat > "$dir/src/threads.cpp" <<'EOF'
#include <atomic>
#include <cstdint>
thread_local int tl_count;
static thread_local uint64_t tl_big[8];
std::atomic<long> counter;
std::atomic<int> flag;
long bump(long n) {
  for (long i = 0; i < n; i++) { counter.fetch_add(1, std::memory_order_relaxed); tl_count++; tl_big[i & 7] += i; }
  int expected = 0; flag.compare_exchange_strong(expected, 1, std::memory_order_acq_rel);
  std::atomic_thread_fence(std::memory_order_seq_cst);
  return counter.exchange(0) + tl_count + (long)tl_big[3];
}
EOF
cat > "$dir/src/coro.cpp" <<'EOF'
#if __has_include(<coroutine>) && defined(__cpp_impl_coroutine)
#include <coroutine>
struct Gen {
  struct promise_type {
    int cur = 0;
    Gen get_return_object() { return Gen{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int v) { cur = v; return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};
Gen count(int n) { for (int i = 0; i < n; i++) co_yield i; }
int drain(int n) { Gen g = count(n); int s = 0; while (!g.h.done()) { g.h.resume(); s += g.h.promise().cur; } g.h.destroy(); return s; }
#else
int drain(int n) { return n; }
#endif
EOF
cat > "$dir/src/inlineasm.cpp" <<'EOF'
#include <cstdint>
static inline uint64_t cycles() { uint64_t v; asm volatile("mrs %0, cntvct_el0" : "=r"(v)); return v; }
static inline uint32_t rbit(uint32_t x) { uint32_t r; asm("rbit %w0, %w1" : "=r"(r) : "r"(x)); return r; }
uint64_t mix(const uint32_t *p, int n) {
  uint64_t t = cycles(), s = 0;
  for (int i = 0; i < n; i++) { s += rbit(p[i]); asm volatile("" ::: "memory"); }
  asm volatile("dmb ish" ::: "memory");
  return s + (cycles() - t);
}
EOF

configs=("-O0" "-O1" "-O2" "-O3" "-Os" "-O0 -g" "-O2 -g" "-O2 -fPIC" "-O2 -fno-pic"
         "-O2 -ffunction-sections -fdata-sections" "-O2 -fstack-protector-strong"
         "-O2 -mbranch-protection=standard" "-O2 -march=armv8.2-a+sve" "-O2 -march=armv8.5-a+memtag"
         "-O2 -moutline-atomics" "-O2 -fno-asynchronous-unwind-tables" "-O2 -mcmodel=large"
         "-O1 -fsanitize=address" "-O2 -pg")
csrcs=($(find "$root/src" -name '*.c' | sort) $(ls "$root"/tests/unit/*.c))
cxxsrcs=(templates exceptions virtual threads coro inlineasm)

# the AArch64 libc / libstdc++ headers, for the macOS target (found through the linux compilers)
hdr() { printf '#include <%s>\n' "$1" | $2 -x "$3" -M - 2>/dev/null | tr ' \\' '\n\n' | grep "/$1\$" | head -n 1; }
cinc= cxxinc= cxxinc2=
for cc in "clang --target=aarch64-linux-gnu" aarch64-linux-gnu-gcc; do
  command -v ${cc%% *} >/dev/null 2>&1 || continue
  h=$(hdr stdio.h "$cc" c); [ -n "$h" ] && { cinc=$(dirname "$h"); break; }
done
for cc in "clang++ --target=aarch64-linux-gnu" aarch64-linux-gnu-g++; do
  command -v ${cc%% *} >/dev/null 2>&1 || continue
  h=$(hdr vector "$cc" c++); h2=$(hdr bits/c++config.h "$cc" c++)
  [ -n "$h" ] && [ -n "$h2" ] && { cxxinc=$(dirname "$h"); cxxinc2=$(dirname "$(dirname "$h2")"); break; }
done

# compile GEN CONFIG-INDEX SRC -> $dir/s/GEN.CFG.NAME.s ; 0 compiled, 1 not
compile() {
  local gen=$1 ci=$2 src=$3 cfg=${configs[$2]} name cc lang out extra=()
  case $src in *.cpp) lang=c++; name=$(basename "$src" .cpp) ;; *) lang=c; name=$(echo "${src#$root/}" | sed 's/\.c$//' | tr / _) ;; esac
  out="$dir/s/$gen.$ci.$name.s"
  case $gen.$lang in
    gcc.c) cc=(aarch64-linux-gnu-gcc) ;;
    gcc.c++) cc=(aarch64-linux-gnu-g++ -std=gnu++20 -fcoroutines) ;;
    clang.c|ce.c) cc=(clang --target=aarch64-linux-gnu) ;;
    clang.c++|ce.c++) cc=(clang++ --target=aarch64-linux-gnu -std=c++20) ;;
    macos.c) cc=(clang --target=arm64-apple-macos -mmacosx-version-min=11.0 -U__nonnull)
             [ -n "$cinc" ] && extra=(-isystem "$cinc") ;;
    macos.c++) cc=(clang++ --target=arm64-apple-macos -mmacosx-version-min=11.0 -U__nonnull -D_GNU_SOURCE -std=c++20 -nostdinc++)
               [ -n "$cxxinc" ] && extra=(-isystem "$cxxinc" -isystem "$cxxinc2")
               [ -n "$cinc" ] && extra+=(-isystem "$cinc") ;;
  esac
  command -v "${cc[0]}" >/dev/null 2>&1 || return 1
  # shellcheck disable=SC2086
  "${cc[@]}" $cfg "${extra[@]}" -w -S -I"$root/src" -I"$root/tests/unit" -D_POSIX_C_SOURCE=200809L \
      -o "$out" "$src" 2>/dev/null || { rm -f "$out"; return 1; }
  [ "$gen" = ce ] || return 0
  # Compiler Explorer's default filters: directives and comments out, labels kept
  awk '/^[ \t]*\./ && !/^[ \t]*\.?[A-Za-z0-9_.$]+:/ { next }
       { sub(/[ \t]*\/\/.*$/, "") } NF' "$out" > "$out.t" && mv "$out.t" "$out"
}

ncomp=0 nskip=0
if [ "${CORPUS_REUSE:-0}" = 1 ] && ls "$dir"/s/*.s >/dev/null 2>&1; then
  echo "reusing the assembly files of $dir/s"
else
  rm -f "$dir"/s/*.s
  nc=${#csrcs[@]}
  for ci in "${!configs[@]}"; do
    pick=()
    if [ "$K" = 0 ]; then pick=("${csrcs[@]}")
    else for j in $(seq 0 $((K - 1))); do pick+=("${csrcs[$(( (ci * K + j) * 7 % nc ))]}"); done
    fi
    for gen in gcc clang macos ce; do
      for s in "${pick[@]}"; do
        if compile $gen "$ci" "$s"; then ncomp=$((ncomp + 1)); else nskip=$((nskip + 1)); fi
      done
      for p in "${cxxsrcs[@]}"; do
        if compile $gen "$ci" "$dir/src/$p.cpp"; then ncomp=$((ncomp + 1)); else nskip=$((nskip + 1)); fi
      done
    done
  done
  echo "compiled: $ncomp assembly files ($nskip compilations skipped: a configuration or header the generator does not take)"
fi
ls "$dir"/s/*.s >/dev/null 2>&1 || { echo "skip: nothing compiled (no AArch64 compiler installed? bash .ci/deps installs them)"; exit 77; }

# --- compare ----------------------------------------------------------------------------------------
# summary SUMMARY-OUTPUT -> "name=count;..." for each region (unnamed: the empty name)
regions() { awk '/^\[[0-9]+\] Code Region/ { n = $0; sub(/^\[[0-9]+\] Code Region( - )?/, "", n) }
                 /^Instructions:/ { printf "%s=%d;", n, $2 }'; }
# FILE LLVM-ERROR: llvm's error is at a `movi v0.16b, #-11` (gcc writes 0xfffffffffffffff5), which
# uarch reads as GNU as does, the byte 245
movi_negative() {
  local l; l=$(printf '%s' "$2" | sed -n 's/^[^ ]*:\([0-9][0-9]*\):[0-9]*: error: immediate must be an integer in range \[0, 255\]\.$/\1/p')
  [ -n "$l" ] && sed -n "${l}p" "$1" | grep -Eq 'movi[[:space:]]+v[0-9]+\.(8|16)b,[[:space:]]*#?(-|0xffffffffffffff)'
}
# FILE LLVM-ERROR: llvm's error is at a backward reference of 0s and 1s (`b.ne 1b`), which llvm-mca
# 19 lexes as a binary number even where the label is defined before; uarch reads the label
numeric_binary() {
  local lc l c; lc=$(printf '%s' "$2" | sed -n 's/^[^ ]*:\([0-9][0-9]*:[0-9][0-9]*\): error: expected label or encodable integer pc offset$/\1/p')
  [ -n "$lc" ] || return 1
  l=${lc%%:*} c=${lc#*:}
  sed -n "${l}p" "$1" | cut -c"$c"- | grep -Eq '^[01]+b([^0-9A-Za-z_]|$)'
}
# the class of a diagnostic: its words without file:line:col, quoted names or numbers
classof() { sed -E 's/^[^ ]*:[0-9]+:[0-9]+: //; s/'\''[^'\'']*'\''/Q/g; s/"[^"]*"/Q/g; s/[0-9]+/N/g' | cut -c1-120; }
: > "$dir/diffs.tsv"
nf=0 neq=0 ndiff=0 ndel=0
for f in "$dir"/s/*.s; do
  n=${f##*/}; gen=${n%%.*}
  case $gen in macos) t=arm64-apple-macos ;; *) t=aarch64-linux-gnu ;; esac
  opts=(-mtriple=$t -mcpu=apple-m1 -iterations=1 -all-views=0 -summary-view)
  lo=$(cd "$dir/s" && "$LLVM_MCA" "${opts[@]}" "$n" 2> "$dir/lerr"); lrc=$?
  uo=$(cd "$dir/s" && "$uarch" mca "${opts[@]}" -frontend=none "$n" 2> "$dir/uerr"); urc=$?
  le=$(grep -m1 'error: ' "$dir/lerr"); ue=$(grep -m1 'error: ' "$dir/uerr")
  nf=$((nf + 1))
  kind=
  if [ $lrc != 0 ] && [ $urc = 0 ] && grep -q 'use -skip-unsupported-instructions=lack-sched' "$dir/lerr"; then
    # llvm-mca-19's Apple model has no scheduling class for the instruction (ldadd, retaa, the
    # .tlsdesccall pseudo): a gap of its model, not of the input, which uarch's measured model fills
    ins=$(sed -n 's/^note: instruction:[[:space:]]*//p' "$dir/lerr" | head -n 1 | tr '\t' ' ')
    kind="deliberate: llvm-mca-19 has no scheduling class for '$(printf '%s' "$ins" | awk '{ print $1 }')'"; why="$le: $ins"
  elif [ $lrc != 0 ] && [ $urc = 0 ] && numeric_binary "$f" "$le"; then
    kind="deliberate: a defined numeric label 1b read as the label, not llvm's binary number (README)"; why=$le
  elif [ $lrc != 0 ] && [ $urc = 0 ] && printf '%s' "$le" | grep -Eq "error: (unassigned file number|unknown sub-directive) in '.loc' directive$"; then
    # gcc -g writes `.file 0 "dir" "a.c"` then `.file 1 "a.c"` (llvm gives the root file no number
    # 1) and `.loc ... view`: GNU as takes both, llvm-mca 19 refuses all gcc -g output
    kind="deliberate: gcc -g's .file 1 of the root file and .loc view, as GNU as reads them (README)"; why=$le
  elif [ $lrc != 0 ] && [ $urc = 0 ] && movi_negative "$f" "$le"; then
    kind="deliberate: movi of a negative byte, GNU as's spelling (tests/golden/mca-gas-spellings.test)"; why=$le
  elif [ $lrc = 0 ] && [ $urc != 0 ]; then kind="uarch refuses, llvm takes: $(printf '%s' "${ue:-exit $urc}" | classof)"; why=${ue:-exit $urc}
  elif [ $lrc != 0 ] && [ $urc = 0 ]; then kind="llvm refuses, uarch takes: $(printf '%s' "$le" | classof)"; why=$le
  elif [ $lrc != 0 ] && [ $urc != 0 ] && grep -q 'use -skip-unsupported-instructions=lack-sched' "$dir/lerr" &&
       printf '%s' "$ue" | grep -q 'uarch has no model of its instructions'; then
    # both refuse for want of a model (SVE under -march=...+sve): llvm-mca-19 names no line, uarch
    # the instruction's
    kind="deliberate: both refuse an instruction their models lack, uarch at its line"; why="llvm: $le | uarch: $ue"
  elif [ $lrc != 0 ]; then
    [ "$le" != "$ue" ] && { kind="both refuse, other first error: $(printf '%s' "$le" | classof)"; why="llvm: $le | uarch: $ue"; }
  else
    lr=$(printf '%s\n' "$lo" | regions); ur=$(printf '%s\n' "$uo" | regions)
    [ "$lr" != "$ur" ] && { kind="regions or counts differ"; why="llvm: $lr | uarch: $ur"; }
  fi
  if [ -z "$kind" ]; then neq=$((neq + 1))
  else
    ndiff=$((ndiff + 1)); case $kind in deliberate:*) ndel=$((ndel + 1)) ;; esac
    printf '%s\t%s\t%s\n' "$kind" "$n" "$why" >> "$dir/diffs.tsv"
  fi
done
rm -f "$dir/lerr" "$dir/uerr"
echo "$nf files, $neq equal, $ndiff differ ($ndel of them deliberate)"
awk -F'\t' '{ c[$1]++; if (!($1 in ex)) { ex[$1] = $2 "\t" $3; o[++m] = $1 } }
  END { for (i = 1; i <= m; i++) { split(ex[o[i]], p, "\t"); printf "%5d  %s\n       first: %s: %s\n", c[o[i]], o[i], p[1], p[2] } }' "$dir/diffs.tsv"
[ $ndiff = "$ndel" ]
