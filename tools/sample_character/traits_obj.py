# SPDX-License-Identifier: MIT
"""The real-traits character's body and head as a static OBJ + MTL, for the
Assimp path: two materials (Body_MAT with the albedo PNG as map_Kd, Head_MAT a
plain Kd colour; Body_MAT is also shiny (Ks, Ns), with the normal PNG as
map_Bump and a specular map glTF has no slot for), UVs, normals and per-vertex colours ("v x y z r g b", which
Assimp reads), sharing the glTF variant's PNG beside it."""

from sample_character.traits import HEAD_PARTS, split_by_part, uv_cylinder
from sample_character.traits_gltf import TRAITS_NAME


def _fmt(v):
    return "%.6f" % v


def build_traits_obj(mesh, normals):
    """(obj text, mtl text)."""
    body_parts = tuple(sorted(set(mesh.part) - set(HEAD_PARTS)))
    obj = ["# Marrow tools/make_sample_character.py --traits: the static Assimp variant",
           "mtllib %s.mtl" % TRAITS_NAME]
    base = 1
    for name, material, parts in (("Body", "Body_MAT", body_parts), ("Head", "Head_MAT", HEAD_PARTS)):
        verts, tris = split_by_part(mesh, parts)
        obj += ["o %s" % name, "usemtl %s" % material]
        for i in verts:
            p = mesh.pos[i]
            colour = (0.8 + 0.2 * p[1] / 1.8, 0.8, 0.8)
            obj.append("v " + " ".join(_fmt(c) for c in tuple(p) + colour))
        for i in verts:
            u, v = uv_cylinder(mesh.pos[i])
            obj.append("vt %s %s" % (_fmt(u), _fmt(1.0 - v)))  # OBJ's origin is the image's bottom left
        for i in verts:
            obj.append("vn " + " ".join(_fmt(c) for c in normals[i]))
        for t in tris:
            obj.append("f " + " ".join("%d/%d/%d" % ((base + k,) * 3) for k in t))
        base += len(verts)
    mtl = ["# Marrow tools/make_sample_character.py --traits",
           "newmtl Body_MAT", "Kd 1.000000 0.950000 0.900000", "Ks 0.500000 0.500000 0.500000", "Ns 250.0",
           "d 1.0", "map_Kd %s_albedo.png" % TRAITS_NAME, "map_Bump %s_normal.png" % TRAITS_NAME,
           "map_Ks %s_occlusion.png" % TRAITS_NAME,
           "", "newmtl Head_MAT", "Kd 0.850000 0.700000 0.600000", "d 1.0"]
    return ("\n".join(obj) + "\n").encode("utf-8"), ("\n".join(mtl) + "\n").encode("utf-8")
