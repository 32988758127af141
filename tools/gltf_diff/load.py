# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Reads a .gltf or .glb into (json, accessor reader, image bytes): no third-party modules."""

import base64
import json
import os
import struct

COMPONENT = {5120: ("b", 1), 5121: ("B", 1), 5122: ("h", 2), 5123: ("H", 2), 5125: ("I", 4), 5126: ("f", 4)}
WIDTH = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT2": 4, "MAT3": 9, "MAT4": 16}
NORMALISED_MAX = {"b": 127.0, "B": 255.0, "h": 32767.0, "H": 65535.0}


class GltfError(Exception):
    pass


def read_uri(uri, folder):
    if uri.startswith("data:"):
        try:
            return base64.b64decode(uri.split(",", 1)[1])
        except (IndexError, ValueError) as e:
            raise GltfError("bad data URI: %s" % e)
    path = os.path.join(folder, uri.replace("%20", " "))
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise GltfError("cannot read %s: %s" % (uri, e))


class Gltf:
    """One file: its JSON, its buffers, and readers for accessors and images."""

    def __init__(self, path):
        self.path = path
        folder = os.path.dirname(os.path.abspath(path))
        with open(path, "rb") as f:
            data = f.read()
        glb_bin = None
        if data[:4] == b"glTF":
            if len(data) < 20:
                raise GltfError("%s: truncated GLB header" % path)
            length = struct.unpack_from("<I", data, 12)[0]
            text = data[20:20 + length]
            rest = 20 + length
            if rest + 8 <= len(data):
                bin_length = struct.unpack_from("<I", data, rest)[0]
                glb_bin = data[rest + 8:rest + 8 + bin_length]
        else:
            text = data
        try:
            self.json = json.loads(text.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            raise GltfError("%s: %s" % (path, e))
        self.buffers = []
        for i, b in enumerate(self.json.get("buffers", [])):
            if "uri" in b:
                self.buffers.append(read_uri(b["uri"], folder))
            elif i == 0 and glb_bin is not None:
                self.buffers.append(glb_bin)
            else:
                raise GltfError("%s: buffer %d has no data" % (path, i))
        self.folder = folder

    def list(self, key):
        return self.json.get(key, [])

    def view_bytes(self, index):
        v = self.list("bufferViews")[index]
        start = v.get("byteOffset", 0)
        return self.buffers[v["buffer"]][start:start + v["byteLength"]], v.get("byteStride", 0)

    def accessor(self, index):
        """The accessor's elements as tuples of floats (normalised integers read as [0, 1] or [-1, 1])."""
        a = self.list("accessors")[index]
        fmt, size = COMPONENT[a["componentType"]]
        width = WIDTH[a["type"]]
        count = a["count"]
        out = [(0.0,) * width] * count
        if "bufferView" in a:
            data, stride = self.view_bytes(a["bufferView"])
            stride = stride or size * width
            offset = a.get("byteOffset", 0)
            out = [struct.unpack_from("<%d%s" % (width, fmt), data, offset + i * stride) for i in range(count)]
        sparse = a.get("sparse")
        if sparse:
            out = list(out)
            ifmt, isize = COMPONENT[sparse["indices"]["componentType"]]
            idata, _ = self.view_bytes(sparse["indices"]["bufferView"])
            vdata, _ = self.view_bytes(sparse["values"]["bufferView"])
            io, vo = sparse["indices"].get("byteOffset", 0), sparse["values"].get("byteOffset", 0)
            for k in range(sparse["count"]):
                i = struct.unpack_from("<" + ifmt, idata, io + k * isize)[0]
                out[i] = struct.unpack_from("<%d%s" % (width, fmt), vdata, vo + k * size * width)
        if a.get("normalized") and fmt in NORMALISED_MAX:
            m = NORMALISED_MAX[fmt]
            out = [tuple(max(c / m, -1.0) for c in e) for e in out]
        return out

    def image_bytes(self, index):
        im = self.list("images")[index]
        if "uri" in im:
            return read_uri(im["uri"], self.folder)
        data, _ = self.view_bytes(im["bufferView"])
        return data
