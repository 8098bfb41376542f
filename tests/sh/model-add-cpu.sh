#!/usr/bin/env bash
# model-add-cpu.sh — adding a CPU is adding a folder of TSVs and one registry line: a copy of
# models/ with a new CPU "testcore" (Icestorm's tables, decode width 2) generates C that
# compiles, registers the new model with its alias, and keeps the others.
set -u
ROOT=${ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
CC=${HOSTCC:-cc}
GEN=${BUILD:-}/tools/gen-models
if [ ! -x "$GEN" ]; then
  GEN=$tmp/gen-models
  $CC -std=c11 -D_POSIX_C_SOURCE=200809L -I"$ROOT/src" -o "$GEN" "$ROOT/tools/gen-models.c" \
    "$ROOT/src/util/tsv.c" "$ROOT/src/util/mem.c" "$ROOT/src/util/diag.c" -lm \
    || { echo "cannot compile tools/gen-models.c"; exit 1; }
fi
cp -r "$ROOT/models" "$tmp/m"
cp -r "$tmp/m/icestorm" "$tmp/m/testcore"
sed -i 's/^decode_width\t4\t/decode_width\t2\t/' "$tmp/m/testcore/params.tsv"
printf 'testcore\ttest-alias\tA test core\n' >> "$tmp/m/registry.tsv"
"$GEN" "$tmp/m/registry.tsv" "$tmp/models.c" || { echo "FAIL: generation"; exit 1; }
cat > "$tmp/main.c" <<'C'
#include "model/model.h"
#include <stdio.h>
#include <string.h>
int main(void)
{
    const ModelCpu *t = model_find("test-alias");
    if (model_ncpus != 3 || !t || strcmp(t->name, "testcore") || t->p.decode_width != 2 ||
        !model_find("firestorm") || !model_form(t, "MADD_64") || t->nunits != 7)
        return 1;
    printf("%s %g %d\n", t->name, t->p.decode_width, t->nforms);
    return 0;
}
C
$CC -std=c11 -Wall -Wextra -Wno-missing-field-initializers -D_POSIX_C_SOURCE=200809L -I"$ROOT/src" \
  -o "$tmp/t" "$tmp/main.c" "$tmp/models.c" "$ROOT/src/model/model.c" "$ROOT/src/util/mem.c" \
  "$ROOT/src/util/diag.c" -lm 2> "$tmp/cc.err" || { echo "FAIL: the generated C does not compile"; cat "$tmp/cc.err"; exit 1; }
out=$("$tmp/t") || { echo "FAIL: the new model is not registered as expected"; exit 1; }
[ "$out" = "testcore 2 3107" ] || { echo "FAIL: got '$out'"; exit 1; }
echo "a new CPU folder + one registry line: $out"
