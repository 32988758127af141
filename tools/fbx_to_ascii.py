#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Writes a binary FBX file as ASCII FBX (the same nodes and values), so the
tests can check that Marrow reads both encodings alike (issue 38):

  tools/fbx_to_ascii.py IN.fbx OUT.fbx"""

import sys

from fbx_tree import read_fbx


def text(value):
    if isinstance(value, bytes):
        return '""'
    if isinstance(value, str):
        if "\x00\x01" in value:  # binary "Name\0\1Class" is ASCII "Class::Name"
            name, cls = value.split("\x00\x01", 1)
            value = f"{cls}::{name}"
        return '"' + value.replace('"', "&quot;") + '"'
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def write(node, depth, out):
    name, values, kids = node
    pad = "\t" * depth
    parts = []
    for v in values:
        if isinstance(v, list):
            parts.append(f"*{len(v)} {{\n{pad}\ta: " + ",".join(text(x) for x in v) + f"\n{pad}}}")
        else:
            parts.append(text(v))
    line = f"{pad}{name}: " + ", ".join(parts)
    if kids:
        out.append(line + " {")
        for k in kids:
            write(k, depth + 1, out)
        out.append(pad + "}")
    else:
        out.append(line)


def main():
    root = read_fbx(sys.argv[1])
    out = ["; FBX 7.4.0 project file", "; converted from binary by tools/fbx_to_ascii.py", ""]
    for n in root[2]:
        if n[0] in ("FileId", "CreationTime", "Creator"):
            continue
        write(n, 0, out)
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
