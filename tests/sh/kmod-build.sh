#!/usr/bin/env bash
# kmod-build.sh — compile check of the kernel module (kmod/) against an arm64 kernel tree.
# The tree: $KMOD_KDIR if set, else Debian's linux-source (/usr/src/linux-source-V.tar.xz)
# unpacked and prepared once (make ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- defconfig
# modules_prepare, a few minutes on 2 cores) into /var/tmp/uarch-kmod-arm64-V, reused by later
# runs.  Skipped, with the reason, when neither the tree nor what it takes to prepare one is there.
set -u
command -v aarch64-linux-gnu-gcc >/dev/null || { echo "skip: aarch64-linux-gnu-gcc not installed (make deps)"; exit 77; }
kdir=${KMOD_KDIR:-}
if [ -z "$kdir" ]; then
  tar=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | sort -V | tail -n 1)
  [ -n "$tar" ] || { echo "skip: no arm64 kernel tree (set KMOD_KDIR, or install Debian's linux-source)"; exit 77; }
  for t in flex bison bc make; do
    command -v $t >/dev/null || { echo "skip: $t not installed (needed to prepare the kernel tree)"; exit 77; }
  done
  v=$(basename "$tar" .tar.xz); v=${v#linux-source-}
  kdir=/var/tmp/uarch-kmod-arm64-$v
  if [ ! -f "$kdir/.uarch-prepared" ]; then
    ( flock 9
      if [ ! -f "$kdir/.uarch-prepared" ]; then
        rm -rf "$kdir.tmp" && mkdir -p "$kdir.tmp" &&
        tar -xJf "$tar" -C "$kdir.tmp" --strip-components=1 &&
        env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$kdir.tmp" -j2 ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- defconfig modules_prepare > "$kdir.log" 2>&1 &&
        rm -rf "$kdir" && mv "$kdir.tmp" "$kdir" && touch "$kdir/.uarch-prepared"
      fi ) 9> "/var/tmp/uarch-kmod-arm64-$v.lock"
    [ -f "$kdir/.uarch-prepared" ] || { echo "preparing $kdir failed:"; tail -n 20 "$kdir.log"; exit 1; }
  fi
fi
b=$(mktemp -d); trap 'rm -rf "$b"' EXIT
cp "$ROOT/kmod/uarch_pmu.c" "$ROOT/kmod/Makefile" "$b/"
if ! env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$b" KDIR="$kdir" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- > "$b/log" 2>&1; then
  echo "the module does not compile against $kdir:"; tail -n 30 "$b/log"; exit 1
fi
[ -f "$b/uarch_pmu.ko" ] || { echo "no uarch_pmu.ko built"; exit 1; }
grep -q 'warning:' "$b/log" && { echo "the module compiles with warnings:"; grep 'warning:' "$b/log"; exit 1; }
exit 0
