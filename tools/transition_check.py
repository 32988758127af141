#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Checks baked transitions the way a game animator looks at them (issue 37).

  tools/transition_check.py [--cli build/bin/marrow-cli] [--models DIR] [--only NAME]

Bakes each transition with `marrow-cli transition` (fixed settings, Sync,
inertialization, Find best), reads the baked clip's joints in world space
with `marrow-cli pose --joints --frames`, and measures with its own code
(not Marrow's), on each foot's contacts (planted: near its clip's ground
and slow, leg-relative, with hysteresis; a foot planted while its ankle or
its toe is):
  skip   pairs of footfalls of one side in a row (L then L) around the blend
  air    the longest airborne gap of a foot in the bake, in frames, against
         the longest of A's and B's own cycles (+1)
  speed  root (hips) speed per frame through the blend against
         [0.9 x the slower clip's, 1.1 x the faster clip's] (each clip's
         speed: its mean per-frame ground speed over a cycle)
  jump   the largest frame-to-frame change of root speed and of a planted
         foot's speed through the blend, against the larger of A's and B's
         (for the root, or the speed difference of the two clips spread over
         the blend's frames by the curve's steepest slope, if larger)
  slide  the planted feet's travel during the blend, cm per metre of leg
Prints a Markdown table; exit status 1 when a row fails."""

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

HEIGHT, SPEED, RELEASE, MIN_FRAMES = 0.03, 0.25, 1.5, 2


def models(root):
    pab = os.path.join(root, "ozz-animation/fbx/pab")
    fox = os.path.join(root, "real/Fox.glb")
    return {
        "pab": {
            "args": [os.path.join(pab, "arnaud.fbx")] + sum(
                (["--clips-from", os.path.join(pab, c + ".fbx")] for c in ("walk", "jog", "run")), []),
            "legs": {"L": ("LeftFoot", "LeftFootThumb1"), "R": ("RightFoot", "RightFootThumb1")},
            "hip": None, "root": "Pelvis", "pairs": [("L", "R")], "fps": 30,
            "cases": [("walk", "run"), ("run", "walk"), ("walk", "jog"), ("jog", "run")],
        },
        # One long take (walk x4, jog x4, run x6, joined by tools/make_long_take.py)
        # with a cycle of each cut back out by --range-clip.
        "pab take": {
            "args": [os.path.join(pab, "arnaud.fbx")],
            "take": [os.path.join(pab, "arnaud.fbx")] + sum(
                (["--clips-from", os.path.join(pab, c + ".fbx")] for c in ("walk", "jog", "run")), []),
            "parts": ["walk:4", "jog:4", "run:6"],
            "cuts": ["walkcut=take:1.3333333:2.6666667", "jogcut=take:6.1333333:6.9333333",
                     "runcut=take:9.2:9.8666667"],
            "legs": {"L": ("LeftFoot", "LeftFootThumb1"), "R": ("RightFoot", "RightFootThumb1")},
            "hip": None, "root": "Pelvis", "pairs": [("L", "R")], "fps": 30,
            "cases": [("walkcut", "runcut"), ("runcut", "walkcut"), ("walkcut", "jogcut"), ("jogcut", "runcut")],
        },
        "fox": {
            "args": [fox],
            "legs": {"FL": ("b_LeftHand_011", None), "FR": ("b_RightHand_08", None),
                     "HL": ("b_LeftFoot01_017", "b_LeftFoot02_018"),
                     "HR": ("b_RightFoot01_021", "b_RightFoot02_022")},
            "hip": None, "root": "b_Hip_01", "pairs": [("FL", "FR"), ("HL", "HR")], "fps": 24,
            "cases": [("Walk", "Run"), ("Run", "Walk")],
        },
    }


MODES = {
    "fixed": ["--exit", "0.6", "--duration", "0.267", "--curve", "smoothstep", "--match-root"],
    "sync": ["--sync", "--duration", "0.3", "--curve", "smoothstep", "--match-root"],
    "inertial": ["--exit", "0.6", "--duration", "0.267", "--inertialize", "--match-root"],
    "best": ["--find-best", "--duration", "0.267", "--curve", "smoothstep", "--match-root"],
    "best+sync": ["--find-best", "--sync", "--duration", "0.3", "--curve", "smoothstep", "--match-root"],
    "best+sync 0.5 s": ["--find-best", "--sync", "--duration", "0.5", "--curve", "smoothstep", "--match-root"],
    "inertial 0.5 s": ["--exit", "0.6", "--duration", "0.5", "--inertialize", "--match-root"],
}


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(" ".join(cmd) + "\n" + r.stderr[-2000:])
    return r.stdout


def frames_of(cli, args, clip, fps, tmp):
    out = os.path.join(tmp, "joints.json")
    run([cli, "pose"] + args + ["--clip", clip, "--joints", out, "--frames", "--fps", str(fps)])
    with open(out) as f:
        return json.load(f)["frames"]


def track(frames, name):
    for i, j in enumerate(frames[0]["joints"]):
        if j["name"] == name:
            return [tuple(fr["joints"][i]["position"]) for fr in frames]
    raise KeyError(name)


def leg_length(frames, foot, hip):
    joints = frames[0]["joints"]
    index = {j["name"]: i for i, j in enumerate(joints)}
    i, length = index[foot], 0.0
    for _ in range(4):
        p = joints[i]["parent"]
        if p < 0:
            break
        length += math.dist(joints[i]["position"], joints[p]["position"])
        i = p
        if hip and joints[i]["name"] == hip:
            break
        if not hip and sum(1 for j in joints if j["parent"] == i) >= 2:
            break
    return length


def ground_speed(t, k, fps, tread):
    """Speed over the ground into frame k (tread: the ground's step into each frame)."""
    k = max(1, min(k, len(t) - 1))
    a, b, g = t[k - 1], t[k], tread[k]
    return math.hypot(b[0] - a[0] - g[0], b[2] - a[2] - g[2]) * fps


def contacts(t, leg, fps, tread):
    ground = min(p[1] for p in t)
    planted, out = False, []
    for k in range(len(t)):
        h = t[k][1] - ground
        s = (ground_speed(t, k, fps, tread) + ground_speed(t, k + 1, fps, tread)) / 2 if 0 < k < len(t) - 1 \
            else ground_speed(t, k, fps, tread)
        hin, sin = HEIGHT * leg, SPEED * leg
        planted = h <= hin * RELEASE and s <= sin * RELEASE if planted else h <= hin and s <= sin
        if not planted:
            continue
        if out and k - out[-1][1] - 1 < MIN_FRAMES:
            out[-1][1] = k
        else:
            out.append([k, k])
    return [c for c in out if c[1] - c[0] + 1 >= MIN_FRAMES]


def merge(a, b):
    out = []
    for c in sorted(a + b):
        if out and c[0] - out[-1][1] - 1 < MIN_FRAMES:
            out[-1][1] = max(out[-1][1], c[1])
        else:
            out.append(list(c))
    return out


class Motion:
    """Feet contacts and root speeds of one sampled animation."""

    def __init__(self, frames, model, fps, cycle, in_place=None):
        self.n = len(frames) - (1 if cycle else 0)  # a cycle's last frame is its first
        root = track(frames, model["root"])[:self.n]
        travel = math.hypot(root[-1][0] - root[0][0], root[-1][2] - root[0][2])
        self.legs, self.tracks = {}, {}
        for name, (foot, toe) in model["legs"].items():
            self.legs[name] = leg_length(frames, foot, model["hip"])
            self.tracks[name] = (track(frames, foot)[:self.n], track(frames, toe)[:self.n] if toe else None)
        mean_leg = statistics.mean(self.legs.values())
        # In place (the root hardly travels): the ground moves under the feet
        # as a treadmill; its motion into each frame is the median step of
        # the ankles and toes near their ground then (carried over frames with none).
        self.tread = [(0.0, 0.0, 0.0)] * self.n
        if in_place is None:
            in_place = travel < 0.1 * mean_leg * (self.n / fps)
        self.in_place = in_place
        if in_place:
            last = (0.0, 0.0, 0.0)
            for k in range(1, self.n):
                sx, sz = [], []
                for name, pair in self.tracks.items():
                    for t in (t for t in pair if t):  # the ankle, and the toe where there is one
                        g, near = min(p[1] for p in t), HEIGHT * self.legs[name]
                        if t[k][1] - g <= near and t[k - 1][1] - g <= near:
                            sx.append(t[k][0] - t[k - 1][0])
                            sz.append(t[k][2] - t[k - 1][2])
                if sx:
                    last = (statistics.median(sx), 0.0, statistics.median(sz))
                self.tread[k] = last
        self.contacts, self.slide_steps = {}, {}
        for name, (foot, toe) in self.tracks.items():
            c = contacts(foot, self.legs[name], fps, self.tread)
            if toe:
                c = merge(c, contacts(toe, self.legs[name], fps, self.tread))
            self.contacts[name] = c
            steps = [0.0] * self.n
            for first, last in c:
                for k in range(first + 1, last + 1):
                    s = ground_speed(foot, k, fps, self.tread)
                    if toe:
                        s = min(s, ground_speed(toe, k, fps, self.tread))
                    steps[k] = s / fps
            self.slide_steps[name] = steps
        self.root_speed = [ground_speed(root, k, fps, self.tread) / fps for k in range(1, self.n)]
        self.fps = fps

    def planted(self, name, k):
        return any(a <= k <= b for a, b in self.contacts[name])

    def longest_air(self, name, cycle, lo=None, hi=None):
        c = self.contacts[name]
        gaps = [c[i + 1][0] - c[i][1] - 1 for i in range(len(c) - 1)
                if lo is None or (c[i + 1][0] >= lo and c[i][1] <= hi)]
        if cycle and c:
            gaps.append(c[0][0] + self.n - c[-1][1] - 1)
        return max(gaps, default=0)

    def foot_speed_jumps(self, lo, hi):
        worst = 0.0
        for name, (foot, _) in self.tracks.items():
            for k in range(max(lo, 2), min(hi, self.n - 1) + 1):
                if self.planted(name, k) and self.planted(name, k - 1) and self.planted(name, k - 2):
                    a = ground_speed(foot, k, self.fps, self.tread)
                    b = ground_speed(foot, k - 1, self.fps, self.tread)
                    worst = max(worst, abs(a - b) / self.fps)
        return worst


def skip_steps(m, pairs, lo, hi):
    count = 0
    for left, right in pairs:
        starts = sorted([(c[0], left) for c in m.contacts[left] if c[0] > 0] +
                        [(c[0], right) for c in m.contacts[right] if c[0] > 0])
        for (f0, s0), (f1, s1) in zip(starts, starts[1:]):
            if s0 == s1 and f1 >= lo and f0 <= hi:
                count += 1
    return count


def jumps(speeds, lo, hi):
    return max((abs(speeds[k] - speeds[k - 1]) for k in range(max(lo, 1), min(hi, len(speeds) - 1) + 1)), default=0)


def prepare(cli, model, tmp):
    """A model made of one long take: the take written, the cuts added to its arguments."""
    if "take" not in model:
        return model
    converted, take = os.path.join(tmp, "clips.gltf"), os.path.join(tmp, "take.gltf")
    run([cli, "convert"] + model["take"][:1] + [converted] + model["take"][1:])
    here = os.path.dirname(os.path.abspath(__file__))
    run([sys.executable, os.path.join(here, "make_long_take.py"), converted, take] + model["parts"])
    model = dict(model)
    model["args"] = model["args"] + ["--clips-from", take] + sum((["--range-clip", c] for c in model["cuts"]), [])
    return model


def check_case(cli, model, a, b, mode, tmp):
    fps = model["fps"]
    out = os.path.join(tmp, "baked.marrow")
    report = json.loads(run([cli, "transition"] + model["args"] + ["--from", a, "--to", b, "--fps", str(fps),
                                                                   "--name", "baked", "--report", "-o", out]
                            + MODES[mode]).strip().splitlines()[-1])
    found = report.get("findBest", {})
    args = [out]
    ma = Motion(frames_of(cli, args, a, fps, tmp), model, fps, True)
    mb = Motion(frames_of(cli, args, b, fps, tmp), model, fps, True)
    # The bake of two in-place clips is in place, however far Match root
    # lets its root drift.
    baked = Motion(frames_of(cli, args, "baked", fps, tmp), model, fps, False, ma.in_place and mb.in_place)
    duration = float(MODES[mode][MODES[mode].index("--duration") + 1])
    exit_t = found.get("exit")
    if exit_t is None:  # the CLI's default: blend out of A's end
        exit_t = float(MODES[mode][MODES[mode].index("--exit") + 1]) if "--exit" in MODES[mode] \
            else max(0.0, ma.n / fps - duration)
    lo, hi = int(round(exit_t * fps)), int(round((exit_t + duration) * fps))
    step = max(ma.n, mb.n) // 2
    row = {"case": f"{a}→{b}", "mode": mode, "exit": exit_t, "offset": found.get("offset", report.get("offset"))}
    row["skip"] = skip_steps(baked, model["pairs"], lo - step, hi + step)
    air = {n: (baked.longest_air(n, False, lo, hi), max(ma.longest_air(n, True), mb.longest_air(n, True)) + 1)
           for n in model["legs"]}
    row["air"] = max(air.values(), key=lambda v: v[0] - v[1])
    slow, fast = sorted([statistics.mean(ma.root_speed), statistics.mean(mb.root_speed)])
    blend = baked.root_speed[max(lo, 0):max(hi, lo + 1)]
    row["speed"] = (min(blend), max(blend), 0.9 * slow, 1.1 * fast)
    # A blend between two speeds changes speed by itself: the difference
    # spread over its frames by the curve's steepest slope is allowed too.
    slope = 1.875 if "--inertialize" in MODES[mode] else 1.5
    spread = abs(statistics.mean(mb.root_speed) - statistics.mean(ma.root_speed)) * slope / (duration * fps)
    allowed_root = max(jumps(ma.root_speed, 1, ma.n), jumps(mb.root_speed, 1, mb.n), spread)
    allowed_foot = max(ma.foot_speed_jumps(0, ma.n), mb.foot_speed_jumps(0, mb.n))
    row["rootjump"] = (jumps(baked.root_speed, lo - 1, hi + 1), allowed_root)
    row["footjump"] = (baked.foot_speed_jumps(lo - 1, hi + 2), allowed_foot)
    legs = len(model["legs"])  # per metre of leg: the mean over legs
    row["slide"] = sum(sum(baked.slide_steps[n][lo + 1:hi + 1]) / baked.legs[n] * 100 for n in model["legs"]) / legs
    row["slideA"] = sum(sum(ma.slide_steps[n]) / ma.legs[n] * 100 for n in model["legs"]) / legs
    row["ok"] = (row["skip"] == 0 and row["air"][0] <= row["air"][1] and
                 row["speed"][2] <= row["speed"][0] and row["speed"][1] <= row["speed"][3] and
                 row["rootjump"][0] <= row["rootjump"][1] + 1e-9 and row["footjump"][0] <= row["footjump"][1] + 1e-9)
    return row


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser()
    p.add_argument("--cli", default=os.path.join(here, "..", "build", "bin", "marrow-cli"))
    p.add_argument("--models", default=os.path.join(here, "..", "..", "shared", "models"))
    p.add_argument("--only", default=None, help="one model (pab, pab take, fox)")
    p.add_argument("--modes", default=",".join(MODES))
    o = p.parse_args()
    print("| model | case | mode | exit | offset | skip steps | longest air (allowed) | root speed min–max "
          "[allowed] | root jump (allowed) | foot jump (allowed) | blend slide cm/m | A alone cm/m | ok |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, model in models(o.models).items():
            if o.only and name != o.only:
                continue
            model = prepare(o.cli, model, tmp)
            for a, b in model["cases"]:
                for mode in o.modes.split(","):
                    try:
                        r = check_case(o.cli, model, a, b, mode, tmp)
                    except RuntimeError as e:
                        print(f"| {name} | {a}→{b} | {mode} | error: {str(e).splitlines()[-1][:80]} |")
                        failed += 1
                        continue
                    failed += 0 if r["ok"] else 1
                    sp = r["speed"]
                    print(f"| {name} | {r['case']} | {mode} | {r['exit']:.3f} | {r['offset'] or 0:.3f} | {r['skip']} | "
                          f"{r['air'][0]} ({r['air'][1]}) | {sp[0]:.2f}–{sp[1]:.2f} [{sp[2]:.2f}, {sp[3]:.2f}] | "
                          f"{r['rootjump'][0]:.2f} ({r['rootjump'][1]:.2f}) | "
                          f"{r['footjump'][0]:.2f} ({r['footjump'][1]:.2f}) | {r['slide']:.1f} | {r['slideA']:.1f} | "
                          f"{'yes' if r['ok'] else 'NO'} |")
                    sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
