// SPDX-License-Identifier: MIT
// Two things tinygltf writes wrong, mended in the serialised JSON:
// - a perspective camera without "zfar" (an infinite projection) it reads
//   as zfar 0 and writes that 0 back, which glTF forbids (zfar > znear) and
//   which turns the camera into a different one: its "zfar" is left out again;
// - an object with nothing to write (a node whose only properties tinygltf
//   does not keep, an empty scene) it writes as null, which no reader takes
//   (found by fuzzing the .marrow reader: a document saved so could not be
//   opened again): it is written as {}.
#include "core/io/gltf_export_context.h"

#include <nlohmann/json.hpp>

#include <cstring>

namespace marrow::io::gltfexport {

namespace {

bool dropZeroZfar(nlohmann::json& gltf)
{
    bool changed = false;
    if (!gltf.contains("cameras") || !gltf["cameras"].is_array())
        return false;
    for (nlohmann::json& camera : gltf["cameras"]) {
        if (!camera.contains("perspective") || !camera["perspective"].is_object())
            continue;
        nlohmann::json& p = camera["perspective"];
        if (p.contains("zfar") && p["zfar"].is_number() && p["zfar"].get<double>() <= 0.0) {
            p.erase("zfar");
            changed = true;
        }
    }
    return changed;
}

// Top-level arrays whose elements are objects.
constexpr const char* kObjectArrays[] = {"accessors", "animations", "buffers", "bufferViews", "cameras",
                                         "images",    "materials",  "meshes",  "nodes",       "samplers",
                                         "scenes",    "skins",      "textures"};

bool nullsToEmptyObjects(nlohmann::json& gltf)
{
    bool changed = false;
    for (const char* key : kObjectArrays) {
        if (!gltf.contains(key) || !gltf[key].is_array())
            continue;
        for (nlohmann::json& element : gltf[key])
            if (element.is_null()) {
                element = nlohmann::json::object();
                changed = true;
            }
    }
    return changed;
}

bool mend(nlohmann::json& gltf)
{
    const bool zfar = dropZeroZfar(gltf);
    const bool nulls = nullsToEmptyObjects(gltf);
    return zfar || nulls;
}

std::uint32_t readU32(const std::string& b, std::size_t at)
{
    std::uint32_t v = 0;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

void writeU32(std::string& b, std::size_t at, std::uint32_t v) { std::memcpy(b.data() + at, &v, 4); }

} // namespace

bool hasInfiniteCamera(const tinygltf::Model& model)
{
    for (const tinygltf::Camera& c : model.cameras)
        if (c.type == "perspective" && !(c.perspective.zfar > 0.0))
            return true;
    return false;
}

void mendSerialisedGltf(std::string& bytes, GltfContainer container, bool infiniteCamera)
{
    // Parsed only when there may be something to mend: most files have no
    // null at all.
    if (!infiniteCamera && bytes.find("null") == std::string::npos)
        return;
    if (container == GltfContainer::Text) {
        nlohmann::json gltf = nlohmann::json::parse(bytes, nullptr, false);
        if (!gltf.is_discarded() && mend(gltf))
            bytes = gltf.dump(2);
        return;
    }
    // GLB: a 12-byte header, the JSON chunk (length, type, JSON padded with
    // spaces to 4 bytes), then the rest as it is.
    if (bytes.size() < 20)
        return;
    const std::uint32_t jsonLength = readU32(bytes, 12);
    if (20 + static_cast<std::size_t>(jsonLength) > bytes.size())
        return;
    nlohmann::json gltf = nlohmann::json::parse(bytes.substr(20, jsonLength), nullptr, false);
    if (gltf.is_discarded() || !mend(gltf))
        return;
    std::string json = gltf.dump();
    while (json.size() % 4 != 0)
        json.push_back(' ');
    std::string out = bytes.substr(0, 20) + json + bytes.substr(20 + jsonLength);
    writeU32(out, 12, static_cast<std::uint32_t>(json.size()));
    writeU32(out, 8, static_cast<std::uint32_t>(out.size()));
    bytes = std::move(out);
}

} // namespace marrow::io::gltfexport
