# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Skin weights: smooth, mirror-symmetric blends, plus the two deliberate flaws."""

import json
import math
import os
import struct
import subprocess
import tempfile

from sample_character.vec import *  # noqa: F401,F403
from sample_character.rig import *  # noqa: F401,F403
from sample_character.body import *  # noqa: F401,F403

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
