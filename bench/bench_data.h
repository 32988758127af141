// SPDX-License-Identifier: MIT
#pragma once
// Shared inputs for the benchmarks: models from ../shared/models (loaded once
// per process) and generated skeletons and meshes (fixed seeds, so every run
// measures the same data).
#include "core/math/scaled_dual_quat.h"
#include "core/model/rig.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

namespace marrow::bench {

// Which character the pose benchmarks run on.
enum class Character {
    Pab,        // ozz pab skeleton.fbx (67 joints) with walk.fbx and run.fbx transferred by joint name
    CesiumMan,  // cesium_man.gltf (19 joints); its one clip plus a copy, so there are two to blend
};

const char* characterName(Character c);

// A rig ready for the pose benchmarks (at least two clips), or why it is not.
struct CharacterData {
    bool ok = false;
    std::string error;  // names the missing or unreadable file when !ok
    model::Rig rig;
};
const CharacterData& character(Character c);
// The character, or null after skipping the benchmark with the load error.
const CharacterData* characterOrSkip(benchmark::State& state, Character c);

// Everything one CPU skinning job reads, as flat arrays: every skinned mesh of
// a model concatenated, joints indexing one combined palette.
struct SkinData {
    bool ok = false;
    std::string error;
    int stride = 4;
    std::vector<glm::vec3> positions, normals;
    std::vector<std::uint16_t> joints;
    std::vector<float> weights;
    std::vector<glm::mat4> palette;
    std::vector<math::ScaledDualQuat> dualQuats;
    std::size_t vertexCount() const { return positions.size(); }
};

// Which mesh the skinning benchmarks run on.
enum class SkinSource {
    Arnaud4,     // arnaud.fbx, reduced to 4 influences (see bench_data.cpp)
    CesiumMan4,  // cesium_man.gltf (4 influences as stored)
    Synthetic4,  // 100k random vertices, 64 joints, 4 random influences
    Synthetic8,  // the same with 8 influences
    Synthetic4Scaled,  // Synthetic4 with every joint scaled non-uniformly (0.7 to 1.3 per axis): DQS's scale path
};
const SkinData& skinData(SkinSource s);
// The skin data, or null after skipping the benchmark with the load error.
const SkinData* skinDataOrSkip(benchmark::State& state, SkinSource s);

// Absolute path of a file under the shared models folder.
std::string modelPath(const std::string& relative);

// A generated skeleton of n joints: limbs of 8 joints, each limb's first joint
// hanging from the previous limb's first joint (depth about n / 8 + 8), with
// varied non-trivial local transforms and inverse binds.
struct GeneratedSkeleton {
    std::vector<anim::JointIndex> parents;
    std::vector<math::Transform> locals;
    std::vector<glm::mat4> worlds;       // locals to world, computed once
    std::vector<anim::JointIndex> skinJoints;  // every joint
    std::vector<glm::mat4> inverseBind;  // inverse of a perturbed world, so palettes are near-rigid
};
GeneratedSkeleton generateSkeleton(std::size_t n);

} // namespace marrow::bench
