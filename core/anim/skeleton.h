// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/transform.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace marrow::anim {

using JointIndex = std::int32_t;
constexpr JointIndex kNoParent = -1;

// The node hierarchy of a rig: every node that a mesh, a skin or a clip refers
// to, as parallel arrays. Invariant: parents[i] < i (parents come before
// children), so world matrices come from one forward pass. Joint indices
// elsewhere in the rig index these arrays.
struct Skeleton {
    std::vector<std::string> names;
    std::vector<JointIndex> parents;       // kNoParent for roots
    std::vector<math::Transform> rest;     // rest local TRS, rotation unit length

    std::size_t size() const { return parents.size(); }
    // First joint with this exact name, or nullopt.
    std::optional<JointIndex> find(const std::string& name) const;
    // nullopt when the arrays agree in size and every parent precedes its child.
    std::optional<std::string> validate() const;
    bool operator==(const Skeleton&) const = default;
};

} // namespace marrow::anim
