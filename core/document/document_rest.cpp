// SPDX-License-Identifier: MIT
#include "core/document/document.h"

#include <algorithm>
#include <cmath>

namespace marrow::doc {

bool Document::setRestPose(const std::vector<math::Transform>& rest,
                           const std::vector<std::vector<glm::mat4>>& inverseBinds)
{
    if (rest.size() != m_rig.skeleton.size() || inverseBinds.size() != m_rig.skins.size())
        return false;
    if (!std::all_of(rest.begin(), rest.end(), [](const math::Transform& t) { return math::isFinite(t); }))
        return false;
    for (std::size_t s = 0; s < inverseBinds.size(); ++s) {
        if (inverseBinds[s].size() != m_rig.skins[s].inverseBind.size())
            return false;
        for (const glm::mat4& m : inverseBinds[s])
            for (int c = 0; c < 4; ++c)
                for (int r = 0; r < 4; ++r)
                    if (!std::isfinite(m[c][r]))
                        return false;
    }
    m_rig.skeleton.rest = rest;
    for (std::size_t s = 0; s < inverseBinds.size(); ++s)
        m_rig.skins[s].inverseBind = inverseBinds[s];
    notify([&] { emit restPoseChanged(); });
    return true;
}

} // namespace marrow::doc
