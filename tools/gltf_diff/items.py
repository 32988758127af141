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


def morph_table(g, prim, target):
    pos = g.accessor(prim["attributes"]["POSITION"])
    cols = {a: g.accessor(i) for a, i in sorted(target.items())}
    table = {}
    for i, p in enumerate(pos):
        table.setdefault(pos_key(p), set()).add(tuple((a, tuple(v[i])) for a, v in cols.items()))
    return {k: sorted(v) for k, v in table.items()}


def node_names(g):
    return [name_of(n, "node", i) for i, n in enumerate(g.list("nodes"))]


def collect(g):
    """{item key: value} for everything a lossless writer must carry."""
    items = {}
    nodes = g.list("nodes")
    names = node_names(g)
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
        if "matrix" in n:
            items[key + ".matrix"] = n["matrix"]
        for k in ("translation", "rotation", "scale", "weights", "extras", "extensions"):
            if k in n:
                items[key + "." + k] = n[k]
        for k, kind in (("mesh", "meshes"), ("skin", "skins"), ("camera", "cameras")):
            if k in n:
                items[key + "." + k] = name_of(g.list(kind)[n[k]], k, n[k])
    for i, c in enumerate(g.list("cameras")):
        items["camera." + name_of(c, "camera", i)] = {k: v for k, v in c.items() if k != "name"}
    for i, m in enumerate(g.list("materials")):
        items["material." + name_of(m, "material", i)] = resolve_textures(g, {k: v for k, v in m.items()
                                                                              if k != "name"})
    for i, im in enumerate(g.list("images")):
        items["image." + digest(g.image_bytes(i))] = im.get("name")
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
            items[pk + ".attributes"] = sorted(prim.get("attributes", {}))
            table = vertex_table(g, prim)
            for attr in sorted(prim.get("attributes", {})):
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
    for i, a in enumerate(g.list("animations")):
        key = "animation." + name_of(a, "animation", i)
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
