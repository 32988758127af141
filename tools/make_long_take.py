#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Joins clips of a glTF into one long take, as a mocap session records them.

  tools/make_long_take.py IN.gltf OUT.gltf CLIP:REPEATS [CLIP:REPEATS...] [--name take] [--fps 30]

Samples each named animation of IN at FPS over its length, REPEATS times in
a row, the parts one after another (the topmost translated joint carried on
from where the previous part ended along the ground, so a travelling walk
keeps travelling and the root never jumps back), and writes OUT with the same nodes, meshes
and skins and one animation, the take, keyed LINEAR at every frame. Issue
37's clips from one long take are cut back out of it with `marrow-cli
--range-clip NEW=take:START:END` (tools/transition_check.py does)."""

import argparse
import base64
import json
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gltf_diff.load import Gltf  # noqa: E402

SIZES = {"VEC3": 3, "VEC4": 4}


def channels_of(g, anim):
    out = {}
    for ch in anim["channels"]:
        target = ch["target"]
        if "node" not in target or target.get("path") not in ("translation", "rotation", "scale"):
            continue
        s = anim["samplers"][ch["sampler"]]
        times = [float(t[0]) if isinstance(t, tuple) else float(t) for t in g.accessor(s["input"])]
        values = [tuple(float(x) for x in v) for v in g.accessor(s["output"])]
        if s.get("interpolation") == "CUBICSPLINE":
            values = values[1::3]  # the values between the tangents
        out[(target["node"], target["path"])] = (times, values, s.get("interpolation", "LINEAR"))
    return out


def sample(track, t):
    times, values, interpolation = track
    if t <= times[0]:
        return values[0]
    if t >= times[-1]:
        return values[-1]
    hi = next(i for i, x in enumerate(times) if x > t)
    lo = hi - 1
    if interpolation == "STEP":
        return values[lo]
    f = (t - times[lo]) / (times[hi] - times[lo])
    a, b = values[lo], values[hi]
    if len(a) == 4:  # nlerp on the short arc, normalised
        if sum(x * y for x, y in zip(a, b)) < 0:
            b = tuple(-x for x in b)
        q = [x + (y - x) * f for x, y in zip(a, b)]
        n = math.sqrt(sum(x * x for x in q)) or 1.0
        return tuple(x / n for x in q)
    return tuple(x + (y - x) * f for x, y in zip(a, b))


def rest(node, path):
    return tuple(node.get(path, {"translation": [0, 0, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]}[path]))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("parts", nargs="+", help="CLIP:REPEATS")
    p.add_argument("--name", default="take")
    p.add_argument("--fps", type=float, default=30.0)
    o = p.parse_args()
    g = Gltf(o.input)
    nodes = g.list("nodes")
    anims = {a.get("name"): a for a in g.list("animations")}
    parts = []
    for spec in o.parts:
        name, _, repeats = spec.rpartition(":")
        if name not in anims:
            sys.exit(f"make_long_take: {o.input} has no animation '{name}'")
        parts.append((channels_of(g, anims[name]), int(repeats)))
    keys = sorted({k for chans, _ in parts for k in chans})
    # The root that travels: the topmost node with a translation channel.
    parent = {c: i for i, n in enumerate(nodes) for c in n.get("children", [])}

    def depth(i):
        d = 0
        while i in parent:
            i, d = parent[i], d + 1
        return d

    moved = [k for k in keys if k[1] == "translation"]
    root = min(moved, key=lambda k: depth(k[0])) if moved else None
    current = {k: rest(nodes[k[0]], k[1]) for k in keys}  # the last value written, per channel
    out = {k: [] for k in keys}
    frame = 0
    for chans, repeats in parts:
        length = max(t[0][-1] for t in chans.values())
        frames = max(1, round(length * o.fps))
        for _ in range(repeats):
            # The root goes on along the ground (X and Z) from where the take is;
            # its height and every other joint are the part's own.
            shift = {}
            if root in chans and frame > 0:
                d = [c - s for c, s in zip(current[root], sample(chans[root], 0.0))]
                shift[root] = (d[0], 0.0, d[2])
            for f in range(frames):
                for k in keys:
                    v = sample(chans[k], f / o.fps) if k in chans else current[k]
                    if k in shift:
                        v = tuple(x + d for x, d in zip(v, shift[k]))
                    out[k].append(v)
            for k in keys:  # where the repeat ends (its last frame is the next one's first)
                v = sample(chans[k], length) if k in chans else current[k]
                current[k] = tuple(x + d for x, d in zip(v, shift.get(k, (0.0,) * len(v))))
            frame += frames
    for k in keys:  # the take's last frame
        out[k].append(current[k])
    count = frame + 1

    data = bytearray()
    views, accessors = [], []

    def add(floats, typ, count_, minmax=None):
        while len(data) % 4:
            data.append(0)
        payload = struct.pack(f"<{len(floats)}f", *floats)
        views.append({"buffer": None, "byteOffset": len(data), "byteLength": len(payload)})
        data.extend(payload)
        a = {"bufferView": None, "componentType": 5126, "count": count_, "type": typ, "view": len(views) - 1}
        if minmax:
            a["min"], a["max"] = minmax
        accessors.append(a)
        return len(accessors) - 1

    times = [k / o.fps for k in range(count)]
    time_accessor = add(times, "SCALAR", count, ([times[0]], [times[-1]]))
    samplers, channels = [], []
    for k in keys:
        typ = "VEC4" if k[1] == "rotation" else "VEC3"
        values = [x for v in out[k] for x in v]
        samplers.append({"input": time_accessor, "output": add(values, typ, count), "interpolation": "LINEAR"})
        channels.append({"sampler": len(samplers) - 1, "target": {"node": k[0], "path": k[1]}})

    with open(o.input) as f:
        doc = json.load(f)
    buffer = len(doc.get("buffers", []))
    view0, accessor0 = len(doc.get("bufferViews", [])), len(doc.get("accessors", []))
    for v in views:
        v["buffer"] = buffer
    for a in accessors:
        a["bufferView"] = view0 + a.pop("view")
    for s in samplers:
        s["input"] += accessor0
        s["output"] += accessor0
    doc.setdefault("buffers", []).append(
        {"byteLength": len(data), "uri": "data:application/octet-stream;base64," + base64.b64encode(data).decode()})
    doc.setdefault("bufferViews", []).extend(views)
    doc.setdefault("accessors", []).extend(accessors)
    doc["animations"] = [{"name": o.name, "samplers": samplers, "channels": channels}]
    # Relative buffer files of IN stay where IN is: make their paths absolute-free by embedding them.
    for b in doc["buffers"][:buffer]:
        uri = b.get("uri", "")
        if uri and not uri.startswith("data:"):
            with open(os.path.join(os.path.dirname(o.input), uri), "rb") as f:
                b["uri"] = "data:application/octet-stream;base64," + base64.b64encode(f.read()).decode()
    with open(o.output, "w") as f:
        json.dump(doc, f)
    print(f"{o.output}: '{o.name}' {times[-1]:.3f} s, {count} frames, {len(channels)} channels")


if __name__ == "__main__":
    main()
