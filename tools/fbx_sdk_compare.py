#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Compares FBX clips with the FBX SDK's own samples of them (issue 38).

  tools/fbx_sdk_compare.py SAMPLES.json MODELS_DIR [--cli marrow-cli] [--check TOL]
  tools/fbx_sdk_compare.py --write SAMPLES.json --ozz MEDIA_BIN [--every N]

The SDK's samples come from ozz-animation's fbx2ozz output for the pab
clips (public in its repository as media/bin/pab_skeleton.ozz and
pab_<clip>_raw.ozz, MIT: raw means every frame the FBX SDK sampled,
unreduced). --write keeps every Nth frame of each as the joints' positions
in the frame of the first joint (the hips), which takes out the SDK's unit
and axis conversion of the root. Comparing poses each clip's FBX file
(MODELS_DIR/<file>) at those times by tools/fbx_reference.py, or by
`marrow-cli pose --joints` with --cli, and prints per clip the largest
joint distance over the diagonal of the joints' bounding box; --check TOL
fails (exit 1) above TOL."""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

from fbx_reference import Scene, matmul
from ozz_raw import read_raw_animation, read_skeleton

CLIPS = {"run": "ozz-animation/fbx/pab/run.fbx", "jog": "ozz-animation/fbx/pab/jog.fbx",
         "walk": "ozz-animation/fbx/pab/walk.fbx"}


def quat_matrix(q):
    x, y, z, w = q
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w), 0],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w), 0],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y), 0], [0, 0, 0, 1]]


def trs(t, q, s):
    m = quat_matrix(q)
    for i in range(3):
        for j in range(3):
            m[i][j] *= s[j]
        m[i][3] = t[i]
    return m


def inverse_affine(m):
    a = [row[:3] for row in m[:3]]
    det = (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
           a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]))
    inv = [[(a[(j + 1) % 3][(i + 1) % 3] * a[(j + 2) % 3][(i + 2) % 3] -
             a[(j + 1) % 3][(i + 2) % 3] * a[(j + 2) % 3][(i + 1) % 3]) / det for j in range(3)] for i in range(3)]
    t = [-sum(inv[i][k] * m[k][3] for k in range(3)) for i in range(3)]
    return [inv[0] + [t[0]], inv[1] + [t[1]], inv[2] + [t[2]], [0, 0, 0, 1]]


def in_hips_frame(world, root, names):
    to_root = inverse_affine(world[root])
    return {n: [matmul(to_root, world[n])[i][3] for i in range(3)] for n in names if n in world and n != root}


def write_samples(path, media, every):
    names, parents = read_skeleton(os.path.join(media, "pab_skeleton.ozz"))
    out = {"source": "The FBX SDK's samples of the pab clips, from ozz-animation's media/bin/pab_skeleton.ozz and "
                     "pab_<clip>_raw.ozz (github.com/guillaumeblanc/ozz-animation, MIT): joint positions in the "
                     "hips' frame, in the SDK's metres, every " + str(every) + " frames",
           "clips": {}}
    for clip, fbx in CLIPS.items():
        anim = read_raw_animation(os.path.join(media, f"pab_{clip}_raw.ozz"))
        times = [k[0] for k in anim["tracks"][0][1]][::every]
        poses = []
        for t in times:
            world = []
            for j, (tk, rk, sk) in enumerate(anim["tracks"]):
                near = [min(keys, key=lambda k: abs(k[0] - t))[1] for keys in (tk, rk, sk)]
                local = trs(*near)
                world.append(matmul(world[parents[j]], local) if parents[j] >= 0 else local)
            frame = in_hips_frame(dict(zip(names, world)), names[0], names)
            poses.append([[float(f"{v:.7g}") for v in frame[n]] for n in names[1:]])
        out["clips"][clip] = {"file": fbx, "stack": anim["name"], "root": names[0], "joints": names[1:],
                              "times": [float(f"{t:.7g}") for t in times], "positions": poses}
    with open(path, "w") as f:
        json.dump(out, f, separators=(",", ":"))


def cli_world(cli, path, clip, time):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "j.json")
        subprocess.run([cli, "pose", path, "--clip", clip, "--time", str(time), "--joints", out], check=True,
                       capture_output=True)
        joints = json.load(open(out))["joints"]
    return {j["name"]: [[j["world"][c * 4 + r] for c in range(4)] for r in range(4)] for j in joints}


def compare(samples, models, cli):
    """Per clip: (largest distance over the diagonal, where, joints compared)."""
    results = {}
    for clip, s in samples["clips"].items():
        path = os.path.join(models, s["file"])
        scene = None if cli else Scene(path, s["stack"])
        worst, where, scale, diagonal, shared = 0.0, "", None, None, []
        for t, sdk_pose in zip(s["times"], s["positions"]):
            world = cli_world(cli, path, "0", t) if cli else scene.world_matrices(t + scene.start)
            if s["root"] not in world:
                sys.exit(f"{clip}: no joint {s['root']}")
            mine = in_hips_frame(world, s["root"], s["joints"])
            sdk = {n: p for n, p in zip(s["joints"], sdk_pose) if n in mine}
            shared = list(sdk)
            if scale is None:  # the SDK's unit conversion, and the diagonal in the file's units
                scale = (sum(math.hypot(*mine[n]) for n in shared) / sum(math.hypot(*sdk[n]) for n in shared))
                pts = [[v * scale for v in sdk[n]] for n in shared]
                diagonal = math.dist([min(q[i] for q in pts) for i in range(3)],
                                     [max(q[i] for q in pts) for i in range(3)])
            for n in shared:
                d = math.dist([v * scale for v in sdk[n]], mine[n]) / diagonal
                if d > worst:
                    worst, where = d, f"{n} at {t:.4f} s"
        results[clip] = (worst, where, len(shared), len(s["times"]))
    return results


def main():
    p = argparse.ArgumentParser()
    p.add_argument("samples")
    p.add_argument("models", nargs="?")
    p.add_argument("--cli")
    p.add_argument("--check", type=float)
    p.add_argument("--write", action="store_true")
    p.add_argument("--ozz")
    p.add_argument("--every", type=int, default=3)
    o = p.parse_args()
    if o.write:
        write_samples(o.samples, o.ozz, o.every)
        return 0
    worst = 0.0
    for clip, (d, where, joints, times) in compare(json.load(open(o.samples)), o.models, o.cli).items():
        print(f"{clip}: {times} SDK samples of {joints} joints: largest distance over the diagonal {d:.3g} ({where})")
        worst = max(worst, d)
    return 1 if o.check is not None and worst > o.check else 0


if __name__ == "__main__":
    sys.exit(main())
