// SPDX-License-Identifier: MIT
#include "core/anim/joint_blocks.h"

namespace marrow::anim {

static_assert(sizeof(math::Transform) == JointBlock::kFloats * sizeof(float), "a Transform is ten floats");

math::Transform jointOf(std::span<const JointBlock> blocks, std::size_t joint)
{
    math::Transform t;
    float* f = &t.translation.x;
    const JointBlock& b = blocks[joint / JointBlock::kLanes];
    for (std::size_t k = 0; k < JointBlock::kFloats; ++k)
        f[k] = b.c[k][joint % JointBlock::kLanes];
    return t;
}

void setJoint(std::span<JointBlock> blocks, std::size_t joint, const math::Transform& t)
{
    const float* f = &t.translation.x;
    JointBlock& b = blocks[joint / JointBlock::kLanes];
    for (std::size_t k = 0; k < JointBlock::kFloats; ++k)
        b.c[k][joint % JointBlock::kLanes] = f[k];
}

bool toBlocks(std::span<const math::Transform> transforms, std::span<JointBlock> blocks)
{
    if (blocks.size() != blockCount(transforms.size()))
        return false;
    for (std::size_t j = 0; j < blocks.size() * JointBlock::kLanes; ++j)
        setJoint(blocks, j, j < transforms.size() ? transforms[j] : math::Transform{});
    return true;
}

bool fromBlocks(std::span<const JointBlock> blocks, std::span<math::Transform> transforms)
{
    if (blocks.size() != blockCount(transforms.size()))
        return false;
    for (std::size_t j = 0; j < transforms.size(); ++j)
        transforms[j] = jointOf(blocks, j);
    return true;
}

} // namespace marrow::anim
