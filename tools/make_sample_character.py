#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Generate Marrow's painting sample: resources/samples/marrow_character.gltf + .bin.

A stylised humanoid (about 1.8 m, Y-up, metres, facing +Z, the character's left
on +X) lofted from tubes, bound in a T-pose that is exactly symmetric across
X = 0, with L/R-named joints, up to 8 influences per vertex and three clips
(idle, walk, run). Its weights are smooth and mirror-symmetric except for two
deliberate flaws meant to be fixed by (mirror) painting:

  1. collapsing LEFT shoulder: upperarm_L reaches far into the chest, the
     shoulder top and the upper back on the left;
  2. RIGHT knee bends the wrong part: shin_R's influence starts well up the
     right thigh (about 0.73 m instead of the knee at 0.50 m).

Pure Python 3 standard library and deterministic: no randomness, fixed key
times, JSON written with fixed key order. Usage:

  python3 tools/make_sample_character.py            # write the files
  python3 tools/make_sample_character.py --check    # regenerate in memory,
        # fail if the committed files differ or a plausibility check fails
  python3 tools/make_sample_character.py --check --cli build/bin/marrow-cli
        # also pose the committed file with Marrow's CLI and check the result
"""

import argparse
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "resources", "samples")
NAME = "marrow_character"

# --------------------------------------------------------------------------
# Small vector / quaternion helpers (doubles; rounded to float32 on output)


def add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def mul(a, s):
    return (a[0] * s, a[1] * s, a[2] * s)


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def length(a):
    return math.sqrt(dot(a, a))


def normalize(a):
    n = length(a)
    return (a[0] / n, a[1] / n, a[2] / n) if n > 0 else (0.0, 0.0, 0.0)


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def quat_axis(axis, angle):
    ax = normalize(axis)
    s = math.sin(angle * 0.5)
    return (ax[0] * s, ax[1] * s, ax[2] * s, math.cos(angle * 0.5))  # x y z w


def qmul(a, b):
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return (aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
            aw * bw - ax * bx - ay * by - az * bz)


def qrot(q, v):
    x, y, z, w = q
    u = (x, y, z)
    t = mul(cross(u, v), 2.0)
    return add(add(v, mul(t, w)), cross(u, t))


def qnormalize(q):
    n = math.sqrt(sum(c * c for c in q))
    return tuple(c / n for c in q)


def qslerp_lin(a, b, t):
    # normalised lerp is what glTF LINEAR rotation is close to; use true slerp
    d = sum(x * y for x, y in zip(a, b))
    if d < 0:
        b = tuple(-c for c in b)
        d = -d
    if d > 0.9995:
        return qnormalize(tuple(x + (y - x) * t for x, y in zip(a, b)))
    th = math.acos(d)
    s = math.sin(th)
    wa = math.sin((1 - t) * th) / s
    wb = math.sin(t * th) / s
    return tuple(x * wa + y * wb for x, y in zip(a, b))


QI = (0.0, 0.0, 0.0, 1.0)
X_AXIS = (1.0, 0.0, 0.0)
Y_AXIS = (0.0, 1.0, 0.0)
Z_AXIS = (0.0, 0.0, 1.0)

# --------------------------------------------------------------------------
# Skeleton (bind pose: every joint rotation is identity, so world = sum of
# translations). Left side on +X; right joints mirror the left ones.

CENTRE_JOINTS = [
    # name, parent, world position
    ("root", None, (0.0, 0.0, 0.0)),
    ("hips", "root", (0.0, 0.95, 0.0)),
    ("spine1", "hips", (0.0, 1.05, 0.0)),
    ("spine2", "spine1", (0.0, 1.18, 0.0)),
    ("spine3", "spine2", (0.0, 1.31, 0.0)),
    ("neck", "spine3", (0.0, 1.50, -0.01)),
    ("head", "neck", (0.0, 1.58, 0.0)),
]
LEFT_JOINTS = [
    ("clavicle", "spine3", (0.03, 1.44, -0.01)),
    ("upperarm", "clavicle", (0.16, 1.44, -0.01)),
    ("forearm", "upperarm", (0.44, 1.44, -0.01)),
    ("hand", "forearm", (0.69, 1.44, -0.01)),
    ("thumb", "hand", (0.71, 1.43, 0.025)),
    ("fingers", "hand", (0.79, 1.44, -0.01)),
    ("thigh", "hips", (0.09, 0.92, 0.0)),
    ("shin", "thigh", (0.09, 0.50, 0.0)),
    ("foot", "shin", (0.09, 0.09, 0.0)),
    ("toe", "foot", (0.09, 0.03, 0.13)),
]


def mirror(p):
    return (-p[0], p[1], p[2])


def build_joints():
    joints = []  # (name, parent name, world position)
    for n, p, w in CENTRE_JOINTS:
        joints.append((n, p, w))
    for side, flip in (("L", False), ("R", True)):
        for n, p, w in LEFT_JOINTS:
            parent = p if p in ("spine3", "hips") else p + "_" + side
            joints.append((n + "_" + side, parent, mirror(w) if flip else w))
    return joints


JOINTS = build_joints()
JOINT_INDEX = {j[0]: i for i, j in enumerate(JOINTS)}
JOINT_WORLD = {j[0]: j[2] for j in JOINTS}
JOINT_PARENT = {j[0]: j[1] for j in JOINTS}


def swap_side(name):
    if name.endswith("_L"):
        return name[:-2] + "_R"
    if name.endswith("_R"):
        return name[:-2] + "_L"
    return name


# Bone segments for weighting (left side + centre): start, end, radius.
BONES_LEFT = {
    "hips": ((0.0, 0.86, 0.0), (0.0, 1.05, 0.0), 0.15),
    "spine1": ((0.0, 1.05, 0.0), (0.0, 1.18, 0.0), 0.14),
    "spine2": ((0.0, 1.18, 0.0), (0.0, 1.31, 0.0), 0.14),
    "spine3": ((0.0, 1.31, 0.0), (0.0, 1.48, 0.0), 0.15),
    "neck": ((0.0, 1.50, -0.01), (0.0, 1.59, 0.0), 0.06),
    "head": ((0.0, 1.60, 0.0), (0.0, 1.80, 0.01), 0.11),
    "clavicle_L": ((0.03, 1.45, -0.01), (0.14, 1.45, -0.01), 0.055),
    "upperarm_L": ((0.16, 1.44, -0.01), (0.44, 1.44, -0.01), 0.055),
    "forearm_L": ((0.44, 1.44, -0.01), (0.69, 1.44, -0.01), 0.047),
    "hand_L": ((0.69, 1.44, -0.01), (0.78, 1.44, -0.01), 0.042),
    "fingers_L": ((0.80, 1.44, -0.01), (0.90, 1.44, -0.01), 0.035),
    "thumb_L": ((0.72, 1.43, 0.03), (0.78, 1.425, 0.085), 0.016),
    "thigh_L": ((0.09, 0.92, 0.0), (0.09, 0.50, 0.0), 0.08),
    "shin_L": ((0.09, 0.50, 0.0), (0.09, 0.09, 0.0), 0.06),
    "foot_L": ((0.09, 0.07, -0.02), (0.09, 0.035, 0.12), 0.05),
    "toe_L": ((0.09, 0.03, 0.13), (0.09, 0.025, 0.2), 0.035),
}


def bone(name):
    """Segment of any bone (right bones mirror the left ones)."""
    if name in BONES_LEFT:
        return BONES_LEFT[name]
    a, b, r = BONES_LEFT[swap_side(name)]
    return (mirror(a), mirror(b), r)


def seg_dist(p, a, b):
    ab = sub(b, a)
    t = dot(sub(p, a), ab) / dot(ab, ab)
    t = min(1.0, max(0.0, t))
    return length(sub(p, add(a, mul(ab, t))))


# --------------------------------------------------------------------------
# Mesh: lofted tubes with dome caps.


class Mesh:
    def __init__(self):
        self.pos = []
        self.part = []  # region name per vertex (drives the weighting)
        self.tris = []
        self.mirror = []  # index of the mirror partner


def smooth_profile(ctrl):
    """Piecewise cubic Hermite through control rows (s, v1, v2, ...)."""
    n = len(ctrl)

    def tangent(i, k):
        if i == 0:
            return (ctrl[1][k] - ctrl[0][k]) / (ctrl[1][0] - ctrl[0][0])
        if i == n - 1:
            return (ctrl[-1][k] - ctrl[-2][k]) / (ctrl[-1][0] - ctrl[-2][0])
        return (ctrl[i + 1][k] - ctrl[i - 1][k]) / (ctrl[i + 1][0] - ctrl[i - 1][0])

    def f(s):
        if s <= ctrl[0][0]:
            return ctrl[0][1:]
        if s >= ctrl[-1][0]:
            return ctrl[-1][1:]
        i = 0
        while ctrl[i + 1][0] < s:
            i += 1
        s0, s1 = ctrl[i][0], ctrl[i + 1][0]
        h = s1 - s0
        t = (s - s0) / h
        h00 = 2 * t ** 3 - 3 * t ** 2 + 1
        h10 = t ** 3 - 2 * t ** 2 + t
        h01 = -2 * t ** 3 + 3 * t ** 2
        h11 = t ** 3 - t ** 2
        out = []
        for k in range(1, len(ctrl[0])):
            out.append(h00 * ctrl[i][k] + h10 * h * tangent(i, k) + h01 * ctrl[i + 1][k] +
                       h11 * h * tangent(i + 1, k))
        return tuple(out)

    return f


def ring_points(centre, u, v, ru, rv, segs, expo, symmetric):
    """Ring around the axis u x v: angle 0 on +u. With symmetric=True the ring
    is built as an exact mirror across the plane spanned by u and the axis
    (points k and segs-k pair with x negated)."""
    def pt(k):
        a = 2.0 * math.pi * k / segs
        c, s = math.cos(a), math.sin(a)
        e = 2.0 / expo
        cc = math.copysign(abs(c) ** e, c)
        ss = math.copysign(abs(s) ** e, s)
        return add(centre, add(mul(u, ru * cc), mul(v, rv * ss)))

    if not symmetric:
        return [pt(k) for k in range(segs)]
    pts = [None] * segs
    for k in range(segs // 2 + 1):
        p = pt(k)
        if k == 0 or k == segs // 2:
            p = (0.0, p[1], p[2])
        pts[k] = p
        if 0 < k < segs // 2:
            pts[segs - k] = mirror(p)
    return pts


def loft(mesh, part, rings, segs, start_cap, end_cap, symmetric=False):
    """rings: list of (centre, u, v, ru, rv, expo); axis = u x v.
    Caps: None or (pole point). Returns vertex indices added."""
    first = len(mesh.pos)
    for (c, u, v, ru, rv, ex) in rings:
        for p in ring_points(c, u, v, ru, rv, segs, ex, symmetric):
            mesh.pos.append(p)
            mesh.part.append(part)
    nr = len(rings)

    def idx(i, k):
        return first + i * segs + (k % segs)

    for i in range(nr - 1):
        for k in range(segs):
            mesh.tris.append((idx(i, k), idx(i, k + 1), idx(i + 1, k)))
            mesh.tris.append((idx(i, k + 1), idx(i + 1, k + 1), idx(i + 1, k)))
    if start_cap is not None:
        pole = len(mesh.pos)
        mesh.pos.append(start_cap)
        mesh.part.append(part)
        for k in range(segs):
            mesh.tris.append((pole, idx(0, k + 1), idx(0, k)))
    if end_cap is not None:
        pole = len(mesh.pos)
        mesh.pos.append(end_cap)
        mesh.part.append(part)
        for k in range(segs):
            mesh.tris.append((idx(nr - 1, k), idx(nr - 1, k + 1), pole))
    return first


def tube(mesh, part, path, profile, s0, s1, nrings, segs, frame_up, expo=2.0,
         dome0=0.0, dome1=0.0, dome_rings=5, symmetric=False, spacing=None):
    """Loft along path(s) (a point) for s in [s0, s1]; profile(s) -> (ru, rv, du, dv)
    where du, dv offset the centre along the ring frame. frame_up is the
    direction the ring's u axis is kept closest to. dome0/dome1: heights of the
    rounded caps at the ends (0 = flat pole cap)."""
    def frame(s):
        eps = 1e-4 * (s1 - s0)
        a = normalize(sub(path(min(s1, s + eps)), path(max(s0, s - eps))))
        u = normalize(sub(frame_up, mul(a, dot(frame_up, a))))
        v = cross(a, u)
        return a, u, v

    def ring_at(s, scale=1.0, along=0.0):
        a, u, v = frame(s)
        ru, rv, du, dv = profile(s)
        c = add(add(path(s), mul(u, du)), mul(v, dv))
        c = add(c, mul(a, along))
        return (c, u, v, ru * scale, rv * scale, expo)

    rings = []
    if dome0 > 0:
        for j in range(dome_rings, 0, -1):
            phi = 0.5 * math.pi * j / (dome_rings + 1)
            rings.append(ring_at(s0, math.cos(phi), -dome0 * math.sin(phi)))
    for i in range(nrings):
        t = i / (nrings - 1)
        if spacing is not None:
            t = spacing(t)
        rings.append(ring_at(s0 + (s1 - s0) * t))
    if dome1 > 0:
        for j in range(1, dome_rings + 1):
            phi = 0.5 * math.pi * j / (dome_rings + 1)
            rings.append(ring_at(s1, math.cos(phi), dome1 * math.sin(phi)))
    a0, _, _ = frame(s0)
    a1, _, _ = frame(s1)
    c0 = ring_at(s0)[0]
    c1 = ring_at(s1)[0]
    cap0 = add(c0, mul(a0, -dome0))
    cap1 = add(c1, mul(a1, dome1))
    if symmetric:
        cap0 = (0.0, cap0[1], cap0[2])
        cap1 = (0.0, cap1[1], cap1[2])
    return loft(mesh, part, rings, segs, cap0, cap1, symmetric)


def lerp3(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def build_left_limbs(mesh):
    """Left arm, hand, thumb, leg, foot (x > 0)."""
    # Arm along +X; ring u axis kept toward +Y (up), v = a x u -> +Z.
    arm_prof = smooth_profile([
        # x, r_up, r_front, d_up, d_front
        (0.09, 0.060, 0.062, -0.004, 0.0),
        (0.15, 0.070, 0.070, 0.004, 0.0),   # deltoid
        (0.22, 0.062, 0.060, 0.000, 0.0),
        (0.31, 0.052, 0.054, -0.002, 0.004),  # biceps
        (0.43, 0.041, 0.045, 0.0, 0.0),     # elbow
        (0.50, 0.044, 0.049, 0.002, 0.0),   # forearm
        (0.62, 0.032, 0.041, 0.0, 0.0),
        (0.70, 0.026, 0.038, 0.0, 0.0),     # wrist
    ])
    tube(mesh, "arm", lambda s: (s, 1.44, -0.01), arm_prof, 0.09, 0.70, 44, 24, Y_AXIS,
         dome0=0.03, dome1=0.0)
    # Mitten hand: flat (thin in Y, wide in Z).
    hand_prof = smooth_profile([
        (0.67, 0.024, 0.036, 0.0, 0.0),
        (0.71, 0.026, 0.046, 0.0, 0.002),
        (0.77, 0.024, 0.050, -0.002, 0.0),
        (0.83, 0.019, 0.047, -0.004, -0.002),
        (0.88, 0.015, 0.040, -0.006, -0.004),
    ])
    tube(mesh, "hand", lambda s: (s, 1.44, -0.01), hand_prof, 0.67, 0.88, 20, 20, Y_AXIS,
         expo=2.6, dome0=0.0, dome1=0.028)
    # Thumb: forward and out from the palm's front edge.
    t0, t1 = (0.700, 1.434, 0.010), (0.765, 1.428, 0.068)
    thumb_prof = smooth_profile([
        (0.0, 0.021, 0.024, 0.0, 0.0),
        (0.5, 0.018, 0.019, 0.0, 0.0),
        (1.0, 0.015, 0.016, 0.0, 0.0),
    ])
    tube(mesh, "thumb", lambda s: lerp3(t0, t1, s), thumb_prof, 0.0, 1.0, 10, 12, Y_AXIS,
         dome0=0.0, dome1=0.015)
    # Ear: a flattened disc on the side of the head.
    ear_prof = smooth_profile([
        (0.070, 0.022, 0.014, 0.0, 0.0),
        (0.090, 0.030, 0.016, 0.002, 0.0),
        (0.102, 0.026, 0.010, 0.002, 0.0),
    ])
    tube(mesh, "ear", lambda s: (s, 1.672, -0.012), ear_prof, 0.070, 0.102, 5, 14, Y_AXIS,
         dome0=0.0, dome1=0.006, dome_rings=3)
    # Leg down -Y; u kept toward +Z (front), v = a x u.
    leg_prof = smooth_profile([
        # y (descending, used as -s), r_front, r_side, d_front, d_side
        (-1.00, 0.085, 0.088, 0.0, 0.0),
        (-0.90, 0.088, 0.086, 0.004, 0.0),
        (-0.75, 0.075, 0.072, 0.004, 0.0),
        (-0.58, 0.056, 0.055, 0.006, 0.0),
        (-0.50, 0.051, 0.050, 0.012, 0.0),   # knee
        (-0.42, 0.056, 0.052, 0.000, 0.0),   # calf
        (-0.30, 0.046, 0.044, 0.000, 0.0),
        (-0.16, 0.034, 0.034, 0.000, 0.0),   # ankle
        (-0.07, 0.036, 0.036, 0.000, 0.0),
    ])

    def leg_path(s):
        y = -s
        # a slight taper of the thigh line toward the knee
        x = 0.09 + 0.004 * max(0.0, (y - 0.5) / 0.5)
        return (x, y, 0.0)
    tube(mesh, "leg", leg_path, lambda s: leg_prof(s), -1.00, -0.07, 56, 24, Z_AXIS,
         dome0=0.0, dome1=0.02)
    # Foot along +Z: u kept toward +Y; ry from the sole (y=0) up.
    foot_prof = smooth_profile([
        # z, r_up, r_side, d_up, d_side
        (-0.055, 0.045, 0.038, 0.047, 0.0),
        (0.00, 0.055, 0.044, 0.057, 0.0),
        (0.06, 0.045, 0.050, 0.047, 0.0),
        (0.12, 0.030, 0.052, 0.031, 0.0),
        (0.17, 0.023, 0.048, 0.024, 0.0),
        (0.20, 0.018, 0.040, 0.020, 0.0),
    ])
    tube(mesh, "foot", lambda s: (0.09, 0.0, s), foot_prof, -0.055, 0.20, 22, 22, Y_AXIS,
         expo=2.5, dome0=0.03, dome1=0.025)


def build_centre(mesh):
    # Torso along +Y; u = +Z (front), v = a x u = +X (left). Symmetric rings.
    torso_prof = smooth_profile([
        # y, r_front(z), r_side(x), d_front, d_side
        (0.84, 0.075, 0.10, 0.0, 0.0),
        (0.90, 0.105, 0.155, 0.0, 0.0),
        (0.98, 0.118, 0.172, -0.004, 0.0),  # hips
        (1.08, 0.104, 0.150, 0.004, 0.0),   # waist
        (1.18, 0.112, 0.158, 0.008, 0.0),
        (1.30, 0.124, 0.172, 0.010, 0.0),   # chest
        (1.39, 0.118, 0.185, 0.0, 0.0),     # shoulders
        (1.46, 0.090, 0.165, -0.008, 0.0),
        (1.51, 0.062, 0.095, -0.010, 0.0),
        (1.54, 0.052, 0.060, -0.010, 0.0),
    ])
    tube(mesh, "torso", lambda s: (0.0, s, 0.0), torso_prof, 0.84, 1.54, 52, 48, Z_AXIS,
         expo=2.3, dome0=0.03, dome1=0.0, symmetric=True)
    head_prof = smooth_profile([
        # y, r_front, r_side, d_front, d_side
        (1.47, 0.056, 0.058, -0.012, 0.0),
        (1.55, 0.052, 0.054, -0.006, 0.0),   # neck
        (1.59, 0.060, 0.062, 0.004, 0.0),
        (1.62, 0.082, 0.072, 0.016, 0.0),    # jaw
        (1.67, 0.100, 0.086, 0.012, 0.0),
        (1.72, 0.104, 0.090, 0.006, 0.0),
        (1.765, 0.092, 0.080, 0.000, 0.0),
    ])
    tube(mesh, "head", lambda s: (0.0, s, 0.0), head_prof, 1.47, 1.765, 30, 40, Z_AXIS,
         dome0=0.0, dome1=0.035, dome_rings=7, symmetric=True)
    # Nose: a short tube forward from the face.
    nose_prof = smooth_profile([
        (0.08, 0.020, 0.017, 0.0, 0.0),
        (0.12, 0.013, 0.014, -0.004, 0.0),
    ])
    tube(mesh, "nose", lambda s: (0.0, 1.665, s), nose_prof, 0.08, 0.12, 5, 12, Y_AXIS,
         dome0=0.0, dome1=0.01, dome_rings=3, symmetric=True)


def build_mesh():
    mesh = Mesh()
    build_centre(mesh)
    centre_count = len(mesh.pos)
    # Centre vertices: partner found by ring construction; x == 0 pairs with itself.
    lookup = {}
    for i, p in enumerate(mesh.pos):
        lookup[p] = i
    mesh.mirror = [lookup[mirror(p)] if mirror(p) in lookup else -1 for p in mesh.pos]
    left_first = len(mesh.pos)
    left_tri_first = len(mesh.tris)
    build_left_limbs(mesh)
    left_count = len(mesh.pos) - left_first
    left_tris = mesh.tris[left_tri_first:]
    # Mirror the left limbs to the right: x negated, winding reversed.
    right_first = len(mesh.pos)
    for i in range(left_first, left_first + left_count):
        mesh.pos.append(mirror(mesh.pos[i]))
        mesh.part.append(mesh.part[i])
    off = right_first - left_first
    for (a, b, c) in left_tris:
        mesh.tris.append((a + off, c + off, b + off))
    mesh.mirror += [i + off for i in range(left_first, right_first)]
    mesh.mirror += [i - off for i in range(right_first, right_first + left_count)]
    assert all(m >= 0 for m in mesh.mirror), "centre part lost a mirror partner"
    del centre_count
    return mesh


def vertex_normals(mesh):
    acc = [[0.0, 0.0, 0.0] for _ in mesh.pos]
    for (a, b, c) in mesh.tris:
        n = cross(sub(mesh.pos[b], mesh.pos[a]), sub(mesh.pos[c], mesh.pos[a]))
        for i in (a, b, c):
            acc[i][0] += n[0]
            acc[i][1] += n[1]
            acc[i][2] += n[2]
    normals = [normalize(tuple(n)) for n in acc]
    # Make the normals exactly mirror-symmetric too: left (x >= 0) wins.
    for i, m in enumerate(mesh.mirror):
        if mesh.pos[i][0] < 0:
            normals[i] = mirror(normals[m])
        elif m == i:
            normals[i] = (0.0, normals[i][1], normals[i][2])
    return normals


# --------------------------------------------------------------------------
# Weights

PART_BONES = {
    "torso": ["hips", "spine1", "spine2", "spine3", "neck", "clavicle_L", "clavicle_R",
              "upperarm_L", "upperarm_R", "thigh_L", "thigh_R"],
    "head": ["spine3", "neck", "head"],
    "nose": ["head"],
    "ear": ["head"],
    "arm": ["spine2", "spine3", "clavicle_L", "upperarm_L", "forearm_L", "hand_L"],
    "hand": ["forearm_L", "hand_L", "fingers_L", "thumb_L"],
    "thumb": ["hand_L", "thumb_L"],
    "leg": ["hips", "thigh_L", "shin_L", "foot_L"],
    "foot": ["shin_L", "foot_L", "toe_L"],
}
POWER = 5.0
MAX_INFLUENCES = 8
MIN_WEIGHT = 0.003


def raw_weights(p, part, flaw_shoulder=False, flaw_knee=False):
    """Weights of a vertex on the left half (x >= 0) or the centre line."""
    out = {}
    for b in PART_BONES[part]:
        a, e, r = bone(b)
        if flaw_shoulder and b == "upperarm_L":
            # Flaw 1: upperarm_L reaches deep into the chest and back.
            a = (0.06, 1.42, -0.01)
            r = 0.15
        if flaw_knee and b == "shin_L":
            # Flaw 2 (applied to the right leg): the shin starts up the thigh.
            a = (0.09, 0.80, 0.0)
            r = 0.085
        d = seg_dist(p, a, e) / r
        out[b] = 1.0 / max(d, 0.05) ** POWER
    items = sorted(out.items(), key=lambda kv: (-kv[1], JOINT_INDEX[kv[0]]))
    total = sum(w for _, w in items)
    items = [(b, w / total) for b, w in items][:MAX_INFLUENCES]
    items = [(b, w) for b, w in items if w >= MIN_WEIGHT]
    total = sum(w for _, w in items)
    return [(b, w / total) for b, w in items]


def compute_weights(mesh):
    weights = [None] * len(mesh.pos)
    for i, p in enumerate(mesh.pos):
        if p[0] >= 0:
            weights[i] = raw_weights(p, mesh.part[i])
    for i, p in enumerate(mesh.pos):
        if p[0] < 0:
            weights[i] = [(swap_side(b), w) for b, w in weights[mesh.mirror[i]]]
    flawed = {"shoulder_L": 0, "knee_R": 0}
    for i, p in enumerate(mesh.pos):
        part = mesh.part[i]
        if part in ("torso", "arm"):
            # Flaw 1, faded in from the centre line and out toward the elbow.
            mask = (smoothstep((p[0] - 0.01) / 0.05) * smoothstep((p[1] - 1.16) / 0.12) *
                    (1.0 - smoothstep((p[0] - 0.26) / 0.08)))
            if mask > 0:
                w = blend_weights(weights[i], raw_weights(p, part, flaw_shoulder=True), mask)
                if w != weights[i]:
                    weights[i] = w
                    flawed["shoulder_L"] += 1
        if p[0] < 0 and part == "leg":
            m = mirror(p)
            w = [(swap_side(b), x) for b, x in raw_weights(m, part, flaw_knee=True)]
            if w != weights[i]:
                weights[i] = w
                flawed["knee_R"] += 1
    return weights, flawed


def blend_weights(a, b, t):
    acc = {}
    for bw, s in ((a, 1.0 - t), (b, t)):
        for name, w in bw:
            acc[name] = acc.get(name, 0.0) + w * s
    items = sorted(acc.items(), key=lambda kv: (-kv[1], JOINT_INDEX[kv[0]]))[:MAX_INFLUENCES]
    items = [(n, w) for n, w in items if w >= MIN_WEIGHT]
    total = sum(w for _, w in items)
    return [(n, w / total) for n, w in items]


def pack_weights(ws):
    """Sorted (joint index, float32 weight) x 8 summing to 1 in float32."""
    ws = sorted(ws, key=lambda bw: (-bw[1], JOINT_INDEX[bw[0]]))
    vals = [f32(w) for _, w in ws]
    vals[0] = f32(1.0 - sum(vals[1:]))
    joints = [JOINT_INDEX[b] for b, _ in ws]
    while len(joints) < 8:
        joints.append(0)
        vals.append(0.0)
    return joints, vals


# --------------------------------------------------------------------------
# Animation


def joint_chain_world(pose_rot, root_t):
    """Forward kinematics: world (rotation, position) of every joint."""
    world = {}
    for name, parent, wpos in JOINTS:
        r = pose_rot.get(name, QI)
        if parent is None:
            world[name] = (r, add(wpos, root_t))
        else:
            pr, pp = world[parent]
            local = sub(wpos, JOINT_WORLD[parent])
            world[name] = (qmul(pr, r), add(pp, qrot(pr, local)))
    return world


def leg_ik(hip, target):
    """Sagittal-plane two-bone IK; returns (thigh, shin) angles about +X.
    A rotation a about +X takes the bind bone direction (0,-1,0) to
    (0, -cos a, -sin a); negative swings the thigh forward (+Z)."""
    L1 = 0.42
    L2 = 0.41
    dy = target[1] - hip[1]
    dz = target[2] - hip[2]
    d = math.hypot(dy, dz)
    d = min(d, (L1 + L2) * 0.9995)
    phi = math.atan2(-dz, -dy)
    alpha = math.acos(max(-1.0, min(1.0, (L1 * L1 + d * d - L2 * L2) / (2 * L1 * d))))
    knee = math.acos(max(-1.0, min(1.0, (L1 * L1 + L2 * L2 - d * d) / (2 * L1 * L2))))
    return phi - alpha, math.pi - knee


def solve_leg(hip_r, hip_p, target):
    """Thigh and shin local rotations putting the ankle on target, given the
    thigh joint's parent (pelvis) world rotation and the thigh's world position.
    The thigh turns about Z first (so the leg's plane holds the target), then
    both bones bend about X. Returns (thigh, shin, world rotation of the shin)."""
    inv = (-hip_r[0], -hip_r[1], -hip_r[2], hip_r[3])
    t = qrot(inv, sub(target, hip_p))
    gamma = math.atan(-t[0] / t[1])
    planar = qrot(quat_axis(Z_AXIS, -gamma), t)
    a_thigh, a_shin = leg_ik((0.0, 0.0, 0.0), (0.0, planar[1], planar[2]))
    thigh = qmul(quat_axis(Z_AXIS, gamma), quat_axis(X_AXIS, a_thigh))
    shin = quat_axis(X_AXIS, a_shin)
    return thigh, shin, qmul(hip_r, qmul(thigh, shin))


def smoothstep(x):
    x = min(1.0, max(0.0, x))
    return x * x * (3 - 2 * x)


def foot_track(phase, stance, half_stride, lift, ankle_y):
    """Ankle target (y, z) and foot pitch for a foot striking at phase 0.
    Stance [0, stance): the ankle moves backward at constant speed on the
    ground. Swing: a raised arc back to the front."""
    ph = phase % 1.0
    if ph < stance:
        u = ph / stance
        return ankle_y, half_stride - 2.0 * half_stride * u, 0.0
    u = (ph - stance) / (1.0 - stance)
    # velocity-continuous-ish return: cosine ease
    z = -half_stride + 2.0 * half_stride * (0.5 - 0.5 * math.cos(math.pi * u))
    y = ankle_y + lift * math.sin(math.pi * u) ** 1.5
    # toes down as it leaves, toes up before the strike
    pitch = 0.55 * math.sin(math.pi * u) * (1.0 - u) * 1.2 - 0.25 * smoothstep((u - 0.7) / 0.3)
    return y, z, pitch


ARM_DOWN = math.radians(68.0)


def gait_pose(phase, params):
    """Rotations and root translation for a locomotion cycle at a phase in [0, 1)."""
    stance = params["stance"]
    hs = params["half_stride"]
    lift = params["lift"]
    bob = params["bob"]
    base = params["hip_drop"]
    # Root: lowest just after each contact, highest mid-stance (walk) or in
    # flight (run); period is half the cycle.
    root_y = -base + bob * params["bob_sign"] * math.cos(4 * math.pi * (phase - params["bob_shift"]))
    root_x = params["sway"] * math.sin(2 * math.pi * phase)
    root_t = (root_x, root_y, 0.0)
    rot = {}
    ankle_y = JOINT_WORLD["foot_L"][1]
    lean = params["lean"]
    rot["hips"] = qmul(quat_axis(Y_AXIS, params["hip_twist"] * math.sin(2 * math.pi * phase)),
                       quat_axis(Z_AXIS, -params["hip_roll"] * math.cos(2 * math.pi * phase)))
    # Counter-twist the chest against the pelvis; lean forward.
    rot["spine1"] = quat_axis(X_AXIS, lean * 0.4)
    rot["spine2"] = qmul(quat_axis(Y_AXIS, -params["hip_twist"] * 1.2 * math.sin(2 * math.pi * phase)),
                         quat_axis(X_AXIS, lean * 0.3))
    rot["spine3"] = qmul(quat_axis(Y_AXIS, -params["hip_twist"] * 0.8 * math.sin(2 * math.pi * phase)),
                         quat_axis(X_AXIS, lean * 0.3 + 0.02 * math.cos(4 * math.pi * phase)))
    rot["neck"] = quat_axis(X_AXIS, -lean * 0.6)
    rot["head"] = qmul(quat_axis(Y_AXIS, params["hip_twist"] * 0.6 * math.sin(2 * math.pi * phase)),
                       quat_axis(X_AXIS, -lean * 0.4 - 0.02 * math.cos(4 * math.pi * phase)))
    world_partial = joint_chain_world(rot, root_t)
    for side, offset, sgn in (("L", 0.0, 1.0), ("R", 0.5, -1.0)):
        y, z, pitch = foot_track(phase - offset, stance, hs, lift, ankle_y)
        hip_r = world_partial["hips"][0]
        hip_p = world_partial["thigh_" + side][1]
        target = (JOINT_WORLD["foot_" + side][0], y, z)
        rot["thigh_" + side], rot["shin_" + side], leg_world = solve_leg(hip_r, hip_p, target)
        # Foot world pitch = pitch (flat in stance): undo the leg and pelvis.
        inv_leg = (-leg_world[0], -leg_world[1], -leg_world[2], leg_world[3])
        rot["foot_" + side] = qmul(inv_leg, quat_axis(X_AXIS, pitch))
        ph = (phase - offset) % 1.0
        toe = 0.0
        if ph >= stance:
            u = (ph - stance) / (1.0 - stance)
            toe = 0.35 * math.sin(math.pi * min(1.0, u * 2.5)) if u < 0.4 else 0.0
        rot["toe_" + side] = quat_axis(X_AXIS, -toe)
        # Arms: down from the T-pose, swing against the same-side leg.
        swing = params["arm_swing"] * math.cos(2 * math.pi * (phase - offset))
        down = quat_axis(Z_AXIS, -sgn * ARM_DOWN)
        rot["upperarm_" + side] = qmul(quat_axis(X_AXIS, swing), down)
        rot["clavicle_" + side] = quat_axis(Z_AXIS, -sgn * 0.08)
        bend = params["elbow"] + params["elbow_swing"] * (0.5 - 0.5 * math.cos(2 * math.pi * (phase - offset)))
        rot["forearm_" + side] = quat_axis(Y_AXIS, -sgn * bend)
        rot["hand_" + side] = quat_axis(Z_AXIS, -sgn * 0.1)
        rot["fingers_" + side] = quat_axis(Z_AXIS, -sgn * params["fist"])
        rot["thumb_" + side] = quat_axis(Y_AXIS, -sgn * (0.2 + 0.4 * params["fist"]))
    return rot, root_t


WALK = dict(stance=0.62, half_stride=0.24, lift=0.09, bob=0.018, bob_sign=1.0, bob_shift=0.31,
            hip_drop=0.045, sway=0.015, lean=0.04, hip_twist=0.10, hip_roll=0.05,
            arm_swing=0.35, elbow=0.25, elbow_swing=0.25, fist=0.3)
RUN = dict(stance=0.36, half_stride=0.26, lift=0.22, bob=0.03, bob_sign=-1.0, bob_shift=0.18,
           hip_drop=0.09, sway=0.01, lean=0.14, hip_twist=0.14, hip_roll=0.03,
           arm_swing=0.6, elbow=1.3, elbow_swing=0.2, fist=0.9)


def idle_pose(phase):
    rot = {}
    breath = math.sin(2 * math.pi * phase)
    sway = math.sin(2 * math.pi * phase + 0.6)
    root_t = (0.0, -0.012 + 0.004 * breath, 0.0)
    rot["hips"] = quat_axis(Y_AXIS, 0.02 * sway)
    rot["spine1"] = quat_axis(X_AXIS, 0.01 * breath)
    rot["spine2"] = quat_axis(X_AXIS, -0.02 * breath)
    rot["spine3"] = qmul(quat_axis(Z_AXIS, 0.012 * sway), quat_axis(X_AXIS, -0.03 * breath))
    rot["neck"] = quat_axis(X_AXIS, 0.025 * breath)
    rot["head"] = qmul(quat_axis(Y_AXIS, 0.08 * math.sin(2 * math.pi * phase + 1.3)),
                       quat_axis(X_AXIS, 0.02 * breath))
    world_partial = joint_chain_world(rot, root_t)
    for side, sgn in (("L", 1.0), ("R", -1.0)):
        hip_r = world_partial["hips"][0]
        hip_p = world_partial["thigh_" + side][1]
        target = JOINT_WORLD["foot_" + side]
        rot["thigh_" + side], rot["shin_" + side], leg_world = solve_leg(hip_r, hip_p, target)
        rot["foot_" + side] = (-leg_world[0], -leg_world[1], -leg_world[2], leg_world[3])
        rot["clavicle_" + side] = quat_axis(Z_AXIS, sgn * 0.03 * breath)
        rot["upperarm_" + side] = qmul(quat_axis(X_AXIS, -0.05 + 0.02 * sway * sgn),
                                       quat_axis(Z_AXIS, -sgn * (ARM_DOWN + 0.03 * breath)))
        rot["forearm_" + side] = quat_axis(Y_AXIS, -sgn * (0.2 + 0.03 * breath))
        rot["hand_" + side] = quat_axis(Z_AXIS, -sgn * 0.15)
        rot["fingers_" + side] = quat_axis(Z_AXIS, -sgn * 0.35)
        rot["thumb_" + side] = quat_axis(Y_AXIS, -sgn * 0.2)
    return rot, root_t


CLIPS = [
    # name, period (s), key intervals, pose(phase)
    ("idle", 2.4, 48, idle_pose),
    ("walk", 1.1, 44, lambda ph: gait_pose(ph, WALK)),
    ("run", 0.7, 28, lambda ph: gait_pose(ph, RUN)),
]
ANIMATED = [j[0] for j in JOINTS if j[0] != "root"]


def sample_clip(clip):
    name, period, n, fn = clip
    times = [f32(period * i / n) for i in range(n + 1)]
    rots = {j: [] for j in ANIMATED}
    trans = []
    for i in range(n + 1):
        ph = (i % n) / n  # last key == first key exactly
        rot, root_t = fn(ph)
        trans.append(root_t)
        for j in ANIMATED:
            q = qnormalize(rot.get(j, QI))
            if q[3] < 0:
                q = tuple(-c for c in q)
            rots[j].append(q)
    return times, rots, trans


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


FLOAT, UBYTE, USHORT = 5126, 5121, 5123


def vec_minmax(rows):
    n = len(rows[0])
    return ([min(r[k] for r in rows) for k in range(n)], [max(r[k] for r in rows) for k in range(n)])


def build():
    mesh = build_mesh()
    normals = vertex_normals(mesh)
    weights, flawed = compute_weights(mesh)
    b = Bin()
    pos32 = [tuple(f32(c) for c in p) for p in mesh.pos]
    nrm32 = [tuple(f32(c) for c in n) for n in normals]
    a_pos = b.accessor(b"".join(struct.pack("<3f", *p) for p in pos32), FLOAT, len(pos32), "VEC3",
                       34962, vec_minmax(pos32))
    a_nrm = b.accessor(b"".join(struct.pack("<3f", *n) for n in nrm32), FLOAT, len(nrm32), "VEC3", 34962)
    packed = [pack_weights(w) for w in weights]
    j0 = b"".join(struct.pack("<4B", *j[:4]) for j, _ in packed)
    j1 = b"".join(struct.pack("<4B", *j[4:]) for j, _ in packed)
    w0 = b"".join(struct.pack("<4f", *w[:4]) for _, w in packed)
    w1 = b"".join(struct.pack("<4f", *w[4:]) for _, w in packed)
    a_j0 = b.accessor(j0, UBYTE, len(packed), "VEC4", 34962)
    a_w0 = b.accessor(w0, FLOAT, len(packed), "VEC4", 34962)
    a_j1 = b.accessor(j1, UBYTE, len(packed), "VEC4", 34962)
    a_w1 = b.accessor(w1, FLOAT, len(packed), "VEC4", 34962)
    idx = b"".join(struct.pack("<3H", *t) for t in mesh.tris)
    a_idx = b.accessor(idx, USHORT, 3 * len(mesh.tris), "SCALAR", 34963)

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
        "buffers": [{"uri": NAME + ".bin", "byteLength": 0}],
        "bufferViews": b.views,
        "accessors": b.accessors,
    }
    while len(b.data) % 4:
        b.data.append(0)
    gltf["buffers"][0]["byteLength"] = len(b.data)
    text = json.dumps(gltf, indent=1, allow_nan=False) + "\n"
    model = dict(mesh=mesh, normals=normals, weights=weights, packed=packed, flawed=flawed,
                 pos32=pos32, clips=clip_samples, world32=world32)
    return text.encode("utf-8"), bytes(b.data), model


# --------------------------------------------------------------------------
# Checks


def sample_at(times, values, t, is_quat):
    if t <= times[0]:
        return values[0]
    if t >= times[-1]:
        return values[-1]
    i = 0
    while times[i + 1] < t:
        i += 1
    u = (t - times[i]) / (times[i + 1] - times[i])
    if is_quat:
        return qslerp_lin(values[i], values[i + 1], u)
    return lerp3(values[i], values[i + 1], u)


def pose_world(model, clip, t):
    times, rots, trans = model["clips"][clip]
    rot = {j: sample_at(times, rots[j], t, True) for j in ANIMATED}
    root_t = sample_at(times, trans, t, False)
    return joint_chain_world(rot, root_t)


def skin(model, world):
    out = []
    for p, (joints, ws) in zip(model["mesh"].pos, model["packed"]):
        acc = (0.0, 0.0, 0.0)
        for j, w in zip(joints, ws):
            if w == 0:
                continue
            name = JOINTS[j][0]
            r, t = world[name]
            local = sub(p, JOINT_WORLD[name])
            acc = add(acc, mul(add(t, qrot(r, local)), w))
        out.append(acc)
    return out


def plausibility(model, report):
    errors = []
    mesh = model["mesh"]
    pos = model["pos32"]
    nv = len(pos)
    report("vertices %d, triangles %d, joints %d" % (nv, len(mesh.tris), len(JOINTS)))
    if not (5000 <= nv <= 20000):
        errors.append("vertex count %d outside 5,000-20,000" % nv)
    if not (25 <= len(JOINTS) <= 40):
        errors.append("joint count %d outside 25-40" % len(JOINTS))
    # Exact X symmetry of the bind pose (float32 positions).
    index = {}
    for i, p in enumerate(pos):
        index.setdefault(p, i)
    unpaired = sum(1 for p in pos if (-p[0] if p[0] != 0 else 0.0, p[1], p[2]) not in index
                   and (-p[0], p[1], p[2]) not in index)
    worst = 0.0
    for i, m in enumerate(mesh.mirror):
        a, b = pos[i], pos[m]
        worst = max(worst, abs(a[0] + b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))
    report("X symmetry: %d unpaired vertices, worst partner error %.3g m" % (unpaired, worst))
    if unpaired or worst > 1e-6:
        errors.append("bind pose not X-symmetric")
    # Weights.
    worst_sum, max_inf, hist = 0.0, 0, {}
    for joints, ws in model["packed"]:
        s = sum(ws)
        worst_sum = max(worst_sum, abs(s - 1.0))
        k = sum(1 for w in ws if w > 0)
        max_inf = max(max_inf, k)
        hist[k] = hist.get(k, 0) + 1
    report("weights: worst |sum-1| %.2g, max influences %d, histogram %s" %
           (worst_sum, max_inf, dict(sorted(hist.items()))))
    if worst_sum > 1e-6 or max_inf > 8:
        errors.append("weights not normalised or too many influences")
    # Weight asymmetry only in the two flaw regions.
    asym = {}
    for i, m in enumerate(mesh.mirror):
        a = {JOINTS[j][0]: w for j, w in zip(*model["packed"][i]) if w > 0}
        b = {swap_side(JOINTS[j][0]): w for j, w in zip(*model["packed"][m]) if w > 0}
        keys = set(a) | set(b)
        if max(abs(a.get(k, 0) - b.get(k, 0)) for k in keys) > 1e-6:
            region = ("shoulder_L" if (pos[i][1] > 1.2) else "knee_R")
            asym[region] = asym.get(region, 0) + 1
    report("asymmetric weights (vertex and its mirror differ): %s; flawed vertices %s" %
           (asym, model["flawed"]))
    # Bind pose plausibility.
    ys = [p[1] for p in pos]
    height = max(ys) - min(ys)
    report("bind: height %.3f m (min y %.4f), width %.3f m" %
           (height, min(ys), max(p[0] for p in pos) - min(p[0] for p in pos)))
    if not (1.7 <= height <= 1.9) or abs(min(ys)) > 0.005:
        errors.append("height %.3f / min y %.4f implausible" % (height, min(ys)))
    # Clips: seamless, feet plant.
    for name, period, n, _ in CLIPS:
        times, rots, trans = model["clips"][name]
        if any(rots[j][0] != rots[j][-1] for j in ANIMATED) or trans[0] != trans[-1]:
            errors.append("%s: first key != last key" % name)
    for name, period, n, _ in CLIPS:
        if name == "idle":
            continue
        params = WALK if name == "walk" else RUN
        speed = 2 * params["half_stride"] / (params["stance"] * period)
        lines = []
        for side, offset in (("L", 0.0), ("R", 0.5)):
            heights, slide = [], 0.0
            steps = 80
            dt = period / steps
            for s in range(steps):
                ph = s / steps
                w0 = pose_world(model, name, ph * period)
                ankle = w0["foot_" + side][1]
                heights.append((ankle[1], ph))
                rel = (ph - offset) % 1.0
                if rel + 1.0 / steps < params["stance"]:
                    # world motion = root-frame motion + forward travel at `speed`
                    nxt = pose_world(model, name, ph * period + dt)["foot_" + side][1]
                    vz = (nxt[2] - ankle[2]) / dt + speed
                    vx = (nxt[0] - ankle[0]) / dt
                    slide = max(slide, math.hypot(vx, vz))
            lowest = min(heights)
            contact = [h for h, ph in heights if ((ph - offset) % 1.0) < 0.02]
            lines.append("%s foot: ankle y at contact %.3f, lowest %.3f, max %.3f, stance slide %.3f m/s"
                         % (side, contact[0], lowest[0], max(heights)[0], slide))
            if contact[0] - lowest[0] > 0.005:
                errors.append("%s %s foot not lowest at contact" % (name, side))
            if slide > 0.05:
                errors.append("%s %s foot slides %.3f m/s in stance" % (name, side, slide))
        w = pose_world(model, name, 0.0)
        report("%s (%.2f s, implied travel %.2f m/s): %s; hips %.3f head %.3f" %
               (name, period, speed, "; ".join(lines), w["hips"][1][1], w["head"][1][1]))
    return errors


def cli_checks(model, cli, gltf_path, report):
    """Pose the file with marrow-cli and compare with our own skinning."""
    errors = []
    mesh = model["mesh"]
    # clip, time, the foot in contact (phase 0: left, phase 0.5: right)
    times = [("walk", 0.0, "L"), ("walk", 0.275, None), ("walk", 0.55, "R"), ("walk", 0.825, None),
             ("run", 0.0, "L"), ("run", 0.175, None), ("run", 0.35, "R"), ("idle", 1.2, "L")]
    info = subprocess.run([cli, "info", gltf_path], capture_output=True, text=True)
    if info.returncode != 0:
        errors.append("marrow-cli info failed: " + info.stderr.strip())
    else:
        d = json.loads(info.stdout)
        report("marrow-cli info: meshes %s; skins %s; clips %s; warnings %s" % (
            [(m["vertices"], m["triangles"], m["maxInfluences"]) for m in d["meshes"]],
            [s["joints"] for s in d["skins"]],
            [(c["name"], round(c["duration"], 3)) for c in d["clips"]], d["warnings"]))
    with tempfile.TemporaryDirectory() as tmp:
        for clip, t, contact in times:
            obj = os.path.join(tmp, "pose.obj")
            r = subprocess.run([cli, "pose", gltf_path, "--clip", clip, "--time", repr(t), "-o", obj],
                               capture_output=True, text=True)
            if r.returncode != 0:
                errors.append("marrow-cli pose %s %s failed: %s" % (clip, t, r.stderr.strip()))
                continue
            vs = []
            with open(obj) as f:
                for line in f:
                    if line.startswith("v "):
                        vs.append(tuple(float(c) for c in line.split()[1:4]))
            if len(vs) != len(mesh.pos):
                errors.append("pose %s %s: %d vertices, expected %d" % (clip, t, len(vs), len(mesh.pos)))
                continue
            ours = skin(model, pose_world(model, clip, t))
            diff = max(length(sub(a, b)) for a, b in zip(vs, ours))
            ys = [v[1] for v in vs]
            feet = {}
            for side in ("L", "R"):
                sel = [v[1] for v, part in zip(vs, mesh.part)
                       if part == "foot" and (v[0] > 0) == (side == "L")]
                feet[side] = min(sel)
            head = max(ys)
            hips = pose_world(model, clip, t)["hips"][1][1]
            report("pose %s t=%.3f: top %.3f, hips %.3f, lowest L foot %.3f, R foot %.3f, "
                   "max |cli - script| %.2g m" % (clip, t, head, hips, feet["L"], feet["R"], diff))
            if diff > 2e-3:
                errors.append("pose %s %s: marrow-cli differs from the script by %.3g m" % (clip, t, diff))
            if not (min(feet.values()) < hips < head):
                errors.append("pose %s %s: feet/hips/head out of order" % (clip, t))
            if contact is not None and abs(feet[contact]) > 0.01:
                errors.append("pose %s %s: contact foot %s at %.3f, not on the ground"
                              % (clip, t, contact, feet[contact]))
    return errors


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true",
                    help="regenerate in memory; fail if the committed files differ or a check fails")
    ap.add_argument("--cli", help="marrow-cli to pose the committed file with (with --check)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()

    def report(msg):
        if not args.quiet:
            print(msg)

    text, data, model = build()
    gltf_path = os.path.join(OUT_DIR, NAME + ".gltf")
    bin_path = os.path.join(OUT_DIR, NAME + ".bin")
    errors = plausibility(model, report)
    if args.check:
        for path, want in ((gltf_path, text), (bin_path, data)):
            try:
                with open(path, "rb") as f:
                    have = f.read()
            except OSError as e:
                errors.append("%s: %s" % (path, e))
                continue
            if have != want:
                errors.append("%s differs from a fresh generation (%d vs %d bytes)" %
                              (os.path.relpath(path, ROOT), len(have), len(want)))
        if args.cli:
            errors += cli_checks(model, args.cli, gltf_path, report)
    else:
        os.makedirs(OUT_DIR, exist_ok=True)
        with open(gltf_path, "wb") as f:
            f.write(text)
        with open(bin_path, "wb") as f:
            f.write(data)
        report("wrote %s (%d bytes) and %s (%d bytes)" %
               (os.path.relpath(gltf_path, ROOT), len(text), os.path.relpath(bin_path, ROOT), len(data)))
    for e in errors:
        print("error: " + e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
