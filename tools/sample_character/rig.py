# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""The skeleton: joints in the T-pose, their L/R names, and the bones weights are measured against."""

import json
import math
import os
import struct
import subprocess
import tempfile

from sample_character.vec import *  # noqa: F401,F403

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
