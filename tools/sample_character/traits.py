# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""The "real traits" variant of the sample: the same body and clips, written
the way third-party characters arrive, so features are tried on what users
open rather than on the tidy sample alone:

  - Mixamo joint names (mixamorig:LeftArm ...), an end joint with no weights
    (mixamorig:HeadTop_End) and a helper node above the skeleton that is not
    a joint (Armature);
  - two skinned meshes (Body, Head) with two materials, and a rigid prop
    (Sword) parented to the right hand;
  - keys at 24 fps;
  - a base-colour texture in an external PNG, two UV sets, vertex colours,
    tangents and a custom attribute (_MARROW_ID);
  - a morph target on the head with default weights, targetNames and a
    morph-weight channel in the idle clip;
  - a camera, a KHR_lights_punctual light, KHR_materials_specular, an
    extension Marrow does not know (used, not required), and extras on the
    asset, scene, nodes, meshes and materials.

Marrow's lossless-file tests compare what comes back against this file, so
every item here is something a save must carry.
"""

import json
import math
import struct
import zlib

from sample_character.files import *  # noqa: F401,F403
from sample_character.vec import *  # noqa: F401,F403
from sample_character.rig import *  # noqa: F401,F403
from sample_character.body import *  # noqa: F401,F403
from sample_character.weights import *  # noqa: F401,F403
from sample_character.clips import *  # noqa: F401,F403
from sample_character.gltf import Bin, FLOAT, UBYTE, USHORT, UINT, vec_minmax  # noqa: F401

TRAITS_NAME = NAME + "_traits"
FPS = 24.0
HEAD_PARTS = ("head", "nose", "ear")
MIXAMO = {
    "root": "mixamorig:Root", "hips": "mixamorig:Hips", "spine1": "mixamorig:Spine",
    "spine2": "mixamorig:Spine1", "spine3": "mixamorig:Spine2", "neck": "mixamorig:Neck",
    "head": "mixamorig:Head", "clavicle": "Shoulder", "upperarm": "Arm", "forearm": "ForeArm",
    "hand": "Hand", "thumb": "HandThumb1", "fingers": "HandIndex1", "thigh": "UpLeg",
    "shin": "Leg", "foot": "Foot", "toe": "ToeBase",
}
END_JOINT = "mixamorig:HeadTop_End"


def mixamo_name(name):
    if name in MIXAMO:
        return MIXAMO[name]
    base, side = name[:-2], name[-1]
    return "mixamorig:" + ("Left" if side == "L" else "Right") + MIXAMO[base]


def png_bytes(width, height, pixel):
    """An RGB PNG from pixel(x, y) -> (r, g, b); zlib at level 9, deterministic."""
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xffffffff)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) +
            chunk(b"IEND", b""))


def albedo(x, y):
    """A warm checker with a stripe, so a lost or flipped texture is easy to see."""
    if 28 <= y < 36:
        return (40, 90, 160)
    return (200, 150, 120) if ((x // 8) + (y // 8)) % 2 else (150, 105, 85)


def normal_map(x, y):
    """Tangent-space ripples (a normal map's blue-heavy RGB)."""
    return (int(128 + 40 * math.sin(x / 3.0)), int(128 + 40 * math.cos(y / 3.0)), 235)


def occlusion(x, y):
    """Darker toward the bottom of the lightmap square (R is glTF's occlusion)."""
    g = 255 - 3 * y
    return (g, g, g)


def uv_cylinder(p):
    u = 0.5 + math.atan2(p[0], p[2]) / (2.0 * math.pi)
    return (f32(u), f32(1.0 - p[1] / 1.8))


def split_by_part(mesh, parts_of_mesh):
    """Triangles whose first vertex is in parts_of_mesh, with their vertices renumbered."""
    remap, verts, tris = {}, [], []
    for t in mesh.tris:
        if mesh.part[t[0]] not in parts_of_mesh:
            continue
        out = []
        for i in t:
            if i not in remap:
                remap[i] = len(verts)
                verts.append(i)
            out.append(remap[i])
        tris.append(tuple(out))
    return verts, tris


def floats(rows, fmt):
    return b"".join(struct.pack(fmt, *r) for r in rows)


def skinned_primitive(b, mesh, normals, packed, verts, tris, material, morph=False):
    pos = [tuple(f32(c) for c in mesh.pos[i]) for i in verts]
    nrm = [tuple(f32(c) for c in normals[i]) for i in verts]
    tangent = [tuple(f32(c) for c in normalize(cross((0.0, 1.0, 0.0), n) if abs(n[1]) < 0.99 else (1.0, 0.0, 0.0)))
               + (1.0,) for n in nrm]
    uv0 = [uv_cylinder(p) for p in pos]
    uv1 = [(f32(0.5 + p[0]), f32(0.5 + p[2])) for p in pos]
    colour = [(f32(0.8 + 0.2 * p[1] / 1.8), 0.8, 0.8, 1.0) for p in pos]
    ids = [(float(i),) for i in verts]
    pk = [packed[i] for i in verts]
    attributes = {
        "POSITION": b.accessor(floats(pos, "<3f"), FLOAT, len(pos), "VEC3", 34962, vec_minmax(pos)),
        "NORMAL": b.accessor(floats(nrm, "<3f"), FLOAT, len(nrm), "VEC3", 34962),
        "TANGENT": b.accessor(floats(tangent, "<4f"), FLOAT, len(tangent), "VEC4", 34962),
        "TEXCOORD_0": b.accessor(floats(uv0, "<2f"), FLOAT, len(uv0), "VEC2", 34962),
        "TEXCOORD_1": b.accessor(floats(uv1, "<2f"), FLOAT, len(uv1), "VEC2", 34962),
        "COLOR_0": b.accessor(floats(colour, "<4f"), FLOAT, len(colour), "VEC4", 34962),
        "_MARROW_ID": b.accessor(floats(ids, "<f"), FLOAT, len(ids), "SCALAR", 34962),
        "JOINTS_0": b.accessor(b"".join(struct.pack("<4B", *j[:4]) for j, _ in pk), UBYTE, len(pk), "VEC4", 34962),
        "WEIGHTS_0": b.accessor(b"".join(struct.pack("<4f", *w[:4]) for _, w in pk), FLOAT, len(pk), "VEC4", 34962),
        "JOINTS_1": b.accessor(b"".join(struct.pack("<4B", *j[4:]) for j, _ in pk), UBYTE, len(pk), "VEC4", 34962),
        "WEIGHTS_1": b.accessor(b"".join(struct.pack("<4f", *w[4:]) for _, w in pk), FLOAT, len(pk), "VEC4", 34962),
    }
    prim = {"attributes": attributes, "material": material, "mode": 4,
            "indices": b.accessor(floats(tris, "<3H"), USHORT, 3 * len(tris), "SCALAR", 34963)}
    if morph:
        # "Puff": the head swells 1.5 cm along its normals.
        delta = [tuple(f32(0.015 * c) for c in n) for n in nrm]
        prim["targets"] = [{"POSITION": b.accessor(floats(delta, "<3f"), FLOAT, len(delta), "VEC3", 34962,
                                                   vec_minmax(delta))}]
    return prim


def sword_primitive(b, material):
    """A box 0.9 m long along the hand's +X, in the hand's space."""
    lo, hi = (0.05, -0.015, -0.04), (0.95, 0.015, 0.04)
    pos, nrm, tris = [], [], []
    for axis in range(3):
        for sign in (-1.0, 1.0):
            n = [0.0, 0.0, 0.0]
            n[axis] = sign
            u, v = (axis + 1) % 3, (axis + 2) % 3
            first = len(pos)
            for a, c in ((0, 0), (1, 0), (1, 1), (0, 1)):
                p = [0.0, 0.0, 0.0]
                p[axis] = hi[axis] if sign > 0 else lo[axis]
                p[u] = hi[u] if a else lo[u]
                p[v] = hi[v] if c else lo[v]
                pos.append(tuple(f32(x) for x in p))
                nrm.append(tuple(n))
            quad = [(first, first + 1, first + 2), (first, first + 2, first + 3)]
            tris += quad if sign > 0 else [(t[0], t[2], t[1]) for t in quad]
    return {"attributes": {"POSITION": b.accessor(floats(pos, "<3f"), FLOAT, len(pos), "VEC3", 34962,
                                                  vec_minmax(pos)),
                           "NORMAL": b.accessor(floats(nrm, "<3f"), FLOAT, len(nrm), "VEC3", 34962)},
            "indices": b.accessor(floats(tris, "<3H"), USHORT, 3 * len(tris), "SCALAR", 34963),
            "material": material, "mode": 4}


def sample_clip_at_fps(clip):
    """The clip's poses at whole frames of 24 fps; the last frame equals the first."""
    name, period, _, fn = clip
    n = max(2, round(period * FPS))
    times = [f32(i / FPS) for i in range(n + 1)]
    rots = {j: [] for j in ANIMATED}
    trans = []
    for i in range(n + 1):
        rot, root_t = fn((i % n) / n)
        trans.append(root_t)
        for j in ANIMATED:
            q = qnormalize(rot.get(j, QI))
            rots[j].append(tuple(-c for c in q) if q[3] < 0 else q)
    return times, rots, trans
