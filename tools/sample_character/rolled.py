# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""The "bone roll" variant of the sample (issue 36): the same body, weights
and clips, with the skeleton written the way Blender exports an armature:

  - `.L/.R` names (UpperArm.L, Hand.R ...) under an Armature node;
  - every bone's local +Y pointing along the bone (to its first child, or
    on along its parent for an end bone), and bone roll about it;
  - the right bones' local axes NOT the mirror images of the left ones':
    each right bone is rolled a further 45 to 180 degrees about its own
    axis (an armature built without Symmetrize), while the rest positions
    stay exactly symmetric across X = 0.

The clips are the sample's, re-expressed in the rolled local frames, so
every joint lands where the sample's does at every key. A flip that
assumed mirrored local axes turns the right limbs wrongly on this file.
"""

import math
import struct

from sample_character.files import NAME
from sample_character.vec import *  # noqa: F401,F403
from sample_character.rig import *  # noqa: F401,F403
from sample_character.body import *  # noqa: F401,F403
from sample_character.weights import *  # noqa: F401,F403
from sample_character.clips import *  # noqa: F401,F403
from sample_character.gltf import Bin, FLOAT, UBYTE, USHORT, UINT, vec_minmax

ROLLED_NAME = NAME + "_rolled"
BLENDER_NAMES = {
    "root": "Root", "hips": "Hips", "spine1": "Spine", "spine2": "Spine1", "spine3": "Chest", "neck": "Neck",
    "head": "Head", "clavicle": "Collar", "upperarm": "UpperArm", "forearm": "LowerArm", "hand": "Hand",
    "thumb": "Thumb", "fingers": "Fingers", "thigh": "UpperLeg", "shin": "LowerLeg", "foot": "Foot",
    "toe": "Toe",
}
# Degrees: the left bone's roll, and how much further the right one turns about its axis.
ROLLS = {
    "clavicle": (14.0, 90.0), "upperarm": (-37.0, 90.0), "forearm": (61.0, 180.0), "hand": (5.0, -90.0),
    "thumb": (-70.0, 45.0), "fingers": (0.0, 135.0), "thigh": (180.0, 180.0), "shin": (12.0, 45.0),
    "foot": (-20.0, 133.0), "toe": (90.0, -90.0),
}


def blender_name(name):
    if name in BLENDER_NAMES:
        return BLENDER_NAMES[name]
    return BLENDER_NAMES[name[:-2]] + "." + name[-1]


# 3x3 matrices as three columns; quaternions (x, y, z, w) as in vec.py.
def mat_mul(a, b):
    return [tuple(sum(a[k][r] * b[c][k] for k in range(3)) for r in range(3)) for c in range(3)]


def mat_transpose(a):
    return [tuple(a[c][r] for c in range(3)) for r in range(3)]


def mat_vec(a, v):
    return tuple(sum(a[k][r] * v[k] for k in range(3)) for r in range(3))


def quat_from_mat(m):
    """The unit quaternion of a rotation matrix (columns), w >= 0."""
    (m00, m10, m20), (m01, m11, m21), (m02, m12, m22) = m
    trace = m00 + m11 + m22
    if trace > 0:
        s = 2.0 * math.sqrt(trace + 1.0)
        q = ((m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, 0.25 * s)
    elif m00 > m11 and m00 > m22:
        s = 2.0 * math.sqrt(1.0 + m00 - m11 - m22)
        q = (0.25 * s, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s)
    elif m11 > m22:
        s = 2.0 * math.sqrt(1.0 + m11 - m00 - m22)
        q = ((m01 + m10) / s, 0.25 * s, (m12 + m21) / s, (m02 - m20) / s)
    else:
        s = 2.0 * math.sqrt(1.0 + m22 - m00 - m11)
        q = ((m02 + m20) / s, (m12 + m21) / s, 0.25 * s, (m10 - m01) / s)
    q = qnormalize(q)
    return tuple(-c for c in q) if q[3] < 0 else q


def mat_from_quat(q):
    return [qrot(q, X_AXIS), qrot(q, Y_AXIS), qrot(q, Z_AXIS)]


def bone_frame(head, tail, roll_degrees):
    """Blender's bone frame: +Y from head to tail, X kept level at roll 0, then the roll about Y."""
    y = normalize(sub(tail, head))
    up = (0.0, 0.0, 1.0) if abs(y[2]) < 0.9 else (1.0, 0.0, 0.0)
    x = normalize(cross(y, up))
    z = cross(x, y)
    roll = quat_axis(Y_AXIS, math.radians(roll_degrees))
    return mat_mul([x, y, z], mat_from_quat(roll))


def mirrored_frame(left, extra_degrees):
    """The mirror image of a left frame across X = 0, X negated so it is a
    rotation again (Blender's Symmetrize), then rolled further about its Y."""
    m = [(-c[0], c[1], c[2]) for c in left]
    m[0] = tuple(-v for v in m[0])
    return mat_mul(m, mat_from_quat(quat_axis(Y_AXIS, math.radians(extra_degrees))))


def bone_tails():
    """Where each joint's bone points: its first child's head, or on along its parent's bone."""
    tails = {}
    for name, parent, wpos in JOINTS:
        kids = [n for n, p, _ in JOINTS if p == name]
        if name == "root":
            tails[name] = (0.0, 0.0, 0.2)  # Blender's root bone lies along +Z
        elif name in ("hand_L", "hand_R"):
            tails[name] = JOINT_WORLD["fingers" + name[-2:]]  # the hand points at the fingers, not the thumb
        elif kids:
            tails[name] = JOINT_WORLD[kids[0]]
        else:
            along = normalize(sub(wpos, JOINT_WORLD[parent]))
            tails[name] = add(wpos, mul(along, 0.08))
    return tails


def joint_frames():
    """The rest world rotation of every joint (3x3 columns)."""
    tails = bone_tails()
    frames = {}
    for name, _, wpos in JOINTS:
        if name.endswith("_R"):
            continue
        base = name[:-2] if name.endswith("_L") else name
        roll = ROLLS.get(base, (0.0, 0.0))[0]
        frames[name] = bone_frame(wpos, tails[name], roll)
    for name, _, _ in JOINTS:
        if name.endswith("_R"):
            frames[name] = mirrored_frame(frames[swap_side(name)], ROLLS[name[:-2]][1])
    return frames


def rolled_joint_nodes(frames):
    """The joint nodes (node i == joint i) with rolled local frames, and the
    world (rotation, position) an importer composes from their float32 values."""
    nodes, world = [], {}
    for name, parent, wpos in JOINTS:
        pf = frames[parent] if parent else [X_AXIS, Y_AXIS, Z_AXIS]
        offset = wpos if parent is None else sub(wpos, JOINT_WORLD[parent])
        t = [f32(c) for c in mat_vec(mat_transpose(pf), offset)]
        r = quat_from_mat(mat_mul(mat_transpose(pf), frames[name]))
        r = tuple(f32(c) for c in r)
        node = {"name": blender_name(name), "translation": t, "rotation": list(r)}
        kids = [JOINT_INDEX[n] for n, p, _ in JOINTS if p == name]
        if kids:
            node["children"] = kids
        nodes.append(node)
        if parent is None:
            world[name] = (qnormalize(r), tuple(t))
        else:
            pr, pp = world[parent]
            world[name] = (qnormalize(qmul(pr, r)), add(pp, qrot(pr, t)))
    return nodes, world


def inverse_bind_bytes(world):
    """The joints' inverse bind matrices (column-major float32) from their worlds."""
    ibm = bytearray()
    for name, _, _ in JOINTS:
        q, p = world[name]
        inv = (-q[0], -q[1], -q[2], q[3])
        m = mat_from_quat(inv)
        t = tuple(-c for c in qrot(inv, p))
        ibm += struct.pack("<16f", *m[0], 0.0, *m[1], 0.0, *m[2], 0.0, *t, 1.0)
    return ibm


def rolled_keys(joint, rots, quats):
    """The sample's local rotations r of joint (in world-aligned frames) seen in
    the rolled frames: inverse(F_parent) * r * F_joint, w >= 0."""
    parent = JOINT_PARENT[joint]
    pq = quats[parent] if parent else QI
    keys = []
    for r in rots:
        q = qnormalize(qmul(qmul((-pq[0], -pq[1], -pq[2], pq[3]), r), quats[joint]))
        keys.append(tuple(-c for c in q) if q[3] < 0 else q)
    return keys


def build_rolled():
    """(gltf text, bin bytes) for the rolled variant."""
    mesh = build_mesh()
    normals = vertex_normals(mesh)
    weights, _ = compute_weights(mesh)
    packed = [pack_weights(w) for w in weights]
    frames = joint_frames()
    quats = {n: quat_from_mat(f) for n, f in frames.items()}
    b = Bin()
    pos32 = [tuple(f32(c) for c in p) for p in mesh.pos]
    nrm32 = [tuple(f32(c) for c in n) for n in normals]
    a_pos = b.accessor(b"".join(struct.pack("<3f", *p) for p in pos32), FLOAT, len(pos32), "VEC3",
                       34962, vec_minmax(pos32))
    a_nrm = b.accessor(b"".join(struct.pack("<3f", *n) for n in nrm32), FLOAT, len(nrm32), "VEC3", 34962)
    attributes = {"POSITION": a_pos, "NORMAL": a_nrm}
    for k, (lo, hi) in enumerate(((0, 4), (4, 8))):
        attributes["JOINTS_%d" % k] = b.accessor(b"".join(struct.pack("<4B", *j[lo:hi]) for j, _ in packed),
                                                 UBYTE, len(packed), "VEC4", 34962)
        attributes["WEIGHTS_%d" % k] = b.accessor(b"".join(struct.pack("<4f", *w[lo:hi]) for _, w in packed),
                                                  FLOAT, len(packed), "VEC4", 34962)
    a_idx = b.accessor(b"".join(struct.pack("<3H", *t) for t in mesh.tris), USHORT, 3 * len(mesh.tris), "SCALAR",
                       34963)

    # Joints first (node i == joint i), then the Armature and the mesh.
    nodes, world = rolled_joint_nodes(frames)
    armature = len(nodes)
    nodes.append({"name": "Armature", "children": [JOINT_INDEX["root"]]})
    mesh_node = len(nodes)
    nodes.append({"name": "Body", "mesh": 0, "skin": 0})
    ibm = inverse_bind_bytes(world)
    a_ibm = b.accessor(bytes(ibm), FLOAT, len(JOINTS), "MAT4")

    animations = []
    for clip in CLIPS:
        times, rots, trans = sample_clip(clip)
        a_t = b.accessor(b"".join(struct.pack("<f", t) for t in times), FLOAT, len(times), "SCALAR",
                         minmax=([times[0]], [times[-1]]))
        samplers = [{"input": a_t, "output": b.accessor(b"".join(struct.pack("<3f", *t) for t in trans), FLOAT,
                                                       len(trans), "VEC3"), "interpolation": "LINEAR"}]
        channels = [{"sampler": 0, "target": {"node": JOINT_INDEX["root"], "path": "translation"}}]
        for j in ANIMATED:
            keys = rolled_keys(j, rots[j], quats)
            samplers.append({"input": a_t, "output": b.accessor(b"".join(struct.pack("<4f", *q) for q in keys),
                                                               FLOAT, len(keys), "VEC4"),
                             "interpolation": "LINEAR"})
            channels.append({"sampler": len(samplers) - 1, "target": {"node": JOINT_INDEX[j], "path": "rotation"}})
        animations.append({"name": clip[0], "samplers": samplers, "channels": channels})

    gltf = {
        "asset": {"version": "2.0", "generator": "Marrow tools/make_sample_character.py --rolled",
                  "copyright": "Marrow project, MIT licence"},
        "scene": 0,
        "scenes": [{"name": ROLLED_NAME, "nodes": [armature, mesh_node]}],
        "nodes": nodes,
        "meshes": [{"name": "Body", "primitives": [{"attributes": attributes, "indices": a_idx, "material": 0,
                                                     "mode": 4}]}],
        "materials": [{"name": "clay", "pbrMetallicRoughness": {
            "baseColorFactor": [0.72, 0.66, 0.6, 1.0], "metallicFactor": 0.0, "roughnessFactor": 0.7}}],
        "skins": [{"name": "Armature", "inverseBindMatrices": a_ibm, "skeleton": JOINT_INDEX["root"],
                   "joints": list(range(len(JOINTS)))}],
        "animations": animations,
        "buffers": [{"uri": ROLLED_NAME + ".bin", "byteLength": 0}],
        "bufferViews": b.views,
        "accessors": b.accessors,
    }
    return b.encode(gltf), bytes(b.data)
