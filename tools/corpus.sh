#!/usr/bin/env bash
# tools/corpus.sh — how the front end does on real compiler output.
#
#   tools/corpus.sh [-q] [UARCH [CORPUS_DIR]]          (defaults: ./build/uarch, build-forms/corpus)
#
# Compiles real C code to AArch64 assembly (-S) with every available compiler (clang
# --target=aarch64-linux-gnu, aarch64-linux-gnu-gcc) and several configurations (-O2 -mcpu=apple-m1,
# -O2 -mcpu=cortex-a72, -O2 -march=armv8.2-a+fp16+dotprod, -O3), then decodes every .s file with
# `uarch decode -json` and prints:
#   - source lines that fail to parse (must be none): each failing line is blanked and the file
#     re-run, so every failure is counted and listed (first 20);
#   - instructions mapped to a measured form that is not a nearest form (approx), and whose id is
#     in tests/data/m1-forms.tsv (the measured forms), as a share of all instructions, and of those
#     but the returns and indirect branches, which no M1 table measured (>= 99.5 %);
#   - the most frequent approx / unmapped (mnemonic, form) pairs.
# Sources: this project's src/*/*.c, plus the C files shipped on this machine under /usr/share
# (zlib, nettle, lzma, png ... examples, cmake/vim sources): whatever compiles with the target's
# headers is used, the rest is skipped and counted.  The corpus is not checked in (CORPUS_DIR).
# Set CORPUS_SRCS to a list of .c files to use those instead; CORPUS_REUSE=1 to decode the .s files
# of the previous run again without recompiling.  Exit: 0 when every line parses and
# the mapped share (returns and indirect branches left out) is >= 99.5 %, 1 otherwise, 77 when no
# compiler is available.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
quiet=0
[ "${1:-}" = "-q" ] && { quiet=1; shift; }
uarch=${1:-${UARCH:-$root/build/uarch}}
corpus=${2:-$root/build-forms/corpus}
forms=$root/tests/data/m1-forms.tsv
case $uarch in /*) ;; *) uarch=$PWD/$uarch ;; esac
[ -x "$uarch" ] || { echo "corpus: no uarch binary at '$uarch'" >&2; exit 2; }
say() { [ $quiet = 1 ] || echo "$@"; }

compilers=()
command -v clang >/dev/null 2>&1 && compilers+=("clang --target=aarch64-linux-gnu")
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 && compilers+=("aarch64-linux-gnu-gcc")
[ ${#compilers[@]} = 0 ] && { echo "skip: no AArch64 C compiler (clang or aarch64-linux-gnu-gcc; bash .ci/deps installs them)"; exit 77; }
configs=("-O2 -mcpu=apple-m1" "-O2 -mcpu=cortex-a72" "-O2 -march=armv8.2-a+fp16+dotprod" "-O3")
# what gcc 12 cannot target by name: M1's ISA level instead (ARMv8.5-A with its extensions)
m1_fallback="-O2 -march=armv8.5-a+fp16+dotprod+crypto+sha3+fp16fml"

if [ -n "${CORPUS_SRCS:-}" ]; then
  srcs=$CORPUS_SRCS
else
  srcs="$(ls "$root"/src/*/*.c 2>/dev/null) $(find /usr/share -name '*.c' -size -400k 2>/dev/null | sort)"
fi
mkdir -p "$corpus"

# --- 1. compile (CORPUS_REUSE=1 keeps the .s files of a previous run) ----------------------------
nok=0; nskip=0; ci=0
if [ "${CORPUS_REUSE:-0}" = 1 ] && ls "$corpus"/*.s >/dev/null 2>&1; then
  compilers=(); nok=$(ls "$corpus"/*.s | wc -l); say "reusing the $nok assembly files of $corpus"
else
  rm -f "$corpus"/*.s
fi
for cc in "${compilers[@]}"; do
  ci=$((ci + 1))
  cname=${cc%% *}
  for cfg in "${configs[@]}"; do
    flags=$cfg
    if ! echo 'int f(int x){return x+1;}' | $cc $flags -x c -S -o /dev/null - 2>/dev/null; then
      if [ "$cfg" = "-O2 -mcpu=apple-m1" ]; then
        flags=$m1_fallback
        say "note: $cname does not know -mcpu=apple-m1; using $flags"
      else
        say "note: $cname rejects '$cfg'; configuration skipped"; continue
      fi
    fi
    tag=$(echo "$cname $flags" | tr -c 'A-Za-z0-9\n' '_' | tr -s '_')
    for f in $srcs; do
      b=$(basename "$f" .c)
      h=$(printf '%s' "$f" | cksum | cut -d' ' -f1)
      out="$corpus/$tag.$b.$h.s"
      if $cc $flags -w -S -I"$root/src" -I"$(dirname "$f")" -D_POSIX_C_SOURCE=200809L -o "$out" "$f" 2>/dev/null; then
        nok=$((nok + 1))
      else
        rm -f "$out"; nskip=$((nskip + 1))
      fi
    done
  done
done
say "compiled: $nok assembly files ($nskip compilations skipped: missing headers for the target)"
[ $nok = 0 ] && { echo "corpus: nothing compiled" >&2; exit 1; }

# --- 2. decode each file, blanking failing lines ---------------------------------------------------
: > "$corpus/errors.txt"; : > "$corpus/insts.tsv"
nlines=0
for s in "$corpus"/*.s; do
  nlines=$((nlines + $(wc -l < "$s")))
  cp "$s" "$corpus/.work.s"
  runs=0
  while :; do
    runs=$((runs + 1))
    (cd "$corpus" && "$uarch" decode -json .work.s > out.json 2> err.txt); rc=$?
    [ $rc = 0 ] && break
    line=$(sed -n 's/^\.work\.s:\([0-9][0-9]*\):[0-9]*: error: .*/\1/p' "$corpus/err.txt" | head -n 1)
    if [ -z "$line" ] || [ $runs -gt 2000 ]; then
      echo "corpus: decode of $(basename "$s") failed (exit $rc) without a usable error message:" >&2
      head -n 3 "$corpus/err.txt" >&2; exit 2
    fi
    msg=$(sed -n 's/^\.work\.s:[0-9]*:[0-9]*: error: //p' "$corpus/err.txt" | head -n 1)
    printf '%s:%s: %s: %s\n' "$(basename "$s")" "$line" "$msg" "$(sed -n "${line}p" "$corpus/.work.s" | sed 's/^[ \t]*//')" >> "$corpus/errors.txt"
    awk -v n="$line" 'NR == n { print ""; next } { print }' "$corpus/.work.s" > "$corpus/w2" && mv "$corpus/w2" "$corpus/.work.s"
  done
  # one record per instruction: text, form, approx (decode's keys: line, col, text, form, approx)
  awk 'BEGIN { RS = "\"line\"" }
    NR > 1 {
      if (!match($0, /"form"[ \t\n]*:[ \t\n]*(null|"[^"]*")/)) next
      f = substr($0, RSTART, RLENGTH); sub(/^"form"[ \t\n]*:[ \t\n]*/, "", f); gsub(/"/, "", f)
      t = ""
      if (match($0, /"text"[ \t\n]*:[ \t\n]*"([^"\\]|\\.)*"/)) { t = substr($0, RSTART, RLENGTH); sub(/^"text"[ \t\n]*:[ \t\n]*"/, "", t); sub(/"$/, "", t) }
      a = match($0, /"approx"[ \t\n]*:[ \t\n]*true/) ? "true" : "false"
      split(t, w, /[ \t]|\\t/)
      print w[1] "\t" f "\t" a
    }' "$corpus/out.json" >> "$corpus/insts.tsv"
done
rm -f "$corpus/.work.s" "$corpus/work.s" "$corpus/out.json" "$corpus/err.txt"

# --- 3. figures ------------------------------------------------------------------------------------
nerr=$(wc -l < "$corpus/errors.txt")
awk -F'\t' -v nerr="$nerr" -v nlines="$nlines" -v FT="$forms" -v ERR="$corpus/errors.txt" '
  BEGIN { while ((getline l < FT) > 0) { if (l ~ /^#/) continue; split(l, p, "\t"); known[p[1]] = 1 } }
  {
    n++
    if ($1 ~ /^(ret|reta[ab]|br|blr|bra[ab]z?|blra[ab]z?)$/) nobr++
    if ($2 == "null") { why = "no form" }
    else if ($3 == "true") { why = "approx" }
    else if (!($2 in known)) { why = "unknown form id" }
    else { ok++; any++; next }
    if (why == "approx") any++
    key[why "\t" $1 "\t" $2]++
  }
  END {
    printf "source lines: %d, lines failing to parse: %d (%.3f %% parsed)\n", nlines, nerr, nlines ? 100 * (nlines - nerr) / nlines : 0
    i = 0
    while (i < 20 && (getline l < ERR) > 0) { print "  " l; i++ }
    if (nerr > 20) print "  ..."
    pct = n ? 100 * ok / n : 0
    printf "instructions: %d, mapped to a measured form (not approx): %d (%.3f %%)\n", n, ok, pct
    printf "mapped to a measured form, nearest forms (approx) included: %d (%.3f %%)\n", any, n ? 100 * any / n : 0
    printf "not approx, leaving out the %d returns/indirect branches (no M1 page exists for them): %.3f %%\n", nobr, (n > nobr) ? 100 * ok / (n - nobr) : 0
    m = 0
    for (k in key) { kk[++m] = k }
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (key[kk[j]] > key[kk[i]]) { t = kk[i]; kk[i] = kk[j]; kk[j] = t }
    if (m) print "top approx / unmapped (count, kind, mnemonic, form):"
    for (i = 1; i <= m && i <= 25; i++) { split(kk[i], p, "\t"); printf "  %7d  %-15s %-10s %s\n", key[kk[i]], p[1], p[2], p[3] }
    exit !(nerr == 0 && ((n > nobr) ? 100 * ok / (n - nobr) : 0) >= 99.5)
  }' "$corpus/insts.tsv"
