#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Where a binary FBX binds its skins, against the glTF it was made from.
Plain Python 3.

  fbx_bind_check.py OUT.fbx SOURCE.glb [--json OUT.json]

For every skin cluster of OUT.fbx (a binary FBX, with or without the null
records Assimp 5.2 omits): its bone, its TransformLink (the bone's world
matrix at bind time) and Transform (the mesh's). For the joint of the same
name in SOURCE.glb: the bind world (the inverse of the skin's inverse bind
matrix) and the rest world (the nodes' own transforms), also without the transform of the
scene's single root node (the aiScene root, which Assimp writes no Model
for). Prints, over all
clusters, the largest distance between the TransformLink's origin and each
of those two, over the diagonal of the bind origins' bounding box, and the
largest difference of the 3x3 parts; plus the FBX's unit scale, up axis,
time mode, and every take's stop time against the glTF clips' ends. So
it says which pose the FBX binds at: the glTF's bind pose (right) or its
rest pose. Exit 0 when every cluster binds at the glTF's bind pose within
1e-5 of the diagonal, 1 otherwise, 2 on unreadable input."""

import argparse
import json
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blender_pose_compare as gltf  # noqa: E402  (the glTF reader and 4x4 helpers)
import fbx_null_records  # noqa: E402
from fbx_tree import decode_properties as properties  # noqa: E402

FBX_SECOND = 46186158000


def child(node, name):
    return next((c for c in node.children if c.name == name), None)


def props70(node):
    p = child(node, "Properties70")
    out = {}
    for c in (p.children if p else []):
        v = properties(c.props, c.nprops)
        out[v[0]] = v[4:]
    return out


def name_of(v):
    return v.split("\x00\x01")[0].split("::")[-1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("fbx")
    ap.add_argument("source")
    ap.add_argument("--json")
    a = ap.parse_args()
    try:
        with open(a.fbx, "rb") as f:
            version, _, nodes, _ = fbx_null_records.parse(f.read())
        g, buffers = gltf.load_gltf(a.source)
    except (OSError, ValueError, struct.error) as e:
        print("fbx_bind_check: %s" % e, file=sys.stderr)
        return 2
    top = {n.name: n for n in nodes}
    settings = props70(top["GlobalSettings"]) if "GlobalSettings" in top else {}
    objects = {}
    for n in top["Objects"].children:
        v = properties(n.props, n.nprops)
        objects[v[0]] = (n, v)
    links = [properties(c.props, c.nprops) for c in top["Connections"].children if c.name == "C"]
    parents = {}
    for link in links:
        if link[0] == "OO":
            parents.setdefault(link[1], []).append(link[2])
    # the glTF's joints by name: bind world (inverse of the first inverse bind), rest world
    nodes_g = g.get("nodes", [])
    parent = {c: i for i, n in enumerate(nodes_g) for c in n.get("children", [])}
    rest, rootless = {}, {}
    roots = g["scenes"][g.get("scene", 0)]["nodes"] if g.get("scenes") else []
    single_root = roots[0] if len(roots) == 1 else None

    def rest_of(i, table=rest, skip=None):
        if i not in table:
            local = gltf.trs_matrix(nodes_g[i]) if i != skip else [1.0 if r == c else 0.0 for c in range(4) for r in range(4)]
            table[i] = gltf.mat_mul(rest_of(parent[i], table, skip), local) if i in parent else local
        return table[i]
    bind = {}
    for skin in g.get("skins", []):
        ibm = gltf.read_accessor(g, buffers, skin["inverseBindMatrices"])
        for k, j in enumerate(skin["joints"]):
            name = nodes_g[j].get("name") or "nodes[%d]" % j
            bind.setdefault(name, (gltf.mat_inverse_affine(list(ibm[k])), rest_of(j),
                                   rest_of(j, rootless, single_root)))
    rows = []
    for oid, (n, v) in objects.items():
        if n.name != "Deformer" or v[2] != "Cluster":
            continue
        bone = next((objects[c][1] for c in [l[1] for l in links if l[0] == "OO" and l[2] == oid]
                     if c in objects and objects[c][0].name == "Model"), None)
        link_m = properties(child(n, "TransformLink").props, 1)[0] if child(n, "TransformLink") else None
        xform = properties(child(n, "Transform").props, 1)[0] if child(n, "Transform") else None
        name = name_of(bone[1]) if bone else None
        row = {"cluster": oid, "bone": name, "transform_link": link_m, "transform": xform}
        if name in bind and link_m:
            b, r, rr = bind[name]
            row["vs_bind"] = math.dist(link_m[12:15], b[12:15])
            row["vs_rest"] = math.dist(link_m[12:15], r[12:15])
            row["vs_rest_rootless"] = math.dist(link_m[12:15], rr[12:15])
            row["rot_vs_bind"] = max(abs(link_m[c * 4 + k] - b[c * 4 + k]) for c in range(3) for k in range(3))
            row["rot_vs_rest"] = max(abs(link_m[c * 4 + k] - r[c * 4 + k]) for c in range(3) for k in range(3))
        rows.append(row)
    origins = [b[12:15] for b, _, _ in bind.values()]
    lo, hi = gltf.bounds(origins) if origins else ([0] * 3, [0] * 3)
    diagonal = math.dist(lo, hi) or 1.0
    matched = [r for r in rows if "vs_bind" in r]
    worst = {k: max((r[k] for r in matched), default=0.0) for k in ("vs_bind", "vs_rest", "vs_rest_rootless",
                                                                   "rot_vs_bind", "rot_vs_rest")}
    takes = {}
    for oid, (n, v) in objects.items():
        if n.name == "AnimationStack":
            p = props70(n)
            takes[name_of(v[1])] = {k: (p[k][0] / FBX_SECOND if p.get(k) else None) for k in ("LocalStop", "ReferenceStop")}
    curve_ends = []
    for oid, (n, v) in objects.items():
        if n.name == "AnimationCurve" and child(n, "KeyTime"):
            times = properties(child(n, "KeyTime").props, 1)[0]
            if times:
                curve_ends.append(times[-1] / FBX_SECOND)
    clips = {}
    for anim in g.get("animations", []):
        ends = [max(x[0] for x in gltf.read_accessor(g, buffers, anim["samplers"][c["sampler"]]["input"]))
                for c in anim["channels"]]
        clips[anim.get("name", "")] = max(ends) if ends else 0.0
    report = {"fbx": a.fbx, "version": version, "clusters": len(rows), "matched": len(matched),
              "diagonal": diagonal, "worst": worst,
              "unit_scale": settings.get("UnitScaleFactor"), "up_axis": settings.get("UpAxis"),
              "time_mode": settings.get("TimeMode"), "takes": takes,
              "last_key_seconds": max(curve_ends) if curve_ends else None, "gltf_clip_ends": clips}
    print("%s: FBX %d, %d clusters (%d matched by bone name to the glTF's joints)" % (
        a.fbx, version, len(rows), len(matched)))
    print("  TransformLink origin vs the glTF bind world: %.3g of the diagonal; vs its rest world: %.3g; "
          "vs its rest world without the scene's root node: %.3g" % (
              worst["vs_bind"] / diagonal, worst["vs_rest"] / diagonal, worst["vs_rest_rootless"] / diagonal))
    print("  TransformLink 3x3 vs bind: %.3g; vs rest: %.3g" % (worst["rot_vs_bind"], worst["rot_vs_rest"]))
    print("  UnitScaleFactor %s, UpAxis %s, TimeMode %s" % (report["unit_scale"], report["up_axis"], report["time_mode"]))
    for t, s in sorted(takes.items()):
        print("  take %r: LocalStop %s s (glTF clip ends at %s s)" % (t, s["LocalStop"], clips.get(t)))
    if curve_ends:
        print("  last key of any curve: %.6g s (glTF clips end by %.6g s)" % (max(curve_ends), max(clips.values(), default=0)))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(report, f, indent=1)
    ok = matched and worst["vs_bind"] / diagonal <= 1e-5 and worst["rot_vs_bind"] <= 1e-5
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
