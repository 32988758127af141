# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Turns a glTF into named items with comparable values.

Objects are matched by name (a node by its name, a mesh by its name, an
animation channel by its clip, node and path), never by index, so a writer
that renumbers is not penalised; vertices are matched by position, so a
writer that reorders or welds is not either; images are compared by bytes.
Each item's value is plain data compared with a tolerance (floats to 1e-5
relative), and an item missing on one side is lost or added."""

import hashlib

ROUND = 5  # decimals kept when a float becomes part of a key


def name_of(obj, kind, index):
    return obj.get("name") or "%s#%d" % (kind, index)


def digest(data):
    return hashlib.sha256(data).hexdigest()[:16]


def texture_ref(g, info):
    """A textureInfo with the texture's image bytes and sampler in place of indices."""
    if not isinstance(info, dict) or "index" not in info:
        return info
    tex = g.list("textures")[info["index"]]
    out = {k: v for k, v in info.items() if k != "index"}
    if "source" in tex:
        out["image"] = digest(g.image_bytes(tex["source"]))
    if "sampler" in tex:
        out["sampler"] = g.list("samplers")[tex["sampler"]]
    for key in ("extensions", "extras"):
        if key in tex:
            out["texture_" + key] = tex[key]
    return out


# The glTF 2.0 schema's defaults: a writer may leave them out or spell them
# out, and the value is the same either way.
MATERIAL_DEFAULTS = {"alphaMode": "OPAQUE", "alphaCutoff": 0.5, "doubleSided": False,
                     "emissiveFactor": [0.0, 0.0, 0.0]}
PBR_DEFAULTS = {"baseColorFactor": [1.0, 1.0, 1.0, 1.0], "metallicFactor": 1.0, "roughnessFactor": 1.0}


def with_defaults(material):
    """The material with every defaulted core property spelled out."""
    out = dict(MATERIAL_DEFAULTS)
    out.update(material)
    pbr = dict(PBR_DEFAULTS)
    pbr.update(out.get("pbrMetallicRoughness", {}))
    out["pbrMetallicRoughness"] = pbr
    for holder in (out, pbr):
        for k, v in list(holder.items()):
            if k.endswith("Texture") and isinstance(v, dict):
                info = {"texCoord": 0}
                if k == "normalTexture":
                    info["scale"] = 1.0
                if k == "occlusionTexture":
                    info["strength"] = 1.0
                info.update(v)
                holder[k] = info
    return out


def resolve_textures(g, value):
    """Every textureInfo under a material (a "...Texture" property, core or
    extension) with its texture's content in place of the index."""
    if isinstance(value, dict):
        return {k: texture_ref(g, v) if k.endswith("Texture") else resolve_textures(g, v)
                for k, v in value.items()}
    if isinstance(value, list):
        return [resolve_textures(g, v) for v in value]
    return value


def pos_key(p):
    return tuple(round(c, ROUND) for c in p)


def vertex_table(g, prim):
    """{position: sorted tuple of the other attributes' values at that position}."""
    attrs = prim.get("attributes", {})
    if "POSITION" not in attrs:
        return {}
    pos = g.accessor(attrs["POSITION"])
    names = sorted(a for a in attrs if a != "POSITION")
    columns = [g.accessor(attrs[a]) for a in names]
    table = {}
    for i, p in enumerate(pos):
        row = tuple((n, tuple(col[i])) for n, col in zip(names, columns))
        table.setdefault(pos_key(p), set()).add(row)
    return {k: sorted(v) for k, v in table.items()}


def is_skin_attribute(name):
    return name.startswith("JOINTS_") or name.startswith("WEIGHTS_")


def skin_weights(g, prim, joint_labels):
    """{position: sorted [(joint label, weight)]}, the JOINTS_n / WEIGHTS_n sets
    read together: a writer may renumber the skin's joints or repack the sets.
    Rows compare normalised to sum 1, as a skinning reader applies them (glTF
    requires it), so renormalising a source's off-sum rows is no change."""
    attrs = prim["attributes"]
    pos = g.accessor(attrs["POSITION"])
    rows = [dict() for _ in pos]
    for k in range(8):
        if "JOINTS_%d" % k not in attrs or "WEIGHTS_%d" % k not in attrs:
            continue
        joints, weights = g.accessor(attrs["JOINTS_%d" % k]), g.accessor(attrs["WEIGHTS_%d" % k])
        for row, js, ws in zip(rows, joints, weights):
            for j, w in zip(js, ws):
                if w > 0.0:
                    label = joint_labels[int(j)] if int(j) < len(joint_labels) else "joint%d" % int(j)
                    row[label] = row.get(label, 0.0) + w
    table = {}
    for p, row in zip(pos, rows):
        total = sum(row.values())
        if total > 0.0:
            row = {j: w / total for j, w in row.items()}
        table.setdefault(pos_key(p), []).append(sorted(row.items()))
    return {k: sorted(v) for k, v in table.items()}


def morph_table(g, prim, target):
    pos = g.accessor(prim["attributes"]["POSITION"])
    cols = {a: g.accessor(i) for a, i in sorted(target.items())}
    table = {}
    for i, p in enumerate(pos):
        table.setdefault(pos_key(p), set()).add(tuple((a, tuple(v[i])) for a, v in cols.items()))
    return {k: sorted(v) for k, v in table.items()}


def local_matrix(n):
    """The node's local transform as 16 floats, column-major as glTF's matrix."""
    if "matrix" in n:
        return list(n["matrix"])
    tx, ty, tz = n.get("translation", [0.0, 0.0, 0.0])
    x, y, z, w = n.get("rotation", [0.0, 0.0, 0.0, 1.0])
    sx, sy, sz = n.get("scale", [1.0, 1.0, 1.0])
    r = [[1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
         [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
         [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)]]
    return [r[0][0] * sx, r[0][1] * sx, r[0][2] * sx, 0.0,
            r[1][0] * sy, r[1][1] * sy, r[1][2] * sy, 0.0,
            r[2][0] * sz, r[2][1] * sz, r[2][2] * sz, 0.0, tx, ty, tz, 1.0]


def node_translation(n):
    if "matrix" in n:
        return tuple(round(c, 3) for c in n["matrix"][12:15])
    return tuple(round(c, 3) for c in n.get("translation", [0.0, 0.0, 0.0]))


def shapes(g):
    """Per node, a fingerprint that ignores names and indices: what it holds,
    where it sits, and the same of its children, so a node the source left
    unnamed is still found after a writer named it."""
    nodes = g.list("nodes")
    memo = {}

    def shape(i, depth=0):
        if i not in memo:
            if depth > 256:
                return ("deep",)
            n = nodes[i]
            mesh = name_of(g.list("meshes")[n["mesh"]], "mesh", n["mesh"]) if "mesh" in n else None
            kids = tuple(sorted(str(shape(c, depth + 1)) for c in n.get("children", [])))
            memo[i] = (mesh, "skin" in n, "camera" in n, node_translation(n), kids)
        return memo[i]
    return [digest(repr(shape(i)).encode()) for i in range(len(nodes))]


def mat_mul(a, b):
    """Two column-major 4x4 matrices (16 floats each) multiplied."""
    return [sum(a[k * 4 + r] * b[c * 4 + k] for k in range(4)) for c in range(4) for r in range(4)]


def places(g):
    """Per node, (where it sits in the world and what it holds, its depth): a
    skeleton edit (a joint added, deleted or reparented) changes an
    ancestor's fingerprint but leaves every other node where it was."""
    nodes = g.list("nodes")
    parent = {}
    for i, n in enumerate(nodes):
        for c in n.get("children", []):
            parent[c] = i
    world = {}

    def world_of(i):
        chain = []
        while i is not None and i not in world and len(chain) <= len(nodes):
            chain.append(i)
            i = parent.get(i)
        m = world.get(i, [1.0, 0, 0, 0, 0, 1.0, 0, 0, 0, 0, 1.0, 0, 0, 0, 0, 1.0])
        for j in reversed(chain):
            m = world[j] = mat_mul(m, local_matrix(nodes[j]))
        return m
    def depth(i):
        d = 0
        while i in parent and d <= len(nodes):
            i, d = parent[i], d + 1
        return d
    out = []
    for i, n in enumerate(nodes):
        w = world_of(i)
        mesh = name_of(g.list("meshes")[n["mesh"]], "mesh", n["mesh"]) if "mesh" in n else None
        place = digest(repr((mesh, "skin" in n, "camera" in n, tuple(round(c, 3) + 0.0 for c in w[12:15]))).encode())
        out.append((place, depth(i)))
    return out


def node_names(g, reference=None):
    """Each node's label: its name; an unnamed node "node#<fingerprint>". With
    `reference` (the labels, fingerprints and places of the file compared
    against), a node whose name the reference lacks takes the label of the
    unnamed reference node with its fingerprint, else of the one unnamed
    reference node with its place (places())."""
    nodes = g.list("nodes")
    mine = shapes(g)
    labels = [n.get("name") or "node#" + mine[i] for i, n in enumerate(nodes)]
    if reference:
        ref_labels, ref_shapes = reference[0], reference[1]
        taken = set(labels) & set(ref_labels)
        unnamed = {}
        for label, shape in zip(ref_labels, ref_shapes):
            if label.startswith("node#") and label not in taken:
                unnamed.setdefault(shape, []).append(label)
        matched = set()
        for i, label in enumerate(labels):
            if label not in taken and unnamed.get(mine[i]):
                labels[i] = unnamed[mine[i]].pop(0)
                matched.add(i)
        if len(reference) > 3:
            # By place, then (nodes at one place) by place and depth.
            left = {label for labels_ in unnamed.values() for label in labels_}
            my_place = places(g)
            for key in (lambda p: p[0], lambda p: p):
                by_place = {}
                for label, place in zip(ref_labels, reference[3]):
                    if label in left:
                        by_place.setdefault(key(place), []).append(label)
                mine_left = {}
                for i, label in enumerate(labels):
                    if i not in matched and label not in taken and not nodes[i].get("name"):
                        mine_left.setdefault(key(my_place[i]), []).append(i)
                for place, ours in mine_left.items():
                    theirs = by_place.get(place, [])
                    if len(ours) == 1 and len(theirs) == 1:
                        labels[ours[0]] = theirs[0]
                        matched.add(ours[0])
                        left.discard(theirs[0])
    return labels


def animation_names(g, reference=None):
    """Each animation's label: its name, or "animation#i". With `reference`,
    animations whose names the reference lacks take its unnamed labels in
    order (a writer may name what the source left unnamed)."""
    labels = [name_of(a, "animation", i) for i, a in enumerate(g.list("animations"))]
    if reference:
        ref = reference[2]
        spare = [label for label in ref if label.startswith("animation#") and label not in labels]
        for i, label in enumerate(labels):
            if label not in ref and spare:
                labels[i] = spare.pop(0)
    return labels


def node_labels(g, reference=None):
    """(node labels, node fingerprints, animation labels, node places): the
    `reference` another collect() takes."""
    return node_names(g, reference), shapes(g), animation_names(g, reference), places(g)


def collect(g, reference=None):
    """{item key: value} for everything a lossless writer must carry; nodes
    labelled as node_names(g, reference) does."""
    items = {}
    nodes = g.list("nodes")
    names = node_names(g, reference)
    parent = {}
    for i, n in enumerate(nodes):
        for c in n.get("children", []):
            parent[c] = names[i]
    asset = g.json.get("asset", {})
    for key in ("copyright", "extras", "extensions", "minVersion"):
        if key in asset:
            items["asset." + key] = asset[key]
    for ext in g.json.get("extensionsUsed", []):
        items["extensionsUsed." + ext] = True
    for ext in g.json.get("extensionsRequired", []):
        items["extensionsRequired." + ext] = True
    for key, value in g.json.get("extensions", {}).items():
        items["extensions." + key] = value
    if "extras" in g.json:
        items["extras"] = g.json["extras"]
    for i, s in enumerate(g.list("scenes")):
        key = "scene." + name_of(s, "scene", i)
        items[key + ".nodes"] = sorted(names[n] for n in s.get("nodes", []))
        for k in ("extras", "extensions"):
            if k in s:
                items[key + "." + k] = s[k]
    for i, n in enumerate(nodes):
        key = "node." + names[i]
        items[key + ".parent"] = parent.get(i)
        # One local matrix, so a writer may store TRS where the source had a matrix.
        items[key + ".transform"] = local_matrix(n)
        for k in ("weights", "extras", "extensions"):
            if k in n:
                items[key + "." + k] = n[k]
        for k, kind in (("mesh", "meshes"), ("skin", "skins"), ("camera", "cameras")):
            if k in n:
                items[key + "." + k] = name_of(g.list(kind)[n[k]], k, n[k])
    for i, c in enumerate(g.list("cameras")):
        items["camera." + name_of(c, "camera", i)] = {k: v for k, v in c.items() if k != "name"}
    for i, m in enumerate(g.list("materials")):
        items["material." + name_of(m, "material", i)] = resolve_textures(g, with_defaults(
            {k: v for k, v in m.items() if k != "name"}))
    for i, im in enumerate(g.list("images")):
        items["image." + digest(g.image_bytes(i))] = im.get("name")
    skin_of_mesh = {n["mesh"]: [names[j] for j in g.list("skins")[n["skin"]].get("joints", [])]
                    for n in nodes if "mesh" in n and "skin" in n}
    for i, m in enumerate(g.list("meshes")):
        key = "mesh." + name_of(m, "mesh", i)
        for k in ("weights", "extras", "extensions"):
            if k in m:
                items[key + "." + k] = m[k]
        for p, prim in enumerate(m.get("primitives", [])):
            pk = "%s.primitive%d" % (key, p)
            if "material" in prim:
                items[pk + ".material"] = name_of(g.list("materials")[prim["material"]], "material", prim["material"])
            items[pk + ".mode"] = prim.get("mode", 4)
            for k in ("extras", "extensions"):
                if k in prim:
                    items[pk + "." + k] = prim[k]
            attributes = sorted(a for a in prim.get("attributes", {}) if not is_skin_attribute(a))
            items[pk + ".attributes"] = attributes
            table = vertex_table(g, prim)
            if i in skin_of_mesh and "POSITION" in prim.get("attributes", {}):
                items[pk + ".skin_weights"] = skin_weights(g, prim, skin_of_mesh[i])
            for attr in attributes:
                if attr == "POSITION":
                    items[pk + ".POSITION"] = sorted(table)
                else:
                    items[pk + "." + attr] = {p: [dict(r).get(attr) for r in rows] for p, rows in table.items()}
            for t, target in enumerate(prim.get("targets", [])):
                items["%s.target%d" % (pk, t)] = morph_table(g, prim, target)
    for i, s in enumerate(g.list("skins")):
        key = "skin." + name_of(s, "skin", i)
        joints = [names[j] for j in s.get("joints", [])]
        items[key + ".joints"] = sorted(joints)
        if "inverseBindMatrices" in s:
            ibm = g.accessor(s["inverseBindMatrices"])
            items[key + ".inverseBindMatrices"] = {j: list(m) for j, m in zip(joints, ibm)}
        if "skeleton" in s:
            items[key + ".skeleton"] = names[s["skeleton"]]
    clip_names = animation_names(g, reference)
    for i, a in enumerate(g.list("animations")):
        key = "animation." + clip_names[i]
        if "extras" in a:
            items[key + ".extras"] = a["extras"]
        for c in a.get("channels", []):
            target = c.get("target", {})
            if "node" not in target:
                continue
            sampler = a["samplers"][c["sampler"]]
            times = [t[0] for t in g.accessor(sampler["input"])]
            values = g.accessor(sampler["output"])
            items["%s.%s.%s" % (key, names[target["node"]], target.get("path"))] = {
                "interpolation": sampler.get("interpolation", "LINEAR"), "times": times,
                "values": [list(v) for v in values]}
    return items
