// SPDX-License-Identifier: MIT
#include "core/io/rig_codec.h"

#include "core/io/channel_codec.h"
#include "core/io/look_section.h"
#include "core/io/morph_section.h"

#include <bit>
#include <cstring>
#include <type_traits>

namespace marrow::io {

namespace {

using codec::Reader;
using codec::Writer;
using codec::readChannel;
using codec::writeChannel;

constexpr char kRigMagic[8] = {'M', 'R', 'W', 'R', 'I', 'G', '0', '1'};
constexpr char kImportMagic[8] = {'M', 'R', 'W', 'I', 'M', 'P', '0', '1'};
constexpr std::size_t kHeaderBytes = 8 + 4 + 8;
constexpr std::size_t kTrailerBytes = 8;

void writeTransform(Writer& w, const math::Transform& t)
{
    w.vec(t.translation);
    w.vec(t.rotation);
    w.vec(t.scale);
}

void readTransform(Reader& r, math::Transform& t)
{
    r.vec(t.translation);
    r.vec(t.rotation);
    r.vec(t.scale);
}

void writeMesh(Writer& w, const mesh::Mesh& m)
{
    w.str(m.name);
    w.i32(m.node);
    w.i32(m.skin);
    w.vecs(m.positions);
    w.vecs(m.normals);
    w.vecs(m.uvs);
    w.counted(m.indices);
    w.i32(m.weights.stride);
    w.counted(m.weights.joints);
    w.counted(m.weights.weights);
}

void readMesh(Reader& r, mesh::Mesh& m)
{
    r.str(m.name);
    m.node = r.i32();
    m.skin = r.i32();
    r.vecs(m.positions, "position");
    r.vecs(m.normals, "normal");
    r.vecs(m.uvs, "texture coordinate");
    r.counted(m.indices, "index");
    m.weights.stride = r.i32();
    r.counted(m.weights.joints, "weight joint");
    r.counted(m.weights.weights, "weight");
}

// The meshes' share of the payload, which is nearly all of it: reserved up
// front, the string is not grown (and copied) a dozen times over.
std::size_t payloadEstimate(const model::Rig& rig)
{
    std::size_t bytes = 4096;
    for (const mesh::Mesh& m : rig.meshes)
        bytes += m.positions.size() * 12 + m.normals.size() * 12 + m.uvs.size() * 8 + m.indices.size() * 4 +
                 m.weights.joints.size() * 2 + m.weights.weights.size() * 4 + m.name.size() + 64;
    return bytes;
}

void writeRigPayload(Writer& w, const model::Rig& rig)
{
    const anim::Skeleton& s = rig.skeleton;
    w.count(s.names.size());
    for (const std::string& n : s.names)
        w.str(n);
    w.count(s.parents.size());
    for (anim::JointIndex p : s.parents)
        w.i32(p);
    w.count(s.rest.size());
    for (const math::Transform& t : s.rest)
        writeTransform(w, t);
    w.count(rig.skins.size());
    for (const model::Skin& skin : rig.skins) {
        w.str(skin.name);
        w.count(skin.joints.size());
        for (anim::JointIndex j : skin.joints)
            w.i32(j);
        w.count(skin.inverseBind.size());
        for (const glm::mat4& m : skin.inverseBind)
            w.mat(m);
    }
    w.count(rig.meshes.size());
    for (const mesh::Mesh& m : rig.meshes)
        writeMesh(w, m);
    w.count(rig.clips.size());
    for (const anim::Clip& c : rig.clips) {
        w.str(c.name);
        w.f32(c.duration);
        w.count(c.tracks.size());
        for (const anim::JointTrack& t : c.tracks) {
            w.i32(t.joint);
            writeChannel(w, t.translation);
            writeChannel(w, t.rotation);
            writeChannel(w, t.scale);
        }
    }
}

// Smallest encodings, used to bound counts before allocating.
constexpr std::size_t kMinMeshBytes = 4 + 4 + 4 + 4 * 4 + 4 + 4 + 4;
constexpr std::size_t kMinTrackBytes = 4 + 3 * (1 + 4 * 4);

void readRigPayload(Reader& r, model::Rig& rig)
{
    anim::Skeleton& s = rig.skeleton;
    s.names.assign(r.count(4, "joint name"), std::string());
    for (std::size_t i = 0; i < s.names.size() && r.ok(); ++i)
        r.str(s.names[i]);
    s.parents.assign(r.count(4, "parent"), 0);
    for (std::size_t i = 0; i < s.parents.size() && r.ok(); ++i)
        s.parents[i] = r.i32();
    s.rest.assign(r.count(40, "rest transform"), math::Transform{});
    for (std::size_t i = 0; i < s.rest.size() && r.ok(); ++i)
        readTransform(r, s.rest[i]);
    rig.skins.assign(r.count(12, "skin"), model::Skin{});
    for (std::size_t k = 0; k < rig.skins.size() && r.ok(); ++k) {
        model::Skin& skin = rig.skins[k];
        r.str(skin.name);
        skin.joints.assign(r.count(4, "skin joint"), 0);
        for (std::size_t i = 0; i < skin.joints.size() && r.ok(); ++i)
            skin.joints[i] = r.i32();
        skin.inverseBind.assign(r.count(64, "inverse bind matrix"), glm::mat4(1.f));
        for (std::size_t i = 0; i < skin.inverseBind.size() && r.ok(); ++i)
            r.mat(skin.inverseBind[i]);
    }
    rig.meshes.assign(r.count(kMinMeshBytes, "mesh"), mesh::Mesh{});
    for (std::size_t i = 0; i < rig.meshes.size() && r.ok(); ++i)
        readMesh(r, rig.meshes[i]);
    rig.clips.assign(r.count(12, "clip"), anim::Clip{});
    for (std::size_t k = 0; k < rig.clips.size() && r.ok(); ++k) {
        anim::Clip& c = rig.clips[k];
        r.str(c.name);
        c.duration = r.f32();
        c.tracks.assign(r.count(kMinTrackBytes, "track"), anim::JointTrack{});
        for (std::size_t i = 0; i < c.tracks.size() && r.ok(); ++i) {
            anim::JointTrack& t = c.tracks[i];
            t.joint = r.i32();
            readChannel(r, t.translation);
            readChannel(r, t.rotation);
            readChannel(r, t.scale);
        }
    }
}

// The header, with the length left for frame() to fill in: the payload is
// written after it in place, not copied in afterwards.
Writer framed(const char (&magic)[8])
{
    Writer w;
    w.bytes().append(magic, 8);
    w.u32(kRigCodecVersion);
    w.u64(0);
    return w;
}

std::string frame(Writer&& w)
{
    std::string& out = w.bytes();
    const std::uint64_t length = out.size() - kHeaderBytes;
    std::memcpy(out.data() + 12, &length, sizeof length);
    w.u64(fnv1a(std::string_view(out).substr(kHeaderBytes)));
    return std::move(out);
}

// Checks magic, version, length and hash; on success `payload` views the payload.
bool unframe(std::string_view bytes, const char (&magic)[8], std::string_view& payload, std::uint32_t& versionOut,
             std::string& error)
{
    if (bytes.size() < kHeaderBytes + kTrailerBytes) {
        error = "encoded data is too short (" + std::to_string(bytes.size()) + " bytes)";
        return false;
    }
    if (std::memcmp(bytes.data(), magic, 8) != 0) {
        error = "encoded data does not start with the expected magic";
        return false;
    }
    Reader r(bytes.substr(8));
    const std::uint32_t version = r.u32();
    const std::uint64_t length = r.u64();
    versionOut = version;
    if (version < 1 || version > kRigCodecVersion) {
        error = "unsupported encoding version " + std::to_string(version);
        return false;
    }
    if (length != bytes.size() - kHeaderBytes - kTrailerBytes) {
        error = "payload length " + std::to_string(length) + " does not match the " +
                std::to_string(bytes.size() - kHeaderBytes - kTrailerBytes) + " bytes present";
        return false;
    }
    payload = bytes.substr(kHeaderBytes, static_cast<std::size_t>(length));
    Reader trailer(bytes.substr(kHeaderBytes + payload.size()));
    if (trailer.u64() != fnv1a(payload)) {
        error = "encoded data is corrupted (checksum mismatch)";
        return false;
    }
    return true;
}

bool finish(Reader& r, std::string& error)
{
    if (r.ok() && r.remaining() != 0)
        r.fail(std::to_string(r.remaining()) + " unexpected trailing bytes");
    if (!r.ok()) {
        error = "malformed encoded rig: " + r.error();
        return false;
    }
    return true;
}

} // namespace

std::string encodeRig(const model::Rig& rig)
{
    Writer w = framed(kRigMagic);
    w.bytes().reserve(kHeaderBytes + payloadEstimate(rig) + kTrailerBytes);
    writeRigPayload(w, rig);
    return frame(std::move(w));
}

bool decodeRig(std::string_view bytes, model::Rig& out, std::string& error)
{
    std::string_view payload;
    std::uint32_t version = 0;
    if (!unframe(bytes, kRigMagic, payload, version, error))
        return false;
    Reader r(payload);
    r.version = version;
    model::Rig rig;
    readRigPayload(r, rig);
    if (!finish(r, error))
        return false;
    out = std::move(rig);
    return true;
}

namespace {

void writeImportChanges(Writer& w, const model::ImportChanges& changes)
{
    w.count(changes.meshes.size());
    for (const model::MeshImportChanges& m : changes.meshes)
        for (const auto* list : {&m.renormalised, &m.trimmed, &m.boundToNode})
            w.counted(*list);
}

void readImportChanges(Reader& r, model::ImportChanges& changes)
{
    changes.meshes.assign(r.count(12, "mesh import changes"), {});
    for (std::size_t m = 0; m < changes.meshes.size() && r.ok(); ++m)
        for (auto* list : {&changes.meshes[m].renormalised, &changes.meshes[m].trimmed, &changes.meshes[m].boundToNode})
            r.counted(*list, "changed rows");
}

} // namespace

std::string encodeImportResult(const ImportResult& result)
{
    Writer w = framed(kImportMagic);
    w.bytes().reserve(kHeaderBytes + payloadEstimate(result.rig) + kTrailerBytes);
    w.u8(result.ok ? 1 : 0);
    w.str(result.error);
    w.count(result.warnings.size());
    for (const std::string& s : result.warnings)
        w.str(s);
    writeRigPayload(w, result.rig);
    // What the rig payload does not hold, as a .marrow stores it.
    w.str(doc::encodeMorphSection(result.rig));
    w.str(doc::encodeLookSection(result.rig, nullptr));
    writeImportChanges(w, result.importChanges);
    return frame(std::move(w));
}

bool decodeImportResult(std::string_view bytes, ImportResult& out, std::string& error)
{
    std::string_view payload;
    std::uint32_t version = 0;
    if (!unframe(bytes, kImportMagic, payload, version, error))
        return false;
    Reader r(payload);
    r.version = version;
    ImportResult result;
    const std::uint8_t ok = r.u8();
    if (ok > 1)
        r.fail("invalid ok flag");
    result.ok = ok == 1;
    r.str(result.error);
    result.warnings.assign(r.count(4, "warning"), std::string());
    for (std::size_t i = 0; i < result.warnings.size() && r.ok(); ++i)
        r.str(result.warnings[i]);
    readRigPayload(r, result.rig);
    std::string morphs, looks;
    r.str(morphs);
    r.str(looks);
    readImportChanges(r, result.importChanges);
    if (!finish(r, error))
        return false;
    if (!doc::decodeMorphSection(morphs, result.rig, error) || !doc::decodeLookSection(looks, result.rig, nullptr, error))
        return false;
    if (!result.importChanges.fits(result.rig.meshes)) {
        error = "the import's changed rows name a mesh or vertex the rig does not have";
        return false;
    }
    out = std::move(result);
    return true;
}

std::uint64_t fnv1a(std::string_view bytes)
{
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

} // namespace marrow::io
