#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Blender's poses of a model (tools/blender/pose_dump.py's JSON) against
Marrow's own (marrow-cli pose). Plain Python 3; numpy and scipy make it fast
when present (Debian: python3-numpy python3-scipy), a grid search does the
same without them.

  blender_pose_compare.py DUMP.json --model MODEL [--cli build/bin/marrow-cli]
      [--bind GLB] [--bind-flag FLAG] [--tolerance 1e-5] [--key-tolerance 1e-4]
      [--mid-tolerance T] [--clip-map BLENDER=MARROW]... [--json OUT]

MODEL is what Marrow poses (the document, or the file Blender imported, or
its source). Each pose of the dump is held against:

  rest     Marrow's Rest Position (the bind pose: every skinned mesh at its
           input positions, every other mesh under its node's bind-pose
           world, model::bindPoseLocals): `marrow-cli pose MODEL FLAG` when
           --bind-flag names the option that poses it, else computed from
           --bind GLB (the glTF Marrow exported: a skinned mesh's POSITION
           with its default morph weights; any other mesh under its node's
           world with every skin joint at the inverse of its inverse bind)
  default  Marrow's rest pose (`marrow-cli pose MODEL`, no clip)
  clip     `marrow-cli pose MODEL --clip NAME --time T` at Blender's time
           (times --time-scale)

Blender's vertices are taken back to the file's axes and units (the dump's
to_source matrix). Vertex order and count differ between the two (Blender's
importers merge and split vertices), so the figure is the symmetric
Hausdorff distance between the two point sets (every mesh together), over
the diagonal of Marrow's bounding box, as ../shared/tools/objdiff.py
measures. With --rest-rule blender, REST must meet Marrow's Rest Position as Blender
3.4's glTF importer places a bind pose (gltf_bind_pose's blender_rule)
instead. Tolerances: rest and default --tolerance (1e-5), key times
--key-tolerance (1e-4); mid-points between keys are reported, and fail only
with --mid-tolerance (Blender interpolates rotations component-wise and
turns CUBICSPLINE into automatic Bézier handles). Exit 0 when every pose is
within, 1 when one is over or cannot be compared, 2 on unreadable input."""

import argparse
import base64
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

try:
    import numpy
    from scipy.spatial import cKDTree
except ImportError:  # the grid search below does without
    numpy = None


# --- point sets -------------------------------------------------------------

def bounds(points):
    lo = [min(p[c] for p in points) for c in range(3)]
    hi = [max(p[c] for p in points) for c in range(3)]
    return lo, hi


def nearest_all(a, b):
    """For every point of a, its distance to the nearest point of b."""
    if numpy is not None:
        d, _ = cKDTree(numpy.asarray(b, dtype=numpy.float64)).query(numpy.asarray(a, dtype=numpy.float64), k=1)
        return [float(x) for x in d]
    lo, hi = bounds(b)
    size = max(max(h - l for l, h in zip(lo, hi)) / max(round(len(b) ** (1 / 3)), 1), 1e-12)
    grid = {}
    for p in b:
        grid.setdefault(tuple(int(math.floor((p[c] - lo[c]) / size)) for c in range(3)), []).append(p)
    out = []
    for p in a:
        cell = tuple(int(math.floor((p[c] - lo[c]) / size)) for c in range(3))
        best = math.inf
        # After the cells within Chebyshev radius r of p's cell, no point is nearer than r * size.
        for r in range(3):
            for dx in range(-r, r + 1):
                for dy in range(-r, r + 1):
                    for dz in range(-r, r + 1):
                        if max(abs(dx), abs(dy), abs(dz)) == r:
                            for q in grid.get((cell[0] + dx, cell[1] + dy, cell[2] + dz), ()):
                                best = min(best, math.dist(p, q))
            if best <= r * size:
                break
        else:  # far from every point of b (a pose far off): look at them all
            best = min(math.dist(p, q) for q in b)
        out.append(best)
    return out


def hausdorff(ours, theirs):
    """(symmetric Hausdorff distance, where in ours or theirs it is largest)."""
    da = nearest_all(ours, theirs)
    db = nearest_all(theirs, ours)
    ia = max(range(len(da)), key=da.__getitem__)
    ib = max(range(len(db)), key=db.__getitem__)
    if da[ia] >= db[ib]:
        return da[ia], ("marrow", ours[ia])
    return db[ib], ("blender", theirs[ib])


# --- Marrow's side ------------------------------------------------------------

def read_obj(path):
    pts = []
    with open(path, "r", encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("v "):
                pts.append(tuple(float(x) for x in line.split()[1:4]))
    return pts


def marrow_pose(cli, model, extra, cache):
    key = tuple(extra)
    if key not in cache:
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "pose.obj")
            run = subprocess.run([cli, "pose", model] + list(extra) + ["-o", out], capture_output=True, text=True)
            if run.returncode != 0:
                cache[key] = RuntimeError("marrow-cli pose %s: status %d: %s" % (
                    " ".join(extra), run.returncode, run.stderr.strip()[-300:]))
            else:
                cache[key] = read_obj(out)
    if isinstance(cache[key], Exception):
        raise cache[key]
    return cache[key]


COMPONENT = {5120: ("b", 1), 5121: ("B", 1), 5122: ("h", 2), 5123: ("H", 2), 5125: ("I", 4), 5126: ("f", 4)}
NORMALISE = {5120: 127.0, 5121: 255.0, 5122: 32767.0, 5123: 65535.0}
WIDTH = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}


def load_gltf(path):
    with open(path, "rb") as f:
        data = f.read()
    chunks = {}
    if data[:4] == b"glTF":
        offset = 12
        while offset + 8 <= len(data):
            length, kind = struct.unpack_from("<II", data, offset)
            chunks[kind] = data[offset + 8:offset + 8 + length]
            offset += 8 + length
        g = json.loads(chunks[0x4E4F534A].decode("utf-8"))
    else:
        g = json.loads(data.decode("utf-8"))
    buffers = []
    for b in g.get("buffers", []):
        uri = b.get("uri")
        if uri is None:
            buffers.append(chunks.get(0x004E4942, b""))
        elif uri.startswith("data:"):
            buffers.append(base64.b64decode(uri.split(",", 1)[1]))
        else:
            with open(os.path.join(os.path.dirname(os.path.abspath(path)), uri), "rb") as f:
                buffers.append(f.read())
    return g, buffers


def read_accessor(g, buffers, index):
    a = g["accessors"][index]
    fmt, size = COMPONENT[a["componentType"]]
    width = WIDTH[a["type"]]
    out = [tuple([0.0] * width) for _ in range(a["count"])]
    if "bufferView" in a:
        view = g["bufferViews"][a["bufferView"]]
        data = buffers[view["buffer"]]
        start = view.get("byteOffset", 0) + a.get("byteOffset", 0)
        stride = view.get("byteStride", size * width)
        out = [struct.unpack_from("<%d%s" % (width, fmt), data, start + i * stride) for i in range(a["count"])]
    if a.get("normalized") and a["componentType"] in NORMALISE:
        out = [tuple(max(v / NORMALISE[a["componentType"]], -1.0) for v in e) for e in out]
    if "sparse" in a:
        s = a["sparse"]
        iv, vv = g["bufferViews"][s["indices"]["bufferView"]], g["bufferViews"][s["values"]["bufferView"]]
        ifmt, isize = COMPONENT[s["indices"]["componentType"]]
        idx = [struct.unpack_from("<" + ifmt, buffers[iv["buffer"]],
                                  iv.get("byteOffset", 0) + s["indices"].get("byteOffset", 0) + i * isize)[0]
               for i in range(s["count"])]
        for i, k in enumerate(idx):
            out[k] = struct.unpack_from("<%d%s" % (width, fmt), buffers[vv["buffer"]],
                                        vv.get("byteOffset", 0) + s["values"].get("byteOffset", 0) + i * size * width)
    return out


def mat_mul(a, b):  # column-major 4x4 as lists of 16
    return [sum(a[k * 4 + r] * b[c * 4 + k] for k in range(4)) for c in range(4) for r in range(4)]


def mat_point(m, p):
    return tuple(m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r] for r in range(3))


def mat_inverse_affine(m):
    a = [[m[c * 4 + r] for c in range(3)] for r in range(3)]
    det = (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
           a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]))
    if det == 0:
        raise ValueError("singular matrix")
    inv = [[0.0] * 3 for _ in range(3)]
    for r in range(3):
        for c in range(3):
            r1, r2, c1, c2 = (c + 1) % 3, (c + 2) % 3, (r + 1) % 3, (r + 2) % 3
            inv[r][c] = (a[r1][c1] * a[r2][c2] - a[r1][c2] * a[r2][c1]) / det
    t = [m[12], m[13], m[14]]
    ti = [-sum(inv[r][k] * t[k] for k in range(3)) for r in range(3)]
    return [inv[0][0], inv[1][0], inv[2][0], 0.0, inv[0][1], inv[1][1], inv[2][1], 0.0,
            inv[0][2], inv[1][2], inv[2][2], 0.0, ti[0], ti[1], ti[2], 1.0]


def trs_matrix(n):
    if "matrix" in n:
        return list(n["matrix"])
    t = n.get("translation", (0, 0, 0))
    x, y, z, w = n.get("rotation", (0, 0, 0, 1))
    s = n.get("scale", (1, 1, 1))
    r = [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w),
         2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
         2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)]
    return [r[0] * s[0], r[1] * s[0], r[2] * s[0], 0.0, r[3] * s[1], r[4] * s[1], r[5] * s[1], 0.0,
            r[6] * s[2], r[7] * s[2], r[8] * s[2], 0.0, t[0], t[1], t[2], 1.0]


def gltf_bind_pose(path, blender_rule=False):
    """Marrow's Rest Position of a glTF (model::bindPoseLocals' rule). With
    blender_rule, each skinned mesh is carried by what Blender 3.4's glTF
    importer makes of the bind pose when the skin's root joint has a parent
    that is no joint of it: that joint keeps its rest (node) transform and
    the other joints follow from the inverse binds, so its mesh lands at
    (root joint's rest world) (root's inverse bind) times its positions; when
    the skin's skeleton is that parent, at the parent's rest world times them."""
    g, buffers = load_gltf(path)
    nodes = g.get("nodes", [])
    parent = {c: i for i, n in enumerate(nodes) for c in n.get("children", [])}
    bind = {}
    carry = {}
    rest = {}

    def rest_of(i):
        if i not in rest:
            local = trs_matrix(nodes[i])
            rest[i] = mat_mul(rest_of(parent[i]), local) if i in parent else local
        return rest[i]

    for s, skin in enumerate(g.get("skins", [])):
        ibm = read_accessor(g, buffers, skin["inverseBindMatrices"]) if "inverseBindMatrices" in skin else None
        for k, j in enumerate(skin["joints"]):
            if j not in bind:
                bind[j] = mat_inverse_affine(list(ibm[k])) if ibm else None
        roots = [k for k, j in enumerate(skin["joints"]) if parent.get(j) not in skin["joints"]]
        root = skin["joints"][roots[0]] if roots else None
        if blender_rule and ibm and root is not None and parent.get(root) is not None:
            anchor = skin.get("skeleton")
            if anchor in skin["joints"]:
                anchor = parent.get(anchor)
            if anchor is not None and parent[root] == anchor:
                # the skin names the root's parent as its skeleton: Blender takes the inverse binds as
                # relative to it, so the whole bind pose sits under that node's rest world
                carry[s] = rest_of(anchor)
            else:
                carry[s] = mat_mul(rest_of(root), list(ibm[roots[0]]))
    world = {}

    def world_of(i):
        if i not in world:
            if bind.get(i) is not None:
                world[i] = bind[i]
            else:
                local = trs_matrix(nodes[i])
                world[i] = mat_mul(world_of(parent[i]), local) if i in parent else local
        return world[i]

    scene = g.get("scenes", [{}])[g.get("scene", 0)] if g.get("scenes") else {"nodes": list(range(len(nodes)))}
    shown, stack = set(), list(scene.get("nodes", []))
    while stack:
        i = stack.pop()
        shown.add(i)
        stack += nodes[i].get("children", [])
    pts = []
    for i in sorted(shown):
        n = nodes[i]
        if "mesh" not in n:
            continue
        mesh = g["meshes"][n["mesh"]]
        weights = n.get("weights", mesh.get("weights", []))
        for prim in mesh["primitives"]:
            p = [list(v) for v in read_accessor(g, buffers, prim["attributes"]["POSITION"])]
            for t, target in enumerate(prim.get("targets", [])):
                if t < len(weights) and weights[t] != 0 and "POSITION" in target:
                    for v, d in enumerate(read_accessor(g, buffers, target["POSITION"])):
                        for c in range(3):
                            p[v][c] += weights[t] * d[c]
            if "skin" in n:
                m = carry.get(n["skin"])
                pts += [mat_point(m, v) if m else tuple(v) for v in p]
            else:
                m = world_of(i)
                # a mesh hung from a joint follows that joint's bind, which Blender carries as it does the skins'
                whole = list(carry.values())
                if whole and all(max(abs(x - y) for x, y in zip(c, whole[0])) < 1e-9 for c in whole):
                    m = mat_mul(whole[0], m)
                pts += [mat_point(m, v) for v in p]
    return pts


# --- the comparison -------------------------------------------------------------

def blender_points(dump, pose):
    m = dump["to_source"]
    pts = []
    for verts in pose["meshes"].values():
        for x, y, z in verts:
            pts.append(tuple(m[r][0] * x + m[r][1] * y + m[r][2] * z + m[r][3] for r in range(3)))
    return pts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dump")
    ap.add_argument("--model", required=True)
    ap.add_argument("--cli", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "bin",
                                                  "marrow-cli"))
    ap.add_argument("--bind", help="the glTF whose bind pose is Marrow's Rest Position (default: MODEL if glTF)")
    ap.add_argument("--bind-flag", help="a marrow-cli pose option that poses the Rest Position")
    ap.add_argument("--tolerance", type=float, default=1e-5)
    ap.add_argument("--key-tolerance", type=float, default=1e-4)
    ap.add_argument("--mid-tolerance", type=float)
    ap.add_argument("--rest-rule", choices=["marrow", "blender"], default="marrow",
                    help="which Rest Position REST must meet: Marrow's (the default) or Marrow's carried by "
                         "Blender's rule (gltf_bind_pose's blender_rule)")
    ap.add_argument("--clip-map", action="append", default=[], help="BLENDER=MARROW clip names")
    ap.add_argument("--time-scale", type=float, default=1.0,
                    help="Marrow's seconds per Blender second (an exporter that wrote the wrong time unit)")
    ap.add_argument("--clips-from", action="append", default=[], help="passed to marrow-cli pose")
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("--label", help="the model's name in the table")
    a = ap.parse_args()
    try:
        with open(a.dump, "r", encoding="utf-8") as f:
            dump = json.load(f)
    except (OSError, ValueError) as e:
        print("blender_pose_compare: %s" % e, file=sys.stderr)
        return 2
    clip_map = dict(m.split("=", 1) for m in a.clip_map)
    bind_source = a.bind or (a.model if a.model.lower().endswith((".glb", ".gltf")) else None)
    extra = sum((["--clips-from", c] for c in a.clips_from), [])
    cache = {}
    rows = []
    for pose in dump["poses"]:
        kind = pose["kind"]
        row = {"kind": kind, "clip": pose.get("clip"), "time": pose.get("time"), "key": pose.get("key")}
        try:
            if kind == "rest":
                if a.bind_flag:
                    ours = marrow_pose(a.cli, a.model, extra + [a.bind_flag], cache)
                elif bind_source:
                    ours = gltf_bind_pose(bind_source)
                else:
                    raise RuntimeError("no --bind GLB or --bind-flag for the Rest Position")
                limit = a.tolerance if a.rest_rule == "marrow" else None
            elif kind == "default":
                ours = marrow_pose(a.cli, a.model, extra, cache)
                limit = a.tolerance
            else:
                clip = clip_map.get(pose["clip"], pose["clip"])
                t = max(pose["time"] * a.time_scale, 0.0)
                ours = marrow_pose(a.cli, a.model, extra + ["--clip", clip, "--time", repr(t)], cache)
                limit = a.key_tolerance if pose["key"] == "key" else a.mid_tolerance
            theirs = blender_points(dump, pose)
            if not ours or not theirs:
                raise RuntimeError("no vertices (Marrow %d, Blender %d)" % (len(ours), len(theirs)))
            lo, hi = bounds(ours)
            diagonal = math.dist(lo, hi) or 1.0
            distance, where = hausdorff(ours, theirs)
            row.update(ratio=distance / diagonal, diagonal=diagonal, marrow_vertices=len(ours),
                       blender_vertices=len(theirs), at=[where[0], [round(c, 6) for c in where[1]]],
                       ok=limit is None or distance / diagonal <= limit, limit=limit)
        except (OSError, ValueError, KeyError, RuntimeError) as e:
            row.update(ratio=None, ok=False, error=str(e))
        rows.append(row)
        if kind == "rest" and row.get("ratio") is not None and bind_source and dump.get("importer") == "gltf":
            # Blender's reading of the bind pose (gltf_bind_pose's blender_rule): where it explains the
            # difference, the difference is the importer's convention, not the file.
            moved = gltf_bind_pose(bind_source, blender_rule=True)
            lo, hi = bounds(moved)
            distance, _ = hausdorff(moved, theirs)
            ratio = distance / (math.dist(lo, hi) or 1.0)
            limit = a.tolerance if a.rest_rule == "blender" else None
            rows.append({"kind": "rest by Blender's rule", "ratio": ratio, "ok": limit is None or ratio <= limit,
                         "limit": limit})

    label = a.label or os.path.basename(a.model)
    worst = {}
    for r in rows:
        group = r["kind"] if r["kind"] != "clip" else "%s %s" % (r["clip"], "keys" if r["key"] == "key" else "mid")
        w = worst.setdefault(group, {"ratio": 0.0, "ok": True, "n": 0, "errors": [], "at": None})
        w["n"] += 1
        w["ok"] = w["ok"] and r["ok"]
        if r.get("error"):
            w["errors"].append(r["error"])
        elif r["ratio"] >= w["ratio"]:
            w["ratio"], w["at"] = r["ratio"], r.get("time")
    for group, w in worst.items():
        at = "" if w["at"] is None else " at t=%.4f" % w["at"]
        status = "ok" if w["ok"] else ("ERROR " + w["errors"][0] if w["errors"] else "OVER")
        print("%-28s %-28s %3d poses  worst %.3g%s  %s" % (label, group, w["n"], w["ratio"], at, status))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"model": a.model, "dump": a.dump, "rows": rows, "groups": worst}, f, indent=1)
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
