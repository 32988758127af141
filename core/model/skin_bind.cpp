// SPDX-License-Identifier: MIT
#include "core/model/skin_bind.h"

#include "core/math/transform.h"

#include <glm/matrix.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::model {

std::optional<glm::mat4> inverseBindFor(const Rig& rig, int skin, anim::JointIndex joint)
{
    const anim::Skeleton& s = rig.skeleton;
    if (skin < 0 || static_cast<std::size_t>(skin) >= rig.skins.size() || joint < 0
        || static_cast<std::size_t>(joint) >= s.size())
        return std::nullopt;
    const Skin& sk = rig.skins[static_cast<std::size_t>(skin)];
    // Walk up collecting rest locals until an ancestor in the skin (or the root).
    glm::mat4 below(1.f);  // rest locals from just under the anchor down to the joint
    glm::mat4 anchor(1.f);
    for (anim::JointIndex j = joint; j != anim::kNoParent; j = s.parents[static_cast<std::size_t>(j)]) {
        const auto k = std::find(sk.joints.begin(), sk.joints.end(), j);
        if (k != sk.joints.end() && j != joint) {
            anchor = glm::inverse(sk.inverseBind[static_cast<std::size_t>(k - sk.joints.begin())]);
            break;
        }
        below = math::toMatrix(s.rest[static_cast<std::size_t>(j)]) * below;
    }
    const glm::mat4 world = anchor * below;
    const float det = glm::determinant(world);
    if (!std::isfinite(det) || std::abs(det) < 1e-12f)
        return std::nullopt;
    return glm::inverse(world);
}

} // namespace marrow::model
