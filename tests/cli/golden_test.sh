#!/usr/bin/env bash
# tracekit's output against the golden files trace-cmd produced
# (fixtures/tracedat/golden, made by fixtures/tracedat/regenerate-golden.sh).
#   golden_test.sh TRACEKIT SHARED_FIXTURE_DIR BUNDLED_FIXTURE_DIR
set -uo pipefail
tk=$1 shared=$2 bundled=$3
golden=$bundled/golden
pass=0 fail=0

# view name -> tracekit arguments (the file name is appended)
declare -A views=(
  [report]="report" [report-R]="report -R" [report-N]="report -N" [report-t]="report -t"
  [report-l]="report -l" [report-raw-ts]="report --raw-ts"
  [dump-summary]="dump --summary" [dump-options]="dump --options"
  [dump-flyrecord]="dump --flyrecord" [dump-sections]="dump --sections"
)
for g in "$golden"/*.txt.gz; do
  base=$(basename "$g" .txt.gz)      # NAME.VIEW
  name=${base%%.*} view=${base#*.}
  dir=$shared; [ -e "$dir/$name.dat" ] || dir=$bundled
  if [ ! -e "$dir/$name.dat" ]; then echo "MISSING fixture $name.dat"; fail=$((fail+1)); continue; fi
  # trace-cmd printed the file name as given, so run inside the folder.
  if cmp -s <(cd "$dir" && "$tk" ${views[$view]} "$name.dat" 2>/dev/null) <(gzip -dc "$g"); then
    pass=$((pass+1))
  else
    fail=$((fail+1)); echo "FAIL $name: tracekit ${views[$view]} differs from trace-cmd:"
    diff <(cd "$dir" && "$tk" ${views[$view]} "$name.dat" 2>&1) <(gzip -dc "$g") | head -5
  fi
done
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
