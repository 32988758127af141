# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""glTF 2.0 writer: buffers, accessors, the skin, the clips; deterministic bytes."""

import json
import math
import os
import struct
import subprocess
import tempfile

from sample_character.files import *  # noqa: F401,F403
from sample_character.vec import *  # noqa: F401,F403
from sample_character.rig import *  # noqa: F401,F403
from sample_character.body import *  # noqa: F401,F403
from sample_character.weights import *  # noqa: F401,F403
from sample_character.clips import *  # noqa: F401,F403

# --------------------------------------------------------------------------
# glTF writer


class Bin:
    def __init__(self):
        self.data = bytearray()
        self.views = []
        self.accessors = []

    def view(self, payload, target=None):
        while len(self.data) % 4:
            self.data.append(0)
        v = {"buffer": 0, "byteOffset": len(self.data), "byteLength": len(payload)}
        if target is not None:
            v["target"] = target
        self.data += payload
        self.views.append(v)
        return len(self.views) - 1

    def accessor(self, payload, comp, count, typ, target=None, minmax=None, normalized=False):
        v = self.view(payload, target)
        a = {"bufferView": v, "componentType": comp, "count": count, "type": typ}
        if normalized:
            a["normalized"] = True
        if minmax is not None:
            a["min"], a["max"] = minmax
        self.accessors.append(a)
        return len(self.accessors) - 1

    def encode(self, gltf):
        """The glTF's JSON text as bytes, after padding the binary to 4 bytes
        and setting the (first) buffer's byteLength to it."""
        while len(self.data) % 4:
            self.data.append(0)
        gltf["buffers"][0]["byteLength"] = len(self.data)
        return (json.dumps(gltf, indent=1, allow_nan=False) + "\n").encode("utf-8")


FLOAT, UBYTE, USHORT, UINT = 5126, 5121, 5123, 5125


def vec_minmax(rows):
    n = len(rows[0])
    return ([min(r[k] for r in rows) for k in range(n)], [max(r[k] for r in rows) for k in range(n)])


def flat_shaded(pos32, packed, tris):
    """Every triangle with its own three vertices and its face normal, as a
    low-poly export writes a flat-shaded mesh (4-6 vertices at each point)."""
    fpos, fnrm, fpacked, ftris = [], [], [], []
    for t in tris:
        n = normalize(cross(sub(pos32[t[1]], pos32[t[0]]), sub(pos32[t[2]], pos32[t[0]])))
        first = len(fpos)
        for i in t:
            fpos.append(pos32[i])
            fnrm.append(tuple(f32(c) for c in n))
            fpacked.append(packed[i])
        ftris.append((first, first + 1, first + 2))
    return fpos, fnrm, fpacked, ftris


def build(flat=False):
    mesh = build_mesh()
    normals = vertex_normals(mesh)
    weights, flawed = compute_weights(mesh)
    b = Bin()
    pos32 = [tuple(f32(c) for c in p) for p in mesh.pos]
    nrm32 = [tuple(f32(c) for c in n) for n in normals]
    packed = [pack_weights(w) for w in weights]
    tris = mesh.tris
    if flat:
        pos32, nrm32, packed, tris = flat_shaded(pos32, packed, tris)
    a_pos = b.accessor(b"".join(struct.pack("<3f", *p) for p in pos32), FLOAT, len(pos32), "VEC3",
                       34962, vec_minmax(pos32))
    a_nrm = b.accessor(b"".join(struct.pack("<3f", *n) for n in nrm32), FLOAT, len(nrm32), "VEC3", 34962)
    j0 = b"".join(struct.pack("<4B", *j[:4]) for j, _ in packed)
    j1 = b"".join(struct.pack("<4B", *j[4:]) for j, _ in packed)
    w0 = b"".join(struct.pack("<4f", *w[:4]) for _, w in packed)
    w1 = b"".join(struct.pack("<4f", *w[4:]) for _, w in packed)
    a_j0 = b.accessor(j0, UBYTE, len(packed), "VEC4", 34962)
    a_w0 = b.accessor(w0, FLOAT, len(packed), "VEC4", 34962)
    a_j1 = b.accessor(j1, UBYTE, len(packed), "VEC4", 34962)
    a_w1 = b.accessor(w1, FLOAT, len(packed), "VEC4", 34962)
    wide = len(pos32) > 0xffff
    idx = b"".join(struct.pack("<3I" if wide else "<3H", *t) for t in tris)
    a_idx = b.accessor(idx, UINT if wide else USHORT, 3 * len(tris), "SCALAR", 34963)

    # Nodes: joints first (node i == joint i), then the mesh node.
    nodes = []
    for name, parent, wpos in JOINTS:
        local = wpos if parent is None else sub(wpos, JOINT_WORLD[parent])
        node = {"name": name}
        t = [f32(c) for c in local]
        if any(t):
            node["translation"] = t
        kids = [JOINT_INDEX[n] for n, p, _ in JOINTS if p == name]
        if kids:
            node["children"] = kids
        nodes.append(node)
    mesh_node = len(nodes)
    nodes.append({"name": "marrow_character", "mesh": 0, "skin": 0})
    # Inverse bind matrices: the bind world transforms are pure translations
    # (summed in float32 the way an importer composes the node translations).
    ibm = bytearray()
    world32 = {}
    for name, parent, _ in JOINTS:
        t = nodes[JOINT_INDEX[name]].get("translation", [0.0, 0.0, 0.0])
        if parent is None:
            world32[name] = tuple(t)
        else:
            world32[name] = tuple(f32(a + c) for a, c in zip(world32[parent], t))
        w = world32[name]
        ibm += struct.pack("<16f", 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -w[0], -w[1], -w[2], 1)
    a_ibm = b.accessor(bytes(ibm), FLOAT, len(JOINTS), "MAT4")

    animations = []
    clip_samples = {}
    for clip in CLIPS:
        times, rots, trans = sample_clip(clip)
        clip_samples[clip[0]] = (times, rots, trans)
        a_t = b.accessor(b"".join(struct.pack("<f", t) for t in times), FLOAT, len(times), "SCALAR",
                         minmax=([times[0]], [times[-1]]))
        samplers, channels = [], []
        tr = b"".join(struct.pack("<3f", *t) for t in trans)
        samplers.append({"input": a_t, "output": b.accessor(tr, FLOAT, len(trans), "VEC3"),
                         "interpolation": "LINEAR"})
        channels.append({"sampler": 0, "target": {"node": JOINT_INDEX["root"], "path": "translation"}})
        for j in ANIMATED:
            q = b"".join(struct.pack("<4f", *r) for r in rots[j])
            samplers.append({"input": a_t, "output": b.accessor(q, FLOAT, len(rots[j]), "VEC4"),
                             "interpolation": "LINEAR"})
            channels.append({"sampler": len(samplers) - 1,
                             "target": {"node": JOINT_INDEX[j], "path": "rotation"}})
        animations.append({"name": clip[0], "samplers": samplers, "channels": channels})

    gltf = {
        "asset": {"version": "2.0", "generator": "Marrow tools/make_sample_character.py",
                  "copyright": "Marrow project, MIT licence"},
        "scene": 0,
        "scenes": [{"name": "marrow_character", "nodes": [JOINT_INDEX["root"], mesh_node]}],
        "nodes": nodes,
        "meshes": [{"name": "marrow_character", "primitives": [{
            "attributes": {"POSITION": a_pos, "NORMAL": a_nrm, "JOINTS_0": a_j0, "WEIGHTS_0": a_w0,
                           "JOINTS_1": a_j1, "WEIGHTS_1": a_w1},
            "indices": a_idx, "material": 0, "mode": 4}]}],
        "materials": [{"name": "clay", "pbrMetallicRoughness": {
            "baseColorFactor": [0.72, 0.66, 0.6, 1.0], "metallicFactor": 0.0, "roughnessFactor": 0.7}}],
        "skins": [{"name": "marrow_character_skin", "inverseBindMatrices": a_ibm,
                   "skeleton": JOINT_INDEX["root"], "joints": list(range(len(JOINTS)))}],
        "animations": animations,
        "buffers": [{"uri": NAME + ("_flat" if flat else "") + ".bin", "byteLength": 0}],
        "bufferViews": b.views,
        "accessors": b.accessors,
    }
    text = b.encode(gltf)
    if flat:
        pos32 = [tuple(f32(c) for c in p) for p in mesh.pos]
        packed = [pack_weights(w) for w in weights]
    model = dict(mesh=mesh, normals=normals, weights=weights, packed=packed, flawed=flawed,
                 pos32=pos32, clips=clip_samples, world32=world32)
    return text, bytes(b.data), model
