// SPDX-License-Identifier: MIT
#include "core/model/blend_profile.h"

namespace marrow::model {

std::vector<float> withSubtreeScale(const anim::Skeleton& skeleton, std::vector<float> profile,
                                    std::span<const anim::JointIndex> roots, float scale)
{
    const std::size_t n = skeleton.size();
    if (profile.size() != n)
        profile.assign(n, 1.f);
    std::vector<std::uint8_t> marked(n, 0);
    for (anim::JointIndex r : roots)
        if (r >= 0 && static_cast<std::size_t>(r) < n)
            marked[static_cast<std::size_t>(r)] = 1;
    // Parents come before their children in a valid skeleton, so one pass
    // in order carries each mark down its subtree.
    for (std::size_t j = 0; j < n; ++j) {
        const anim::JointIndex p = skeleton.parents[j];
        if (p >= 0 && static_cast<std::size_t>(p) < j && marked[static_cast<std::size_t>(p)])
            marked[j] = 1;
        if (marked[j])
            profile[j] = scale;
    }
    return profile;
}

float profileScale(std::span<const float> profile, anim::JointIndex joint)
{
    return joint >= 0 && static_cast<std::size_t>(joint) < profile.size() ? profile[static_cast<std::size_t>(joint)]
                                                                          : 1.f;
}

} // namespace marrow::model
