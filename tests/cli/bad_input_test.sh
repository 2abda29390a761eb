#!/usr/bin/env bash
# Bad input through the CLI: a one-line error naming the file and a byte
# offset, a non-zero exit, no crash; report keeps the events before the damage.
#   bad_input_test.sh TRACEKIT SHARED_FIXTURE_DIR
set -uo pipefail
tk=$1 dir=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL $*"; }

expect_error() { # NAME FILE [ARGS...]: exit 1, one stderr line "tracekit: error: FILE: offset 0x..: ..."
  local name=$1 file=$2; shift 2
  "$tk" "$@" "$file" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  if [ $rc -ne 1 ]; then bad "$name: exit $rc, expected 1"; return; fi
  if ! grep -q "^tracekit: error: $file: offset 0x[0-9a-f]*: " "$tmp/err"; then bad "$name: no offset in: $(head -2 "$tmp/err")"; return; fi
  ok
}

# Truncated v7 (zstd) inside the metadata, and a v6 file cut in its CPU data.
head -c 5000 "$dir/sched-irq.dat" > "$tmp/cut-meta.dat"
expect_error "v7 cut in metadata" "$tmp/cut-meta.dat" report
expect_error "v7 cut in metadata (dump)" "$tmp/cut-meta.dat" dump
size=$(stat -c %s "$dir/sched-irq-v6.dat")
head -c $((size - 2000)) "$dir/sched-irq-v6.dat" > "$tmp/cut-data.dat"  # inside the last CPU's last page
"$tk" report "$tmp/cut-data.dat" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 1 ] && grep -q "offset 0x" "$tmp/err" && ok || bad "v6 cut in data: exit $rc, $(head -1 "$tmp/err")"
# The events before the cut are printed: every line is one of the full report's, in order, and some are missing.
"$tk" report "$dir/sched-irq-v6.dat" > "$tmp/full"
n=$(wc -l < "$tmp/out") full=$(wc -l < "$tmp/full")
extra=$(diff "$tmp/out" "$tmp/full" | grep -c '^<')
if [ "$n" -gt 10 ] && [ "$n" -lt "$full" ] && [ "$extra" -eq 0 ]; then ok; else bad "v6 cut: $n of $full lines, $extra not in the full report"; fi

# Not a trace file, empty file, wrong version, bad zstd data.
printf 'hello world, not a trace\n' > "$tmp/text.dat"; expect_error "not a trace" "$tmp/text.dat" report
: > "$tmp/empty.dat"; expect_error "empty file" "$tmp/empty.dat" report
cp "$dir/sched-irq.dat" "$tmp/ver.dat"; printf '8' | dd of="$tmp/ver.dat" bs=1 seek=10 conv=notrunc 2>/dev/null
expect_error "version 8" "$tmp/ver.dat" report
cp "$dir/sched-irq.dat" "$tmp/zstd.dat"; printf '\xff\xff\xff\xff' | dd of="$tmp/zstd.dat" bs=1 seek=$((0x25 + 16 + 8)) conv=notrunc 2>/dev/null
expect_error "corrupt zstd frame" "$tmp/zstd.dat" report

# Missing file: an error naming it, exit 1.
"$tk" report "$tmp/nope.dat" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 1 ] && grep -q "nope.dat: cannot open" "$tmp/err" && ok || bad "missing file: exit $rc"

echo "bad input: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
