# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""The node tree of a binary or ASCII FBX file, as (name, [values], [children])
tuples with a root named "", for tools/fbx_reference.py and
tools/fbx_to_ascii.py. Arrays read as Python lists (one value each)."""

import os
import re
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fbx_null_records  # noqa: E402  (the binary record walker)

MAGIC = b"Kaydara FBX Binary  \x00"
SCALARS = {"Y": "<h", "C": "<?", "I": "<i", "F": "<f", "D": "<d", "L": "<q"}
ARRAYS = {"f": "f", "d": "d", "l": "q", "i": "i", "b": "?"}


def decode_properties(raw, count):
    """A binary node's `count` values from its property bytes: numbers,
    strings (UTF-8), raw bytes, and arrays (zlib-inflated) as lists."""
    out, o = [], 0
    for _ in range(count):
        t = chr(raw[o])
        o += 1
        if t in SCALARS:
            out.append(struct.unpack_from(SCALARS[t], raw, o)[0])
            o += struct.calcsize(SCALARS[t])
        elif t in ARRAYS:
            n, enc, clen = struct.unpack_from("<III", raw, o)
            o += 12
            data = raw[o:o + clen]
            o += clen
            if enc == 1:
                data = zlib.decompress(data)
            fmt = ARRAYS[t]
            out.append(list(struct.unpack("<%d%s" % (n, fmt), data[:n * struct.calcsize(fmt)])))
        elif t in "SR":
            n = struct.unpack_from("<I", raw, o)[0]
            o += 4
            out.append(raw[o:o + n] if t == "R" else raw[o:o + n].decode("utf-8", "replace"))
            o += n
        else:
            raise ValueError("unknown FBX property type %r" % t)
    return out


def read_binary(data):
    """The records as fbx_null_records.parse reads them, values decoded."""
    _, _, nodes, _ = fbx_null_records.parse(data)

    def convert(n):
        return (n.name, decode_properties(n.props, n.nprops), [convert(c) for c in n.children])
    return ("", [], [convert(n) for n in nodes])


TOKEN = re.compile(r'\s*(?:;[^\n]*|("(?:[^"]*)")|([A-Za-z_][\w|.]*):|(\*\d+)|([{},])|([^\s,{}";]+))')


def tokens(text):
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            break
        pos = m.end()
        string, key, star, punct, bare = m.groups()
        if string is not None:
            yield ("value", string[1:-1])
        elif key is not None:
            yield ("key", key)
        elif star is not None:
            yield ("star", int(star[1:]))
        elif punct is not None:
            yield (punct, punct)
        elif bare is not None:
            yield ("value", number(bare))


def number(text):
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return text


def read_ascii(text):
    stream = list(tokens(text))
    pos = 0

    def node():
        nonlocal pos
        name = stream[pos][1]
        pos += 1
        values = []
        while pos < len(stream) and stream[pos][0] in ("value", "star"):
            if stream[pos][0] == "star":
                pos += 2  # *N {
                arr = []
                if stream[pos][0] == "key":  # a:
                    pos += 1
                    while stream[pos][0] in ("value", ","):
                        if stream[pos][0] == "value":
                            arr.append(stream[pos][1])
                        pos += 1
                pos += 1  # }
                values.append(arr)
            else:
                values.append(stream[pos][1])
                pos += 1
            if pos < len(stream) and stream[pos][0] == ",":
                pos += 1
            else:
                break
        kids = []
        if pos < len(stream) and stream[pos][0] == "{":
            pos += 1
            while pos < len(stream) and stream[pos][0] == "key":
                kids.append(node())
            pos += 1  # }
        return (name, values, kids)

    top = []
    while pos < len(stream) and stream[pos][0] == "key":
        top.append(node())
    return ("", [], top)


def read_fbx(path):
    data = open(path, "rb").read()
    if data.startswith(MAGIC):
        return read_binary(data)
    return read_ascii(data.decode("utf-8", "replace"))


def child(node, name):
    return next((k for k in node[2] if k[0] == name), None) if node else None


def children(node, name):
    return [k for k in node[2] if k[0] == name] if node else []


def object_name(text):
    """'Hips\\x00\\x01Model' (binary) and 'Model::Hips' (ASCII) are both 'Hips'."""
    if "\x00\x01" in text:
        return text.split("\x00\x01")[0]
    return text.split("::", 1)[1] if "::" in text else text
