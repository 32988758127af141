# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""The node tree of a binary or ASCII FBX file, as (name, [values], [children])
tuples with a root named "", for tools/fbx_reference.py and
tools/fbx_to_ascii.py. Arrays read as Python lists (one value each)."""

import re
import struct
import zlib

MAGIC = b"Kaydara FBX Binary  \x00"
SCALARS = {"Y": "<h", "C": "<?", "I": "<i", "F": "<f", "D": "<d", "L": "<q"}
ARRAYS = {"f": "f", "d": "d", "l": "q", "i": "i", "b": "?"}


def read_binary(data):
    version = struct.unpack_from("<I", data, 23)[0]
    wide = version >= 7500
    header = struct.Struct("<QQQ" if wide else "<III")

    def node(o):
        end, count, _ = header.unpack_from(data, o)
        o += header.size
        length = data[o]
        o += 1
        if end == 0:
            return None, o
        name = data[o:o + length].decode("latin1")
        o += length
        values = []
        for _ in range(count):
            kind = chr(data[o])
            o += 1
            if kind in SCALARS:
                values.append(struct.unpack_from(SCALARS[kind], data, o)[0])
                o += struct.calcsize(SCALARS[kind])
            elif kind in ARRAYS:
                n, encoding, size = struct.unpack_from("<III", data, o)
                o += 12
                raw = data[o:o + size]
                o += size
                if encoding == 1:
                    raw = zlib.decompress(raw)
                values.append(list(struct.unpack("<%d%s" % (n, ARRAYS[kind]), raw)))
            elif kind in "SR":
                n = struct.unpack_from("<I", data, o)[0]
                o += 4
                values.append(data[o:o + n].decode("latin1") if kind == "S" else data[o:o + n])
                o += n
            else:
                raise ValueError(f"unknown property type {kind!r} at {o}")
        kids = []
        while o < end:
            k, o = node(o)
            if k is None:
                break
            kids.append(k)
        return (name, values, kids), end

    o, top = 27, []
    while o + header.size < len(data):
        k, o = node(o)
        if k is None:
            break
        top.append(k)
    return ("", [], top)


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
    return read_ascii(data.decode("latin1"))


def child(node, name):
    return next((k for k in node[2] if k[0] == name), None) if node else None


def children(node, name):
    return [k for k in node[2] if k[0] == name] if node else []


def object_name(text):
    """'Hips\\x00\\x01Model' (binary) and 'Model::Hips' (ASCII) are both 'Hips'."""
    if "\x00\x01" in text:
        return text.split("\x00\x01")[0]
    return text.split("::", 1)[1] if "::" in text else text
