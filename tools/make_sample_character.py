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
  python3 tools/make_sample_character.py --flat --out-dir DIR
        # the flat-shaded variant, marrow_character_flat.gltf + .bin: every
        # triangle has its own vertices (as a low-poly export), for testing
        # painting on split vertices; the build writes it for the tests
  python3 tools/make_sample_character.py --traits --out-dir DIR
        # the real-traits variant, marrow_character_traits.gltf + .bin + a
        # PNG: Mixamo names, several meshes and a prop, 24 fps, a texture,
        # two UV sets, vertex colours, a morph target, a camera, a light and
        # extras (tools/sample_character/traits.py); not committed either
  python3 tools/make_sample_character.py --rolled --out-dir DIR
        # the bone-roll variant, marrow_character_rolled.gltf + .bin: the
        # skeleton as Blender exports one, .L/.R names, local +Y along each
        # bone and right bones rolled unlike their mirror images
        # (tools/sample_character/rolled.py); not committed either
  python3 tools/make_sample_character.py --soldier --out-dir DIR
        # the props variant, marrow_character_soldier.gltf + .bin: the rolled
        # .L/.R skeleton, a flat-shaded low-poly Body holding a belt buckle as
        # a loose shell (100% Hips), and separate meshes each skinned 100% to
        # one bone: Helmet (Head), Shield (LowerArm.L), Spear (Hand.R, 1.8x
        # the height); clips idle and walk at 24 fps, walk with keys off the
        # grid at 0.51 s and 0.77 s (tools/sample_character/soldier*.py)
  python3 tools/make_sample_character.py --static --out-dir DIR
        # the static pair: marrow_character_static.gltf, an unskinned body
        # whose mesh node is scaled non-uniformly and moved under a scaled
        # parent, and marrow_character_static_rig.gltf, a skeleton whose rest
        # fits that mesh's world shape, to bind it with
        # `marrow-cli bind MESH --skeleton RIG` (tools/sample_character/static.py)
"""

import argparse
import json
import math
import os
import struct
import subprocess
import sys
import tempfile



sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from sample_character.checks import *  # noqa: E402,F401,F403
from sample_character.traits_gltf import TRAITS_NAME, build_traits  # noqa: E402
from sample_character.traits_obj import build_traits_obj  # noqa: E402
from sample_character.rolled import ROLLED_NAME, build_rolled  # noqa: E402
from sample_character.body import build_mesh, vertex_normals  # noqa: E402
from sample_character.soldier_gltf import SOLDIER_NAME, build_soldier  # noqa: E402
from sample_character.static import STATIC_NAME, RIG_NAME, build_static, build_static_rig  # noqa: E402


def write_traits(out_dir, report):
    text, data, images = build_traits()
    os.makedirs(out_dir, exist_ok=True)
    files = {TRAITS_NAME + ".gltf": text, TRAITS_NAME + ".bin": data}
    mesh = build_mesh()
    obj, mtl = build_traits_obj(mesh, vertex_normals(mesh))
    files.update({TRAITS_NAME + ".obj": obj, TRAITS_NAME + ".mtl": mtl})
    files.update(images)
    for name, payload in files.items():
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(payload)
        report("wrote %s (%d bytes)" % (os.path.join(out_dir, name), len(payload)))
    return 0


def write_rolled(out_dir, report):
    text, data = build_rolled()
    os.makedirs(out_dir, exist_ok=True)
    for name, payload in ((ROLLED_NAME + ".gltf", text), (ROLLED_NAME + ".bin", data)):
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(payload)
        report("wrote %s (%d bytes)" % (os.path.join(out_dir, name), len(payload)))
    return 0


def write_files(out_dir, files, report):
    os.makedirs(out_dir, exist_ok=True)
    for name, payload in files:
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(payload)
        report("wrote %s (%d bytes)" % (os.path.join(out_dir, name), len(payload)))
    return 0


def write_soldier(out_dir, report):
    text, data, summary = build_soldier()
    report("soldier vertices: " + ", ".join("%s %d" % kv for kv in summary.items()))
    return write_files(out_dir, ((SOLDIER_NAME + ".gltf", text), (SOLDIER_NAME + ".bin", data)), report)


def write_static(out_dir, report):
    text, data = build_static()
    files = ((STATIC_NAME + ".gltf", text), (STATIC_NAME + ".bin", data), (RIG_NAME + ".gltf", build_static_rig()))
    return write_files(out_dir, files, report)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true",
                    help="regenerate in memory; fail if the committed files differ or a check fails")
    ap.add_argument("--cli", help="marrow-cli to pose the committed file with (with --check)")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--flat", action="store_true", help="write the flat-shaded variant (not committed)")
    ap.add_argument("--traits", action="store_true",
                    help="write the real-traits variant (Mixamo names, materials, morphs...; not committed)")
    ap.add_argument("--rolled", action="store_true",
                    help="write the bone-roll variant (.L/.R names, rolled local axes; not committed)")
    ap.add_argument("--soldier", action="store_true",
                    help="write the props variant (helmet, shield, spear, buckle; off-grid keys; not committed)")
    ap.add_argument("--static", action="store_true",
                    help="write the static mesh and the rig to bind it to (not committed)")
    ap.add_argument("--out-dir", default=OUT_DIR, help="where to write (default resources/samples)")
    args = ap.parse_args()
    variants = args.flat + args.traits + args.rolled + args.soldier + args.static
    if variants and args.check:
        ap.error("--check compares the committed smooth sample; the variants are not committed")
    if variants > 1:
        ap.error("--flat, --traits, --rolled, --soldier and --static are separate variants")

    def report(msg):
        if not args.quiet:
            print(msg)

    if args.traits:
        return write_traits(args.out_dir, report)
    if args.rolled:
        return write_rolled(args.out_dir, report)
    if args.soldier:
        return write_soldier(args.out_dir, report)
    if args.static:
        return write_static(args.out_dir, report)
    text, data, model = build(flat=args.flat)
    name = NAME + ("_flat" if args.flat else "")
    gltf_path = os.path.join(args.out_dir, name + ".gltf")
    bin_path = os.path.join(args.out_dir, name + ".bin")
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
        os.makedirs(args.out_dir, exist_ok=True)
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
