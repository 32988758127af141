// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace marrow::model {

// What File › Export writes besides the weights (those follow the
// document's ExportProfile): the document's own export options, saved with
// it, so Ctrl+E repeats an export exactly (Maya's Game Exporter, Blender's
// collection exporters).
enum class ExportFormat : std::uint8_t {
    Glb,   // one .glb, images inside
    Gltf,  // a .gltf with its images as files beside it
};
enum class ExportClips : std::uint8_t {
    All,
    Active,  // the clip being edited
    Chosen,  // the clips named in chosenClips
};
enum class ExportMeshes : std::uint8_t {
    All,
    Visible,   // the meshes not hidden in the viewport
    Selected,  // the active mesh
};

struct ExportSettings {
    ExportFormat format = ExportFormat::Glb;
    ExportClips clips = ExportClips::All;
    std::vector<std::string> chosenClips{};  // by name, for ExportClips::Chosen
    // Each transition sampled into a clip of its own at the document's frame rate.
    bool bakeTransitions = false;
    // 0: every curve written as authored; else every channel sampled at
    // this many frames per second into LINEAR keys (what engines that
    // ignore tangents play).
    double resampleFps = 0.0;
    ExportMeshes meshes = ExportMeshes::All;
    bool operator==(const ExportSettings&) const = default;
    // Why the settings cannot be used (a rate out of (0, 1000]), or nullopt.
    std::optional<std::string> validate() const;
};

// ".glb" / ".gltf".
const char* exportSuffix(ExportFormat format);

} // namespace marrow::model
