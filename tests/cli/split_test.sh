#!/usr/bin/env bash
# tracekit split: the pieces, read by trace-cmd, hold every event of the input
# exactly once and in order; piece sizes follow -e/-m/-p/-c; names follow
# trace-cmd split (BASE.1 without -r, BASE.0001... with -r).
#   split_test.sh TRACEKIT SHARED_FIXTURE_DIR
set -uo pipefail
tk=$1 dir=$2
command -v trace-cmd >/dev/null || { echo "trace-cmd (the oracle) is not installed"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL $*"; }
events() { trace-cmd report -i "$1" 2>/dev/null | awk '$2 ~ /^\[[0-9]+\]$/' | wc -l; }
body() { trace-cmd report -i "$1" 2>/dev/null | grep -v '^cpus='; }

for run in "mixed:-e 5000" "mixed:-m 20" "mixed:-p 3" "mixed:-u 40000" "lost:-e 300" "lost:-m 200" "instance:-e 100" "instance:-p 1"; do
  f=${run%%:*} mode=${run#*:}
  in=$dir/$f.dat
  body "$in" > "$tmp/whole.txt"
  {
    rm -f "$tmp"/piece.*
    "$tk" split -i "$in" -o "$tmp/piece" $mode -r 2>/dev/null || { bad "$f $mode: split failed"; continue; }
    n=$(ls "$tmp"/piece.* | wc -l)
    for p in "$tmp"/piece.*; do body "$p"; done > "$tmp/joined.txt"
    # Instances interleave differently per piece, so compare sorted there.
    if [ "$f" = instance ]; then
      cmp -s <(sort "$tmp/whole.txt") <(sort "$tmp/joined.txt") && ok || bad "$f $mode: $n pieces do not hold every event once"
    else
      cmp -s "$tmp/whole.txt" "$tmp/joined.txt" && ok || bad "$f $mode: $n pieces joined differ from the input"
    fi
    [ "$n" -gt 1 ] && ok || bad "$f $mode: only $n piece"
  }
done

# -e: every piece but the last has exactly N events; names are BASE.0001...
rm -f "$tmp"/piece.*
"$tk" split -i "$dir/mixed.dat" -o "$tmp/piece" -e 7000 -r 2>/dev/null
[ "$(ls "$tmp" | grep -c '^piece\.000[1-5]$')" -eq 5 ] && ok || bad "-e 7000 -r names: $(ls "$tmp" | tr '\n' ' ')"
for k in 1 2 3 4; do [ "$(events "$tmp/piece.000$k")" -eq 7000 ] && ok || bad "piece $k has $(events "$tmp/piece.000$k") events"; done
# Without -r: only BASE.1, with the first N events.
rm -f "$tmp"/piece.*
"$tk" split -i "$dir/mixed.dat" -o "$tmp/piece" -e 1000 2>/dev/null
[ "$(ls "$tmp" | grep '^piece' | tr '\n' ' ')" = "piece.1 " ] && [ "$(events "$tmp/piece.1")" -eq 1000 ] && ok || bad "-e 1000 without -r"
cmp -s <(body "$tmp/piece.1") <(head -n "$(body "$tmp/piece.1" | wc -l)" <(body "$dir/mixed.dat")) && ok || bad "-e 1000: not the first events"
# -m: no piece spans more than its length.
rm -f "$tmp"/piece.*
"$tk" split -i "$dir/mixed.dat" -o "$tmp/piece" -m 30 -r 2>/dev/null
for p in "$tmp"/piece.*; do
  span=$(trace-cmd report -i "$p" | awk '$2 ~ /^\[[0-9]+\]$/ {t=$3+0; if (!s) s=t; e=t} END {printf "%d", (e-s)*1e6}')
  [ "$span" -lt 30000 ] && ok || bad "$(basename "$p") spans ${span}us"
done
# -c: per CPU counts.
rm -f "$tmp"/piece.*
"$tk" split -i "$dir/mixed.dat" -o "$tmp/piece" -e 3000 -c -r 2>/dev/null
worst=$(for p in "$tmp"/piece.*; do trace-cmd report -i "$p" | awk '$2 ~ /^\[[0-9]+\]$/ {print $2}' | sort | uniq -c; done | sort -n | tail -1 | awk '{print $1}')
[ "$worst" -eq 3000 ] && ok || bad "-c: a CPU has $worst events in one piece"
# start/end window.
rm -f "$tmp"/piece.*
"$tk" split -i "$dir/mixed.dat" -o "$tmp/piece" -e 100000 940.05 940.06 2>/dev/null
out=$(trace-cmd report -i "$tmp/piece.1" | awk '$2 ~ /^\[[0-9]+\]$/ && ($3+0 < 940.05 || $3+0 > 940.06)' | wc -l)
[ "$out" -eq 0 ] && [ "$(events "$tmp/piece.1")" -gt 0 ] && ok || bad "window: $out events outside"
# Never the input.
"$tk" split -i "$tmp/piece.1" -o "$tmp/piece" -e 10 2>/dev/null; [ $? -eq 1 ] && ok || bad "split over its input"

echo "split: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
