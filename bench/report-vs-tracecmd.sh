#!/usr/bin/env bash
# bench/report-vs-tracecmd.sh - time `tracekit report` against `trace-cmd report`
#
# For every trace file and every report mode (plain, -R, -t by default) this script
#   1. checks that `tracekit report [MODE] FILE` and `trace-cmd report [MODE] -i FILE`
#      write byte-identical stdout (cmp); a difference is reported as MISMATCH, the
#      first differing lines are shown, and the script exits 1 at the end;
#   2. counts the events (lines of output minus the `cpus=N` header line);
#   3. times both commands with stdout to /dev/null, best (minimum) wall-clock of
#      RUNS runs, alternating the two tools, and records the peak RSS (largest over
#      the runs) via /usr/bin/time;
#   4. prints one table row: events, both times, ratio = trace-cmd s / tracekit s
#      (> 1 means tracekit is faster), events/s of each, peak RSS of each.
#
# With no TRACE argument it benchmarks bench/data/big.dat and bench/data/big6.dat,
# recording big.dat first (recipe from /work/shared/README.md, needs root and tracefs;
# only one recording may run at a time on a machine) and converting it to v6
# uncompressed for big6.dat if they are missing. bench/data/ is git-ignored: never
# commit trace data.
#
# Results go to stdout as an aligned table; --markdown prints a Markdown table instead
# (that is what docs/performance.md contains).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
data="$here/data"

usage() {
  cat <<EOF
usage: bench/report-vs-tracecmd.sh [options] [TRACE...]

Compare speed, memory and output of \`tracekit report\` and \`trace-cmd report -i\`.

options:
  -n RUNS          timed runs per command, the best wall-clock counts (default 3)
  -m MODES         comma-separated report modes; "plain" means no flag, anything else
                   is passed verbatim to both tools (default: plain,-R,-t)
  --tracekit PATH  tracekit binary (default: \$TRACEKIT or build/cli/tracekit)
  --trace-cmd PATH trace-cmd binary (default: \$TRACE_CMD or trace-cmd from PATH)
  --no-check       skip the byte-identity check and the event count (timing only)
  --markdown       print the result table as Markdown
  -h, --help       this help

With no TRACE, uses bench/data/big.dat (v7, zstd) and bench/data/big6.dat (v6,
uncompressed), recording/converting them first if missing (root + tracefs needed).
Exit status: 0 if all outputs matched, 1 on any MISMATCH, 2 on usage/setup errors.
EOF
}

# ---------------------------------------------------------------- options
runs=3
modes="plain,-R,-t"
tracekit=${TRACEKIT:-$root/build/cli/tracekit}
tracecmd=${TRACE_CMD:-trace-cmd}
check=1
markdown=0
traces=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    -n) runs=$2; shift 2 ;;
    -m) modes=$2; shift 2 ;;
    --tracekit) tracekit=$2; shift 2 ;;
    --trace-cmd) tracecmd=$2; shift 2 ;;
    --no-check) check=0; shift ;;
    --markdown) markdown=1; shift ;;
    --) shift; traces+=("$@"); break ;;
    -*) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
    *) traces+=("$1"); shift ;;
  esac
done

# ---------------------------------------------------------------- prerequisites
[ -x "$tracekit" ] || { echo "tracekit binary not found: $tracekit (build with make -C build -j2)" >&2; exit 2; }
command -v "$tracecmd" >/dev/null || { echo "trace-cmd not found (apt-get install trace-cmd)" >&2; exit 2; }
# GNU time gives wall-clock and peak RSS in one go; the bash keyword `time` cannot.
if [ ! -x /usr/bin/time ]; then
  echo "installing GNU time (/usr/bin/time)..." >&2
  apt-get install -y time >/dev/null || { echo "need /usr/bin/time: apt-get install time" >&2; exit 2; }
fi

# ---------------------------------------------------------------- default traces
# Record the big benchmark trace (~3.5 M events of sched, irq and syscalls while
# `find /usr` runs six times) and make a v6 uncompressed copy of it.
if [ ${#traces[@]} -eq 0 ]; then
  mkdir -p "$data"
  if [ ! -f "$data/big.dat" ]; then
    rec=${RECORD_TRACEDAT:-/work/shared/tools/record-tracedat.sh}
    [ -x "$rec" ] || { echo "no bench/data/big.dat and no recorder at $rec (set RECORD_TRACEDAT)" >&2; exit 2; }
    echo "recording $data/big.dat (only one recording may run at a time)..." >&2
    "$rec" "$data/big.dat" -b 65536 -e sched -e irq -e syscalls \
      -- sh -c 'for i in 1 2 3 4 5 6; do find /usr >/dev/null; done' >&2
  fi
  if [ ! -f "$data/big6.dat" ]; then
    echo "converting to $data/big6.dat (v6, uncompressed)..." >&2
    "$tracecmd" convert -i "$data/big.dat" -o "$data/big6.dat" --file-version 6 --compression none >/dev/null 2>&1
  fi
  traces=("$data/big.dat" "$data/big6.dat")
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tk-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# Benchmark a private copy of the binary, so a rebuild during the run (make in another
# shell) cannot swap it halfway. tracekit links its own libraries statically.
cp "$tracekit" "$tmp/tracekit"
echo "tracekit: $tracekit ($(git -C "$root" describe --always --dirty 2>/dev/null || echo '?')), $("$tracecmd" 2>&1 | grep -m1 version || true)" >&2
tracekit=$tmp/tracekit

# ---------------------------------------------------------------- helpers
# run1 PREFIX CMD... : run CMD once with stdout to /dev/null and keep the best result in
# the globals PREFIX_t (best wall-clock s), PREFIX_c (user+sys CPU s of that best run,
# less sensitive to other load) and PREFIX_m (largest peak RSS over all runs, KiB).
run1() {
  local p=$1 t m u s
  shift
  /usr/bin/time -f '%e %M %U %S' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/stderr" || {
    echo "command failed: $*" >&2; cat "$tmp/stderr" >&2; exit 2; }
  read -r t m u s < "$tmp/time"
  local -n bt=${p}_t bm=${p}_m bc=${p}_c
  if [ -z "$bt" ] || awk -v a="$t" -v b="$bt" 'BEGIN { exit !(a < b) }'; then
    bt=$t; bc=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
  fi
  if [ "$m" -gt "$bm" ]; then bm=$m; fi
}

# human MiB from KiB
mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }
# events per second (guards against a 0.00 s reading)
eps() { awk -v n="$1" -v t="$2" 'BEGIN { if (t <= 0) t = 0.005; printf "%.0f", n / t }'; }

rows=()
status=0
for f in "${traces[@]}"; do
  [ -f "$f" ] || { echo "no such trace: $f" >&2; exit 2; }
  IFS=, read -r -a mode_list <<< "$modes"
  for mode in "${mode_list[@]}"; do
    flags=()
    [ "$mode" = plain ] || read -r -a flags <<< "$mode"
    label="$(basename "$f") ${mode}"
    echo "== $label" >&2

    # --- correctness: write both outputs once, compare byte for byte, count events
    events="-"
    if [ $check -eq 1 ]; then
      "$tracekit" report "${flags[@]}" "$f" > "$tmp/tk.out" 2> "$tmp/tk.err" || true
      "$tracecmd" report "${flags[@]}" -i "$f" > "$tmp/tc.out" 2> "$tmp/tc.err" || true
      lines=$(wc -l < "$tmp/tc.out")
      hdr=$(grep -c '^cpus=' "$tmp/tc.out" || true)
      events=$((lines - hdr))
      if cmp -s "$tmp/tk.out" "$tmp/tc.out"; then
        echo "   identical output ($events events)" >&2
      else
        status=1
        {
          echo "!!!!!!!! MISMATCH: tracekit report ${flags[*]} $f differs from trace-cmd report ${flags[*]} -i $f"
          cmp "$tmp/tk.out" "$tmp/tc.out" || true
          diff "$tmp/tk.out" "$tmp/tc.out" | head -20 || true
        } >&2
        label="$label MISMATCH"
      fi
      cmp -s "$tmp/tk.err" "$tmp/tc.err" || echo "   note: stderr differs (not compared strictly)" >&2
      rm -f "$tmp/tk.out" "$tmp/tc.out"
    fi

    # --- speed and memory. Other processes distort wall-clock times on a small machine:
    # warn when the 1-minute load average is already above 1 before we start.
    load=$(cut -d' ' -f1 /proc/loadavg)
    if awk -v l="$load" 'BEGIN { exit !(l > 1.0) }'; then
      echo "   warning: load average $load > 1, timings may be noisy" >&2
    fi
    # The two tools run alternately (tk, tc, tk, tc, ...) so that a burst of load from
    # elsewhere hits both rather than only one of them.
    tk_t=""; tk_m=0; tk_c=""; tc_t=""; tc_m=0; tc_c=""
    for ((i = 0; i < runs; i++)); do
      run1 tk "$tracekit" report "${flags[@]}" "$f"
      run1 tc "$tracecmd" report "${flags[@]}" -i "$f"
    done
    ratio=$(awk -v a="$tc_t" -v b="$tk_t" 'BEGIN { if (b <= 0) b = 0.005; printf "%.2f", a / b }')
    if [ "$events" = "-" ]; then tk_e="-"; tc_e="-"; else tk_e=$(eps "$events" "$tk_t"); tc_e=$(eps "$events" "$tc_t"); fi
    echo "   tracekit ${tk_t}s (cpu ${tk_c}s) $(mib "$tk_m") MiB, trace-cmd ${tc_t}s (cpu ${tc_c}s) $(mib "$tc_m") MiB, ratio ${ratio}x" >&2
    rows+=("$label|$events|$tk_t|$tc_t|$ratio|$tk_e|$tc_e|$(mib "$tk_m")|$(mib "$tc_m")")
  done
done

# ---------------------------------------------------------------- table
header="trace mode|events|tracekit s|trace-cmd s|ratio|tracekit ev/s|trace-cmd ev/s|tracekit RSS MiB|trace-cmd RSS MiB"
if [ $markdown -eq 1 ]; then
  echo "| ${header//|/ | } |"
  echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
  for r in "${rows[@]}"; do echo "| ${r//|/ | } |"; done
else
  { echo "$header"; printf '%s\n' "${rows[@]}"; } | column -t -s '|'
fi
echo "(best of $runs wall-clock runs; ratio = trace-cmd s / tracekit s, >1 = tracekit faster; RSS = peak)"
[ $status -eq 0 ] || echo "MISMATCH: at least one output differed from trace-cmd" >&2
exit $status
