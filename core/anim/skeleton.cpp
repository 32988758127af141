// SPDX-License-Identifier: MIT
#include "core/anim/skeleton.h"

namespace marrow::anim {

std::optional<JointIndex> Skeleton::find(const std::string& name) const
{
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name)
            return static_cast<JointIndex>(i);
    return std::nullopt;
}

std::optional<std::string> Skeleton::validate() const
{
    if (names.size() != parents.size() || rest.size() != parents.size())
        return "skeleton arrays differ in size";
    for (std::size_t i = 0; i < parents.size(); ++i) {
        if (parents[i] != kNoParent && (parents[i] < 0 || static_cast<std::size_t>(parents[i]) >= i))
            return "joint " + std::to_string(i) + " ('" + names[i] + "') does not come after its parent";
        if (!math::isFinite(rest[i]))
            return "joint " + std::to_string(i) + " ('" + names[i] + "') has a non-finite rest transform";
    }
    return std::nullopt;
}

} // namespace marrow::anim
