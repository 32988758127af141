# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""The clips: idle, and walk and run cycles with the feet in phase (left contact at phase 0, right at 0.5)."""

import json
import math
import os
import struct
import subprocess
import tempfile

from sample_character.vec import *  # noqa: F401,F403
from sample_character.rig import *  # noqa: F401,F403

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
