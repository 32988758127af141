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
every file (default /tmp/marrow-blender-poses). Exit 0 when every model
meets the tolerances, 1 when one does not, 77 when this machine cannot
measure (no Blender, no numpy in Blender's Python, no assimp for --fbx)."""

import argparse
import json
import os
import shutil
import struct
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


def list_joints_between(g, bin_chunk):
    """Every node that is no joint of a skin but sits between two of its joints
    becomes a joint of it (after the others, so JOINTS_n stay), weighted by
    nothing, with the inverse of its bind-pose world (its parent's bind world
    times its own transform: model::bindPoseLocals' rule) as its inverse bind.
    A glTF viewer poses the file as before; Blender 3.4's importer, which
    takes a joint's bind from the inverse binds only where its parent is a
    joint too, then gets the whole bind pose from them. Returns the new BIN."""
    sys.path.insert(0, HERE)
    import blender_pose_compare as m
    bin_chunk = bytearray(bin_chunk)
    nodes = g["nodes"]
    parent = {c: i for i, n in enumerate(nodes) for c in n.get("children", [])}
    added = 0
    for skin in g.get("skins", []):
        if "inverseBindMatrices" not in skin:
            continue
        ibm = [list(x) for x in m.read_accessor(g, [bytes(bin_chunk)], skin["inverseBindMatrices"])]
        bind = {j: m.mat_inverse_affine(ibm[k]) for k, j in enumerate(skin["joints"])}

        def bind_of(i):
            if i not in bind:
                bind[i] = m.mat_mul(bind_of(parent[i]), m.trs_matrix(nodes[i]))
            return bind[i]
        joints = set(skin["joints"])
        between = []
        for j in list(skin["joints"]):
            chain, p = [], parent.get(j)
            while p is not None and p not in joints:
                chain.append(p)
                p = parent.get(p)
            if p is not None:  # a joint above: the chain lies between joints
                for i in chain:
                    if i not in between:
                        between.append(i)
        for i in between:
            skin["joints"].append(i)
            ibm.append(m.mat_inverse_affine(bind_of(i)))
        added += len(between)
        bin_chunk += b"\0" * (-len(bin_chunk) % 4)
        data = b"".join(struct.pack("<16f", *x) for x in ibm)
        g["bufferViews"].append({"buffer": 0, "byteOffset": len(bin_chunk), "byteLength": len(data)})
        bin_chunk += data
        g["accessors"].append({"bufferView": len(g["bufferViews"]) - 1, "componentType": 5126, "count": len(ibm),
                               "type": "MAT4"})
        skin["inverseBindMatrices"] = len(g["accessors"]) - 1
    g["buffers"][0]["byteLength"] = len(bin_chunk)
    return bytes(bin_chunk), added


def edited_glb(glb, out, strip_extras=False, wrap_root=False, joints_between=False, detach_skinned=False):
    """A copy of a GLB, edited to tell Assimp's FBX exporter's faults apart.
    strip_extras: every 'extras' removed (Assimp 5.2.5 aborts exporting a scene
    whose metadata holds the nested metadata its glTF importer makes of
    extras: ai_assert in SceneCombiner.cpp; a scene Marrow built would hold
    none). wrap_root: the scene's nodes put under one new node with no
    transform (the exporter writes no Model for the aiScene's root node, so
    a transform on it is lost; with a single scene node, that node is the
    root). joints_between: list_joints_between. detach_skinned: every skinned
    mesh node without children loses its own transform and moves to the
    scene's top (glTF ignores both for a skinned mesh; FBX readers do not)."""
    with open(glb, "rb") as f:
        data = f.read()
    length = struct.unpack_from("<I", data, 12)[0]
    g = json.loads(data[20:20 + length])
    rest = data[20 + length:]
    if joints_between:
        bin_length = struct.unpack_from("<I", rest, 0)[0]
        new_bin, _ = list_joints_between(g, rest[8:8 + bin_length])
        new_bin += b"\0" * (-len(new_bin) % 4)
        rest = struct.pack("<II", len(new_bin), 0x004E4942) + new_bin

    def strip(o):
        if isinstance(o, dict):
            o.pop("extras", None)
            for v in o.values():
                strip(v)
        elif isinstance(o, list):
            for v in o:
                strip(v)
    if strip_extras:
        strip(g)
    if detach_skinned:
        scene = g["scenes"][g.get("scene", 0)]
        parent = {c: i for i, n in enumerate(g["nodes"]) for c in n.get("children", [])}
        for i, n in enumerate(g["nodes"]):
            if "skin" in n and not n.get("children"):
                for k in ("translation", "rotation", "scale", "matrix"):
                    n.pop(k, None)
                if i in parent:
                    g["nodes"][parent[i]]["children"].remove(i)
                    scene["nodes"].append(i)
    if wrap_root:
        scene = g["scenes"][g.get("scene", 0)]
        g["nodes"].append({"name": "fbx_root", "children": scene["nodes"]})
        scene["nodes"] = [len(g["nodes"]) - 1]
    text = json.dumps(g).encode("utf-8")
    text += b" " * (-len(text) % 4)
    with open(out, "wb") as f:
        f.write(struct.pack("<III", 0x46546C67, 2, 20 + len(text) + len(rest)))
        f.write(struct.pack("<II", len(text), 0x4E4F534A) + text + rest)


def run(cmd, log, env=None):
    log.write("$ " + " ".join(cmd) + "\n")
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    except OSError as e:
        return subprocess.CompletedProcess(cmd, 127, "", str(e))
    log.write(r.stdout[-4000:] + r.stderr[-4000:] + "\n")
    return r


def group_figure(g, keys):
    vals = [(g[k]["ratio"], k) for k in keys if k in g]
    errors = [e for k in keys if k in g for e in g[k]["errors"]]
    if errors:
        return "error: " + errors[0][:60]
    if not vals:
        return "-"
    return "%.2g%s" % (max(vals)[0], "" if all(g[k]["ok"] for k in keys if k in g) else " **over**")


def print_fbx_table(summary):
    print("\n| model | Blender opens Assimp's FBX | after null-record repair: skinned/meshes, clips | "
          "Blender clip length / Marrow's | TransformLink at (vs bind, vs rest, of the diagonal) | "
          "rest (bind) | default | keys |")
    print("|---|---|---|---|---|---|---|---|")
    for row in summary:
        error = row.get("blender_error", "")
        opens = "yes" if row.get("blender_reads_assimp_fbx") else \
            "no (%s)" % ("nested block sentinel" if "nested block sentinel" in error else error[-60:])
        if "assimp_error" in row:
            opens = "assimp export aborts (%s)%s; " % (" ".join(row["assimp_error"])[-60:],
                                                       ", extras removed" if row.get("extras_removed") else "") + opens
        b = row.get("bind_check")
        at = "-"
        if b and b.get("matched"):
            d = b["diagonal"]
            vb, vr = b["worst"]["vs_bind"] / d, b["worst"]["vs_rest_rootless"] / d
            kind = "bind = rest" if vb <= 1e-5 and vr <= 1e-5 else \
                "bind" if vb <= 1e-5 else "rest" if vr <= 1e-5 else "?"
            at = "%s (%.2g, %.2g)" % (kind, vb, vr)
        if "error" in row:
            print("| %s | %s | %s |  | %s |  |  |  |" % (row["model"], opens, row["error"][:90], at))
            continue
        g = row["groups"]
        scale = row.get("time_scale")
        length = "%.4g" % (1 / scale) if scale else "-"
        marrow_clips = len(row.get("marrow_clip_seconds", {}))
        print("| %s | %s | %d/%d, %d of %d | %s | %s | %s | %s | %s |" % (
            row["model"], opens, row["skinned"], row["meshes"], row["clips"], marrow_clips, length, at,
            group_figure(g, ["rest"]), group_figure(g, ["default"]),
            group_figure(g, [k for k in g if k.endswith(" keys")])))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("models", nargs="*", help="models (default: the shared skinned models)")
    ap.add_argument("--cli", default=os.path.join(REPO, "build", "bin", "marrow-cli"))
    ap.add_argument("--blender", default="blender")
    ap.add_argument("--assimp", default="assimp")
    ap.add_argument("--work", default="/tmp/marrow-blender-poses")
    ap.add_argument("--max-times", type=int, default=6)
    ap.add_argument("--fbx", action="store_true", help="through Assimp's FBX exporter")
    ap.add_argument("--wrap-root", action="store_true",
                    help="with --fbx: give Assimp the scene under one untransformed root node")
    ap.add_argument("--detach-skinned", action="store_true",
                    help="with --fbx: give Assimp the skinned mesh nodes untransformed, at the scene's top")
    ap.add_argument("--rest-rule", choices=["marrow", "blender"], default="marrow",
                    help="blender_pose_compare.py's --rest-rule")
    ap.add_argument("--joints-between", action="store_true",
                    help="Blender imports the export with every node between two joints listed as a joint "
                         "(list_joints_between), to measure that remedy")
    ap.add_argument("--against", choices=["source", "export"], default="source")
    ap.add_argument("--only", action="append", default=[], help="models whose path contains this")
    ap.add_argument("--python", default=sys.executable)
    a = ap.parse_args()
    if not shutil.which(a.blender):
        print("blender_pose_table: no Blender (%s); nothing measured" % a.blender, file=sys.stderr)
        return 77
    # Debian's Blender takes its Python's prefix from the python3 first on PATH: a pyenv or virtualenv
    # python3 there (as when ctest runs this through one) hides the system's numpy from it.
    blender_env = dict(os.environ)
    blender_env["PATH"] = os.path.dirname(os.path.realpath(shutil.which(a.blender))) + os.pathsep + \
        blender_env.get("PATH", "")
    probe = subprocess.run([a.blender, "-b", "--factory-startup", "--python-expr", "import numpy"],
                           capture_output=True, text=True, env=blender_env)
    if probe.returncode != 0 or "Error" in probe.stdout + probe.stderr:
        print("blender_pose_table: Blender's Python has no numpy, which its glTF importer needs "
              "(Debian: python3-numpy); nothing measured", file=sys.stderr)
        return 77
    if a.fbx and not shutil.which(a.assimp):
        print("blender_pose_table: no assimp command-line tool (Debian: assimp-utils)", file=sys.stderr)
        return 77
    if not a.models and not os.path.isdir(SHARED):
        print("blender_pose_table: no shared models at %s; nothing measured" % SHARED, file=sys.stderr)
        return 77
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
        if a.joints_between:
            target = os.path.join(a.work, name + ".between.glb")
            edited_glb(glb, target, joints_between=True)
            row["joints_between"] = True
        if a.fbx:
            fbx = os.path.join(a.work, name + ".fbx")
            if os.path.exists(fbx):
                os.remove(fbx)
            source = glb
            if a.wrap_root or a.detach_skinned:
                source = os.path.join(a.work, name + ".edited.glb")
                edited_glb(glb, source, wrap_root=a.wrap_root, detach_skinned=a.detach_skinned)
                row["root_wrapped"], row["skinned_detached"] = a.wrap_root, a.detach_skinned
            r = run([a.assimp, "export", source, fbx, "-ffbx"], log)
            if r.returncode != 0 or not os.path.exists(fbx):
                row["assimp_error"] = (r.stdout + r.stderr).strip().splitlines()[-1:]
                stripped = os.path.join(a.work, name + ".noextras.glb")
                edited_glb(glb, stripped, strip_extras=True, wrap_root=a.wrap_root, detach_skinned=a.detach_skinned)
                r = run([a.assimp, "export", stripped, fbx, "-ffbx"], log)
                row["extras_removed"] = True
            if r.returncode != 0 or not os.path.exists(fbx):
                row["error"] = "assimp export: status %d" % r.returncode
                summary.append(row)
                continue
            raw = os.path.join(a.work, name + ".raw.json")
            r = run([a.blender, "-b", "--factory-startup", "--python", os.path.join(HERE, "blender", "pose_dump.py"),
                     "--", fbx, raw, "--max-times", "1"], log, blender_env)
            row["blender_reads_assimp_fbx"] = os.path.exists(raw) and r.returncode == 0 and "Error" not in r.stdout
            if not row["blender_reads_assimp_fbx"]:
                err = [l for l in (r.stdout + r.stderr).splitlines() if "Error" in l or "error" in l]
                row["blender_error"] = err[-1].strip() if err else "no dump"
            fixed = os.path.join(a.work, name + ".fixed.fbx")
            run([a.python, os.path.join(HERE, "fbx_null_records.py"), fbx, "-o", fixed], log)
            target = fixed
            check = os.path.join(a.work, name + ".bind.json")
            run([a.python, os.path.join(HERE, "fbx_bind_check.py"), fbx, source, "--json", check], log)
            if os.path.exists(check):
                with open(check) as f:
                    row["bind_check"] = json.load(f)
        dump = os.path.join(a.work, name + (".fbx" if a.fbx else "") + ".json")
        r = run([a.blender, "-b", "--factory-startup", "--python", os.path.join(HERE, "blender", "pose_dump.py"),
                 "--", target, dump, "--max-times", str(a.max_times)], log, blender_env)
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
                   "--bind", glb, "--label", name, "--json", dump + ".cmp.json", "--rest-rule", a.rest_rule]
        if a.against == "source":
            cmp_cmd += sum((["--clips-from", c] for c in clips_from), [])
        if a.fbx:
            # Assimp 5.2's FBX exporter writes key times in the aiAnimation's ticks as if they were seconds
            # (Assimp's glTF importer counts milliseconds). The figures below take Blender's seconds back
            # to Marrow's by the ratio of the clips' lengths, and say what it was.
            r0 = subprocess.run([a.cli, "info", posed], capture_output=True, text=True)
            try:
                marrow_clips = {c["name"]: c["duration"] for c in json.loads(r0.stdout)["clips"]}
            except (ValueError, KeyError):
                marrow_clips = {}
            row["marrow_clip_seconds"] = marrow_clips
            ratios = [marrow_clips[c] / v["seconds"][1] for c, v in info["clips"].items()
                      if c in marrow_clips and v["seconds"] and v["seconds"][1] > 0 and marrow_clips[c] > 0]
            if ratios:
                time_scale = max(ratios)
                row["time_scale"] = time_scale
                cmp_cmd += ["--time-scale", repr(time_scale)]
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
    if a.fbx:
        print_fbx_table(summary)
        print("\nfigures: symmetric Hausdorff distance over Marrow's bounding-box diagonal; %s" % out)
        return 0 if all(r.get("pass") for r in summary) else 1
    print("\n| model | skinned/meshes | bones | clips | REST vs Rest Position | REST vs Blender's rule | "
          "default vs rest pose | key times (worst clip) | mid-points (worst clip) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for row in summary:
        if "error" in row:
            print("| %s | %s |  |  |  |  |  |  |  |" % (row["model"], row["error"]))
            continue
        g = row["groups"]
        keys = [k for k in g if k.endswith(" keys")]
        mids = [k for k in g if k.endswith(" mid")]

        def worst_clip(ks):
            if not ks:
                return "-"
            k = max(ks, key=lambda k: g[k]["ratio"])
            return group_figure(g, ks) + (" (%s)" % k.rsplit(" ", 1)[0] if len(ks) > 1 else "")
        print("| %s | %d/%d | %d | %d | %s | %s | %s | %s | %s |" % (
            row["model"], row["skinned"], row["meshes"], row["bones"], row["clips"], group_figure(g, ["rest"]),
            group_figure(g, ["rest by Blender's rule"]), group_figure(g, ["default"]), worst_clip(keys),
            worst_clip(mids)))
    print("\nfigures: symmetric Hausdorff distance over Marrow's bounding-box diagonal; %s" % out)
    return 0 if all(r.get("pass") for r in summary) else 1


if __name__ == "__main__":
    sys.exit(main())
