// SPDX-License-Identifier: MIT
#include "core/io/morph_section.h"

#include "core/io/codec_stream.h"

#include <algorithm>

namespace marrow::doc {

namespace {

void writeFloats(io::codec::Writer& w, const std::vector<float>& values)
{
    w.counted(values);
}

void readFloats(io::codec::Reader& r, std::vector<float>& values, const char* what)
{
    r.counted(values, what);
}

} // namespace

bool hasMorphs(const model::Rig& rig)
{
    return std::any_of(rig.meshes.begin(), rig.meshes.end(), [](const mesh::Mesh& m) { return !m.morphTargets.empty(); });
}

std::string encodeMorphSection(const model::Rig& rig)
{
    io::codec::Writer w;
    w.count(rig.meshes.size());
    for (const mesh::Mesh& m : rig.meshes) {
        w.count(m.morphTargets.size());
        for (const mesh::MorphTarget& t : m.morphTargets) {
            w.str(t.name);
            w.vecs(t.positions);
            w.vecs(t.normals);
        }
        writeFloats(w, m.morphWeights);
    }
    w.count(rig.clips.size());
    for (const anim::Clip& c : rig.clips) {
        w.count(c.morphTracks.size());
        for (const anim::MorphTrack& t : c.morphTracks) {
            w.u32(t.mesh);
            w.u8(static_cast<std::uint8_t>(t.interpolation));
            writeFloats(w, t.times);
            writeFloats(w, t.values);
        }
    }
    return std::move(w.bytes());
}

bool decodeMorphSection(std::string_view bytes, model::Rig& rig, std::string& error)
{
    io::codec::Reader r(bytes);
    const std::size_t meshes = r.count(8, "mesh");
    if (r.ok() && meshes != rig.meshes.size())
        r.fail(std::to_string(meshes) + " meshes where the rig has " + std::to_string(rig.meshes.size()));
    for (std::size_t i = 0; i < rig.meshes.size() && r.ok(); ++i) {
        mesh::Mesh& m = rig.meshes[i];
        m.morphTargets.assign(r.count(12, "morph target"), {});
        for (mesh::MorphTarget& t : m.morphTargets) {
            if (!r.ok())
                break;
            r.str(t.name);
            r.vecs(t.positions, "morph displacement");
            r.vecs(t.normals, "morph normal displacement");
        }
        readFloats(r, m.morphWeights, "morph weight");
    }
    const std::size_t clips = r.count(4, "clip");
    if (r.ok() && clips != rig.clips.size())
        r.fail(std::to_string(clips) + " clips where the rig has " + std::to_string(rig.clips.size()));
    for (std::size_t c = 0; c < rig.clips.size() && r.ok(); ++c) {
        anim::Clip& clip = rig.clips[c];
        clip.morphTracks.assign(r.count(13, "morph track"), {});
        for (anim::MorphTrack& t : clip.morphTracks) {
            if (!r.ok())
                break;
            t.mesh = r.u32();
            const std::uint8_t interp = r.u8();
            if (interp > static_cast<std::uint8_t>(anim::Interpolation::CubicSpline))
                r.fail("unknown interpolation " + std::to_string(interp));
            t.interpolation = static_cast<anim::Interpolation>(interp);
            readFloats(r, t.times, "morph key time");
            readFloats(r, t.values, "morph key weight");
        }
    }
    if (r.ok() && r.remaining() != 0)
        r.fail(std::to_string(r.remaining()) + " unexpected trailing bytes");
    if (!r.ok()) {
        error = "morph section: " + r.error();
        return false;
    }
    return true;
}

} // namespace marrow::doc
