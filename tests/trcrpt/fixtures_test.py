#!/usr/bin/env python3
"""`tracekit report --style trcrpt` on every shared trace.dat fixture, against
`trace-cmd report -R` (the oracle):
  * it exits 0 and prints one line per event (and per DROPPED line), in the
    same order as trace-cmd;
  * each line's label is the event name, and every field trace-cmd -R prints
    (name=value) appears in the trcrpt line with the same value: numbers
    compared as numbers (trcfmt prints hex as 0x + uppercase X digits),
    strings as text (non-printable bytes show as '.'); symbols that
    libtraceevent resolved and ARRAY[...] dumps must at least be present.
  * the heading (summary + title) comes before the events without --no-heading.
usage: fixtures_test.py TRACEKIT FIXTURE_DIR"""
import glob
import os
import re
import subprocess
import sys

tk, fixtures = sys.argv[1], sys.argv[2]
failures = 0
checked_values = 0


def fail(msg):
    global failures
    failures += 1
    if failures <= 30:
        print("FAIL " + msg)


# trace-cmd -R: "   comm-pid [cpu] ts: name:   f=v f=v"; the name column may be prefixed.
TC_LINE = re.compile(r"\[(\d{3})\]\s*[\d.]+: (\S+?):\s+(.*)$")
FIELD_START = re.compile(r"(?:^| )([A-Za-z_][A-Za-z0-9_]*)=")


def split_fields(text):
    """name=value pairs; a value runs to the next ' name=' (values may hold blanks)."""
    starts = [(m.start(1), m.end(), m.group(1)) for m in FIELD_START.finditer(text)]
    out = {}
    for i, (s, vstart, name) in enumerate(starts):
        end = starts[i + 1][0] - 1 if i + 1 < len(starts) else len(text)
        out.setdefault(name, text[vstart:end])
    return out


def as_int(v):
    v = v.strip()
    try:
        if re.fullmatch(r"-?0x[0-9a-fA-F]+", v):
            return int(v, 16)
        if re.fullmatch(r"-?\d+", v):
            return int(v)
    except ValueError:
        pass
    return None


def printable(s):
    return "".join(c if 0x20 <= ord(c) < 0x7F else "." for c in s)


for path in sorted(glob.glob(os.path.join(fixtures, "*.dat"))):
    name = os.path.basename(path)
    tc = subprocess.run(["trace-cmd", "report", "-R", "-i", path], capture_output=True)
    if tc.returncode != 0:
        fail(f"{name}: trace-cmd report failed")
        continue
    theirs = tc.stdout.decode("utf-8", "replace").split("\n")
    if theirs and theirs[-1] == "":
        theirs.pop()
    theirs = [l for l in theirs if not l.startswith("cpus=")]
    ours_run = subprocess.run([tk, "report", "--style", "trcrpt", "--no-heading", path], capture_output=True)
    if ours_run.returncode != 0:
        fail(f"{name}: tracekit exited {ours_run.returncode}: {ours_run.stderr.decode()[:200]}")
        continue
    ours = ours_run.stdout.decode("utf-8", "replace").split("\n")
    if ours and ours[-1] == "":
        ours.pop()
    if len(ours) != len(theirs):
        fail(f"{name}: {len(ours)} lines, trace-cmd reports {len(theirs)}")
        continue
    # With the heading: summary lines, the title, a blank line, then the same events.
    head = subprocess.run([tk, "report", "--style", "trcrpt", path], capture_output=True).stdout.decode("utf-8", "replace").split("\n")
    title = [i for i, l in enumerate(head) if l.startswith("ID ") and "APPL    SYSCALL KERNEL  INTERRUPT" in l]
    if len(title) != 1 or head[title[0] + 2:title[0] + 2 + len(ours)] != ours:
        fail(f"{name}: the heading is missing or the events after it differ")
    for i, (t, o) in enumerate(zip(theirs, ours)):
        if "EVENTS DROPPED]" in t:
            if "TRACEBUFFER WRAPAROUND" not in o:
                fail(f"{name}:{i + 1}: lost events shown as {o!r}")
            continue
        m = TC_LINE.search(t)
        if not m:
            fail(f"{name}:{i + 1}: cannot parse trace-cmd line {t!r}")
            continue
        event, fields = m.group(2), m.group(3)
        # Ours: ID, times, then blanks to the level column, the label and the text.
        parts = o.split(None, 3)
        if len(parts) < 4 or not parts[3].startswith(event + " ") and parts[3] != event:
            fail(f"{name}:{i + 1}: expected label {event!r} in {o!r}")
            continue
        text = parts[3][len(event) + 1:]
        theirs_f = split_fields(fields)
        ours_f = split_fields(text)
        for fname, tv in theirs_f.items():
            if fname not in ours_f:
                fail(f"{name}:{i + 1}: field {fname} missing in {o!r}")
                continue
            ov = ours_f[fname]
            ti, oi = as_int(tv), as_int(ov)
            if ti is not None:
                # trace-cmd -R prints %lx fields as bare hex digits ("ino=51423"); ours say 0x.
                if oi is not None and ov.strip().startswith("0x") and re.fullmatch(r"[0-9a-f]+", tv.strip()):
                    ti = int(tv.strip(), 16)
                if oi is None:
                    fail(f"{name}:{i + 1}: {fname}={tv} but ours {ov!r}")
                elif ti != oi and (ti & 0xFFFFFFFFFFFFFFFF) != (oi & 0xFFFFFFFFFFFFFFFF):
                    fail(f"{name}:{i + 1}: {fname}={tv} but ours {ov!r}")
                checked_values += 1
            elif tv.startswith("ARRAY[") or re.fullmatch(r"[\w.]+\+0x[0-9a-f]+", tv) or (oi is not None and ov.startswith("0x")):
                # a byte dump, or a kernel symbol libtraceevent resolved from the number we print
                if ov == "":
                    fail(f"{name}:{i + 1}: {fname} is empty, trace-cmd shows {tv!r}")
            else:
                # trace-cmd drops the trailing newline of the last field (print buf); ours shows it as '.'
                if ov.strip() not in (printable(tv.strip()), printable(tv.strip()) + "."):
                    fail(f"{name}:{i + 1}: {fname}={tv!r} but ours {ov!r}")
                checked_values += 1

print(f"{checked_values} field values compared, {failures} failures")
sys.exit(1 if failures else 0)
