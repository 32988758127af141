// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <cstdint>
#include <string>
#include <vector>

namespace marrow::model {

// Weight health (the Health panel, the viewport's health modes, marrow-cli
// check): per-vertex figures for one skinned mesh and the rig's summary.

// Per vertex: how many influences have a weight above 0.
std::vector<std::uint8_t> influenceCounts(const mesh::SkinWeights& weights);

// Per vertex of a skinned mesh: the largest difference between one of its
// weights and its mirror vertex's weight on the mirror bone (model::MirrorMap:
// the fitted symmetry plane, bones paired by L/R name), over every bone of
// either row; NaN for a vertex with no mirror twin.
std::vector<float> symmetryErrors(const Rig& rig, std::size_t mesh);

struct WeightHealthOptions {
    int maxInfluences = 4;           // "over N influences" counts rows above this
    float symmetryTolerance = 0.05f; // "asymmetric" counts errors above this
    float sumTolerance = 1e-4f;      // "unnormalised" counts rows whose sum is further from 1
    bool symmetry = true;            // measure symmetry (a mirror map per mesh)
};

struct MeshWeightHealth {
    std::string name;
    std::size_t vertices = 0;
    std::vector<std::uint32_t> overInfluences;  // vertices above options.maxInfluences
    std::vector<std::uint32_t> asymmetric;      // symmetry error above the tolerance
    std::vector<std::uint32_t> weightless;      // no weight at all
    std::vector<std::uint32_t> unnormalised;    // weights not summing to 1
    std::size_t withoutTwin = 0;                // vertices symmetry could not judge
    float largestSymmetryError = 0.f;
    int mostInfluences = 0;
};

struct WeightHealth {
    std::vector<int> meshes;                // the skinned meshes checked (rig mesh indices)
    std::vector<MeshWeightHealth> perMesh;  // one per entry of `meshes`
    std::vector<anim::JointIndex> deformingWithoutWeights;  // deforming skin joints no vertex weights
    std::vector<anim::JointIndex> nonDeformingWithWeights;  // weighted joints that do not deform
    std::size_t overInfluences() const;
    std::size_t asymmetric() const;
    std::size_t weightless() const;
    std::size_t unnormalised() const;
};

// `deform`: per skeleton joint (Document::deformMask or model::deformMask).
WeightHealth checkWeightHealth(const Rig& rig, const std::vector<std::uint8_t>& deform,
                               const WeightHealthOptions& options = {});

} // namespace marrow::model
