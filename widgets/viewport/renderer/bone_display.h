// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>

namespace marrow::gl {

// How the bones overlay draws (Blender's armature Viewport Display): the
// shape of each bone, and whether the bones draw over the meshes (In Front)
// or are hidden by what stands before them (a rigid prop on its bone, a body
// around its spine).
enum class BoneShape : std::uint8_t {
    Octahedral,  // the lit octahedron with a dark shell (the default)
    Stick,       // the same shape a fifth as wide: the character reads through it
    Wire,        // the octahedron's edges only
};

struct BoneDisplay {
    BoneShape shape = BoneShape::Octahedral;
    bool inFront = true;
    bool operator==(const BoneDisplay&) const = default;
};

// How wide the drawn bone is against the octahedron (bone.vert's uWidth).
inline float boneWidth(BoneShape shape)
{
    return shape == BoneShape::Stick ? 0.2f : 1.f;
}

} // namespace marrow::gl
