#!/usr/bin/env bash
# bench/convert-vs-tracecmd.sh - time `tracekit convert` against `trace-cmd convert`
#
# For every trace (default: bench/data/big6.dat, the v6 uncompressed copy made by
# report-vs-tracecmd.sh) and every target (default: v7 zstd; also v6 none), both
# tools convert the same input in the same run; best wall-clock of RUNS runs and
# peak RSS are recorded, then the outputs are checked: trace-cmd's report of our
# output must equal its report of the input (byte for byte).
#   bench/convert-vs-tracecmd.sh [-n RUNS] [--no-check] [TRACE...]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
runs=3 check=1 traces=()
tracekit=${TRACEKIT:-$root/build/cli/tracekit}
while [ $# -gt 0 ]; do
  case "$1" in
    -n) runs=$2; shift 2 ;;
    --no-check) check=0; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) traces+=("$1"); shift ;;
  esac
done
[ ${#traces[@]} -gt 0 ] || traces=("$here/data/big6.dat")
for t in "${traces[@]}"; do [ -e "$t" ] || { echo "missing $t (run bench/report-vs-tracecmd.sh first to record it)" >&2; exit 2; }; done
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cp "$tracekit" "$tmp/tracekit"   # a rebuild during the run must not change what is timed

best() { # OUTVAR-prefix CMD...: best wall seconds and max RSS MiB over $runs runs
  local b=999999 m=0 i
  for i in $(seq "$runs"); do
    rm -f "$tmp/out.dat"
    /usr/bin/time -f '%e %M' -o "$tmp/time" "$@" >/dev/null 2>&1
    read -r s k < "$tmp/time"
    b=$(awk -v a="$b" -v s="$s" 'BEGIN{print (s<a)?s:a}')
    m=$(( k/1024 > m ? k/1024 : m ))
  done
  echo "$b $m"
}

status=0
printf '%-10s %-8s %10s %10s %6s %8s %8s %10s %10s %s\n' trace target "tracekit s" "trace-cmd s" ratio "tk MiB" "tc MiB" "tk bytes" "tc bytes" check
for t in "${traces[@]}"; do
  for target in "7 zstd" "6 none"; do
    set -- $target
    read -r tk_s tk_m < <(best "$tmp/tracekit" convert "$t" "$tmp/out.dat" --file-version "$1" --compression "$2")
    "$tmp/tracekit" convert "$t" "$tmp/ours.dat" --file-version "$1" --compression "$2"
    read -r tc_s tc_m < <(best trace-cmd convert -i "$t" -o "$tmp/out.dat" --file-version "$1" --compression "$2")
    trace-cmd convert -i "$t" -o "$tmp/theirs.dat" --file-version "$1" --compression "$2" >/dev/null 2>&1
    verdict=skipped
    if [ $check -eq 1 ]; then
      if cmp -s <(trace-cmd report -i "$t" 2>/dev/null) <(trace-cmd report -i "$tmp/ours.dat" 2>/dev/null); then verdict=identical
      else verdict=MISMATCH; status=1; fi
    fi
    printf '%-10s %-8s %10s %10s %6.2f %8s %8s %10s %10s %s\n' "$(basename "$t")" "v$1-$2" "$tk_s" "$tc_s" \
      "$(awk -v a="$tc_s" -v b="$tk_s" 'BEGIN{print (b>0)?a/b:0}')" "$tk_m" "$tc_m" \
      "$(stat -c %s "$tmp/ours.dat")" "$(stat -c %s "$tmp/theirs.dat")" "$verdict"
  done
done
echo "(best of $runs wall-clock runs; ratio = trace-cmd s / tracekit s, >1 = tracekit faster; check = trace-cmd report of our output vs of the input)"
exit $status
