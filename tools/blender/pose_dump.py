# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Where Blender puts a model's bones and skinned vertices, for
tools/blender_pose_compare.py to hold against Marrow's own poses. Blender is
a peer to measure against, never a dependency.

  blender -b --factory-startup --python tools/blender/pose_dump.py -- MODEL OUT.json
      [--max-times N] [--no-mid] [--heuristic BLENDER|TEMPERANCE|FORTUNE] [--no-guess-bind]
      [--fbx-anim-offset F] [--fbx-bone-orientation]

MODEL is a .gltf/.glb (Blender's glTF importer) or an .fbx (Blender's FBX
importer), imported with the importer's defaults unless an option says
otherwise. OUT.json holds, for every pose, every armature bone's head and
tail and every mesh's depsgraph-evaluated vertices (so skinned, with shape
keys), all in world space:

  rest       every armature at pose_position REST, no action
  default    POSE, no action: the pose channels as the importer set them
             before it created any action (recorded then), so the file's
             node transforms
  clip       for each clip (a glTF animation: the NLA track the importer
             named after it on every object; an FBX take: the actions named
             'object|take'), its actions assigned to their objects and the
             scene frame set from seconds (frame = t * fps + offset, the
             importer's own mapping, fractional frames through subframe), at
             the key times (the union of the clip's keyframes; each taken
             1e-5 s after the key, so that both tools stand on the same side
             of a STEP key) and at the mid-points between consecutive keys;
             --max-times keeps N key times per clip spread evenly, first and
             last included

Coordinates are Blender's world (Z up, metres). 'to_source' is the 4x4
(row-major) matrix that takes them back to the file's own axes and units:
glTF's Y up for a glTF; for an FBX the inverse of the importer's global
matrix (axis conversion and unit scale), with 'fbx_global_scale' the scale
Blender applied; 'armature_world' each armature object's world matrix at
rest (Blender's axes, row-major). Per pose: 'bones' {armature: {bone: [head, tail]}},
'meshes' {object: [[x, y, z]...]}, 'clip', 'time' (seconds), 'frame',
'key' (a key time or a mid-point)."""

import json
import math
import sys

import bpy
import numpy

# Debian's Blender 3.4 glTF importer still names numpy.bool, which NumPy 1.24 removed.
if "bool" not in vars(numpy):  # hasattr would warn
    numpy.bool = bool

KEY_NUDGE = 1e-5  # seconds after a key at which it is taken
GLTF_TO_SOURCE = [[1, 0, 0, 0], [0, 0, 1, 0], [0, -1, 0, 0], [0, 0, 0, 1]]  # Blender Z up -> glTF Y up


def options(argv):
    args = argv[argv.index("--") + 1:] if "--" in argv else []
    o = {"model": None, "out": None, "max_times": 0, "mid": True, "heuristic": None, "guess_bind": True,
         "fbx_anim_offset": None, "fbx_bone_orientation": False}
    positional = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--max-times":
            o["max_times"] = int(args[i + 1])
            i += 1
        elif a == "--no-mid":
            o["mid"] = False
        elif a == "--heuristic":
            o["heuristic"] = args[i + 1]
            i += 1
        elif a == "--no-guess-bind":
            o["guess_bind"] = False
        elif a == "--fbx-anim-offset":
            o["fbx_anim_offset"] = float(args[i + 1])
            i += 1
        elif a == "--fbx-bone-orientation":
            o["fbx_bone_orientation"] = True
        else:
            positional.append(a)
        i += 1
    if len(positional) != 2:
        sys.stderr.write(__doc__)
        sys.exit(2)
    o["model"], o["out"] = positional
    return o


class Snapshot:
    """The transform channels and shape-key values of every object and pose
    bone, taken before the importer creates any action (the default pose)."""

    def __init__(self):
        self.objects = {}
        self.bones = {}
        self.keys = {}

    def take(self):
        for ob in bpy.data.objects:
            self.objects[ob.name] = ob.matrix_basis.copy()
            if ob.type == "ARMATURE" and ob.pose:
                for pb in ob.pose.bones:
                    self.bones[(ob.name, pb.name)] = pb.matrix_basis.copy()
            keys = getattr(ob.data, "shape_keys", None) if ob.data else None
            if keys:
                for kb in keys.key_blocks:
                    self.keys[(ob.name, kb.name)] = kb.value

    def restore(self):
        for ob in bpy.data.objects:
            if ob.name in self.objects:
                ob.matrix_basis = self.objects[ob.name]
            if ob.type == "ARMATURE" and ob.pose:
                for pb in ob.pose.bones:
                    if (ob.name, pb.name) in self.bones:
                        pb.matrix_basis = self.bones[(ob.name, pb.name)]
            keys = getattr(ob.data, "shape_keys", None) if ob.data else None
            if keys:
                for kb in keys.key_blocks:
                    if (ob.name, kb.name) in self.keys:
                        kb.value = self.keys[(ob.name, kb.name)]


def import_gltf(o, snapshot):
    from io_scene_gltf2.blender.imp import gltf2_blender_scene
    scene_class = gltf2_blender_scene.BlenderScene
    original = scene_class.create_animations

    def create_animations(gltf):
        snapshot.take()
        return original(gltf)

    scene_class.create_animations = staticmethod(create_animations)
    kwargs = {"guess_original_bind_pose": o["guess_bind"]}
    if o["heuristic"]:
        kwargs["bone_heuristic"] = o["heuristic"]
    try:
        result = bpy.ops.import_scene.gltf(filepath=o["model"], **kwargs)
    finally:
        scene_class.create_animations = staticmethod(original)
    info = {"importer": "gltf", "import_options": kwargs, "to_source": GLTF_TO_SOURCE, "frame_offset": 0.0,
            "fps": bpy.context.scene.render.fps, "result": sorted(result)}
    return info


def import_fbx(o, snapshot):
    from io_scene_fbx import import_fbx as module
    captured = {}
    original_read = module.blen_read_animations
    original_settings = module.FBXImportSettings

    def read_animations(fbx_tmpl_astack, fbx_tmpl_alayer, stacks, *args, **kwargs):
        snapshot.take()
        for (fbx_asdata, _), alayers in stacks.values():
            layers = [module.elem_name_ensure_class(fbx_aldata, b"AnimLayer") for (fbx_aldata, _), _ in alayers.values()]
            captured.setdefault("stacks", []).append((module.elem_name_ensure_class(fbx_asdata, b"AnimStack"), layers))
        return original_read(fbx_tmpl_astack, fbx_tmpl_alayer, stacks, *args, **kwargs)

    def settings(*args, **kwargs):
        s = original_settings(*args, **kwargs)
        captured["settings"] = s
        return s

    module.blen_read_animations = read_animations
    module.FBXImportSettings = settings
    kwargs = {}
    if o["fbx_anim_offset"] is not None:
        kwargs["anim_offset"] = o["fbx_anim_offset"]
    if o["fbx_bone_orientation"]:
        kwargs["automatic_bone_orientation"] = True
    try:
        result = bpy.ops.import_scene.fbx(filepath=o["model"], **kwargs)
    finally:
        module.blen_read_animations = original_read
        module.FBXImportSettings = original_settings
    if not snapshot.objects:  # no animation at all: the pose as imported is the default
        snapshot.take()
    s = captured.get("settings")
    to_source = [[1 if r == c else 0 for c in range(4)] for r in range(4)]
    scale = 1.0
    offset = kwargs.get("anim_offset", 1.0)
    if s is not None:
        inv = s.global_matrix.inverted()
        to_source = [list(row) for row in inv]
        scale = s.global_scale
        offset = s.anim_offset
    scene = bpy.context.scene
    return {"importer": "fbx", "stacks": captured.get("stacks", []), "import_options": kwargs, "to_source": to_source, "fbx_global_scale": scale,
            "frame_offset": offset, "fps": scene.render.fps, "fps_base": scene.render.fps_base,
            "result": sorted(result)}


def vec(v):
    return [float("%.9g" % c) for c in v]


def dump_pose(depsgraph):
    bones, meshes = {}, {}
    for ob in bpy.data.objects:
        ev = ob.evaluated_get(depsgraph)
        if ob.type == "ARMATURE":
            m = ev.matrix_world
            bones[ob.name] = {pb.name: [vec(m @ pb.head), vec(m @ pb.tail)] for pb in ev.pose.bones}
        elif ob.type == "MESH":
            mesh = ev.to_mesh()
            n = len(mesh.vertices)
            co = numpy.empty(n * 3, dtype=numpy.float64)
            mesh.vertices.foreach_get("co", co)
            co = co.reshape(-1, 3)
            m = numpy.array(ev.matrix_world, dtype=numpy.float64)
            world = co @ m[:3, :3].T + m[:3, 3]
            meshes[ob.name] = [vec(p) for p in world]
            ev.to_mesh_clear()
    return bones, meshes


def animated_ids():
    """Every ID that can hold an action: objects and their shape keys."""
    ids = []
    for ob in bpy.data.objects:
        ids.append(ob)
        keys = getattr(ob.data, "shape_keys", None) if ob.data else None
        if keys:
            ids.append(keys)
    return ids


def clear_actions():
    for idv in animated_ids():
        if idv.animation_data:
            idv.animation_data.action = None
            for track in idv.animation_data.nla_tracks:
                track.mute = True


def clips_gltf():
    """{clip: [(id, action)]} from the NLA tracks the glTF importer stashed."""
    clips = {}
    for idv in animated_ids():
        if not idv.animation_data:
            continue
        for track in idv.animation_data.nla_tracks:
            if track.strips:
                clips.setdefault(track.name, []).append((idv, track.strips[0].action))
    return clips


def clips_fbx(stacks):
    """{take: [(id, action)]}: the FBX importer names its actions 'object|take'
    (or 'object|take|layer', when they differ) and leaves all but the first
    unassigned; `stacks` holds each take's name and its layers' names, as the
    importer read them (a take's name may itself hold a '|')."""
    clips = {}
    by_name = {ob.name: ob for ob in bpy.data.objects}
    for action in bpy.data.actions:
        ob, take = None, None
        for stack, layers in stacks:
            for suffix in ["|" + stack] + ["|%s|%s" % (stack, layer) for layer in layers]:
                if action.name.endswith(suffix) and action.name[:-len(suffix)] in by_name:
                    ob, take = by_name[action.name[:-len(suffix)]], stack
        if ob is None:
            continue
        target = ob
        keys = getattr(ob.data, "shape_keys", None) if ob.data else None
        if keys and action.fcurves and all(fc.data_path.startswith("key_blocks") for fc in action.fcurves):
            target = keys
        clips.setdefault(take, []).append((target, action))
    return clips


def key_frames(actions):
    frames = set()
    for _, action in actions:
        for fc in action.fcurves:
            for kp in fc.keyframe_points:
                frames.add(round(kp.co[0], 6))
    return sorted(frames)


def spread(values, n):
    if n <= 0 or len(values) <= n:
        return list(range(len(values)))
    if n == 1:
        return [0]
    return sorted({round(i * (len(values) - 1) / (n - 1)) for i in range(n)})


def set_frame(scene, frame):
    whole = math.floor(frame)
    scene.frame_set(int(whole), subframe=frame - whole)


def main():
    o = options(sys.argv)
    bpy.ops.wm.read_factory_settings(use_empty=True)
    snapshot = Snapshot()
    fbx = o["model"].lower().endswith(".fbx")
    info = import_fbx(o, snapshot) if fbx else import_gltf(o, snapshot)
    scene = bpy.context.scene
    info["model"] = o["model"]
    info["blender"] = bpy.app.version_string
    info["armatures"] = {ob.name: len(ob.data.bones) for ob in bpy.data.objects if ob.type == "ARMATURE"}
    info["skinned"] = sorted(ob.name for ob in bpy.data.objects
                             if ob.type == "MESH" and any(m.type == "ARMATURE" and m.object for m in ob.modifiers))
    info["mesh_objects"] = sorted(ob.name for ob in bpy.data.objects if ob.type == "MESH")
    clips = clips_fbx(info["stacks"]) if fbx else clips_gltf()
    poses = []

    clear_actions()
    snapshot.restore()
    for ob in bpy.data.objects:
        if ob.type == "ARMATURE":
            ob.data.pose_position = "REST"
    set_frame(scene, 0.0)
    depsgraph = bpy.context.evaluated_depsgraph_get()
    bones, meshes = dump_pose(depsgraph)
    poses.append({"kind": "rest", "bones": bones, "meshes": meshes})
    # Blender puts a glTF skin's bind pose in its armature's space, not the world's: the figures that
    # tell the two apart need the armature objects' world matrices (row-major, Blender's axes).
    info["armature_world"] = {ob.name: [list(row) for row in ob.evaluated_get(depsgraph).matrix_world]
                              for ob in bpy.data.objects if ob.type == "ARMATURE"}

    for ob in bpy.data.objects:
        if ob.type == "ARMATURE":
            ob.data.pose_position = "POSE"
    snapshot.restore()
    set_frame(scene, 0.0)
    bones, meshes = dump_pose(bpy.context.evaluated_depsgraph_get())
    poses.append({"kind": "default", "bones": bones, "meshes": meshes})

    fps, offset = float(info["fps"]), float(info["frame_offset"])
    info["clips"] = {}
    for name in sorted(clips):
        actions = clips[name]
        clear_actions()
        snapshot.restore()
        for idv, action in actions:
            if not idv.animation_data:
                idv.animation_data_create()
            idv.animation_data.action = action
        frames = key_frames(actions)
        info["clips"][name] = {"objects": sorted(idv.name for idv, _ in actions),
                               "keys": len(frames),
                               "seconds": [(frames[0] - offset) / fps, (frames[-1] - offset) / fps] if frames else []}
        samples = []
        for i in spread(frames, o["max_times"]):
            samples.append((frames[i], "key"))
            if o["mid"] and i + 1 < len(frames):
                samples.append(((frames[i] + frames[i + 1]) / 2, "mid"))
        for frame, kind in samples:
            # A key is taken KEY_NUDGE seconds after it, and its 'time' says so, so that Marrow is asked for
            # the same instant: at a STEP (CONSTANT) key, the two must stand on the same side of the jump,
            # and key times pass through single precision on both sides (0.2 is 0.200000003 as a float),
            # so exactly at the key they need not.
            if kind == "key":
                frame += KEY_NUDGE * fps
            set_frame(scene, frame)
            bones, meshes = dump_pose(bpy.context.evaluated_depsgraph_get())
            poses.append({"kind": "clip", "clip": name, "time": (frame - offset) / fps, "frame": frame,
                          "key": kind, "bones": bones, "meshes": meshes})
    info["poses"] = poses
    with open(o["out"], "w") as f:
        json.dump(info, f)
    print("pose_dump: %d poses, %d clips -> %s" % (len(poses), len(clips), o["out"]))


main()
