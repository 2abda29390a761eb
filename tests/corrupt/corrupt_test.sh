#!/usr/bin/env bash
# Runs tracekit on a corrupt-file corpus made from real fixtures by
# make_corpus.py (one fixture at a time, to bound the disk it needs), checking
# every case with check_case.sh, two at a time. The AIX hex fixtures
# (fixtures/aix) get cases of their own (no header: cuts, flips, fields).
#   corrupt_test.sh TRACEKIT SHARED_FIXTURE_DIR
set -uo pipefail
tk=$1 dir=$2
here=$(cd "$(dirname "$0")" && pwd)
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
: > "$tmp/results"
fixtures=$(cd "$here/../../fixtures/aix" 2>/dev/null && ls *.hex 2>/dev/null)
for fx in sched-irq.dat sched-irq-v6.dat instance.dat lost.dat $fixtures; do
  src=$dir/$fx; case $fx in *.hex) src=$here/../../fixtures/aix/$fx;; esac
  rm -rf "$tmp/corpus"
  python3 "$here/make_corpus.py" "$tmp/corpus" "$tk" "$src" >/dev/null || { echo "FAIL corpus for $fx" >> "$tmp/results"; continue; }
  # TRACEKIT_CORRUPT_EVERY=N checks every N-th case only (the sanitizer pass in
  # .ci/run samples; the normal pass checks them all).
  find "$tmp/corpus" -name '*.dat' | sort | awk -v n="${TRACEKIT_CORRUPT_EVERY:-1}" 'NR % n == 0' | tr '\n' '\0' |
    xargs -0 -P2 -n1 bash "$here/check_case.sh" "$tk" >> "$tmp/results"
done
grep '^FAIL' "$tmp/results" | head -40
pass=$(grep -c '^PASS' "$tmp/results") fail=$(grep -c '^FAIL' "$tmp/results")
echo "corrupt: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt $((500 / ${TRACEKIT_CORRUPT_EVERY:-1})) ]
