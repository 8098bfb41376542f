# qemu-lib.bash — sourced by tests/sh/qemu-*.sh (not a test: tests/run.sh runs only *.sh).
# Builds (or reuses) the AArch64 uarch with `make cross` into build-aarch64/, under a lock so
# parallel check runs do not build it twice, and defines run_a64 to run it under qemu-aarch64.
# Skips (77) with a reason when qemu-aarch64, aarch64-linux-gnu-gcc or the AArch64 libc is missing.

qemu_setup() {
  command -v qemu-aarch64 >/dev/null || { echo "skip: qemu-aarch64 not installed (make deps)"; exit 77; }
  command -v aarch64-linux-gnu-gcc >/dev/null || { echo "skip: aarch64-linux-gnu-gcc not installed (make deps)"; exit 77; }
  [ -d /usr/aarch64-linux-gnu/lib ] || { echo "skip: no AArch64 libc in /usr/aarch64-linux-gnu"; exit 77; }
  A64="$ROOT/build-aarch64/uarch"
  local log; log=$(mktemp)
  # a clean environment for the nested make: the outer `make check B=...` exports MAKEFLAGS,
  # whose B= would otherwise redirect the cross build into the native build dir
  mkdir -p "$ROOT/build-aarch64"
  local lock=()
  command -v flock >/dev/null && lock=(flock "$ROOT/build-aarch64/.lock")
  if ! ( cd "$ROOT" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CC -u CFLAGS \
         "${lock[@]}" make cross -j2 ) > "$log" 2>&1; then
    echo "make cross failed:"; tail -n 20 "$log"; rm -f "$log"; exit 1
  fi
  rm -f "$log"
  [ -x "$A64" ] || { echo "make cross did not produce $A64"; exit 1; }
}
run_a64() { qemu-aarch64 -L /usr/aarch64-linux-gnu "$A64" "$@"; }
