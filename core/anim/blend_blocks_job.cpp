// SPDX-License-Identifier: MIT
#include "core/anim/blend_blocks_job.h"
#include "core/anim/blend_blocks_avx2.h"
#include "core/anim/blend_joint_inline.h"
#include "core/math/cpu_features.h"

namespace marrow::anim {

std::optional<std::string> BlendBlocksJob::validate() const
{
    const std::size_t blocks = blockCount(joints);
    if (a.size() != blocks || b.size() != blocks || rest.size() != blocks || output.size() != blocks)
        return "a, b, rest and output must have one block per eight joints";
    if (aAnimated.size() != joints || bAnimated.size() != joints)
        return "aAnimated and bAnimated must have one entry per joint";
    if (!jointWeights.empty() && jointWeights.size() != joints)
        return "jointWeights must be empty or have one weight per joint";
    return std::nullopt;
}

bool BlendBlocksJob::run() const
{
    if (validate())
        return false;
    const float w = detail::clampWeight(weight);
    const float* weights = jointWeights.empty() ? nullptr : jointWeights.data();
    if (math::hasAvx2Fma() && detail::blendBlocksAvx2(a.data(), b.data(), rest.data(), aAnimated.data(),
                                                      bAnimated.data(), joints, w, weights, output.data()))
        return true;
    // Elsewhere joint by joint (each joint's lanes read before they are written).
    for (std::size_t j = 0; j < blockCount(joints) * JointBlock::kLanes; ++j) {
        const bool inA = j < joints && aAnimated[j], inB = j < joints && bAnimated[j];
        const float wj = weights && j < joints ? detail::clampWeight(weights[j]) : w;
        setJoint(output, j, detail::blendJoint(jointOf(a, j), jointOf(b, j), jointOf(rest, j), inA, inB, wj));
    }
    return true;
}

} // namespace marrow::anim
