#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Poses a COLLADA file's nodes as the COLLADA 1.4.1 specification says, for
checking Marrow (issue 38), written from the specification alone (no
Assimp, no Marrow code):

  tools/collada_reference.py FILE.dae TIME... [--cli marrow-cli [--clip C] [--clip-start S]] [--check TOL]

Each <node>'s transform stack (translate, rotate, scale, matrix, in order)
with its animated elements evaluated per sampler: STEP, LINEAR, BEZIER (2D
control points in time and value: the curve parameter solved for the time
by bisection) and HERMITE (tangents as a third). Without --cli, prints
{"times": [...], "nodes": {name: [[x, y, z] per time]}} (the joints' world positions).
With --cli, also poses the file with `marrow-cli pose --joints` at each
time (of clip C, default 0, whose time 0 is the document's S: an
<animation_clip>'s start) and prints the largest distance between a joint
and its node, over the bounding-box diagonal of the joints at rest;
--check TOL fails (exit 1) above TOL.
Matrix channels are linear per element in the specification, which bends a
rotation between keys; Marrow interpolates the keys' decomposed transforms
(as Assimp and Blender do), so such files agree at their keys only."""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

NS = "{http://www.collada.org/2005/11/COLLADASchema}"


def tag(e):
    return e.tag.split("}")[-1]


def mat_mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def identity():
    return [[1.0 if i == j else 0.0 for j in range(4)] for i in range(4)]


def translate(x, y, z):
    m = identity()
    m[0][3], m[1][3], m[2][3] = x, y, z
    return m


def scale(x, y, z):
    m = identity()
    m[0][0], m[1][1], m[2][2] = x, y, z
    return m


def rotate(x, y, z, degrees):
    n = math.sqrt(x * x + y * y + z * z)
    if n == 0:
        return identity()
    x, y, z = x / n, y / n, z / n
    a = math.radians(degrees)
    c, s, t = math.cos(a), math.sin(a), 1 - math.cos(a)
    return [[t * x * x + c, t * x * y - s * z, t * x * z + s * y, 0],
            [t * x * y + s * z, t * y * y + c, t * y * z - s * x, 0],
            [t * x * z - s * y, t * y * z + s * x, t * z * z + c, 0],
            [0, 0, 0, 1]]


def bez(p0, c0, c1, p1, s):
    u = 1 - s
    return u * u * u * p0 + 3 * u * u * s * c0 + 3 * u * s * s * c1 + s * s * s * p1


class Sampler:
    def __init__(self, inputs, dim):
        self.t = inputs["INPUT"]
        self.v = inputs["OUTPUT"]
        self.dim = dim
        self.kind = inputs.get("INTERPOLATION", ["LINEAR"] * len(self.t))
        self.tin, self.tout = inputs.get("IN_TANGENT"), inputs.get("OUT_TANGENT")

    def at(self, time):
        t, d = self.t, self.dim
        if time <= t[0]:
            return self.v[0:d]
        if time >= t[-1]:
            return self.v[(len(t) - 1) * d:len(t) * d]
        k = max(i for i in range(len(t)) if t[i] <= time)
        t0, t1 = t[k], t[k + 1]
        out = []
        for c in range(d):
            v0, v1 = self.v[k * d + c], self.v[(k + 1) * d + c]
            kind = self.kind[k]
            if kind == "STEP":
                out.append(v0)
            elif kind == "LINEAR":
                out.append(v0 + (v1 - v0) * (time - t0) / (t1 - t0))
            else:
                stride = len(self.tout) // len(t)
                two = stride == 2 * d
                ox = self.tout[k * stride + 2 * c] if two else t0 + (t1 - t0) / 3
                oy = self.tout[k * stride + (2 * c + 1 if two else c)]
                ix = self.tin[(k + 1) * stride + 2 * c] if two else t1 - (t1 - t0) / 3
                iy = self.tin[(k + 1) * stride + (2 * c + 1 if two else c)]
                if kind == "HERMITE":
                    ox, oy = (t0 + ox / 3 if two else ox), v0 + oy / 3
                    ix, iy = (t1 - ix / 3 if two else ix), v1 - iy / 3
                lo, hi = 0.0, 1.0
                for _ in range(80):
                    mid = (lo + hi) / 2
                    if bez(t0, ox, ix, t1, mid) < time:
                        lo = mid
                    else:
                        hi = mid
                out.append(bez(v0, oy, iy, v1, (lo + hi) / 2))
        return out


def read(path, clip=None):
    """The nodes' root and their channels; with `clip` (an <animation_clip>'s
    name), only the channels of the animations it instances."""
    root = ET.parse(path).getroot()
    wanted = None
    for c in root.iter(NS + "animation_clip"):
        if c.get("name") == clip or c.get("id") == clip:
            wanted = {i.get("url").lstrip("#") for i in c.findall(NS + "instance_animation")}
    owner = {}
    library = root.find(NS + "library_animations")
    for top in (library if library is not None else []):
        for ch in top.iter(NS + "channel"):
            owner[id(ch)] = top.get("id")
    ids = {e.get("id"): e for e in root.iter() if e.get("id")}

    def source(ref):
        s = ids[ref.lstrip("#")]
        fa, na = s.find(NS + "float_array"), s.find(NS + "Name_array")
        acc = s.find(NS + "technique_common/" + NS + "accessor")
        stride = int(acc.get("stride", "1")) if acc is not None else 1
        if fa is not None:
            return [float(x) for x in (fa.text or "").split()], stride
        return (na.text or "").split(), stride

    channels = {}
    for ch in root.iter(NS + "channel"):
        if wanted is not None and owner.get(id(ch)) not in wanted:
            continue
        sampler = ids[ch.get("source").lstrip("#")]
        inputs, dim = {}, 1
        for i in sampler.findall(NS + "input"):
            values, stride = source(i.get("source"))
            inputs[i.get("semantic")] = values
            if i.get("semantic") == "OUTPUT":
                dim = stride
        node, rest = ch.get("target").split("/", 1)
        member = None
        for name, index in (("ANGLE", 3), ("X", 0), ("Y", 1), ("Z", 2)):
            if rest.endswith("." + name):
                rest, member = rest[:-len(name) - 1], index
        if "(" in rest:
            parts = rest[rest.index("("):].strip("()").split(")(")
            rest = rest[:rest.index("(")]
            # (i)(j): column i, row j of the row-major matrix (the animated
            # values at the first key equal the <matrix> text this way).
            member = int(parts[1]) * 4 + int(parts[0]) if len(parts) == 2 else int(parts[0])
        channels.setdefault((node, rest), []).append((member, Sampler(inputs, dim)))
    return root, channels


def poses(root, channels, time):
    out = {}

    def visit(node, parent):
        m = parent
        for x in node:
            kind = tag(x)
            if kind not in ("translate", "rotate", "scale", "matrix"):
                continue
            v = [float(a) for a in (x.text or "").split()]
            for member, s in channels.get((node.get("id"), x.get("sid")), []):
                value = s.at(time)
                if member is None:
                    v[:len(value)] = value
                else:
                    v[member] = value[0]
            if kind == "translate":
                m = mat_mul(m, translate(*v))
            elif kind == "scale":
                m = mat_mul(m, scale(*v))
            elif kind == "rotate":
                m = mat_mul(m, rotate(*v))
            else:
                # Affine: 3ds Max exports animate the bottom row's last value
                # as 0 (astro_max.dae), which no reader takes literally.
                m = mat_mul(m, [v[0:4], v[4:8], v[8:12], [0.0, 0.0, 0.0, 1.0]])
        if node.get("id") and node.get("type") == "JOINT":
            out[node.get("id")] = [m[0][3], m[1][3], m[2][3]]
        for c in node.findall(NS + "node"):
            visit(c, m)

    # The document's unit, in metres, and its up axis turned to +Y, as
    # readers place a COLLADA scene in a Y-up world in metres.
    unit = root.find(NS + "asset/" + NS + "unit")
    metres = float(unit.get("meter", "1")) if unit is not None else 1.0
    up = root.find(NS + "asset/" + NS + "up_axis")
    world = scale(metres, metres, metres)
    if up is not None and (up.text or "").strip() == "Z_UP":
        world = mat_mul(rotate(1, 0, 0, -90), world)
    elif up is not None and (up.text or "").strip() == "X_UP":
        world = mat_mul(rotate(0, 0, 1, 90), world)
    for scene in root.iter(NS + "visual_scene"):
        for n in scene.findall(NS + "node"):
            visit(n, world)
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("file")
    p.add_argument("times", nargs="+", type=float)
    p.add_argument("--cli")
    p.add_argument("--check", type=float)
    p.add_argument("--clip", default="0")
    p.add_argument("--clip-start", type=float, default=0.0)
    o = p.parse_args()
    root, channels = read(o.file, o.clip)
    ref = [poses(root, channels, t + o.clip_start) for t in o.times]
    if not o.cli:
        print(json.dumps({"times": o.times, "nodes": {n: [r[n] for r in ref] for n in ref[0]}}))
        return 0
    rest = list(poses(root, {}, 0.0).values())
    diagonal = math.dist([min(p[i] for p in rest) for i in range(3)], [max(p[i] for p in rest) for i in range(3)])
    worst, where = 0.0, ""
    with tempfile.TemporaryDirectory() as tmp:
        for t, r in zip(o.times, ref):
            out = os.path.join(tmp, "j.json")
            subprocess.run([o.cli, "pose", o.file, "--clip", o.clip, "--time", str(t), "--joints", out], check=True,
                           capture_output=True)
            joints = json.load(open(out))["joints"]
            for j in joints:
                if j["name"] in r:
                    d = math.dist(j["position"], r[j["name"]]) / diagonal
                    if d > worst:
                        worst, where = d, f"{j['name']} at {t} s"
    print(f"largest distance over the diagonal ({diagonal:.4g}): {worst:.3g} ({where})")
    return 1 if o.check is not None and worst > o.check else 0


if __name__ == "__main__":
    sys.exit(main())
