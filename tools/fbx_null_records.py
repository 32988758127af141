#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Check, and for measurement repair, the nested-block null records of a
binary FBX. Plain Python 3.

  fbx_null_records.py IN.fbx            report: version, top-level nodes, nodes
                                        with children that lack the null record
  fbx_null_records.py IN.fbx -o OUT.fbx write a copy where every node with
                                        children or no properties, and every
                                        object, ends with its null record

In a binary FBX every node record that has child records, or no properties,
and every object (a child of Objects) ends with a null record (13 zero bytes before version
7500, 25 from 7500 on), and readers (Blender's, Assimp's own, the FBX SDK)
require it. Assimp 5.2.x's binary FBX
exporter writes none (its NULL_RECORD constant is a std::string built from a
string of zero bytes, so it is empty: assimp issue 4686, fixed by pull
request 4824 after 5.2.5), so nothing can read what it writes. The repaired
copy exists only to measure what the rest of that exporter writes (bind
poses, skin clusters, animation stacks); it is no fix for the exporter.
Exit 0 when the file is well formed (or was repaired), 1 when null records
are missing and no -o was given, 2 on unreadable input."""

import argparse
import struct
import sys

MAGIC = b"Kaydara FBX Binary  \x00"


class Node:
    __slots__ = ("name", "props", "nprops", "children", "had_null")

    def __init__(self, name, props, nprops):
        self.name, self.props, self.nprops = name, props, nprops
        self.children, self.had_null = [], False


def parse(data):
    if not data.startswith(MAGIC) or len(data) < 27:
        raise ValueError("not a binary FBX")
    version = struct.unpack_from("<I", data, 23)[0]
    wide = version >= 7500
    head = struct.Struct("<QQQB" if wide else "<IIIB")
    null = b"\0" * head.size

    def read_list(offset, end, top):
        nodes = []
        while offset + head.size <= end:
            end_offset, nprops, props_len, name_len = head.unpack_from(data, offset)
            if end_offset == 0:  # a null record: the end of this list
                return nodes, offset + head.size, True
            if top and (end_offset > end or end_offset <= offset):
                break  # the footer
            if end_offset > end or end_offset <= offset:
                raise ValueError("node at 0x%x ends at 0x%x, outside 0x%x" % (offset, end_offset, end))
            name_at = offset + head.size
            name = data[name_at:name_at + name_len].decode("latin-1")
            props_at = name_at + name_len
            node = Node(name, data[props_at:props_at + props_len], nprops)
            child_at = props_at + props_len
            if child_at < end_offset:
                node.children, after, node.had_null = read_list(child_at, end_offset, False)
                if after != end_offset:
                    raise ValueError("children of %s at 0x%x end at 0x%x, not 0x%x" % (name, offset, after,
                                                                                      end_offset))
            nodes.append(node)
            offset = end_offset
            if top and data[offset:offset + head.size] == null:
                return nodes, offset + head.size, True
        return nodes, offset, False

    nodes, after, _ = read_list(27, len(data), True)
    return version, wide, nodes, data[after:]


def missing(nodes, path=""):
    out = []
    for n in nodes:
        if n.children and not n.had_null:
            out.append(path + n.name)
        out += missing(n.children, path + n.name + "/")
    return out


def write(version, wide, nodes, footer, header):
    head = struct.Struct("<QQQB" if wide else "<IIIB")
    null = b"\0" * head.size
    out = bytearray(header)

    def put(n, scope=False):
        start = len(out)
        out.extend(b"\0" * head.size)
        out.extend(n.name.encode("latin-1"))
        out.extend(n.props)
        # as the FBX SDK writes: a node without properties, and every object, is a scope even when empty
        if n.children or n.nprops == 0 or scope:
            for c in n.children:
                put(c, n.name == "Objects")
            out.extend(null)
        head.pack_into(out, start, len(out), n.nprops, len(n.props), len(n.name))

    for n in nodes:
        put(n)
    out.extend(null)
    out.extend(footer)
    return bytes(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("fbx")
    ap.add_argument("-o", "--output")
    a = ap.parse_args()
    try:
        with open(a.fbx, "rb") as f:
            data = f.read()
        version, wide, nodes, footer = parse(data)
    except (OSError, ValueError, struct.error) as e:
        print("fbx_null_records: %s" % e, file=sys.stderr)
        return 2
    lacking = missing(nodes)
    print("%s: FBX %d, %d top-level nodes (%s), %d nodes with children lack their null record%s" % (
        a.fbx, version, len(nodes), ", ".join(n.name for n in nodes), len(lacking),
        (": " + ", ".join(lacking[:6]) + (", ..." if len(lacking) > 6 else "")) if lacking else ""))
    if a.output:
        with open(a.output, "wb") as f:
            f.write(write(version, wide, nodes, footer, data[:27]))
        return 0
    return 1 if lacking else 0


if __name__ == "__main__":
    sys.exit(main())
