#!/usr/bin/env bash
# tracekit convert against the oracle: for every shared fixture and every
# target (v6; v7 none/zlib/zstd; both byte orders), trace-cmd's report of the
# output equals its report of the input, and trace-cmd dump accepts the file.
# Debian's trace-cmd has no zlib, so zlib outputs are proven by tracekit's own
# reader and by Python's standard zlib on a section's stream.
#   convert_test.sh TRACEKIT SHARED_FIXTURE_DIR
set -uo pipefail
tk=$1 dir=$2
command -v trace-cmd >/dev/null || { echo "trace-cmd (the oracle) is not installed"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL $*"; }

for f in "$dir"/*.dat; do
  name=$(basename "$f" .dat)
  trace-cmd report -i "$f" > "$tmp/in.txt" 2>/dev/null
  for target in "6 none little" "7 none little" "7 zstd little" "7 zlib little" "6 none big" "7 zstd big" "7 none big"; do
    set -- $target
    out="$tmp/$name-$1-$2-$3.dat"
    if ! "$tk" convert "$f" "$out" --file-version "$1" --compression "$2" --endian "$3" 2>"$tmp/err"; then
      bad "$name -> $target: convert failed: $(head -1 "$tmp/err")"; continue
    fi
    if [ "$2" = zlib ]; then
      cmp -s "$tmp/in.txt" <("$tk" report "$out" 2>/dev/null) && ok || bad "$name -> $target: tracekit report differs"
      # The first section (headers) must be a standard zlib stream: u32 csize, u32 usize, data.
      python3 - "$out" <<'PY' && ok || bad "$name -> $target: not a standard zlib stream"
import struct, sys, zlib
b = open(sys.argv[1], 'rb').read()
end = 10 + b[10:].index(b'\0') + 1          # version string
pos = end + 6                                # endian, long size, page size
pos = b.index(b'\0', pos) + 1                # "zlib"
pos = b.index(b'\0', pos) + 1                # zlib version
pos += 8                                     # first options offset
sid, flags, desc, size = struct.unpack_from('<HHiQ' if b[end] == 0 else '>HHiQ', b, pos)
cs, us = struct.unpack_from('<II' if b[end] == 0 else '>II', b, pos + 16)
data = zlib.decompress(b[pos + 24: pos + 24 + cs])
assert sid == 16 and flags == 1 and len(data) == us and data.startswith(b'header_page\0'), (sid, flags, us)
PY
      continue
    fi
    cmp -s "$tmp/in.txt" <(trace-cmd report -i "$out" 2>/dev/null) && ok || bad "$name -> $target: trace-cmd report differs"
    trace-cmd dump -i "$out" >/dev/null 2>&1 && ok || bad "$name -> $target: trace-cmd dump rejects it"
  done
done

# -R output of a byte-swapped file with many event types (payload fields re-encoded).
"$tk" convert "$dir/mixed.dat" "$tmp/be.dat" --endian big
cmp -s <(trace-cmd report -R -i "$dir/mixed.dat") <(trace-cmd report -R -i "$tmp/be.dat") && ok || bad "mixed big-endian -R differs"

# Selection writes only what was selected.
"$tk" convert "$dir/mixed.dat" "$tmp/sel.dat" --events sched_switch,irq:softirq_raise --cpu 1
want=$(trace-cmd report -i "$dir/mixed.dat" | grep -E '\[001\]' | grep -cE ' (sched_switch|softirq_raise): ')
got=$(trace-cmd report -i "$tmp/sel.dat" | awk '$2 ~ /^\[[0-9]+\]$/' | wc -l)
others=$(trace-cmd report -i "$tmp/sel.dat" | awk '$2 ~ /^\[[0-9]+\]$/' | grep -vcE '\[001\].* (sched_switch|softirq_raise): ')
[ "$want" -gt 0 ] && [ "$got" -eq "$want" ] && [ "$others" -eq 0 ] && ok || bad "selection: got $got of $want, $others others"
# The drop recorded before CPU 1's first (unselected) event is kept, on the first selected one.
trace-cmd report -i "$tmp/sel.dat" > "$tmp/sel.txt"
grep -q '^CPU:1 \[30891 EVENTS DROPPED\]' "$tmp/sel.txt" && ok || bad "selection lost the drop marker"
"$tk" convert "$dir/mixed.dat" "$tmp/win.dat" --from 940.05 --to 940.1
# (event lines only: a "CPU:1 [N EVENTS DROPPED]" marker travels with the first kept event)
lines=$(trace-cmd report -i "$tmp/win.dat" | awk '$2 ~ /^\[[0-9]+\]$/ && ($3+0 < 940.05 || $3+0 > 940.1)' | wc -l)
total=$(trace-cmd report -i "$tmp/win.dat" | awk '$2 ~ /^\[[0-9]+\]$/' | wc -l)
[ "$total" -gt 0 ] && [ "$lines" -eq 0 ] && ok || bad "time window: $lines of $total outside"

# Never overwrites the input, also through a link; leaves no temporary files.
cp "$dir/sched-irq.dat" "$tmp/keep.dat"; ln -s keep.dat "$tmp/link.dat"
before=$(md5sum < "$tmp/keep.dat")
"$tk" convert "$tmp/keep.dat" "$tmp/link.dat" 2>"$tmp/err"; rc=$?
[ $rc -eq 1 ] && grep -q "is the input file" "$tmp/err" && [ "$(md5sum < "$tmp/keep.dat")" = "$before" ] && ok || bad "same file through a link: exit $rc"
"$tk" convert "$tmp/keep.dat" "$tmp/keep.dat" 2>/dev/null; [ $? -eq 1 ] && ok || bad "same path accepted"
"$tk" convert "$tmp/keep.dat" "$tmp/nodir/out.dat" 2>/dev/null; [ $? -eq 1 ] && ok || bad "missing folder accepted"
ls -a "$tmp" | grep -q '\.tmp-' && bad "temporary file left behind" || ok

echo "convert: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
