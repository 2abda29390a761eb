#!/usr/bin/env bash
# `tracekit templates check FILE`: exit 0 and an OK line for a valid file,
# exit 1 with file:line:col messages on stderr for a bad one.
set -u
bin=$1
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

cat > "$tmp/good.trcfmt" <<'T'
# a comment
010 1.0 L=APPL "GOOD" "x="X4 \
   D4
0FE 1.0 "DFS_ENTRY" D2
T
out=$("$bin" templates check "$tmp/good.trcfmt" 2>"$tmp/err"); rc=$?
[ $rc -eq 0 ] || { echo "good file: exit $rc"; cat "$tmp/err"; fail=1; }
[ "$out" = "$tmp/good.trcfmt: 2 templates OK" ] || { echo "good file: stdout '$out'"; fail=1; }

cat > "$tmp/bad.trcfmt" <<'T'
010 1.0 "BAD" D3
011 1.0 "ALSO BAD" "unterminated
012 1.0 "FINE" X4
013 1.0 "X" $HD%D1, 0 "a", 
T
"$bin" templates check "$tmp/bad.trcfmt" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 1 ] || { echo "bad file: exit $rc (want 1)"; fail=1; }
printf '%s\n' \
  "$tmp/bad.trcfmt:1:15: format code D3: length must be 1, 2, 4 or 8" \
  "$tmp/bad.trcfmt:2:20: unterminated string (a string must end on the line it starts)" \
  "$tmp/bad.trcfmt:4:28: expected a SWITCH match value, found end of line (the last case of a SWITCH has no ',' after it)" \
  > "$tmp/want"
diff "$tmp/want" "$tmp/err" || { echo "bad file: messages differ"; fail=1; }
[ -s "$tmp/out" ] && { echo "bad file: unexpected stdout"; cat "$tmp/out"; fail=1; }

"$bin" templates check "$tmp/missing.trcfmt" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 1 ] || { echo "missing file: exit $rc (want 1)"; fail=1; }
exit $fail
