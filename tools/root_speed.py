#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Per-frame ground speed of a baked clip's root, for transition figures.

  tools/root_speed.py OUT.glb CLIP [JOINT]

Reads the clip's translation keys of JOINT (default: the topmost node the
clip translates) and prints its speed along the ground (X and Z of the
joint's parent space, in the file's units per frame) at every key, then the
peak and whether the path ever steps backwards along its overall travel."""

import math
import sys

from gltf_diff.load import Gltf


def main():
    path, clip = sys.argv[1], sys.argv[2]
    g = Gltf(path)
    nodes = g.list("nodes")
    parent = {c: i for i, n in enumerate(nodes) for c in n.get("children", [])}

    def depth(i):
        d = 0
        while i in parent:
            i, d = parent[i], d + 1
        return d

    anim = next(a for a in g.list("animations") if a.get("name") == clip)
    tracks = {}
    for ch in anim["channels"]:
        if ch["target"].get("path") == "translation" and "node" in ch["target"]:
            s = anim["samplers"][ch["sampler"]]
            tracks[ch["target"]["node"]] = (g.accessor(s["input"]), g.accessor(s["output"]))
    if len(sys.argv) > 3:
        joint = next(i for i, n in enumerate(nodes) if n.get("name") == sys.argv[3])
    else:
        joint = min(tracks, key=depth)
    times, values = tracks[joint]
    total = [values[-1][0] - values[0][0], values[-1][2] - values[0][2]]
    norm = math.hypot(*total) or 1.0
    speeds, back = [], 0.0
    for k in range(1, len(values)):
        dx, dz = values[k][0] - values[k - 1][0], values[k][2] - values[k - 1][2]
        speeds.append(math.hypot(dx, dz))
        back = min(back, (dx * total[0] + dz * total[1]) / norm)
    print("joint %s, %d keys" % (nodes[joint].get("name"), len(values)))
    print(" ".join("%.2f" % s for s in speeds))
    print("peak %.3f, largest backward step %.3f" % (max(speeds), -back))


main()
