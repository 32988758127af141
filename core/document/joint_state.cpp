// SPDX-License-Identifier: MIT
#include "core/document/joint_state.h"

namespace marrow::doc {

JointState remapJointState(const JointState& state, std::span<const model::JointIndex> newIndexOf)
{
    const auto moved = [&](model::JointIndex j) -> model::JointIndex {
        return j >= 0 && static_cast<std::size_t>(j) < newIndexOf.size() ? newIndexOf[static_cast<std::size_t>(j)] : -1;
    };
    JointState out;
    for (const auto& [joint, pose] : state.pose)
        if (const model::JointIndex to = moved(joint); to >= 0)
            out.pose.emplace(to, pose);
    for (model::JointIndex joint : state.locks)
        if (const model::JointIndex to = moved(joint); to >= 0)
            out.locks.insert(to);
    for (const auto& [joint, flag] : state.deform)
        if (const model::JointIndex to = moved(joint); to >= 0)
            out.deform.emplace(to, flag);
    return out;
}

} // namespace marrow::doc
