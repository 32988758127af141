// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/export_profile.h"
#include "core/model/rig.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace marrow::io {

struct GltfSource;

// The two glTF 2.0 containers.
enum class GltfContainer {
    Text,    // .gltf: JSON with the one buffer embedded as a base64 data URI
    Binary,  // .glb: JSON chunk plus a BIN chunk holding the buffer, no data URI
};

// Serialises a rig as glTF 2.0: one node per skeleton joint (index for index),
// one mesh per rig mesh, one skin per rig skin, one animation per non-empty
// clip with each channel's interpolation, key times, values and tangents.
// The output passes the Khronos validator: weight rows are renormalised to its
// float32 tolerance, normals to unit length, and a key pair at one time (a
// jump) is split by one float step. Returns nullopt and fills `bytes`, or the
// problem (without a file name); an invalid rig is refused.
// A channel whose keys mix interpolation modes is written as LINEAR keys
// (every key, every frame of `sampleRate` in cubic segments, Step kept as a
// hold); `report`, when given, counts such channels.
//
// With a `source` (the glTF file the rig was imported from), the write
// carries that file: everything Marrow does not edit (materials, textures,
// images, other vertex attributes, morph targets and their animation,
// cameras, lights, extras, extensions) comes out as the source held it, and
// only the joints, skins, weights and clips the rig changed since the import
// are written anew. A skeleton edit (joints added, deleted, reparented) is
// carried too: joints keep their nodes (matched as gltf_export_carry_plan.h
// says), deleted joints' nodes go, new joints' nodes come last. When the rig
// changed in a way the source cannot follow (meshes added or removed,
// geometry changed), the fresh write runs and the report says why
// (`notCarried`); either way `lost` names what the file does not keep.
// An image a .gltf write stores in a file beside itself.
struct GltfSideFile {
    std::string name;  // a plain file name, also the image's URI
    std::shared_ptr<const std::vector<unsigned char>> bytes;
};
struct GltfExportOptions {
    float sampleRate = 60.f;  // frames per second, > 0
    const GltfSource* source = nullptr;
    // Given, a text (.gltf) write stores as files in `imageFolder` the images
    // that were files (a carried source's external images; every texture of
    // a fresh write) and lists them here; a name a different file in that
    // folder holds is never used. Images a source embedded stay embedded, as
    // does every image of a .glb. exportGltf fills these for .gltf paths.
    std::vector<GltfSideFile>* sideFiles = nullptr;
    std::string imageFolder{};
    // What the skin weights become (model::ExportProfile): the default keeps
    // the rows as they are, in float; u8/u16 write normalised unsigned
    // WEIGHTS_n whose rows sum to exactly 255 / 65535.
    model::ExportProfile profile{};
    // Per rig mesh, 1 to write it (File › Export's Visible / Selected);
    // empty writes every mesh. Over a source the others' primitives are
    // removed from the carried file, which keeps everything else.
    std::vector<std::uint8_t> keepMeshes{};
};
struct GltfExportReport {
    std::size_t resampledChannels = 0;
    bool carriedSource = false;  // the source was carried
    std::string notCarried;      // with a source that could not be carried: why
    // With a source: each item of it the file does not hold, one line each
    // (a camera on a deleted joint's node; everything a fresh write drops).
    // Empty when everything was carried.
    std::vector<std::string> lost;
};
std::optional<std::string> encodeGltf(const model::Rig& rig, GltfContainer container, std::string& bytes,
                                      const GltfExportOptions& options = {}, GltfExportReport* report = nullptr);

// .gltf -> Text, .glb -> Binary (any case); nullopt for anything else.
std::optional<GltfContainer> gltfContainerOf(const std::string& path);

// A glTF file encoded for `path` but not yet written: its bytes, and for a
// .gltf the images stored beside it in `folder`.
struct GltfFile {
    std::string bytes;
    std::vector<GltfSideFile> images;
    std::string folder;
};
// exportGltf in two steps, so a caller can say what the write loses (the
// report) and let the user cancel before anything reaches the disk.
// Errors read "<path>: <problem>".
std::optional<std::string> encodeGltfFile(const model::Rig& rig, const std::string& path, GltfFile& file,
                                          const GltfExportOptions& options = {}, GltfExportReport* report = nullptr);
std::optional<std::string> writeGltfFile(const GltfFile& file, const std::string& path);

// What a write of `rig` over `source` (GltfExportOptions::source) would
// lose, as GltfExportReport::lost lists it, without writing: cheap enough
// to ask after every skeleton edit. When the source cannot be carried at
// all, the first item says why and the rest is what the fresh write drops.
std::vector<std::string> gltfCarryLosses(const model::Rig& rig, const GltfSource& source);

// Writes `rig` to `path` (.gltf or .glb, chosen by extension, any case),
// atomically: readers see the old file or the complete new one. A .gltf's
// images that were files are written beside it first (sideFiles above),
// each atomically, and skipped when the folder already holds the same bytes.
// Returns nullopt, or "<path>: <problem>".
std::optional<std::string> exportGltf(const model::Rig& rig, const std::string& path,
                                      const GltfExportOptions& options = {}, GltfExportReport* report = nullptr);

} // namespace marrow::io
