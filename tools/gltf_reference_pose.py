#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""An independent evaluation of a glTF pose, to check marrow-cli pose against.

Written from the glTF 2.0 specification alone (no code shared with Marrow):
animation samplers (STEP, LINEAR with slerp for rotations, CUBICSPLINE),
node hierarchy, morph targets (the node's animated weights, else node.weights,
else mesh.weights; displacements added before skinning) and linear blend
skinning with every JOINTS_n/WEIGHTS_n set (the mesh node's own transform
ignored, as the specification says).

  gltf_reference_pose.py MODEL.gltf --clip NAME --time T (--against POSED.obj | --cli MARROW_CLI)
      [--mesh NAME]... [--tol 1e-5]

compares, vertex by vertex, the meshes of POSED.obj (marrow-cli pose's 'o'
blocks, named as Marrow names meshes) with this evaluation, prints the worst
distance over the model's bounding-box diagonal per mesh, and exits 1 when one
is over --tol (2 on unreadable input). --cli runs `MARROW_CLI pose` on the
model itself (or on --cli-input, such as a .marrow saved from it) and
compares what it writes.
"""

import argparse
import base64
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

COMPONENT = {5120: ("b", 1), 5121: ("B", 1), 5122: ("h", 2), 5123: ("H", 2), 5125: ("I", 4), 5126: ("f", 4)}
NORMALISE = {5120: 127.0, 5121: 255.0, 5122: 32767.0, 5123: 65535.0}
WIDTH = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}


class Model:
    def __init__(self, path):
        with open(path, "r", encoding="utf-8") as f:
            self.g = json.load(f)
        base = os.path.dirname(os.path.abspath(path))
        self.buffers = []
        for b in self.g.get("buffers", []):
            uri = b["uri"]
            if uri.startswith("data:"):
                self.buffers.append(base64.b64decode(uri.split(",", 1)[1]))
            else:
                with open(os.path.join(base, uri), "rb") as f:
                    self.buffers.append(f.read())

    def read(self, index):
        """Accessor `index` as a list of tuples (floats, normalised when flagged)."""
        a = self.g["accessors"][index]
        if "sparse" in a:
            raise ValueError("sparse accessors are not supported by this reference")
        fmt, size = COMPONENT[a["componentType"]]
        width = WIDTH[a["type"]]
        view = self.g["bufferViews"][a["bufferView"]]
        data = self.buffers[view["buffer"]]
        start = view.get("byteOffset", 0) + a.get("byteOffset", 0)
        stride = view.get("byteStride", size * width)
        norm = a.get("normalized", False) and a["componentType"] in NORMALISE
        out = []
        for i in range(a["count"]):
            vals = struct.unpack_from("<%d%s" % (width, fmt), data, start + i * stride)
            if norm:
                vals = tuple(max(v / NORMALISE[a["componentType"]], -1.0) for v in vals)
            out.append(vals)
        return out


# --- math: 4x4 matrices as column-major lists of 16, quaternions (x, y, z, w) ---

def mat_mul(a, b):
    return [sum(a[k * 4 + r] * b[c * 4 + k] for k in range(4)) for c in range(4) for r in range(4)]


def mat_point(m, p):
    return tuple(m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r] for r in range(3))


def trs_matrix(t, q, s):
    x, y, z, w = q
    r = [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w),
         2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
         2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)]
    return [r[0] * s[0], r[1] * s[0], r[2] * s[0], 0.0,
            r[3] * s[1], r[4] * s[1], r[5] * s[1], 0.0,
            r[6] * s[2], r[7] * s[2], r[8] * s[2], 0.0,
            t[0], t[1], t[2], 1.0]


def normalise(q):
    n = math.sqrt(sum(c * c for c in q))
    return tuple(c / n for c in q)


def slerp(a, b, s):
    d = sum(x * y for x, y in zip(a, b))
    if d < 0:
        b, d = tuple(-c for c in b), -d
    if d > 0.9995:
        return normalise(tuple(x + (y - x) * s for x, y in zip(a, b)))
    th = math.acos(min(d, 1.0))
    sa, sb = math.sin((1 - s) * th) / math.sin(th), math.sin(s * th) / math.sin(th)
    return tuple(sa * x + sb * y for x, y in zip(a, b))


def sample(times, values, interpolation, t, width, rotation):
    """The sampler's value at t: `values` is flat, `width` floats per element."""
    cubic = interpolation == "CUBICSPLINE"
    per = 3 if cubic else 1

    def elem(k, part=1 if cubic else 0):
        o = (k * per + part) * width
        return tuple(values[o:o + width])

    n = len(times)
    if t <= times[0] or n == 1:
        return elem(0)
    if t >= times[-1]:
        return elem(n - 1)
    k = max(i for i in range(n - 1) if times[i] <= t)
    t0, t1 = times[k], times[k + 1]
    dt = t1 - t0
    s = (t - t0) / dt if dt > 0 else 0.0
    if interpolation == "STEP":
        return elem(k)
    if interpolation == "LINEAR" or interpolation is None:
        if rotation:
            return slerp(elem(k), elem(k + 1), s)
        return tuple(a + (b - a) * s for a, b in zip(elem(k), elem(k + 1)))
    s2, s3 = s * s, s * s * s
    v = tuple((2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * dt * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * dt * m1
              for p0, m0, p1, m1 in zip(elem(k, 1), elem(k, 2), elem(k + 1, 1), elem(k + 1, 0)))
    return normalise(v) if rotation else v


def pose(model, clip, time):
    g = model.g
    nodes = g["nodes"]
    trs = []
    for n in nodes:
        trs.append([list(n.get("translation", (0, 0, 0))), list(n.get("rotation", (0, 0, 0, 1))),
                    list(n.get("scale", (1, 1, 1)))])
    weights = {}
    anim = next((a for a in g.get("animations", []) if a.get("name") == clip), None)
    if anim is None:
        raise ValueError("no animation named %r" % clip)
    for ch in anim["channels"]:
        target = ch["target"]
        if "node" not in target:
            continue
        smp = anim["samplers"][ch["sampler"]]
        times = [v[0] for v in model.read(smp["input"])]
        flat = [c for v in model.read(smp["output"]) for c in v]
        path = target["path"]
        interp = smp.get("interpolation", "LINEAR")
        if path == "weights":
            mesh = g["meshes"][nodes[target["node"]]["mesh"]]
            count = len(mesh["primitives"][0].get("targets", []))
            weights[target["node"]] = sample(times, flat, interp, time, count, False)
        else:
            width = 4 if path == "rotation" else 3
            trs[target["node"]][["translation", "rotation", "scale"].index(path)] = \
                list(sample(times, flat, interp, time, width, path == "rotation"))
    parent = {}
    for i, n in enumerate(nodes):
        for c in n.get("children", []):
            parent[c] = i
    world = [None] * len(nodes)

    def world_of(i):
        if world[i] is None:
            n = nodes[i]
            local = list(n["matrix"]) if "matrix" in n else trs_matrix(*trs[i])
            world[i] = mat_mul(world_of(parent[i]), local) if i in parent else local
        return world[i]

    meshes = {}
    for i, n in enumerate(nodes):
        if "mesh" not in n:
            continue
        mesh = g["meshes"][n["mesh"]]
        default = n.get("weights", mesh.get("weights", []))
        w = weights.get(i, default)
        palette = None
        if "skin" in n:
            skin = g["skins"][n["skin"]]
            ibm = model.read(skin["inverseBindMatrices"])
            palette = [mat_mul(world_of(j), list(ibm[k])) for k, j in enumerate(skin["joints"])]
        for p, prim in enumerate(mesh["primitives"]):
            name = mesh.get("name") or "mesh %d" % n["mesh"]
            if len(mesh["primitives"]) > 1:
                name += " #%d" % p
            pts = [list(v) for v in model.read(prim["attributes"]["POSITION"])]
            for t, target in enumerate(prim.get("targets", [])):
                if t < len(w) and w[t] != 0 and "POSITION" in target:
                    for v, d in enumerate(model.read(target["POSITION"])):
                        for c in range(3):
                            pts[v][c] += w[t] * d[c]
            if palette is None:
                m = world_of(i)
                meshes[name] = [mat_point(m, q) for q in pts]
                continue
            rows = [[] for _ in pts]
            s = 0
            while "JOINTS_%d" % s in prim["attributes"]:
                js = model.read(prim["attributes"]["JOINTS_%d" % s])
                ws = model.read(prim["attributes"]["WEIGHTS_%d" % s])
                for v in range(len(pts)):
                    rows[v] += [(int(j), wt) for j, wt in zip(js[v], ws[v]) if wt != 0]
                s += 1
            out = []
            for v, q in enumerate(pts):
                total = sum(wt for _, wt in rows[v]) or 1.0
                acc = [0.0, 0.0, 0.0]
                for j, wt in rows[v]:
                    r = mat_point(palette[j], q)
                    for c in range(3):
                        acc[c] += wt / total * r[c]
                out.append(tuple(acc))
            meshes[name] = out
    return meshes


def read_obj(path):
    meshes, current = {}, None
    with open(path, "r", encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("o "):
                current = line[2:].strip()
                meshes[current] = []
            elif line.startswith("v ") and current is not None:
                meshes[current].append(tuple(float(x) for x in line.split()[1:4]))
    return meshes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("--clip", required=True)
    ap.add_argument("--time", type=float, required=True)
    source = ap.add_mutually_exclusive_group(required=True)
    source.add_argument("--against")
    source.add_argument("--cli")
    ap.add_argument("--cli-input")
    ap.add_argument("--mesh", action="append")
    ap.add_argument("--tol", type=float, default=1e-5)
    a = ap.parse_args()
    try:
        model = Model(a.model)
        ours = pose(model, a.clip, a.time)
        if a.cli:
            with tempfile.TemporaryDirectory() as tmp:
                obj = os.path.join(tmp, "posed.obj")
                run = subprocess.run([a.cli, "pose", a.cli_input or a.model, "--clip", a.clip, "--time", repr(a.time), "-o", obj])
                if run.returncode != 0:
                    print("marrow-cli pose failed with status %d" % run.returncode, file=sys.stderr)
                    return 2
                theirs = read_obj(obj)
        else:
            theirs = read_obj(a.against)
    except (OSError, ValueError, KeyError) as e:
        print("gltf_reference_pose: %s" % e, file=sys.stderr)
        return 2
    pts = [p for m in ours.values() for p in m]
    lo = [min(p[c] for p in pts) for c in range(3)]
    hi = [max(p[c] for p in pts) for c in range(3)]
    diagonal = math.dist(lo, hi) or 1.0
    worst_all = 0.0
    for name in (a.mesh or sorted(ours)):
        if name not in ours or name not in theirs:
            print("mesh %r missing (reference has %s, posed file has %s)" % (name, sorted(ours), sorted(theirs)))
            return 1
        if len(ours[name]) != len(theirs[name]):
            print("mesh %r: %d vertices against %d" % (name, len(ours[name]), len(theirs[name])))
            return 1
        worst = max(math.dist(p, q) for p, q in zip(ours[name], theirs[name])) / diagonal
        print("%s: worst %.3g of the diagonal over %d vertices" % (name, worst, len(ours[name])))
        worst_all = max(worst_all, worst)
    return 0 if worst_all <= a.tol else 1


if __name__ == "__main__":
    sys.exit(main())
