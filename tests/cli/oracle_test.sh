#!/usr/bin/env bash
# tracekit report options against a live trace-cmd 3.1.6, on every shared
# fixture: the option combinations the golden files do not cover.
#   oracle_test.sh TRACEKIT SHARED_FIXTURE_DIR
set -uo pipefail
tk=$1 dir=$2
command -v trace-cmd >/dev/null || { echo "trace-cmd (the oracle) is not installed"; exit 1; }
cd "$dir"
pass=0 fail=0 skip=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
check() { # DESCRIPTION TRACEKIT-ARGS -- TRACE-CMD-ARGS
  local desc=$1; shift
  local ours=() theirs=()
  while [ "$1" != "--" ]; do ours+=("$1"); shift; done; shift
  theirs=("$@")
  trace-cmd "${theirs[@]}" >"$tmp/theirs" 2>/dev/null; local rc=$?
  # trace-cmd 3.1.6 segfaults on some inputs (e.g. -F with instances): no oracle then.
  if [ $rc -ge 128 ]; then skip=$((skip+1)); echo "SKIP $desc: trace-cmd crashed (status $rc)"; return; fi
  if cmp -s <("$tk" "${ours[@]}" 2>/dev/null) "$tmp/theirs"; then
    pass=$((pass+1))
  else
    fail=$((fail+1)); echo "FAIL $desc"; diff <("$tk" "${ours[@]}" 2>&1) "$tmp/theirs" | head -5
  fi
}
for f in *.dat; do
  check "$f -l -t" report -l -t "$f" -- report -l -t -i "$f"
  check "$f -R -N" report -R -N "$f" -- report -R -N -i "$f"
  check "$f --cpu 1" report --cpu 1 "$f" -- report --cpu 1 -i "$f"
  check "$f --cpu 0-1" report --cpu 0-1 "$f" -- report --cpu 0-1 -i "$f"
  check "$f -F sched_switch" report -F 'sched_switch: prev_pid == 0' "$f" -- report -F 'sched_switch: prev_pid == 0' -i "$f"
  check "$f -F irq -v" report -v -F 'softirq_raise' "$f" -- report -v -F 'softirq_raise' -i "$f"
  check "$f -i" report -i "$f" -- report -i "$f"
done
# Several files merged by time, with file-name prefixes and --ts-offset on the last one.
check "two files" report sched-irq.dat instance.dat -- report -i sched-irq.dat -i instance.dat
check "lost + other" report lost.dat sched-irq.dat -- report -i lost.dat -i sched-irq.dat
check "ts-offset" report -i sched-irq.dat -i clock-global.dat --ts-offset 1000000000 -- \
  report -i sched-irq.dat -i clock-global.dat --ts-offset 1000000000
check "ts-offset single file (ignored by trace-cmd 3.1.6)" report -i mixed.dat --ts-offset 5000 -- report -i mixed.dat --ts-offset 5000
# Whole-file compressed archives (Boost.Iostreams): the trace inside is reported.
for z in gzip xz bzip2 zstd; do
  $z -c sched-irq-v6.dat > "$tmp/t.$z"
  check "$z archive" report "$tmp/t.$z" -- report -i sched-irq-v6.dat
done
echo "oracle: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
