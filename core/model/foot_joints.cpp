// SPDX-License-Identifier: MIT
#include "core/model/foot_joints.h"

#include "core/anim/foot_slide.h"

#include <algorithm>

namespace marrow::model {

std::vector<anim::JointIndex> deformingFeet(const Rig& rig)
{
    std::vector<std::uint8_t> weighted(rig.skeleton.size(), 0);
    bool any = false;
    for (const mesh::Mesh& m : rig.meshes) {
        if (m.skin < 0 || static_cast<std::size_t>(m.skin) >= rig.skins.size())
            continue;
        const Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
        for (std::size_t i = 0; i < m.weights.weights.size() && i < m.weights.joints.size(); ++i) {
            const std::uint16_t k = m.weights.joints[i];
            if (m.weights.weights[i] > 0.f && k < skin.joints.size() && skin.joints[k] >= 0 &&
                static_cast<std::size_t>(skin.joints[k]) < weighted.size()) {
                weighted[static_cast<std::size_t>(skin.joints[k])] = 1;
                any = true;
            }
        }
    }
    std::vector<anim::JointIndex> feet = anim::footJoints(rig.skeleton);
    if (any)
        std::erase_if(feet, [&](anim::JointIndex j) { return !weighted[static_cast<std::size_t>(j)]; });
    return feet;
}

} // namespace marrow::model
