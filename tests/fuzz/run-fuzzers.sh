#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (build-fuzz/) and runs each for
# SECONDS (default 600), seeded from fixtures/ and the shared fixtures.
# A crash leaves crash-* files in build-fuzz/findings/TARGET/: turn each into a
# named fixture and a regression test.
#   tests/fuzz/run-fuzzers.sh [SECONDS] [TARGET...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-600}; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(fuzz_tracedat fuzz_trcfmt fuzz_aix)
build=$root/build-fuzz
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTRACEKIT_FUZZ=ON -DTRACEKIT_TESTS=ON >/dev/null
cmake --build "$build" -j2 --target "${targets[@]}" 2>&1 | tail -1
shared=$root/../shared/fixtures/tracedat
for t in "${targets[@]}"; do
  [ -x "$build/tests/fuzz/$t" ] || { echo "$t: not built, skipped"; continue; }
  corpus=$build/corpus/$t findings=$build/findings/$t
  mkdir -p "$corpus" "$findings"
  case $t in
    fuzz_tracedat)
      # Small real files and their headers: whole small traces, and cut prefixes of the big ones.
      for f in "$shared"/*.dat "$root"/fixtures/tracedat/*.dat; do [ -e "$f" ] && head -c 300000 "$f" > "$corpus/$(basename "$f").head"; done ;;
    fuzz_trcfmt)
      for f in "$root"/tests/trcfmt/cases/*.case; do [ -e "$f" ] && { sed -n '/^--- template/,/^--- /p' "$f" | sed '1d;$d'; printf '\0\x01\x0a\x00\x04\x00\x00\x00\x07'; } > "$corpus/$(basename "$f")"; done ;;
    fuzz_aix)
      # The hex fixtures as bytes, behind a first byte that picks "detect" (0).
      for f in "$root"/fixtures/aix/*.hex; do
        python3 - "$f" "$corpus/$(basename "$f" .hex)" <<'PY'
import re, sys
out = bytearray(b"\0")
for line in open(sys.argv[1]):
    for t in re.findall(r'"[^"]*"|#.*|[0-9A-Fa-f]+', line):
        if t.startswith('#'): break
        out += t[1:-1].encode() if t.startswith('"') else bytes.fromhex(t)
open(sys.argv[2], "wb").write(out)
PY
      done ;;
  esac
  echo "== $t for ${secs}s"
  (cd "$findings" && "$build/tests/fuzz/$t" "$corpus" -max_total_time="$secs" -rss_limit_mb=2048 -max_len=400000 \
      -print_final_stats=1 2>&1 | tail -12)
  ls "$findings" | grep -E '^(crash|leak|timeout|oom)-' && echo "$t: FINDINGS in $findings" || echo "$t: no findings"
done
