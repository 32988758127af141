#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""How far two sets of automatic weights agree, and each with the artist's.

  tools/weights_agreement.py ORIGINAL.gltf MARROW.glb BLENDER.json

ORIGINAL: the model as its artist weighted it; MARROW: marrow-cli weights
--auto's output for it (vertices in the same order); BLENDER:
tools/blender/auto_weights.py's output, matched to vertices by index when
Blender kept their count, else by position.
Prints one line: vertices, how often each tool's dominant bone is the
artist's (one of the artist's top bones when its weights tie within 1e-3), how often the two tools' dominant bones agree, their mean L1 row
distance, and how many vertices each left without weight."""

import math
import sys

from gltf_diff.load import Gltf


def rows(path):
    """(positions, rows by bone name) of every skinned primitive, in file order."""
    g = Gltf(path)
    nodes = g.list("nodes")
    positions, out = [], []
    for node in nodes:
        if "mesh" not in node or "skin" not in node:
            continue
        joints = g.list("skins")[node["skin"]]["joints"]
        for prim in g.list("meshes")[node["mesh"]]["primitives"]:
            attrs = prim["attributes"]
            pos = g.accessor(attrs["POSITION"])
            sets = []
            for k in range(2):
                if "JOINTS_%d" % k in attrs:
                    sets.append((g.accessor(attrs["JOINTS_%d" % k]), g.accessor(attrs["WEIGHTS_%d" % k])))
            for v, p in enumerate(pos):
                row = {}
                for js, ws in sets:
                    for j, w in zip(js[v], ws[v]):
                        if w > 0.0:
                            name = nodes[joints[int(j)]].get("name", "node %d" % joints[int(j)])
                            row[name] = row.get(name, 0.0) + w
                positions.append(tuple(p))
                out.append(row)
    return positions, out


def dominant(row):
    return max(sorted(row), key=lambda b: row[b]) if row else None


def top_bones(row, tie=1e-3):
    """The bones within `tie` of the row's largest weight: an artist's 0.5/0.5
    row has two dominant bones, and either tool's choice of one is right."""
    if not row:
        return set()
    top = max(row.values())
    return {b for b, w in row.items() if w >= top - tie}


def l1(a, b):
    sa, sb = sum(a.values()) or 1.0, sum(b.values()) or 1.0
    return sum(abs(a.get(k, 0.0) / sa - b.get(k, 0.0) / sb) for k in set(a) | set(b))


def key(p):
    return tuple(int(round(c * 1e4)) for c in p)


def main():
    import json
    original, marrow_path, blender_path = sys.argv[1:4]
    pos, artist = rows(original)
    mpos, marrow = rows(marrow_path)
    with open(blender_path) as f:
        blender_json = json.load(f)
    if len(blender_json["weights"]) == len(pos):
        blender = blender_json["weights"]  # Blender's importer kept the file's vertices, in order
    else:
        by_position = {}
        for p, w in zip(blender_json["vertices"], blender_json["weights"]):
            by_position.setdefault(key(p), w)
        blender = [by_position.get(key(p)) for p in pos]
    matched = [i for i, b in enumerate(blender) if b is not None]
    n = len(matched)
    if n == 0:
        sys.exit("%s: no vertex of Blender's output matches the file's" % original)
    # A tool's dominant bone counts as the artist's when it is among the artist's top bones (ties).
    same = lambda a, b: sum(1 for i in matched if dominant(a[i]) is not None and dominant(a[i]) in top_bones(b[i]))
    print("%s: %d vertices (%d matched in Blender); dominant bone as the artist's: Marrow %.1f %%, Blender %.1f %%; "
          "Marrow = Blender %.1f %%, mean L1 %.3f; unweighted: Marrow %d, Blender %d; Blender %s, median %.3f s" % (
              original, len(pos), n, 100.0 * same(marrow, artist) / n, 100.0 * same(blender, artist) / n,
              100.0 * same(marrow, blender) / n, sum(l1(marrow[i], blender[i]) for i in matched) / n,
              sum(1 for r in marrow if not r), sum(1 for i in matched if not blender[i]),
              "error: " + blender_json["error"] if blender_json["error"] else "ok",
              sorted(blender_json["seconds"])[len(blender_json["seconds"]) // 2]))
    if len(mpos) != len(pos):
        print("warning: Marrow's output has %d vertices, the original %d" % (len(mpos), len(pos)))


if __name__ == "__main__":
    main()
