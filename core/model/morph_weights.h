// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/mesh/mesh.h"

#include <span>
#include <vector>

namespace marrow::model {

// The morph-target weights of one pose, per mesh: each mesh's defaults, then
// what the clip keys, blended linearly toward a second clip's (glTF's rule:
// weights interpolate like translations; a clip that does not key a mesh
// gives its defaults). Sized once per rig: evaluating allocates nothing.
// Holds the rig's mesh vector by reference, not its elements: a document
// replaces the rig's contents in place, and the vector stays the rig's.
// Every mesh's default weights, one per target (the mesh's own, padded with 0).
std::vector<std::vector<float>> defaultMorphWeights(const std::vector<mesh::Mesh>& meshes);

class MorphWeights {
public:
    explicit MorphWeights(const std::vector<mesh::Mesh>& meshes);

    // Every mesh back to its default weights.
    void reset();
    // The clip's morph tracks at `time` replace their meshes' weights.
    void sample(const anim::Clip& clip, float time);
    // weight 0 keeps the current weights, 1 gives clip b's at timeB.
    void blendToward(const anim::Clip& b, float timeB, float weight);

    std::span<const float> of(std::size_t mesh) const { return m_weights[mesh]; }
    // True when some target of the mesh has a non-zero weight.
    bool morphs(std::size_t mesh) const;

private:
    const std::vector<mesh::Mesh>& m_meshes;
    std::vector<std::vector<float>> m_weights;
    std::vector<std::vector<float>> m_scratch;
};

} // namespace marrow::model
