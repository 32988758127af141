# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Plausibility checks on the generated model, and on how Marrow's CLI poses it."""

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
from sample_character.gltf import *  # noqa: F401,F403

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
