// SPDX-License-Identifier: MIT
#include "core/io/look_section.h"

#include "core/io/codec_stream.h"

#include <algorithm>
#include <cstring>

namespace marrow::doc {

namespace {

constexpr std::uint8_t kBytesHere = 0, kBytesInSource = 1;
constexpr std::uint8_t kPbrTail = 1;  // the tail's version

void writeSlot(io::codec::Writer& w, const mesh::TextureSlot& slot)
{
    w.i32(slot.texture);
    w.u8(static_cast<std::uint8_t>(slot.uvSet));
}

void readSlot(io::codec::Reader& r, mesh::TextureSlot& slot)
{
    slot.texture = r.i32();
    slot.uvSet = r.u8();
}

// Metal-roughness, normal, occlusion and emission, and the UV sets after
// the first: a tail after the meshes, which the first LOOK sections lack.
void writePbrTail(io::codec::Writer& w, const model::Rig& rig)
{
    w.u8(kPbrTail);
    for (const mesh::Material& m : rig.materials) {
        w.u8(static_cast<std::uint8_t>(m.baseColourMap.uvSet));
        for (float f : {m.metallic, m.roughness, m.normalScale, m.occlusionStrength, m.emissive.x, m.emissive.y,
                        m.emissive.z})
            w.f32(f);
        for (const mesh::TextureSlot* slot : {&m.metallicRoughnessMap, &m.normalMap, &m.occlusionMap, &m.emissiveMap})
            writeSlot(w, *slot);
    }
    for (const mesh::Mesh& m : rig.meshes) {
        w.count(m.moreUVSets.size());
        for (const std::vector<glm::vec2>& set : m.moreUVSets)
            w.vecs(set);
    }
}

void readPbrTail(io::codec::Reader& r, model::Rig& rig)
{
    if (const std::uint8_t version = r.u8(); r.ok() && version != kPbrTail) {
        r.fail("unknown material tail version " + std::to_string(version));
        return;
    }
    for (mesh::Material& m : rig.materials) {
        m.baseColourMap.uvSet = r.u8();
        for (float* f : {&m.metallic, &m.roughness, &m.normalScale, &m.occlusionStrength, &m.emissive.x, &m.emissive.y,
                         &m.emissive.z})
            *f = r.f32();
        for (mesh::TextureSlot* slot : {&m.metallicRoughnessMap, &m.normalMap, &m.occlusionMap, &m.emissiveMap})
            readSlot(r, *slot);
    }
    for (std::size_t i = 0; i < rig.meshes.size() && r.ok(); ++i) {
        mesh::Mesh& m = rig.meshes[i];
        m.moreUVSets.assign(r.count(4, "UV set"), {});
        for (std::vector<glm::vec2>& set : m.moreUVSets)
            if (r.ok())
                r.vecs(set, "texture coordinate");
    }
}

bool sameBytes(const mesh::Texture& t, const std::shared_ptr<const std::vector<unsigned char>>& image)
{
    if (!image || t.size() != image->size())
        return false;
    return t.bytes == image || image->empty() || std::memcmp(t.bytes->data(), image->data(), image->size()) == 0;
}

} // namespace

bool hasLooks(const model::Rig& rig)
{
    return !rig.materials.empty() || !rig.textures.empty() ||
           std::any_of(rig.meshes.begin(), rig.meshes.end(),
                       [](const mesh::Mesh& m) {
                               return m.material >= 0 || !m.colours.empty() || !m.moreUVSets.empty();
                           });
}

std::string encodeLookSection(const model::Rig& rig, const SourceImages* sourceImages)
{
    io::codec::Writer w;
    w.count(rig.materials.size());
    for (const mesh::Material& m : rig.materials) {
        w.str(m.name);
        for (int c = 0; c < 4; ++c)
            w.f32(m.baseColour[c]);
        w.i32(m.baseColourMap.texture);
        w.u8(m.doubleSided ? 1 : 0);
    }
    w.count(rig.textures.size());
    for (std::size_t i = 0; i < rig.textures.size(); ++i) {
        const mesh::Texture& t = rig.textures[i];
        w.str(t.name);
        w.str(t.mimeType);
        if (sourceImages && i < sourceImages->size() && sameBytes(t, (*sourceImages)[i])) {
            w.u8(kBytesInSource);
            continue;
        }
        w.u8(kBytesHere);
        w.u64(t.size());
        if (t.size() > 0)
            w.bytes().append(reinterpret_cast<const char*>(t.bytes->data()), t.size());
    }
    w.count(rig.meshes.size());
    for (const mesh::Mesh& m : rig.meshes) {
        w.i32(m.material);
        w.counted(m.colours);
    }
    writePbrTail(w, rig);
    return std::move(w.bytes());
}

bool decodeLookSection(std::string_view bytes, model::Rig& rig, const SourceImages* sourceImages,
                       std::string& error)
{
    io::codec::Reader r(bytes);
    rig.materials.assign(r.count(25, "material"), {});
    for (mesh::Material& m : rig.materials) {
        if (!r.ok())
            break;
        r.str(m.name);
        for (int c = 0; c < 4; ++c)
            m.baseColour[c] = r.f32();
        m.baseColourMap.texture = r.i32();
        m.doubleSided = r.u8() != 0;
    }
    rig.textures.assign(r.count(13, "texture"), {});
    for (std::size_t i = 0; i < rig.textures.size() && r.ok(); ++i) {
        mesh::Texture& t = rig.textures[i];
        r.str(t.name);
        r.str(t.mimeType);
        const std::uint8_t where = r.u8();
        if (where == kBytesInSource) {
            if (sourceImages && i < sourceImages->size())
                t.bytes = (*sourceImages)[i];  // shared with the source, not copied
            continue;
        }
        if (where != kBytesHere) {
            r.fail("unknown texture storage " + std::to_string(where));
            break;
        }
        const std::uint64_t size = r.u64();
        const char* p = nullptr;
        if (r.ok() && size > r.remaining()) {
            r.fail("texture of " + std::to_string(size) + " bytes exceeds the remaining data");
            break;
        }
        if (size > 0 && r.take(static_cast<std::size_t>(size), p))
            t.bytes = std::make_shared<const std::vector<std::uint8_t>>(p, p + size);
    }
    const std::size_t meshes = r.count(8, "mesh");
    if (r.ok() && meshes != rig.meshes.size())
        r.fail(std::to_string(meshes) + " meshes where the rig has " + std::to_string(rig.meshes.size()));
    for (std::size_t i = 0; i < rig.meshes.size() && r.ok(); ++i) {
        mesh::Mesh& m = rig.meshes[i];
        m.material = r.i32();
        r.counted(m.colours, "vertex colour");
    }
    if (r.ok() && r.remaining() > 0) {
        readPbrTail(r, rig);
    } else {
        // A section written before the tail: its materials were exported without metal, fairly rough.
        for (mesh::Material& m : rig.materials) {
            m.metallic = 0.f;
            m.roughness = 0.8f;
        }
    }
    if (r.ok() && r.remaining() != 0)
        r.fail(std::to_string(r.remaining()) + " unexpected trailing bytes");
    if (!r.ok()) {
        error = "look section: " + r.error();
        return false;
    }
    return true;
}

} // namespace marrow::doc
