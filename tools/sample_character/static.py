# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""The static pair (issue 36): a mesh with no skin whose node is scaled
non-uniformly and moved, under a parent that is scaled too, and a skeleton
to bind it to.

  marrow_character_static.gltf: Statue (scale PARENT_SCALE) > StaticBody
      (scale NODE_SCALE, translation NODE_TRANSLATION) holding the soldier's
      low-poly body. Its vertices are stored squashed so that the node
      chain's world transform puts the body, upright and in proportion,
      at WORLD_OFFSET: what a bind must take is the world shape, not the
      stored one.
  marrow_character_static_rig.gltf: the sample's joints from the hips (bare
      nodes, no mesh, no skin) at rest where that world body stands, so that
      `marrow-cli bind MESH --skeleton RIG` gives a plausible character.
"""

import json
import struct

from sample_character.files import NAME
from sample_character.vec import *  # noqa: F401,F403
from sample_character.rig import *  # noqa: F401,F403
from sample_character.body import vertex_normals
from sample_character.gltf import Bin, FLOAT, USHORT, vec_minmax
from sample_character.soldier import body_mesh

STATIC_NAME = NAME + "_static"
RIG_NAME = NAME + "_static_rig"
PARENT_SCALE = (0.5, 0.5, 0.5)
NODE_SCALE = (1.0, 2.0, 0.5)
NODE_TRANSLATION = (0.3, 0.1, -0.2)


def world_scale():
    return tuple(f32(p * n) for p, n in zip(PARENT_SCALE, NODE_SCALE))


# Where the node chain puts the body's origin: the parent's scale applies to the node's translation.
WORLD_OFFSET = tuple(f32(p * t) for p, t in zip(PARENT_SCALE, NODE_TRANSLATION))


def floats(rows, fmt):
    return b"".join(struct.pack(fmt, *r) for r in rows)


def gltf_bytes(gltf, b, bin_name):
    if b is None:
        return (json.dumps(gltf, indent=1, allow_nan=False) + "\n").encode("utf-8")
    gltf["buffers"] = [{"uri": bin_name, "byteLength": 0}]
    gltf["bufferViews"] = b.views
    gltf["accessors"] = b.accessors
    return b.encode(gltf)


def build_static():
    """(gltf text, bin bytes): the scaled, moved static body."""
    mesh = body_mesh()
    normals = vertex_normals(mesh)
    s = world_scale()
    # Stored so that world = WORLD_OFFSET + s * local lands on the body; normals by the inverse transpose.
    local = [tuple(f32(c / k) for c, k in zip(p, s)) for p in mesh.pos]
    nrm = [tuple(f32(c) for c in normalize(tuple(c * k for c, k in zip(n, s)))) for n in normals]
    b = Bin()
    attributes = {"POSITION": b.accessor(floats(local, "<3f"), FLOAT, len(local), "VEC3", 34962,
                                         vec_minmax(local)),
                  "NORMAL": b.accessor(floats(nrm, "<3f"), FLOAT, len(nrm), "VEC3", 34962)}
    prim = {"attributes": attributes, "material": 0, "mode": 4,
            "indices": b.accessor(floats(mesh.tris, "<3H"), USHORT, 3 * len(mesh.tris), "SCALAR", 34963)}
    gltf = {
        "asset": {"version": "2.0", "generator": "Marrow tools/make_sample_character.py --static",
                  "copyright": "Marrow project, MIT licence"},
        "scene": 0,
        "scenes": [{"name": STATIC_NAME, "nodes": [0]}],
        "nodes": [{"name": "Statue", "scale": list(PARENT_SCALE), "children": [1]},
                  {"name": "StaticBody", "mesh": 0, "scale": list(NODE_SCALE),
                   "translation": [f32(c) for c in NODE_TRANSLATION]}],
        "meshes": [{"name": "StaticBody", "primitives": [prim]}],
        "materials": [{"name": "stone", "pbrMetallicRoughness": {
            "baseColorFactor": [0.6, 0.6, 0.58, 1.0], "metallicFactor": 0.0, "roughnessFactor": 0.9}}],
    }
    return gltf_bytes(gltf, b, STATIC_NAME + ".bin"), bytes(b.data)


def build_static_rig():
    """gltf text: the sample's joints from the hips down, bare nodes, moved by
    WORLD_OFFSET. No root joint on the floor: its bone up to the hips would run
    between the feet and take the soles' weights in an automatic bind."""
    joints = [j for j in JOINTS if j[0] != "root"]
    index = {j[0]: i for i, j in enumerate(joints)}
    nodes = []
    for name, parent, wpos in joints:
        local = add(wpos, WORLD_OFFSET) if parent == "root" else sub(wpos, JOINT_WORLD[parent])
        node = {"name": name, "translation": [f32(c) for c in local]}
        kids = [index[n] for n, p, _ in joints if p == name]
        if kids:
            node["children"] = kids
        nodes.append(node)
    gltf = {
        "asset": {"version": "2.0", "generator": "Marrow tools/make_sample_character.py --static",
                  "copyright": "Marrow project, MIT licence"},
        "scene": 0,
        "scenes": [{"name": RIG_NAME, "nodes": [index["hips"]]}],
        "nodes": nodes,
    }
    return gltf_bytes(gltf, None, None)
