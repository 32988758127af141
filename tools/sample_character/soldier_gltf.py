# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Writes the soldier variant (soldier.py) as glTF + .bin: the rolled .L/.R
skeleton of rolled.py, a flat-shaded body (every triangle its own vertices)
with the buckle inside it, the props as separate meshes on the same skin, and
two clips keyed at 24 fps: idle on the grid, walk with a few keys between
frames (as a retimed or hand-keyed export has)."""

import struct

from sample_character.files import NAME
from sample_character.vec import *  # noqa: F401,F403
from sample_character.rig import *  # noqa: F401,F403
from sample_character.clips import CLIPS, ANIMATED
from sample_character.weights import pack_weights
from sample_character.gltf import Bin, FLOAT, UBYTE, USHORT, vec_minmax, flat_shaded
from sample_character.rolled import (joint_frames, quat_from_mat, rolled_joint_nodes, inverse_bind_bytes,
                                     rolled_keys)
from sample_character.soldier import soldier_body, PROPS

SOLDIER_NAME = NAME + "_soldier"
FPS = 24.0
# Seconds, deliberately between frames of 24 fps (0.51 s is frame 12.24).
OFF_GRID = {"walk": (0.51, 0.77)}


def floats(rows, fmt):
    return b"".join(struct.pack(fmt, *r) for r in rows)


def primitive(b, pos, packed, tris, material):
    """A flat-shaded skinned triangle list (8 influences in two sets)."""
    pos32 = [tuple(f32(c) for c in p) for p in pos]
    fpos, fnrm, fpacked, ftris = flat_shaded(pos32, packed, tris)
    attributes = {"POSITION": b.accessor(floats(fpos, "<3f"), FLOAT, len(fpos), "VEC3", 34962, vec_minmax(fpos)),
                  "NORMAL": b.accessor(floats(fnrm, "<3f"), FLOAT, len(fnrm), "VEC3", 34962)}
    for k, (lo, hi) in enumerate(((0, 4), (4, 8))):
        attributes["JOINTS_%d" % k] = b.accessor(b"".join(struct.pack("<4B", *j[lo:hi]) for j, _ in fpacked),
                                                 UBYTE, len(fpacked), "VEC4", 34962)
        attributes["WEIGHTS_%d" % k] = b.accessor(floats([w[lo:hi] for _, w in fpacked], "<4f"),
                                                  FLOAT, len(fpacked), "VEC4", 34962)
    return {"attributes": attributes, "material": material, "mode": 4,
            "indices": b.accessor(floats(ftris, "<3H"), USHORT, 3 * len(ftris), "SCALAR", 34963)}


def clip_keys(clip):
    """Key times (the 24 fps frames of one cycle plus the clip's off-grid times)
    and the sample's poses at them; the last key equals the first."""
    name, period, _, fn = clip
    n = max(2, round(period * FPS))
    times = sorted(set([i / FPS for i in range(n + 1)] + list(OFF_GRID.get(name, ()))))
    rots = {j: [] for j in ANIMATED}
    trans = []
    for t in times:
        rot, root_t = fn((t * FPS / n) % 1.0)
        trans.append(root_t)
        for j in ANIMATED:
            q = qnormalize(rot.get(j, QI))
            rots[j].append(tuple(-c for c in q) if q[3] < 0 else q)
    return [f32(t) for t in times], rots, trans


def animation(b, clip, quats):
    times, rots, trans = clip_keys(clip)
    a_t = b.accessor(floats([(t,) for t in times], "<f"), FLOAT, len(times), "SCALAR",
                     minmax=([times[0]], [times[-1]]))
    samplers = [{"input": a_t, "output": b.accessor(floats(trans, "<3f"), FLOAT, len(trans), "VEC3"),
                 "interpolation": "LINEAR"}]
    channels = [{"sampler": 0, "target": {"node": JOINT_INDEX["root"], "path": "translation"}}]
    for j in ANIMATED:
        keys = rolled_keys(j, rots[j], quats)
        samplers.append({"input": a_t, "output": b.accessor(floats(keys, "<4f"), FLOAT, len(keys), "VEC4"),
                         "interpolation": "LINEAR"})
        channels.append({"sampler": len(samplers) - 1, "target": {"node": JOINT_INDEX[j], "path": "rotation"}})
    return {"name": clip[0], "samplers": samplers, "channels": channels, "extras": {"fps": FPS}}


def build_soldier():
    """(gltf text, bin bytes, summary dict) for the soldier variant."""
    frames = joint_frames()
    quats = {n: quat_from_mat(f) for n, f in frames.items()}
    b = Bin()
    body, weights = soldier_body()
    meshes = [{"name": "Body", "primitives": [primitive(b, body.pos, [pack_weights(w) for w in weights],
                                                        body.tris, 0)]}]
    summary = {"Body": 3 * len(body.tris)}  # vertices once flat-shaded
    for k, (name, make, joint) in enumerate(PROPS):
        mesh = make()
        packed = [pack_weights([(joint, 1.0)])] * len(mesh.pos)
        meshes.append({"name": name, "primitives": [primitive(b, mesh.pos, packed, mesh.tris, 1 + k)]})
        summary[name] = 3 * len(mesh.tris)

    nodes, world = rolled_joint_nodes(frames)
    armature = len(nodes)
    nodes.append({"name": "Armature", "children": [JOINT_INDEX["root"]]})
    mesh_nodes = []
    for k, m in enumerate(meshes):
        mesh_nodes.append(len(nodes))
        nodes.append({"name": m["name"], "mesh": k, "skin": 0})
    a_ibm = b.accessor(bytes(inverse_bind_bytes(world)), FLOAT, len(JOINTS), "MAT4")
    animations = [animation(b, clip, quats) for clip in CLIPS if clip[0] in ("idle", "walk")]

    def material(name, rgba, metal):
        return {"name": name, "pbrMetallicRoughness": {"baseColorFactor": rgba, "metallicFactor": metal,
                                                       "roughnessFactor": 0.6}}
    gltf = {
        "asset": {"version": "2.0", "generator": "Marrow tools/make_sample_character.py --soldier",
                  "copyright": "Marrow project, MIT licence"},
        "scene": 0,
        "scenes": [{"name": SOLDIER_NAME, "nodes": [armature] + mesh_nodes}],
        "nodes": nodes,
        "meshes": meshes,
        "materials": [material("cloth", [0.45, 0.4, 0.32, 1.0], 0.0), material("iron", [0.5, 0.5, 0.52, 1.0], 1.0),
                      material("wood", [0.55, 0.35, 0.2, 1.0], 0.0), material("ash", [0.7, 0.6, 0.45, 1.0], 0.0)],
        "skins": [{"name": "Armature", "inverseBindMatrices": a_ibm, "skeleton": JOINT_INDEX["root"],
                   "joints": list(range(len(JOINTS)))}],
        "animations": animations,
        "buffers": [{"uri": SOLDIER_NAME + ".bin", "byteLength": 0}],
        "bufferViews": b.views,
        "accessors": b.accessors,
    }
    return b.encode(gltf), bytes(b.data), summary
