// SPDX-License-Identifier: MIT
#include "core/anim/skinning_palette_job.h"

namespace marrow::anim {

std::optional<std::string> SkinningPaletteJob::validate() const
{
    if (inverseBind.size() != joints.size() || palette.size() != joints.size())
        return "joints, inverseBind and palette must have one entry per skin joint";
    if (!dualQuats.empty() && dualQuats.size() != joints.size())
        return "dualQuats must be empty or one per skin joint";
    for (JointIndex j : joints)
        if (j < 0 || static_cast<std::size_t>(j) >= worlds.size())
            return "skin joint " + std::to_string(j) + " is out of range";
    return std::nullopt;
}

bool SkinningPaletteJob::run() const
{
    if (validate())
        return false;
    for (std::size_t k = 0; k < joints.size(); ++k) {
        palette[k] = worlds[static_cast<std::size_t>(joints[k])] * inverseBind[k];
        if (!dualQuats.empty())
            dualQuats[k] = math::splitSkinningMatrix(palette[k], math::bindPivot(inverseBind[k]));
    }
    return true;
}

} // namespace marrow::anim
