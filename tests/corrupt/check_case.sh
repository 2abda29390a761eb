#!/usr/bin/env bash
# One corrupt case: report and dump end without a crash, hang or sanitizer
# report, within bounded memory; a non-zero exit comes with a one-line error
# naming the file and a byte offset. Prints "PASS name" or "FAIL name: why".
#   check_case.sh TRACEKIT CASE.dat
tk=$1 f=$2
name=$(basename "$f")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
limit_mb=1536
cmds=("report" "dump --all")
# AIX logs have no magic: also force the reader onto the damaged bytes.
case $name in *.aix.*) cmds=("report" "report --from aix");; esac
for cmd in "${cmds[@]}"; do
  timeout 60 /usr/bin/time -f '%M' -o "$tmp/mem" "$tk" $cmd "$f" >/dev/null 2>"$tmp/err"; rc=$?
  mem_kb=$(tail -1 "$tmp/mem" 2>/dev/null | grep -E '^[0-9]+$' || echo 0)
  problem=""
  if [ $rc -ge 124 ]; then problem="exit $rc (crash or hang)"
  elif grep -qE 'AddressSanitizer|runtime error:|LeakSanitizer' "$tmp/err"; then problem="sanitizer report: $(grep -m1 -E 'AddressSanitizer|runtime error:' "$tmp/err")"
  elif [ $((mem_kb / 1024)) -gt $limit_mb ]; then problem="peak memory $((mem_kb / 1024)) MiB"
  elif [ $rc -ne 0 ] && ! head -1 "$tmp/err" | grep -qE "^tracekit: error: .*: offset 0x[0-9a-f]+: "; then
    problem="exit $rc without an offset: $(head -1 "$tmp/err")"
  fi
  if [ -n "$problem" ]; then echo "FAIL $name ($cmd): $problem"; exit 0; fi
done
echo "PASS $name"
