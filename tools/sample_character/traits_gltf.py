# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Writes the real-traits variant (see traits.py) as glTF + .bin + an external PNG."""

import math
import struct

from sample_character.traits import *  # noqa: F401,F403


def joint_nodes():
    nodes = []
    for name, parent, wpos in JOINTS:
        local = wpos if parent is None else sub(wpos, JOINT_WORLD[parent])
        node = {"name": mixamo_name(name)}
        t = [f32(c) for c in local]
        if any(t):
            node["translation"] = t
        kids = [JOINT_INDEX[n] for n, p, _ in JOINTS if p == name]
        if name == "head":
            kids.append(len(JOINTS))  # the end joint
        if kids:
            node["children"] = kids
        nodes.append(node)
    nodes.append({"name": END_JOINT, "translation": [0.0, f32(0.2), 0.0]})
    return nodes


def inverse_binds():
    ibm, world32 = bytearray(), {}
    for name, parent, wpos in JOINTS:
        local = wpos if parent is None else sub(wpos, JOINT_WORLD[parent])
        t = tuple(f32(c) for c in local)
        world32[name] = t if parent is None else tuple(f32(a + c) for a, c in zip(world32[parent], t))
    world32["end"] = (world32["head"][0], f32(world32["head"][1] + f32(0.2)), world32["head"][2])
    for w in [world32[n] for n, _, _ in JOINTS] + [world32["end"]]:
        ibm += struct.pack("<16f", 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -w[0], -w[1], -w[2], 1)
    return bytes(ibm)


def clip_animation(b, clip, head_node):
    times, rots, trans = sample_clip_at_fps(clip)
    a_t = b.accessor(floats([(t,) for t in times], "<f"), FLOAT, len(times), "SCALAR",
                     minmax=([times[0]], [times[-1]]))
    samplers = [{"input": a_t, "output": b.accessor(floats(trans, "<3f"), FLOAT, len(trans), "VEC3"),
                 "interpolation": "LINEAR"}]
    channels = [{"sampler": 0, "target": {"node": JOINT_INDEX["root"], "path": "translation"}}]
    for j in ANIMATED:
        samplers.append({"input": a_t, "output": b.accessor(floats(rots[j], "<4f"), FLOAT, len(rots[j]), "VEC4"),
                         "interpolation": "LINEAR"})
        channels.append({"sampler": len(samplers) - 1, "target": {"node": JOINT_INDEX[j], "path": "rotation"}})
    if clip[0] == "idle":
        # The head puffs and relaxes once per cycle: a morph-weight channel.
        n = len(times) - 1
        puff = [(f32(0.25 + 0.5 * math.sin(math.pi * i / n) ** 2),) for i in range(n + 1)]
        samplers.append({"input": a_t, "output": b.accessor(floats(puff, "<f"), FLOAT, len(puff), "SCALAR"),
                         "interpolation": "LINEAR"})
        channels.append({"sampler": len(samplers) - 1, "target": {"node": head_node, "path": "weights"}})
    return {"name": clip[0], "samplers": samplers, "channels": channels, "extras": {"fps": FPS}}


def light_rotation():
    """Yaw 45 degrees, then pitch down 35: a unit quaternion in float32."""
    yaw, pitch = quat_axis((0.0, 1.0, 0.0), math.radians(45.0)), quat_axis((1.0, 0.0, 0.0), math.radians(-35.0))
    return [f32(c) for c in qnormalize(qmul(yaw, pitch))]


def materials():
    return [
        {"name": "Body_MAT", "extras": {"shader": "skin"},
         "pbrMetallicRoughness": {"baseColorTexture": {"index": 0, "texCoord": 0},
                                  "baseColorFactor": [1.0, 0.95, 0.9, 1.0],
                                  "metallicFactor": 0.0, "roughnessFactor": 0.8},
         "normalTexture": {"index": 1, "scale": 0.75},
         "occlusionTexture": {"index": 2, "texCoord": 1, "strength": 0.5},
         "extensions": {"KHR_materials_specular": {"specularFactor": 0.3}}},
        {"name": "Head_MAT", "doubleSided": True,
         "pbrMetallicRoughness": {"baseColorFactor": [0.85, 0.7, 0.6, 1.0], "metallicFactor": 0.0},
         "extensions": {"EXT_marrow_unknown_future": {"note": "kept as JSON", "level": 3}}},
        {"name": "Sword_MAT", "pbrMetallicRoughness": {"baseColorFactor": [0.7, 0.72, 0.75, 1.0],
                                                       "metallicFactor": 1.0, "roughnessFactor": 0.3},
         "emissiveFactor": [0.2, 0.1, 0.0]},
    ]


def build_traits():
    """(gltf text, bin bytes, {png name: png bytes}) for the real-traits variant."""
    mesh = build_mesh()
    normals = vertex_normals(mesh)
    weights, _ = compute_weights(mesh)
    packed = [pack_weights(w) for w in weights]
    body_parts = tuple(sorted(set(mesh.part) - set(HEAD_PARTS)))
    b = Bin()
    body_v, body_t = split_by_part(mesh, body_parts)
    head_v, head_t = split_by_part(mesh, HEAD_PARTS)
    meshes = [
        {"name": "Body", "primitives": [skinned_primitive(b, mesh, normals, packed, body_v, body_t, 0)]},
        {"name": "Head", "primitives": [skinned_primitive(b, mesh, normals, packed, head_v, head_t, 1, morph=True)],
         "weights": [0.25], "extras": {"targetNames": ["Puff"]}},
        {"name": "Sword", "primitives": [sword_primitive(b, 2)]},
    ]
    nodes = joint_nodes()
    armature = len(nodes)
    nodes.append({"name": "Armature", "children": [JOINT_INDEX["root"]], "extras": {"helper": True}})
    body_node, head_node = len(nodes), len(nodes) + 1
    nodes.append({"name": "Body", "mesh": 0, "skin": 0, "extras": {"lod": 0}})
    nodes.append({"name": "Head", "mesh": 1, "skin": 0})
    sword_node = len(nodes)
    nodes.append({"name": "Sword", "mesh": 2, "translation": [0.0, 0.0, f32(0.03)]})
    nodes[JOINT_INDEX["hand_R"]].setdefault("children", []).append(sword_node)
    camera_node, light_node = len(nodes), len(nodes) + 1
    nodes.append({"name": "ShotCam", "camera": 0, "translation": [0.0, 1.2, 4.0]})
    nodes.append({"name": "KeyLight", "translation": [2.0, 3.0, 2.0],
                  "rotation": light_rotation(),
                  "extensions": {"KHR_lights_punctual": {"light": 0}}})
    a_ibm = b.accessor(inverse_binds(), FLOAT, len(JOINTS) + 1, "MAT4")
    animations = [clip_animation(b, clip, head_node) for clip in CLIPS]
    png_name = TRAITS_NAME + "_albedo.png"
    normal_name, occlusion_name = TRAITS_NAME + "_normal.png", TRAITS_NAME + "_occlusion.png"
    gltf = {
        "asset": {"version": "2.0", "generator": "Marrow tools/make_sample_character.py --traits",
                  "copyright": "Marrow project, MIT licence", "extras": {"source": "generated"}},
        "extensionsUsed": ["KHR_lights_punctual", "KHR_materials_specular", "EXT_marrow_unknown_future"],
        "extensions": {"KHR_lights_punctual": {"lights": [
            {"name": "Key", "type": "directional", "color": [1.0, 0.96, 0.9], "intensity": 3.0}]}},
        "scene": 0,
        "scenes": [{"name": "Scene", "nodes": [armature, body_node, head_node, camera_node, light_node],
                    "extras": {"unit": "metre"}}],
        "nodes": nodes,
        "meshes": meshes,
        "materials": materials(),
        "textures": [{"sampler": 0, "source": 0, "name": "albedo"}, {"sampler": 0, "source": 1, "name": "normal"},
                     {"sampler": 0, "source": 2, "name": "occlusion"}],
        "samplers": [{"magFilter": 9729, "minFilter": 9987, "wrapS": 10497, "wrapT": 33648}],
        "images": [{"uri": png_name, "name": "albedo"}, {"uri": normal_name, "name": "normal"},
                   {"uri": occlusion_name, "name": "occlusion"}],
        "cameras": [{"name": "ShotCam", "type": "perspective",
                     "perspective": {"yfov": 0.7, "znear": 0.05, "zfar": 100.0, "aspectRatio": 1.5}}],
        "skins": [{"name": "Armature_skin", "inverseBindMatrices": a_ibm, "skeleton": JOINT_INDEX["root"],
                   "joints": list(range(len(JOINTS) + 1))}],
        "animations": animations,
        "buffers": [{"uri": TRAITS_NAME + ".bin", "byteLength": 0}],
        "bufferViews": b.views,
        "accessors": b.accessors,
    }
    return b.encode(gltf), bytes(b.data), {png_name: png_bytes(64, 64, albedo),
                                                 normal_name: png_bytes(32, 32, normal_map),
                                                 occlusion_name: png_bytes(32, 32, occlusion)}
