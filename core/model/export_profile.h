// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/pose_pipeline.h"
#include "core/model/rig.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace marrow::model {

// How an exported file stores skin weights: as floats, or as normalised
// unsigned 16- or 8-bit integers (glTF's WEIGHTS_n may be any of the three).
enum class WeightStorage : std::uint8_t { Float, U16, U8 };

// What an engine will get (the document's export profile; marrow-cli
// convert --max-influences --weights): at most `maxInfluences` per vertex
// (4: JOINTS_0/WEIGHTS_0 only; 8: two sets) stored as `weights`.
struct ExportProfile {
    int maxInfluences = 8;  // 4 or 8
    WeightStorage weights = WeightStorage::Float;
    bool operator==(const ExportProfile&) const = default;
    // The default (8, float) stores the rows as they are.
    bool changesWeights() const { return maxInfluences < 8 || weights != WeightStorage::Float; }
};

// "float", "u16", "u8" and back; nullopt for anything else.
std::optional<WeightStorage> weightStorageFromName(const std::string& name);
const char* weightStorageName(WeightStorage storage);

// The rows as the profile stores them: the `maxInfluences` largest weights
// kept (Limit Total's rule: the smallest go first, ties the higher joint;
// locks do not apply, the file format needs it), renormalised, then on a
// u8/u16 grid every row's units summing to exactly 255 / 65535 by the
// largest-remainder rule (skin::quantizeWeights: ties to the larger weight,
// then the lower joint). Stride 4 when maxInfluences is 4.
mesh::SkinWeights profiledWeights(const mesh::SkinWeights& weights, const ExportProfile& profile);
// Every skinned mesh's weights through profiledWeights.
Rig profiledRig(const Rig& rig, const ExportProfile& profile);

// How far the profile moves the skinned vertices from where the full
// weights put them (linear blend skinning, in world space).
struct ProfileDisplacement {
    float largest = 0.f;  // metres (the file's units)
    int mesh = -1;        // where it is largest (-1: no skinned mesh)
    std::uint32_t vertex = 0;
    int clip = -1;        // the pose it was at: -1 the rest pose
    double time = 0.0;
    std::vector<std::vector<float>> perVertex;  // per mesh, per vertex: the largest over the poses measured
    std::size_t poses = 0;                      // how many poses were measured
};
// At one pose. `profiled` is profiledRig(full, ...): the same skeleton and skins.
ProfileDisplacement profileDisplacement(const Rig& full, const Rig& profiled, const PoseRequest& request);
// The rest pose and every frame (at `fps`) of each clip listed, the largest
// per vertex. `progress(fraction)` returning false cancels (nullopt).
std::optional<ProfileDisplacement> profileDisplacementOverClips(
    const Rig& rig, const ExportProfile& profile, std::span<const int> clips, double fps,
    const std::function<bool(float)>& progress = {});

} // namespace marrow::model
