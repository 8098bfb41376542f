#!/usr/bin/env bash
# input-unusual.sh — inputs that are not plain files, or not plain text (hunt36).  `uarch bench` defers SIGINT,
# SIGTERM and SIGHUP to report what it measured, and its handler restarted the system call it
# interrupted: reading a FIFO without a writer (bench run -f FIFO, -config FIFO) or a stdin that
# sends nothing (`sleep 30 | uarch bench run -f -`) held it past SIGTERM until SIGKILL.  Now a
# signal ends such a read (exit by the signal, the read's error named).  -code FIFO was opened
# before it was refused as "not a regular file" (held by the open): now refused at once.  A
# response file `@path` that exists but cannot be read (a directory, /dev/zero) said "cannot read
# '@/tmp': No such file or directory"; now "cannot read response file '/tmp': Is a directory"
# (llvm-mca-19: "cannot not open file '/tmp': Is a directory").  `-csv f.s/x` (a file as a
# directory) said "Permission denied" as root; now "Not a directory".  A snippet statement of
# 1 MB went to the assembler (21 s, 300 MB, the whole word quoted back): a statement longer than
# 64 KiB is refused, located (a long comment is no statement).
. "$ROOT/tests/sh/bench-lib.bash"
[ "$(uname -m)" = x86_64 ] || [ "$(uname -m)" = aarch64 ] || { echo "skip: host $(uname -m) has no code generator"; exit 77; }
mkfifo fifo || { echo "skip: no mkfifo"; exit 77; }
printf 'add x0, x0, x1\n' > f.s
# ends_by_term NAME ERR_REGEX -- CMD...: TERM after 1 s must end it (timeout's 124), not the KILL
# 20 s later (137)
ends_by_term() {
  local name=$1 re=$2; shift 3
  timeout -k 20 1 "$@" > out 2> err < /dev/null; local rc=$?
  [ $rc = 124 ] || { bad "$name: exit $rc after SIGTERM, want 124 (ended by it)" err; return; }
  grep -Eq -- "$re" err || bad "$name: stderr does not match /$re/" err
}
ends_by_term bench-f-fifo "cannot read 'fifo': Interrupted system call" -- "$U" bench run -n 2 -f fifo
ends_by_term bench-config-fifo "cannot read 'fifo': Interrupted system call" -- "$U" bench run -n 2 -config fifo nop
sleep 30 | { timeout -k 20 1 "$U" bench run -n 2 -f - > out 2> err; echo $? > rc; }
[ "$(cat rc)" = 124 ] && grep -q "cannot read '-': Interrupted system call" err ||
  bad "bench-f-stdin: exit $(cat rc) after SIGTERM, want 124" err
# hunt37: the read opens with O_NONBLOCK and waits in pselect with the signals blocked outside it,
# so a signal just before the open no longer lets a blocking open of a FIFO hold the program; a
# writer that comes later is still waited for and read.  `uarch mca FIFO` (no deferred signals:
# SIGTERM's default action) ends by it too.
timeout -k 20 1 "$U" mca fifo > out 2> err < /dev/null; rc=$?
[ $rc = 124 ] || bad "mca-fifo: exit $rc after SIGTERM, want 124 (ended by it)" err
[ ! -s out ] || bad "mca-fifo: output" out
( sleep 1; printf 'nop\n' > fifo ) &
timeout -k 20 60 "$U" bench run -n 2 -iters 10 -f fifo > out 2> err < /dev/null; rc=$?
wait
[ $rc = 0 ] && grep -q 'cycles per copy' out || bad "bench-f-fifo-writer: exit $rc, want 0 and the snippet measured" err
expect() {  # name want_rc stderr_regex -- args...
  local name=$1 rc=$2 re=$3; shift 4
  timeout -k 20 120 "$@" > out 2> err < /dev/null; local got=$?
  [ $got = "$rc" ] || { bad "$name: exit $got, want $rc" err; return; }
  if [ "$rc" = 0 ]; then grep -Eq -- "$re" out || bad "$name: stdout does not match /$re/" out; return; fi
  grep -Eq -- "$re" err || bad "$name: stderr does not match /$re/" err
  [ ! -s out ] || bad "$name: stdout on error" out
}
expect code-fifo 1 "^uarch: bench run: -code: 'fifo' is not a regular file: want a file of machine code$" -- "$U" bench run -code fifo
expect rsp-dir 1 "^uarch mca: error: cannot read response file '/': Is a directory$" -- "$U" mca @/ f.s
expect rsp-zero 1 "^uarch mca: error: cannot read response file '/dev/zero': File too large$" -- "$U" mca @/dev/zero f.s
expect rsp-missing 1 "cannot read '@missing': No such file or directory" -- "$U" mca @missing
expect csv-notdir 1 "^uarch: error: cannot write 'f.s/x.csv': Not a directory$" -- "$U" bench fetch -q -csv f.s/x.csv
expect svg-notdir 1 "^uarch: error: cannot write 'f.s/x.svg': Not a directory$" -- "$U" bench fetch -q -svg f.s/x.svg
[ ! -e f.s/x.csv ] || bad "a file under f.s"
head -c 70000 /dev/zero | tr '\0' 'a' > long.s
expect stmt-long 1 "^long.s:1:1: error: statement of 70000 bytes: at most 65536 in a snippet$" -- "$U" bench run -f long.s
expect stmt-long-init 1 "^<init>:1:1: error: statement of 70000 bytes: at most 65536 in a snippet$" -- "$U" bench run -init "$(cat long.s)" nop
if [ "$(uname -m)" = x86_64 ]; then nop='nop # '; else nop='nop // '; fi
printf '%s%s\n' "$nop" "$(cat long.s)" > comment.s
expect stmt-long-comment 0 'cycles per copy' -- "$U" bench run -n 2 -iters 10 -f comment.s
exit $fail
