# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Checks the diff on the real-traits sample: itself is all kept; renumbered
nodes and reordered vertices are kept; each deliberate loss or change is
reported as exactly that item. Run by ctest (gltf_diff_selftest)."""

import copy
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from gltf_diff.compare import compare  # noqa: E402
from gltf_diff.items import collect, node_labels  # noqa: E402
from gltf_diff.load import Gltf  # noqa: E402
from sample_character.traits_gltf import TRAITS_NAME, build_traits  # noqa: E402


def write_variant(folder, name, gltf_json):
    path = os.path.join(folder, name + ".gltf")
    with open(path, "w") as f:
        json.dump(gltf_json, f)
    return path


def renumber_nodes(j):
    """Reverse the node array and fix every reference: a writer's freedom."""
    n = len(j["nodes"])
    new = lambda i: n - 1 - i  # noqa: E731
    j["nodes"] = list(reversed(j["nodes"]))
    for node in j["nodes"]:
        if "children" in node:
            node["children"] = [new(c) for c in node["children"]]
    for s in j["scenes"]:
        s["nodes"] = [new(c) for c in s["nodes"]]
    for s in j["skins"]:
        s["joints"] = [new(c) for c in s["joints"]]
        s["skeleton"] = new(s["skeleton"])
    for a in j["animations"]:
        for c in a["channels"]:
            c["target"]["node"] = new(c["target"]["node"])


def main():
    folder = tempfile.mkdtemp(prefix="gltf_diff_")
    try:
        text, data, images = build_traits()
        for name, payload in [(TRAITS_NAME + ".bin", data)] + list(images.items()):
            with open(os.path.join(folder, name), "wb") as f:
                f.write(payload)
        source = json.loads(text)
        first = Gltf(write_variant(folder, "same", source))
        base, reference = collect(first), node_labels(first)
        failures = []

        def expect(label, edit, changed=(), lost=()):
            j = copy.deepcopy(source)
            edit(j)
            r = compare(base, collect(Gltf(write_variant(folder, label, j)), reference))
            if sorted(r["changed"]) != sorted(changed) or sorted(r["lost"]) != sorted(lost):
                failures.append("%s: changed %s lost %s" % (label, r["changed"], r["lost"]))

        expect("itself", lambda j: None)
        expect("renumbered", renumber_nodes)
        expect("material", lambda j: j["materials"][1]["pbrMetallicRoughness"].__setitem__("metallicFactor", 0.5),
               changed=["material.Head_MAT"])
        expect("no_camera", lambda j: (j["nodes"][-2].pop("camera"), j.pop("cameras")),
               lost=["node.ShotCam.camera", "camera.ShotCam"])
        expect("no_morph", lambda j: (j["meshes"][1]["primitives"][0].pop("targets"), j["meshes"][1].pop("weights")),
               lost=["mesh.Head.primitive0.target0", "mesh.Head.weights"])
        expect("named_by_writer", lambda j: j["nodes"][-3].__setitem__("name", "Sword"))  # unchanged

        def unname_then_name(j):
            # A file whose camera node had no name, written back with one.
            j["nodes"][-2]["name"] = "Camera 7"
        unnamed = copy.deepcopy(source)
        del unnamed["nodes"][-2]["name"]
        first_unnamed = Gltf(write_variant(folder, "unnamed", unnamed))
        r = compare(collect(first_unnamed), collect(Gltf(write_variant(folder, "renamed", dict(
            unnamed, nodes=[dict(n, name=n.get("name", "Camera 7")) for n in unnamed["nodes"]]))),
            node_labels(first_unnamed)))
        if r["lost"] or r["changed"]:
            failures.append("a node named by the writer: changed %s lost %s" % (r["changed"], r["lost"]))
        # A joint added under an unnamed node changes its ancestors'
        # fingerprints, not where they are: they are still matched (by place).
        anonymous = copy.deepcopy(source)
        for n in anonymous["nodes"]:
            n.pop("name", None)
        grown = copy.deepcopy(anonymous)
        grown["nodes"].append({"name": "added", "translation": [0.0, 0.1, 0.0]})
        grown["nodes"][10].setdefault("children", []).append(len(grown["nodes"]) - 1)
        first_anonymous = Gltf(write_variant(folder, "anonymous", anonymous))
        r = compare(collect(first_anonymous), collect(Gltf(write_variant(folder, "grown", grown)),
                                                      node_labels(first_anonymous)))
        if r["lost"] or r["changed"] or len(r["added"]) != 2:
            failures.append("a joint added under unnamed nodes: changed %s lost %s added %s" % (
                r["changed"], r["lost"], r["added"]))
        expect("extras", lambda j: j["asset"]["extras"].__setitem__("source", "edited"), changed=["asset.extras"])
        if len(base_images(base)) != 3:
            failures.append("the sample's three images (albedo, normal, occlusion) are not three items")
        for f in failures:
            print("gltf_diff selftest: FAIL " + f, file=sys.stderr)
        print("gltf_diff selftest: %d items, %d failures" % (len(base), len(failures)))
        return 1 if failures else 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def base_images(items):
    return [k[len("image."):] for k in items if k.startswith("image.")]


if __name__ == "__main__":
    sys.exit(main())
