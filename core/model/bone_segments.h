// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>

namespace marrow::model {

// Where a bone with children lies for bone heat.
enum class BoneSegments : std::uint8_t {
    // A segment from the joint to each child bone: a hip bone reaches both
    // thighs and the spine. Agrees with artists' weights most often (measured
    // on every skinned model in ../shared/models).
    EachChild,
    // One segment towards the centroid of its children, as long as the
    // nearest child is far: the bone Blender's glTF importer makes (before
    // it snaps the bone to the joint's nearest axis), so the weights come out
    // close to Blender's With Automatic Weights.
    Blender,
};

} // namespace marrow::model
