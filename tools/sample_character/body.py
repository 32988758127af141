# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""The body mesh: lofted tubes for the torso, head, limbs, hands and feet; vertex normals."""

import json
import math
import os
import struct
import subprocess
import tempfile

from sample_character.vec import *  # noqa: F401,F403
from sample_character.rig import *  # noqa: F401,F403

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
