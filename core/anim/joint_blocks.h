// SPDX-License-Identifier: MIT
#pragma once
// A pose as blocks of eight joints, each of a Transform's ten floats
// (translation x y z, rotation x y z w, scale x y z) across a block's lanes:
// structure of arrays, the layout eight-lane code reads without transposes
// (issue 39: the runtime pose from the sampler through the blend to locals
// to world). Joint j is lane j % 8 of block j / 8; toBlocks fills the lanes
// past the last joint with the identity.
#include "core/math/transform.h"

#include <cstddef>
#include <span>

namespace marrow::anim {

struct alignas(32) JointBlock {
    static constexpr std::size_t kLanes = 8;
    static constexpr std::size_t kFloats = 10;  // a Transform's, in its order
    float c[kFloats][kLanes];
};

constexpr std::size_t blockCount(std::size_t joints)
{
    return (joints + JointBlock::kLanes - 1) / JointBlock::kLanes;
}

math::Transform jointOf(std::span<const JointBlock> blocks, std::size_t joint);
void setJoint(std::span<JointBlock> blocks, std::size_t joint, const math::Transform& t);

// blocks.size() must be blockCount(transforms.size()) (false otherwise,
// nothing written).
bool toBlocks(std::span<const math::Transform> transforms, std::span<JointBlock> blocks);
bool fromBlocks(std::span<const JointBlock> blocks, std::span<math::Transform> transforms);

} // namespace marrow::anim
