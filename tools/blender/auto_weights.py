# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Blender's automatic weights (Parent with Automatic Weights) on a glTF
model, timed, for the side-by-side figures of bench/README.md. Blender is a
peer to measure against, never a dependency.

  blender -b --factory-startup --python tools/blender/auto_weights.py -- MODEL.gltf OUT.json [REPEATS]

Every skinned mesh loses its vertex groups and is parented again with
ARMATURE_AUTO (all of them in one call, as a user selects them), REPEATS
times (default 5). Both tools get the same deforming bones: Blender's
importer makes every joint a deforming bone, so the script leaves deforming
only the bones the file weights (Marrow's default Deform flags). OUT.json: the seconds of each call, and per vertex its
position in the glTF file's axes and its weights by bone name (the last
call's), and the error Blender reported, if any."""

import json
import sys
import time

import bpy
import numpy

# Debian's Blender 3.4 glTF importer still names numpy.bool, which NumPy 1.24 removed.
if not hasattr(numpy, "bool"):
    numpy.bool = bool


def file_skinned_meshes(path):
    """(node name, mesh name, vertex count) of each skinned node, in node order: weights_agreement.py's rows."""
    import struct
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] == b"glTF":
        data = data[20:20 + struct.unpack_from("<I", data, 12)[0]]
    g = json.loads(data)
    out = []
    for n in g.get("nodes", []):
        if "mesh" in n and "skin" in n:
            mesh = g["meshes"][n["mesh"]]
            count = sum(g["accessors"][p["attributes"]["POSITION"]]["count"] for p in mesh["primitives"])
            out.append((n.get("name", ""), mesh.get("name", ""), count))
    return out


def file_order(meshes, model):
    """Blender's mesh objects in the file's order: matched by vertex count, a name match first."""
    left, ordered = list(meshes), []
    for node_name, mesh_name, count in file_skinned_meshes(model):
        same = [o for o in left if len(o.data.vertices) == count]
        named = [o for o in same if o.name.split(".0")[0] in (node_name, mesh_name)]
        if same:
            pick = (named or same)[0]
            ordered.append(pick)
            left.remove(pick)
    return ordered + left


def main():
    args = sys.argv[sys.argv.index("--") + 1:]
    model, out = args[0], args[1]
    repeats = int(args[2]) if len(args) > 2 else 5
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.gltf(filepath=model)
    armature = next(o for o in bpy.data.objects if o.type == "ARMATURE")
    meshes = [o for o in bpy.data.objects
              if o.type == "MESH" and any(m.type == "ARMATURE" for m in o.modifiers)]
    # the file's order of skinned nodes (weights_agreement.py matches rows by index),
    # not bpy.data.objects' alphabetical order. The importer names a mesh object after its node.
    meshes = file_order(meshes, model)
    print("auto_weights.py: mesh order", [(o.name, len(o.data.vertices)) for o in meshes])
    # parent_set moves a mesh the importer parented without an inverse (its world
    # becomes its basis); put every mesh back where the importer left it before each call.
    saved = {o.name: (o.parent, o.matrix_parent_inverse.copy(), o.matrix_basis.copy()) for o in meshes}
    weighted = {g.name for o in meshes for g in o.vertex_groups
                if any(e.group == g.index and e.weight > 0.0 for v in o.data.vertices for e in v.groups)}
    for bone in armature.data.bones:
        bone.use_deform = bone.name in weighted
    seconds, error = [], None
    for _ in range(repeats):
        for o in meshes:
            o.parent, inv, basis = saved[o.name]
            o.matrix_parent_inverse = inv
            o.matrix_basis = basis
        bpy.context.view_layer.update()
        for o in meshes:
            o.vertex_groups.clear()
            for m in [m for m in o.modifiers if m.type == "ARMATURE"]:
                o.modifiers.remove(m)
        bpy.ops.object.select_all(action="DESELECT")
        for o in meshes:
            o.select_set(True)
        armature.select_set(True)
        bpy.context.view_layer.objects.active = armature
        start = time.perf_counter()
        try:
            bpy.ops.object.parent_set(type="ARMATURE_AUTO")
        except RuntimeError as e:  # Blender reports a failed bone heat as an error
            error = str(e)
        seconds.append(time.perf_counter() - start)
    vertices, weights = [], []
    for o in meshes:
        names = {g.index: g.name for g in o.vertex_groups}
        for v in o.data.vertices:
            x, y, z = v.co
            vertices.append([x, z, -y])  # Blender's Z up back to glTF's Y up
            weights.append({names[g.group]: g.weight for g in v.groups if g.weight > 0.0})
    with open(out, "w") as f:
        json.dump({"model": model, "seconds": seconds, "error": error, "vertices": vertices, "weights": weights}, f)


main()
