// SPDX-License-Identifier: MIT
#include "core/anim/local_to_world_job.h"

namespace marrow::anim {

std::optional<std::string> LocalToWorldJob::validate() const
{
    if (parents.size() != locals.size() || output.size() != locals.size())
        return "parents, locals and output must have one entry per joint";
    for (std::size_t i = 0; i < parents.size(); ++i)
        if (parents[i] != kNoParent && (parents[i] < 0 || static_cast<std::size_t>(parents[i]) >= i))
            return "joint " + std::to_string(i) + " does not come after its parent";
    return std::nullopt;
}

bool LocalToWorldJob::run() const
{
    if (validate())
        return false;
    for (std::size_t i = 0; i < locals.size(); ++i) {
        const glm::mat4 local = math::toMatrix(locals[i]);
        const JointIndex p = parents[i];
        output[i] = (p == kNoParent ? root : output[static_cast<std::size_t>(p)]) * local;
    }
    return true;
}

} // namespace marrow::anim
