#!/usr/bin/env bash
# `report --style trcrpt` with user templates, and `templates generate`:
#  * generated templates pass `templates check` and, loaded back with
#    --templates, render every fixture identically to the built-in generation;
#  * a user template for one event id changes exactly that event's lines;
#  * -O columns and option errors.
#   templates_test.sh TRACEKIT SHARED_FIXTURE_DIR
set -uo pipefail
tk=$1 dir=$2
pass=0 fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL $*"; }

for f in "$dir"/*.dat; do
  n=$(basename "$f")
  "$tk" templates generate "$f" >"$tmp/gen.trc" || { bad "$n: generate failed"; continue; }
  "$tk" templates generate "$f" -o "$tmp/gen-o.trc" && cmp -s "$tmp/gen.trc" "$tmp/gen-o.trc" && ok || bad "$n: -o differs from stdout"
  "$tk" templates check "$tmp/gen.trc" >/dev/null 2>"$tmp/err" && ok || { bad "$n: generated templates fail check"; head -3 "$tmp/err"; }
  "$tk" report --style trcrpt "$f" >"$tmp/builtin" || bad "$n: report failed"
  "$tk" report --style trcrpt --templates "$tmp/gen.trc" "$f" >"$tmp/loaded" || bad "$n: report -T failed"
  cmp -s "$tmp/builtin" "$tmp/loaded" && ok || { bad "$n: generated templates loaded back render differently"; diff "$tmp/builtin" "$tmp/loaded" | head -4; }
done

# A user template for sched_switch only: those lines change, no other line does.
f=$dir/sched-irq.dat
"$tk" templates generate "$f" >"$tmp/gen.trc"
id=$(grep -E '^[0-9A-F]{3,4} 1\.0 L=[A-Z]+ "sched_switch"' "$tmp/gen.trc" | cut -d' ' -f1)
[ -n "$id" ] && ok || bad "no generated sched_switch template"
# prev_pid is the second field ($D2), next_pid the sixth (at offset 56).
printf '# my switch\n%s 1.0 L=APPL "SWITCH" "from="$D2%%D4 "to=" G56 D4\n' "$id" >"$tmp/user.trc"
"$tk" templates check "$tmp/user.trc" >/dev/null && ok || bad "user template does not check"
"$tk" report --style trcrpt --no-heading "$f" >"$tmp/a"
"$tk" report --style trcrpt --no-heading -T "$tmp/user.trc" "$f" >"$tmp/b"
[ "$(wc -l <"$tmp/a")" = "$(wc -l <"$tmp/b")" ] && ok || bad "override changed the line count"
switches=$(grep -c ' sched_switch prev_comm=' "$tmp/a")
changed=$(diff <(cat "$tmp/a") <(cat "$tmp/b") | grep -c '^<')
[ "$switches" -gt 0 ] && [ "$changed" = "$switches" ] && ok || bad "override changed $changed lines, expected the $switches sched_switch lines"
# Every changed line was a sched_switch line and now is SWITCH with the same pids, at the APPL column.
paste -d'\n' "$tmp/a" "$tmp/b" | awk -v id="$id" '
  NR % 2 == 1 { a = $0; next }
  a != $0 {
    if (a !~ / sched_switch prev_comm=/) { print "changed a non-switch line: " a; bad = 1 }
    match(a, /prev_pid=[-0-9]+/); pp = substr(a, RSTART + 9, RLENGTH - 9)
    match(a, /next_pid=[-0-9]+/); np = substr(a, RSTART + 9, RLENGTH - 9)
    want = "SWITCH from=" pp " to=" np
    if (substr($0, 33) != want || substr($0, 1, length(id)) != id) { print "got: " $0 " want at column 33: " want; bad = 1 }
  }
  END { exit bad }' && ok || bad "override lines are wrong"

# A version below the generated 1.0 does not replace it.
sed 's/ 1\.0 / 0.9 /' "$tmp/user.trc" >"$tmp/old.trc"
"$tk" report --style trcrpt --no-heading -T "$tmp/old.trc" "$f" | cmp -s - "$tmp/a" && ok || bad "a 0.9 template replaced the generated 1.0"

# -O columns: PROCESS NAME, PID, TID, CPU; timestamp=3 drops the times.
"$tk" report --style trcrpt -O exec=on,pid=on -O tid=on,cpuid=on,timestamp=3 "$f" >"$tmp/o"
grep -q '^ID  PROCESS NAME   PID    TID    CPU    APPL    SYSCALL KERNEL  INTERRUPT$' "$tmp/o" && ok || { bad "-O title"; grep '^ID' "$tmp/o"; }
grep -qE '^[0-9A-F]{3} +bash +13396 +13396 +1 +sched_process_fork parent_comm=bash' "$tmp/o" && ok || { bad "-O columns"; sed -n 9p "$tmp/o"; }
"$tk" report --style trcrpt -O timestamp=1 --no-heading "$f" | head -1 | grep -qE '^16E   0\.000000000 {19}sched_process_fork' && ok || bad "-O timestamp=1"
"$tk" report --style trcrpt -O bogus=on "$f" >/dev/null 2>"$tmp/err"; [ $? -ne 0 ] && grep -q 'unknown option' "$tmp/err" && ok || bad "-O bogus accepted"
"$tk" report --style tracecmd -T "$tmp/user.trc" "$f" >/dev/null 2>&1; [ $? -ne 0 ] && ok || bad "--templates with --style tracecmd accepted"
# Without --style, the trcrpt-only options choose the trcrpt style.
cmp -s <("$tk" report -T "$tmp/user.trc" "$f") <("$tk" report --style trcrpt -T "$tmp/user.trc" "$f") && ok || bad "-T without --style is not trcrpt"
printf '010 1.0 "x" D3\n' >"$tmp/broken.trc"
"$tk" report --style trcrpt -T "$tmp/broken.trc" "$f" >"$tmp/o" 2>"$tmp/err"; rc=$?
[ $rc -ne 0 ] && [ ! -s "$tmp/o" ] && grep -q 'broken.trc:1:' "$tmp/err" && ok || bad "a broken template file: rc=$rc, $(head -1 "$tmp/err")"
# --style json is --json; the default style is untouched.
cmp -s <("$tk" report --style json "$f") <("$tk" report --json "$f") && ok || bad "--style json differs from --json"
cmp -s <("$tk" report --style tracecmd "$f") <("$tk" report "$f") && ok || bad "--style tracecmd differs from the default"

# AIX: the reader's hook-word entries through the AIX adapter; seed 001's template
# renders seed 001's three entries, hooks without a template the UNDEFINED form.
aixhex=$(dirname "$0")/../../fixtures/aix/aix64-types.hex
if [ -f "$aixhex" ]; then
  python3 - "$aixhex" "$tmp/aix.log" <<'PY'
import re, sys
out = bytearray()
for line in open(sys.argv[1]).read().split("\n"):
    if line.lstrip().startswith("#"): continue
    for m in re.finditer(r'"([^"]*)"|([0-9A-Fa-f]+)', line):
        out += m.group(1).encode() if m.group(1) is not None else bytes.fromhex(m.group(2))
open(sys.argv[2], "wb").write(out)
PY
  cat >"$tmp/my.trc" <<'TRC'
010 1.0 L=APPL "MyCustomHook" \
$GENERIC%D1, \
0 {\
        $HD%D1, \
        0 { "Activity="G8 A10 \
		"Address=0x"$D2 {{ $total_size = $D3 * $D4 }} \
		"Size="$total_size%D4 },\
        1 { "Address=0x"$D1 "Array Index="$D2%D4 "Value="$D3%D4 },\
        \* {"Undefined Hook with subhook id = "$HD%D1 }\
},\
1 { "String Length=" $D1%D4 {{ $loopcnt = $HL }} G16 LOOP $loopcnt {A0} }
TRC
  "$tk" report --style trcrpt --from aix64 --no-heading -T "$tmp/my.trc" "$tmp/aix.log" >"$tmp/aix.out" 2>"$tmp/err" && ok || bad "AIX report failed: $(head -1 "$tmp/err")"
  grep -q '^010 .\{25\}   MyCustomHook Activity=malloc Address=0x110000970 Size=40$' "$tmp/aix.out" && \
  grep -q '^010 .\{25\}   MyCustomHook String Length=17 successful malloc$' "$tmp/aix.out" && \
  grep -q '^010 .\{25\}   MyCustomHook Address=0x110000984 Array Index=5 Value=20$' "$tmp/aix.out" && ok || { bad "AIX seed 001 lines"; head -20 "$tmp/aix.out"; }
  grep -q '^003 .\{25\}   UNDEFINED TRACE ID idx 0x0$' "$tmp/aix.out" && \
  grep -q '^ \{40\}traceid 0030 hookword  C000000C00300001 type C000$' "$tmp/aix.out" && ok || bad "AIX UNDEFINED form"
fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
