// SPDX-License-Identifier: MIT
#include "core/model/bind_pose.h"

#include <glm/matrix.hpp>

#include <optional>

namespace marrow::model {

std::vector<math::Transform> bindPoseLocals(const Rig& rig)
{
    const anim::Skeleton& skeleton = rig.skeleton;
    const std::size_t n = skeleton.size();
    std::vector<std::optional<glm::mat4>> bound(n);
    for (const Skin& skin : rig.skins)
        for (std::size_t k = 0; k < skin.joints.size() && k < skin.inverseBind.size(); ++k) {
            const auto j = static_cast<std::size_t>(skin.joints[k]);
            if (j < n && !bound[j] && glm::determinant(skin.inverseBind[k]) != 0.f)
                bound[j] = glm::inverse(skin.inverseBind[k]);
        }
    std::vector<math::Transform> locals(skeleton.rest.begin(), skeleton.rest.end());
    std::vector<glm::mat4> worlds(n);
    for (std::size_t j = 0; j < n; ++j) {
        const anim::JointIndex p = skeleton.parents[j];
        const bool root = p < 0;
        const glm::mat4 parentWorld = root ? glm::mat4(1.f) : worlds[static_cast<std::size_t>(p)];
        math::Transform local;
        if (bound[j] && math::fromMatrix(glm::inverse(parentWorld) * *bound[j], local))
            locals[j] = local;
        // The world as the pose will compose it, so a child's local undoes
        // exactly what its parent's decomposition kept.
        worlds[j] = parentWorld * math::toMatrix(locals[j]);
    }
    return locals;
}

} // namespace marrow::model
