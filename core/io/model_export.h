// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/gltf_export.h"
#include "core/model/export_settings.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace marrow::io {

// One export as File › Export and marrow-cli convert make it: the document's
// options (model::ExportSettings) and profile, with what only the caller's
// view knows (the active clip, the visible or selected meshes) resolved.
struct ExportRequest {
    model::ExportSettings settings{};
    model::ExportProfile profile{};
    double fps = 30.0;        // the document's frame rate: transitions bake at it
    // Frames per second for channels that mix interpolation modes, which a
    // glTF sampler cannot hold (GltfExportOptions::sampleRate).
    float sampleRate = 60.f;
    int activeClip = -1;      // for ExportClips::Active
    // Per rig mesh, 1 to write it (Visible / Selected as the caller sees
    // them); empty writes every mesh.
    std::vector<std::uint8_t> meshes{};
};

// Reports a stage's progress in [0, 1]; returning false cancels.
using ExportProgress = std::function<bool(double fraction)>;

// The rig the export writes: the chosen clips (transitions between them
// kept, re-indexed), each transition baked into a clip when asked, every
// clip resampled when asked. The meshes stay: the writer leaves out those
// the request does not choose (GltfExportOptions::keepMeshes). nullopt with `error` set
// when nothing is left to write or a bake fails; with "cancelled" when
// `progress` said stop.
std::optional<model::Rig> exportedRig(const model::Rig& rig, const ExportRequest& request, std::string& error,
                                      const ExportProgress& progress = {});

// A glTF export encoded for `path`, not yet written (writeGltfFile).
struct EncodedExport {
    GltfFile file;
    GltfExportReport report;
    // What the file will not hold that the document had, one item a line,
    // the same words marrow-cli prints (exportWarnings).
    std::vector<std::string> warnings;
    std::size_t clips = 0, meshes = 0;
};

// exportedRig, then the glTF encoding (carrying `source` when given). The
// `inName` is the file the document came from, for the warnings.
std::optional<std::string> encodeExport(const model::Rig& rig, const GltfSource* source, const ExportRequest& request,
                                        const std::string& path, const std::string& inName, EncodedExport& out,
                                        const ExportProgress& progress = {});

// What a written file lost against the document: cameras and lights a
// format without a glTF source never had; with a source, each item of it
// the write does not keep (GltfExportReport::lost, after why it was written
// anew when it was); channels resampled because they mix interpolation modes.
std::vector<std::string> exportWarnings(const GltfExportReport& report, const GltfSource* source,
                                        const std::string& inName, const std::string& outName, float sampleRate);

} // namespace marrow::io
