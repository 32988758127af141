#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Poses an FBX file's models from its own animation curves, for checking
Marrow (issue 38), written from the file format's rules alone (no Assimp,
no Marrow code, no FBX SDK):

  tools/fbx_reference.py FILE.fbx TIME... [--stack NAME] [--cli marrow-cli [--clip C]] [--check TOL]

Reads binary (zlib arrays) and ASCII FBX. Each AnimationCurve is evaluated
as the FBX SDK does: constant (previous or next value), linear, and cubic
Bézier segments in time and value whose tangents are the keys' slopes
(user and broken tangents as stored; auto tangents from the neighbouring
keys, the stored slopes acting as bias; TCB), with weighted tangents
solved for the curve parameter at the time. A model's local transform is
T * Roff * Rp * Rpre * R * Rpost^-1 * Rp^-1 * Soff * Sp * S * Sp^-1, with
R in the model's Euler order and Rpre, Rpost in XYZ.
Without --cli, prints {"times": [...], "nodes": {name: [[x, y, z] per time]}}
(world positions; time 0 = the stack's LocalStart, or its first key when
the stack gives no LocalStart and LocalStop). With --cli, poses the
file with `marrow-cli pose --joints` at each time and prints the largest
distance between a joint and its model over the bounding-box diagonal of
the models at the first time; --check TOL fails (exit 1) above TOL."""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

from fbx_tree import read_fbx, child, children, object_name

TICKS = 46186158000.0
CONSTANT, LINEAR, CUBIC = 0x2, 0x4, 0x8
AUTO_CONSTANT_NEXT, TCB, USER, BROKEN = 0x100, 0x200, 0x400, 0x800
CLAMP, TIME_INDEPENDENT, CLAMP_PROGRESSIVE = 0x1000, 0x2000, 0x4000
WEIGHTED_RIGHT, WEIGHTED_NEXT_LEFT = 0x1000000, 0x2000000


def float_bits(f):
    import struct
    return struct.unpack("<I", struct.pack("<f", f))[0]


class Curve:
    def __init__(self, node):
        def arr(name):
            c = child(node, name)
            return c[1][0] if c and c[1] else []
        self.t = [k / TICKS for k in arr("KeyTime")]
        self.v = [float(x) for x in arr("KeyValueFloat")]
        flags, data, refs = arr("KeyAttrFlags"), arr("KeyAttrDataFloat"), arr("KeyAttrRefCount")
        self.flags, self.data = [], []
        for i, r in enumerate(refs):
            self.flags += [int(flags[i])] * int(r)
            self.data += [list(data[4 * i:4 * i + 4])] * int(r)
        n = len(self.t)
        self.flags = (self.flags + [CUBIC | AUTO_CONSTANT_NEXT] * n)[:n]
        self.data = (self.data + [[0.0, 0.0, 0.0, 0.0]] * n)[:n]
        self.default = float(child(node, "Default")[1][0]) if child(node, "Default") else (self.v[0] if self.v else 0.0)
        self.slopes()

    def auto(self, i, bias):
        t, v, f = self.t, self.v, self.flags[i]
        if i == 0 or i == len(t) - 1 or t[i] <= t[i - 1] or t[i + 1] <= t[i]:
            if i > 0 and t[i] > t[i - 1]:
                return 0.0 if f & CLAMP_PROGRESSIVE else (v[i] - v[i - 1]) / (t[i] - t[i - 1])
            if i + 1 < len(t) and t[i + 1] > t[i]:
                return 0.0 if f & CLAMP_PROGRESSIVE else (v[i + 1] - v[i]) / (t[i + 1] - t[i])
            return 0.0
        if f & CLAMP and min(abs(v[i - 1] - v[i]), abs(v[i + 1] - v[i])) <= 1e-4:
            return 0.0
        whole = (v[i + 1] - v[i - 1]) / (t[i + 1] - t[i - 1])
        slope = whole
        if not f & TIME_INDEPENDENT:
            left = (v[i] - v[i - 1]) / (t[i] - t[i - 1])
            right = (v[i + 1] - v[i]) / (t[i + 1] - t[i])
            at = (t[i] - t[i - 1]) / (t[i + 1] - t[i - 1])
            slope = 0.5 * whole + 0.5 * (left * (1 - at) + right * at)
            w = abs(bias) / 100.0
            if w > 1e-4:
                slope = slope * (1 - w) + (right if bias > 0 else left) * w
        if f & CLAMP_PROGRESSIVE:
            sign = 1.0 if slope >= 0 else -1.0
            lim_l = sign * (v[i] - v[i - 1]) / ((t[i] - t[i - 1]) / 3)
            lim_r = sign * (v[i + 1] - v[i]) / ((t[i + 1] - t[i]) / 3)
            slope = sign * min(abs(slope), max(lim_l, 0.0), max(lim_r, 0.0))
        return slope

    def slopes(self):
        """Per key: left/right slope and weight of the segment tangents."""
        n = len(self.t)
        self.left = [0.0] * n
        self.right = [0.0] * n
        self.wleft = [1 / 3] * n
        self.wright = [1 / 3] * n
        stored_left = 0.0
        for i in range(n):
            f, d = self.flags[i], self.data[i]
            right, next_left = d[0], d[1]
            if f & (WEIGHTED_RIGHT | WEIGHTED_NEXT_LEFT):
                bits = float_bits(d[2])
                if f & WEIGHTED_RIGHT:
                    self.wright[i] = (bits & 0xFFFF) * 1e-4
                if f & WEIGHTED_NEXT_LEFT and i + 1 < n:
                    self.wleft[i + 1] = (bits >> 16) * 1e-4
            left = stored_left
            if f & CUBIC and not f & CONSTANT and not f & LINEAR:
                if f & TCB:
                    tension, continuity, bias = d[0], d[1], d[2]
                    sl = (self.v[i] - self.v[i - 1]) / (self.t[i] - self.t[i - 1]) if i > 0 and self.t[i] > self.t[i - 1] else 0.0
                    sr = (self.v[i + 1] - self.v[i]) / (self.t[i + 1] - self.t[i]) if i + 1 < n and self.t[i + 1] > self.t[i] else 0.0
                    edge = 1.0 if (i == 0 or i + 1 == n) else 0.5
                    k = edge * (1 - tension)
                    left = k * ((1 + bias) * (1 - continuity) * sl + (1 - bias) * (1 + continuity) * sr)
                    right = k * ((1 + bias) * (1 + continuity) * sl + (1 - bias) * (1 - continuity) * sr)
                    next_left = 0.0
                elif not f & USER:
                    if abs(left + right) <= 1e-4:
                        left = right = self.auto(i, right)
                    else:
                        left, right = self.auto(i, -left), self.auto(i, right)
            self.left[i], self.right[i] = left, right
            stored_left = next_left

    def at(self, time):
        t, v = self.t, self.v
        if not t:
            return self.default
        if time <= t[0]:
            return v[0]
        if time >= t[-1]:
            return v[-1]
        lo, hi = 0, len(t) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if t[mid] <= time:
                lo = mid
            else:
                hi = mid
        i, f = lo, self.flags[lo]
        t0, t1, v0, v1 = t[i], t[i + 1], v[i], v[i + 1]
        if f & CONSTANT:
            return v1 if f & AUTO_CONSTANT_NEXT else v0
        if f & LINEAR or not f & CUBIC:
            return v0 + (v1 - v0) * (time - t0) / (t1 - t0)
        dt = t1 - t0
        x1, x2 = t0 + self.wright[i] * dt, t1 - self.wleft[i + 1] * dt
        y1, y2 = v0 + self.right[i] * self.wright[i] * dt, v1 - self.left[i + 1] * self.wleft[i + 1] * dt

        def bez(a, b, c, d, s):
            r = 1 - s
            return r * r * r * a + 3 * r * r * s * b + 3 * r * s * s * c + s * s * s * d
        a, b = 0.0, 1.0
        for _ in range(60):  # x(s) is monotonic for weights in [0, 1]
            m = 0.5 * (a + b)
            if bez(t0, x1, x2, t1, m) < time:
                a = m
            else:
                b = m
        return bez(v0, y1, y2, v1, 0.5 * (a + b))


def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def ident():
    return [[float(i == j) for j in range(4)] for i in range(4)]


def trans(v, sign=1.0):
    m = ident()
    for i in range(3):
        m[i][3] = sign * v[i]
    return m


def scl(v):
    m = ident()
    for i in range(3):
        m[i][i] = v[i]
    return m


def axis_rot(axis, deg):
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    m = ident()
    i, j = [(1, 2), (2, 0), (0, 1)][axis]
    m[i][i], m[i][j], m[j][i], m[j][j] = c, -s, s, c
    return m


ORDERS = ["XYZ", "XZY", "YZX", "YXZ", "ZXY", "ZYX"]


def euler(v, order=0):
    """The first letter's axis applies first: XYZ = Rz * Ry * Rx."""
    m = ident()
    for letter in (ORDERS[order] if 0 <= order < 6 else "XYZ"):
        a = "XYZ".index(letter)
        m = matmul(axis_rot(a, v[a]), m)
    return m


def transpose(m):
    return [[m[j][i] for j in range(4)] for i in range(4)]


class Scene:
    def __init__(self, path, stack=None):
        root = read_fbx(path)
        objects = child(root, "Objects")
        templates = {}
        for ot in children(child(root, "Definitions"), "ObjectType"):
            for pt in children(ot, "PropertyTemplate"):
                templates[ot[1][0]] = self.props(pt)
        self.kind = {}
        self.models, self.parent, curves, cnodes, self.stacks, layers = {}, {}, {}, {}, {}, {}
        for o in objects[2] if objects else []:
            oid = o[1][0]
            if o[0] == "Model":
                props = dict(templates.get("Model", {}))
                props.update(self.props(o))
                self.models[oid] = (object_name(o[1][1]), props)
                self.kind[oid] = o[1][2] if len(o[1]) > 2 else ""
            elif o[0] == "AnimationCurve":
                curves[oid] = Curve(o)
            elif o[0] == "AnimationCurveNode":
                cnodes[oid] = {}
            elif o[0] == "AnimationStack":
                self.stacks[oid] = (object_name(o[1][1]), self.props(o))
            elif o[0] == "AnimationLayer":
                layers[oid] = None
        self.animated = {}  # (model id, property) -> {axis index: Curve}
        node_target, node_stack, layer_stack = {}, {}, {}
        conns = child(root, "Connections")
        links = [c[1] for c in (conns[2] if conns else []) if c[0] == "C"]
        for c in links:
            if c[0] == "OO" and c[1] in layers and c[2] in self.stacks:
                layer_stack[c[1]] = c[2]
        for c in links:
            if c[0] == "OO" and c[1] in cnodes and c[2] in layers:
                node_stack[c[1]] = layer_stack.get(c[2])
            elif c[0] == "OP" and c[1] in cnodes and c[2] in self.models:
                node_target[c[1]] = (c[2], c[3])
            elif c[0] == "OP" and c[1] in curves and c[2] in cnodes:
                cnodes[c[2]]["XYZ".index(c[3][-1]) if c[3][-1] in "XYZ" else 0] = curves[c[1]]
            elif c[0] == "OO" and c[1] in self.models and (c[2] in self.models or c[2] == 0):
                self.parent[c[1]] = c[2]
        names = {sid: s[0] for sid, s in self.stacks.items()}
        chosen = next((sid for sid in names if stack is None or names[sid] == stack), None)
        for nid, target in node_target.items():
            if chosen is not None and node_stack.get(nid) not in (chosen, None):
                continue
            self.animated.setdefault(target, {}).update(cnodes[nid])
        # Time 0 of the clip: the stack's LocalStart, or its first key when it gives no span.
        span = self.stacks[chosen][1] if chosen else {}
        start, stop = span.get("LocalStart", [0])[0], span.get("LocalStop", [0])[0]
        firsts = [c.t[0] for curves in self.animated.values() for c in curves.values() if c.t]
        self.start = start / TICKS if (start or stop or not firsts) else min(firsts)

    @staticmethod
    def props(node):
        out = {}
        for p70 in children(node, "Properties70"):
            for p in children(p70, "P"):
                out[p[1][0]] = p[1][4:]
        return out

    def value(self, mid, name, time, default):
        props = self.models[mid][1]
        v = [float(x) for x in props.get(name, default)][:3]
        v = (v + list(default))[:3] if len(v) < 3 else v
        for axis, curve in self.animated.get((mid, name), {}).items():
            v[axis] = curve.at(time)
        return v

    def local(self, mid, time):
        p = self.models[mid][1]
        zero, one = [0.0] * 3, [1.0] * 3
        t = self.value(mid, "Lcl Translation", time, zero)
        r = self.value(mid, "Lcl Rotation", time, zero)
        s = self.value(mid, "Lcl Scaling", time, one)
        order = int(p.get("RotationOrder", [0])[0])
        roff, rp = self.value(mid, "RotationOffset", time, zero), self.value(mid, "RotationPivot", time, zero)
        soff, sp = self.value(mid, "ScalingOffset", time, zero), self.value(mid, "ScalingPivot", time, zero)
        pre, post = self.value(mid, "PreRotation", time, zero), self.value(mid, "PostRotation", time, zero)
        chain = [trans(t), trans(roff), trans(rp), euler(pre), euler(r, order), transpose(euler(post)),
                 trans(rp, -1), trans(soff), trans(sp), scl(s), trans(sp, -1)]
        m = ident()
        for x in chain:
            m = matmul(m, x)
        return m

    def world(self, time):
        """The joints' world positions (LimbNode and Root models; every model's when there are none)."""
        joints = {self.models[mid][0] for mid in self.models if self.kind[mid] in ("LimbNode", "Root")}
        return {name: [m[0][3], m[1][3], m[2][3]] for name, m in self.world_matrices(time).items()
                if name in joints or not joints}

    def world_matrices(self, time):
        out, cache = {}, {}

        def at(mid):
            if mid not in cache:
                parent = self.parent.get(mid)
                base = at(parent) if parent in self.models else ident()
                cache[mid] = matmul(base, self.local(mid, time))
            return cache[mid]
        for mid in self.models:
            out[self.models[mid][0]] = at(mid)
        return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("file")
    p.add_argument("times", nargs="+", type=float)
    p.add_argument("--stack")
    p.add_argument("--cli")
    p.add_argument("--clip", default="0")
    p.add_argument("--check", type=float)
    o = p.parse_args()
    scene = Scene(o.file, o.stack)
    ref = [scene.world(t + scene.start) for t in o.times]
    if not o.cli:
        print(json.dumps({"times": o.times, "nodes": {n: [r[n] for r in ref] for n in ref[0]}}))
        return 0
    first = list(ref[0].values())
    diagonal = math.dist([min(q[i] for q in first) for i in range(3)], [max(q[i] for q in first) for i in range(3)])
    worst, where, compared = 0.0, "", 0
    with tempfile.TemporaryDirectory() as tmp:
        for t, r in zip(o.times, ref):
            out = os.path.join(tmp, "j.json")
            subprocess.run([o.cli, "pose", o.file, "--clip", o.clip, "--time", str(t), "--joints", out], check=True,
                           capture_output=True)
            for j in json.load(open(out))["joints"]:
                if j["name"] in r:
                    compared += 1
                    d = math.dist(j["position"], r[j["name"]]) / diagonal
                    if d > worst:
                        worst, where = d, f"{j['name']} at {t} s"
    print(f"{compared} joint positions; largest distance over the diagonal ({diagonal:.4g}): {worst:.3g} ({where})")
    return 1 if compared == 0 or (o.check is not None and worst > o.check) else 0


if __name__ == "__main__":
    sys.exit(main())
