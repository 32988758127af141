# SPDX-License-Identifier: MIT
# Copyright (c) the Marrow project.
"""Reads ozz-animation's skeleton (.ozz, "ozz-skeleton" v2) and raw animation
("ozz-raw_animation" v3) archives: the FBX SDK's own samples of a clip, as
ozz-animation's fbx2ozz wrote them (its public media/bin/pab_*_raw.ozz).
Used by tools/fbx_sdk_compare.py; the archives are not in the repository."""

import struct


class Reader:
    def __init__(self, data):
        self.data, self.o = data, 0

    def take(self, fmt):
        v = struct.unpack_from("<" + fmt, self.data, self.o)
        self.o += struct.calcsize("<" + fmt)
        return v

    def tag(self, expected):
        end = self.data.index(b"\0", self.o)
        name = self.data[self.o:end].decode()
        self.o = end + 1
        if name != expected:
            raise ValueError(f"not an {expected} archive ({name})")
        return self.take("I")[0]


def open_archive(path, tag):
    r = Reader(open(path, "rb").read())
    if r.take("B")[0] != 1:
        raise ValueError(f"{path}: big-endian archive")
    return r, r.tag(tag)


def read_skeleton(path):
    """(names, parents) in ozz's joint order (depth first)."""
    r, version = open_archive(path, "ozz-skeleton")
    if version != 2:
        raise ValueError(f"{path}: skeleton version {version}")
    count, chars = r.take("II")
    names = r.data[r.o:r.o + chars].split(b"\0")[:count]
    r.o += chars
    parents = list(r.take("%dh" % count))
    return [n.decode() for n in names], parents


def read_raw_animation(path):
    """{"duration", "name", "tracks": [(translations, rotations, scales)]},
    each a list of (time, value) with rotations as (x, y, z, w)."""
    r, version = open_archive(path, "ozz-raw_animation")
    if version != 3:
        raise ValueError(f"{path}: raw animation version {version}")
    duration = r.take("f")[0]
    count = r.take("I")[0]
    if count:
        r.take("I")  # the track type's version
    tracks = []
    for _ in range(count):
        track = []
        for width in (3, 4, 3):
            n = r.take("I")[0]
            if n:
                r.take("I")  # the key type's version
            track.append([(k[0], k[1:]) for k in (r.take("f%df" % width) for _ in range(n))])
        tracks.append(tuple(track))
    n = r.take("I")[0]
    name = r.data[r.o:r.o + n].decode()
    return {"duration": duration, "name": name, "tracks": tracks}
