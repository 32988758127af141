#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Blender's poses of Marrow's exports against Marrow's, on every skinned
model in ../shared/models: the table of issue 35. Plain Python 3 (numpy and
scipy make the comparison faster); needs Blender, and for --fbx Assimp's
command-line tool (Debian: assimp-utils). Blender is a peer to measure
against, never a dependency: without it this prints why and exits 2.

  blender_pose_table.py [--cli build/bin/marrow-cli] [--blender blender] [--work DIR]
      [--max-times 6] [--fbx] [--against source|export] [--only NAME]... [MODEL...]

For each model: `marrow-cli convert MODEL DIR/NAME.glb`; with --fbx also
`assimp export DIR/NAME.glb DIR/NAME.fbx` (Assimp's FBX exporter, the one
Marrow links) and, since Assimp 5.2's binary FBX lacks its null records
(tools/fbx_null_records.py), a repaired copy DIR/NAME.fixed.fbx. Blender
imports the export (tools/blender/pose_dump.py) and
tools/blender_pose_compare.py holds every pose against `marrow-cli pose`
of MODEL (--against source, the default: the document) or of the export.
Prints one row per model and pose group, and a summary table; DIR keeps
every file (default /tmp/marrow-blender-poses)."""

import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SHARED = os.path.normpath(os.path.join(REPO, "..", "shared", "models"))

# Every skinned model of ../shared/models (hostile/ left out), with the files
# its clips come from when they are not in it.
MODELS = [
    ("real/Fox.glb", []),
    ("real/RobotExpressive.glb", []),
    ("ozz-animation/gltf/khronos/cesium_man.gltf", []),
    ("ozz-animation/gltf/khronos/rigged_simple.gltf", []),
    ("assimp/models/glTF2/simple_skin/simple_skin.gltf", []),
    ("assimp/models/glTF2/simple_skin/quad_skin.glb", []),
    ("synthetic/public_rig.gltf", []),
    ("ozz-animation/fbx/pab/arnaud.fbx", []),
    ("ozz-animation/fbx/pab/skeleton.fbx", []),
    ("assimp/models/FBX/animation_with_skeleton.fbx", []),
    ("assimp/models/FBX/huesitos.fbx", []),
    ("ozz-animation/collada/seymour.dae", []),
    ("ozz-animation/collada/astro_max.dae", []),
    ("assimp/models/Collada/library_animation_clips.dae", []),
    ("assimp/models-nonbsd/MD5/Bob.md5mesh", []),
    ("assimp/models-nonbsd/MD5/BoarMan.md5mesh", []),
    ("assimp/models/MD5/SimpleCube.md5mesh", []),
    ("assimp/models/X/anim_test.x", []),
    ("assimp/models/X/BCN_Epileptic.X", []),
]


def run(cmd, log):
    log.write("$ " + " ".join(cmd) + "\n")
    r = subprocess.run(cmd, capture_output=True, text=True)
    log.write(r.stdout[-4000:] + r.stderr[-4000:] + "\n")
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("models", nargs="*", help="models (default: the shared skinned models)")
    ap.add_argument("--cli", default=os.path.join(REPO, "build", "bin", "marrow-cli"))
    ap.add_argument("--blender", default="blender")
    ap.add_argument("--assimp", default="assimp")
    ap.add_argument("--work", default="/tmp/marrow-blender-poses")
    ap.add_argument("--max-times", type=int, default=6)
    ap.add_argument("--fbx", action="store_true", help="through Assimp's FBX exporter")
    ap.add_argument("--against", choices=["source", "export"], default="source")
    ap.add_argument("--only", action="append", default=[], help="models whose path contains this")
    ap.add_argument("--python", default=sys.executable)
    a = ap.parse_args()
    if not shutil.which(a.blender):
        print("blender_pose_table: no Blender (%s); nothing measured" % a.blender, file=sys.stderr)
        return 2
    if a.fbx and not shutil.which(a.assimp):
        print("blender_pose_table: no assimp command-line tool (Debian: assimp-utils)", file=sys.stderr)
        return 2
    os.makedirs(a.work, exist_ok=True)
    models = [(m, []) for m in a.models] or [(os.path.join(SHARED, m), c) for m, c in MODELS]
    if a.only:
        models = [m for m in models if any(o in m[0] for o in a.only)]
    log = open(os.path.join(a.work, "log.txt"), "a")
    summary = []
    for model, clips_from in models:
        name = os.path.splitext(os.path.basename(model))[0]
        glb = os.path.join(a.work, name + ".glb")
        row = {"model": name}
        extra = sum((["--clips-from", c] for c in clips_from), [])
        r = run([a.cli, "convert", model, glb] + extra, log)
        if r.returncode != 0:
            row["error"] = "marrow-cli convert: status %d" % r.returncode
            summary.append(row)
            continue
        target = glb
        time_scale = None
        if a.fbx:
            fbx = os.path.join(a.work, name + ".fbx")
            r = run([a.assimp, "export", glb, fbx, "-ffbx"], log)
            if r.returncode != 0 or not os.path.exists(fbx):
                row["error"] = "assimp export: status %d" % r.returncode
                summary.append(row)
                continue
            raw = os.path.join(a.work, name + ".raw.json")
            r = run([a.blender, "-b", "--factory-startup", "--python", os.path.join(HERE, "blender", "pose_dump.py"),
                     "--", fbx, raw, "--max-times", "1"], log)
            row["blender_reads_assimp_fbx"] = os.path.exists(raw) and r.returncode == 0 and "Error" not in r.stdout
            if not row["blender_reads_assimp_fbx"]:
                err = [l for l in (r.stdout + r.stderr).splitlines() if "Error" in l or "error" in l]
                row["blender_error"] = err[-1].strip() if err else "no dump"
            fixed = os.path.join(a.work, name + ".fixed.fbx")
            run([a.python, os.path.join(HERE, "fbx_null_records.py"), fbx, "-o", fixed], log)
            target = fixed
        dump = os.path.join(a.work, name + (".fbx" if a.fbx else "") + ".json")
        r = run([a.blender, "-b", "--factory-startup", "--python", os.path.join(HERE, "blender", "pose_dump.py"),
                 "--", target, dump, "--max-times", str(a.max_times)], log)
        if r.returncode != 0 or not os.path.exists(dump) or "pose_dump:" not in r.stdout:
            err = [l for l in (r.stdout + r.stderr).splitlines() if "rror" in l]
            row["error"] = "Blender: " + (err[-1].strip() if err else "status %d" % r.returncode)
            summary.append(row)
            continue
        with open(dump) as f:
            info = json.load(f)
        row.update(skinned=len(info["skinned"]), meshes=len(info["mesh_objects"]),
                   bones=sum(info["armatures"].values()), clips=len(info["clips"]),
                   clip_seconds={c: v["seconds"] for c, v in info["clips"].items()})
        posed = model if a.against == "source" else glb
        cmp_cmd = [a.python, os.path.join(HERE, "blender_pose_compare.py"), dump, "--model", posed, "--cli", a.cli,
                   "--bind", glb, "--label", name, "--json", dump + ".cmp.json"]
        if a.against == "source":
            cmp_cmd += sum((["--clips-from", c] for c in clips_from), [])
        if a.fbx:
            # Assimp 5.2's FBX exporter writes key times in the aiAnimation's ticks as if they were seconds;
            # Assimp's glTF importer counts milliseconds: Blender's times are 1000 times Marrow's.
            ends = [v["seconds"][1] for v in info["clips"].values() if v["seconds"]]
            r0 = subprocess.run(cmp_cmd + ["--time-scale", "1"], capture_output=True, text=True)
            row["as_written"] = r0.stdout.strip().splitlines()
            time_scale = 1e-3
            cmp_cmd += ["--time-scale", repr(time_scale)]
            row["time_scale"] = time_scale
            row["clip_end_seconds_in_blender"] = ends
        r = subprocess.run(cmp_cmd, capture_output=True, text=True)
        sys.stdout.write(r.stdout)
        sys.stdout.flush()
        if r.returncode == 2 or not os.path.exists(dump + ".cmp.json"):
            row["error"] = "compare: " + r.stderr.strip()[-300:]
        else:
            with open(dump + ".cmp.json") as f:
                row["groups"] = json.load(f)["groups"]
            row["pass"] = r.returncode == 0
        summary.append(row)
    out = os.path.join(a.work, "summary%s.json" % ("-fbx" if a.fbx else ""))
    with open(out, "w") as f:
        json.dump(summary, f, indent=1)
    print("\n| model | skinned/meshes | bones | clips | rest (bind) | default | keys (worst clip) | mid-points |")
    print("|---|---|---|---|---|---|---|---|")
    for row in summary:
        if "error" in row:
            print("| %s | %s |  |  |  |  |  |  |" % (row["model"], row["error"]))
            continue
        g = row["groups"]

        def fig(keys):
            vals = [(g[k]["ratio"], k) for k in keys if k in g]
            if not vals:
                return "-"
            worst = max(vals)
            ok = all(g[k]["ok"] for k in keys if k in g)
            errors = [e for k in keys if k in g for e in g[k]["errors"]]
            if errors:
                return "error: " + errors[0][:60]
            label = worst[1].rsplit(" ", 1)[0] if " " in worst[1] else ""
            return "%.2g%s%s" % (worst[0], " (%s)" % label if label and len(vals) > 1 else "", "" if ok else " **over**")
        keys = [k for k in g if k.endswith(" keys")]
        mids = [k for k in g if k.endswith(" mid")]
        print("| %s | %d/%d | %d | %d | %s | %s | %s | %s |" % (
            row["model"], row["skinned"], row["meshes"], row["bones"], row["clips"], fig(["rest"]), fig(["default"]),
            fig(keys), fig(mids)))
    print("\nfigures: symmetric Hausdorff distance over Marrow's bounding-box diagonal; %s" % out)
    return 0 if all(r.get("pass") for r in summary) else 1


if __name__ == "__main__":
    sys.exit(main())
