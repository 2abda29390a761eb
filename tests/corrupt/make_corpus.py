#!/usr/bin/env python3
"""Generates a corrupt-file corpus from real trace.dat fixtures.

For each fixture: truncation at every section/block/page boundary; every size
and count field set to 0, max, and off by one; flipped bytes in compressed
data; wrong magic and version; a second copy of a section; loops and bad links
in the v7 OPTIONS chain; impossible page commits. Every case is one file named
after what it breaks:  FIXTURE.WHAT.dat

    make_corpus.py OUTDIR FIXTURE.dat [FIXTURE.dat ...]
The structure is taken from `tracekit dump --json` (v7) or parsed here (v6).
"""
import json, os, struct, subprocess, sys

out_dir, tracekit, fixtures = sys.argv[1], sys.argv[2], sys.argv[3:]
os.makedirs(out_dir, exist_ok=True)
count = 0

def emit(base, what, data):
    global count
    with open(os.path.join(out_dir, f"{base}.{what}.dat"), "wb") as f:
        f.write(data)
    count += 1

def put(data, off, fmt, value):
    b = bytearray(data)
    size = struct.calcsize(fmt)
    if off < 0 or off + size > len(b):
        return None
    struct.pack_into(fmt, b, off, value)
    return bytes(b)

def field_cases(base, data, name, off, fmt, end):
    """A size/count field: 0, max, and one off either way."""
    size = struct.calcsize(fmt)
    if off + size > len(data):
        return
    cur = struct.unpack_from(fmt, data, off)[0]
    maxv = (1 << (8 * size)) - 1
    for tag, v in (("zero", 0), ("max", maxv), ("plus1", (cur + 1) & maxv), ("minus1", (cur - 1) & maxv)):
        if v == cur:
            continue
        d = put(data, off, fmt, v)
        if d:
            emit(base, f"{name}-{tag}", d)

def flip(base, data, name, off):
    if 0 <= off < len(data):
        b = bytearray(data)
        b[off] ^= 0xff
        emit(base, f"{name}-flip", bytes(b))

def truncations(base, data, offsets):
    for o in sorted(set(offsets)):
        for d in (-1, 0, 1):
            cut = o + d
            if 0 < cut < len(data):
                emit(base, f"cut-{cut}", data[:cut])

def v7_cases(base, data, e, info):
    cuts = [0x0a, 0x0c, 0x12]
    for s in info["sections"]:
        o = s["offset"]
        cuts += [o, o + 16, o + 16 + s["size"]]
        field_cases(base, data, f"sec{s['id']}@{o}-size", o + 8, e + "Q", None)
        flip(base, data, f"sec{s['id']}@{o}-id", o)
        if s.get("compressed") and "compressed_size" in s:
            field_cases(base, data, f"sec{s['id']}@{o}-csize", o + 16, e + "I", None)
            field_cases(base, data, f"sec{s['id']}@{o}-usize", o + 20, e + "I", None)
            flip(base, data, f"sec{s['id']}@{o}-zdata", o + 24 + s["compressed_size"] // 2)
            flip(base, data, f"sec{s['id']}@{o}-zhead", o + 24)
    first_opts = struct.unpack_from(e + "Q", data, data.index(b"\0", data.index(b"\0", 0x12) + 1) + 1)[0]
    for opt in info["options"]:
        o = opt["offset"]
        field_cases(base, data, f"opt{opt['id']}@{o}-size", o + 2, e + "I", None)
        if opt["id"] in (0, 16, 17, 18, 19, 20, 21):   # pointers: to the start, past the end, to itself
            for tag, v in (("loop", first_opts), ("past-end", len(data) + 4096), ("self", o)):
                d = put(data, o + 6, e + "Q", v)
                if d:
                    emit(base, f"opt{opt['id']}@{o}-ptr-{tag}", d)
        if opt["id"] == 3:   # BUFFER: u64 offset, name, clock, u32 page size, u32 ncpu, entries
            p = o + 6 + 8
            p = data.index(b"\0", p) + 1
            p = data.index(b"\0", p) + 1
            field_cases(base, data, f"buffer@{o}-pagesize", p, e + "I", None)
            field_cases(base, data, f"buffer@{o}-ncpu", p + 4, e + "I", None)
            q = p + 8
            for i in range(struct.unpack_from(e + "I", data, p + 4)[0]):
                field_cases(base, data, f"buffer@{o}-cpu{i}-offset", q + 4, e + "Q", None)
                field_cases(base, data, f"buffer@{o}-cpu{i}-size", q + 12, e + "Q", None)
                q += 20
    for b in info["buffers"]:
        for c in b["cpus"]:
            o = c["offset"]
            cuts += [o, o + 4, o + 12, o + c["size"]]
            if b.get("compressed"):
                field_cases(base, data, f"chunks@{o}-count", o, e + "I", None)
                field_cases(base, data, f"chunk0@{o}-csize", o + 4, e + "I", None)
                field_cases(base, data, f"chunk0@{o}-usize", o + 8, e + "I", None)
                flip(base, data, f"chunk0@{o}-zdata", o + 12 + 20)
            else:
                page_cases(base, data, e, o, c["size"], info)
    # A second copy of the headers section at the end, pointed at by the HEADERS option.
    hdr = next(s for s in info["sections"] if s["id"] == 16)
    copy = data[hdr["offset"]: hdr["offset"] + 16 + hdr["size"]]
    opt = next(o for o in info["options"] if o["id"] == 16)
    d = put(data + copy, opt["offset"] + 6, e + "Q", len(data))
    emit(base, "headers-second-copy", d)
    truncations(base, data, cuts)

def page_cases(base, data, e, off, size, info):
    ls = info.get("kernel_long_size", 8)
    pf = e + ("Q" if ls == 8 else "I")
    page = info["page_size"]
    for k in range(min(size // page, 3)):
        p = off + k * page
        field_cases(base, data, f"page@{p}-commit", p + 8, pf, None)
        d = put(data, p + 8, pf, 0xffffffffc0000000 | 4000 if ls == 8 else 0xc0000000 | 4000)
        if d:
            emit(base, f"page@{p}-missed-flags", d)
        for w in range(3):   # event header words: type_len/time_delta garbage
            flip(base, data, f"page@{p}-word{w}", p + 8 + ls + 4 * w)

def v6_cases(base, data, e, info):
    cuts = [0x0a, 0x0c, 0x12]
    p = 0x12 + 12
    field_cases(base, data, "header_page-size", p, e + "Q", None)
    p += 8 + struct.unpack_from(e + "Q", data, p)[0]
    cuts.append(p)
    p += 13
    field_cases(base, data, "header_event-size", p, e + "Q", None)
    p += 8 + struct.unpack_from(e + "Q", data, p)[0]
    cuts.append(p)
    field_cases(base, data, "ftrace-count", p, e + "I", None)
    n = struct.unpack_from(e + "I", data, p)[0]
    p += 4
    for i in range(n):
        if i < 2:
            field_cases(base, data, f"ftrace{i}-size", p, e + "Q", None)
        p += 8 + struct.unpack_from(e + "Q", data, p)[0]
    cuts.append(p)
    field_cases(base, data, "systems-count", p, e + "I", None)
    nsys = struct.unpack_from(e + "I", data, p)[0]
    p += 4
    for s in range(nsys):
        p = data.index(b"\0", p) + 1
        if s < 2:
            field_cases(base, data, f"system{s}-count", p, e + "I", None)
        ne = struct.unpack_from(e + "I", data, p)[0]
        p += 4
        for i in range(ne):
            if s < 1 and i < 2:
                field_cases(base, data, f"system{s}-event{i}-size", p, e + "Q", None)
            p += 8 + struct.unpack_from(e + "Q", data, p)[0]
    cuts.append(p)
    for name, fmt in (("kallsyms", "I"), ("printk", "I"), ("cmdlines", "Q")):
        field_cases(base, data, f"{name}-size", p, e + fmt, None)
        p += struct.calcsize(fmt) + struct.unpack_from(e + fmt, data, p)[0]
        cuts.append(p)
    field_cases(base, data, "cpus", p, e + "I", None)
    p += 4
    if data[p:p + 10] == b"options  \0":
        p += 10
        while True:
            oid = struct.unpack_from(e + "H", data, p)[0]
            if oid == 0:
                break
            field_cases(base, data, f"v6opt{oid}@{p}-size", p + 2, e + "I", None)
            p += 6 + struct.unpack_from(e + "I", data, p + 2)[0]
        d = put(data, p, e + "H", 0x7777)   # the terminator becomes an unknown option
        if d:
            emit(base, "v6-options-terminator", d)
        p += 2
        cuts.append(p)
    p += 10
    for b in info["buffers"][:1]:
        for c in b["cpus"]:
            field_cases(base, data, f"cpu{c['cpu']}-offset", p + 16 * c["cpu"], e + "Q", None)
            field_cases(base, data, f"cpu{c['cpu']}-size", p + 16 * c["cpu"] + 8, e + "Q", None)
            cuts += [c["offset"], c["offset"] + c["size"]]
            page_cases(base, data, e, c["offset"], c["size"], info)
            cuts += [c["offset"] + k * info["page_size"] for k in range(c["size"] // info["page_size"])]
    truncations(base, data, cuts)

def hex_fixture(path):
    """fixtures/aix/*.hex: hex bytes, "ascii" strings, '#' comments."""
    import re
    out = bytearray()
    for line in open(path):
        for t in re.findall(r'"[^"]*"|#.*|[0-9A-Fa-f]+', line):
            if t.startswith('#'):
                break
            out += t[1:-1].encode() if t.startswith('"') else bytes.fromhex(t)
    return bytes(out)

def aix_cases(base, data):
    """AIX logs have no header: cut at every entry-alignment boundary, flip
    every byte of the first entries, and set every 16/32-bit field to 0/max."""
    for cut in range(4, len(data), 4):
        emit(base, f"cut-{cut}", data[:cut])
    for off in range(min(len(data), 160)):
        flip(base, data, f"byte{off}", off)
    for off in range(0, min(len(data), 160), 4):
        for tag, fmt in (("u16", ">H"), ("u32", ">I")):
            for v in (0, (1 << (8 * struct.calcsize(fmt))) - 1):
                d = put(data, off, fmt, v)
                if d:
                    emit(base, f"{tag}@{off}-{v:x}", d)

for fx in fixtures:
    if fx.endswith(".hex"):
        aix_cases(os.path.basename(fx)[:-4] + ".aix", hex_fixture(fx))
        continue
    data = open(fx, "rb").read()
    base = os.path.basename(fx)[:-4]
    info = json.loads(subprocess.run([tracekit, "dump", "--json", fx], capture_output=True, check=True).stdout)
    e = "<" if info["endianness"] == "little" else ">"
    emit(base, "bad-magic", b"\x17\x08\x45" + data[3:])
    emit(base, "bad-version", data[:10] + b"9" + data[11:])
    emit(base, "bad-endian", data[:12] + b"\x07" + data[13:])
    emit(base, "bad-long", data[:13] + b"\x05" + data[14:])
    field_cases(base, data, "page-size", 14, e + "I", None)
    if info["version"] >= 7:
        v7_cases(base, data, e, info)
    else:
        v6_cases(base, data, e, info)
print(f"{count} corrupt cases in {out_dir}")
