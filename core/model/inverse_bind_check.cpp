// SPDX-License-Identifier: MIT
#include "core/model/inverse_bind_check.h"

#include <cmath>

namespace marrow::model {

namespace {

constexpr std::size_t kMaxLines = 10;

} // namespace

bool isInvertibleAffine(const glm::mat4& m)
{
    // In double: tiny but regular scales (1e-20 per axis) must not underflow to "singular".
    const glm::dmat3 a(m);
    const double volume = glm::length(a[0]) * glm::length(a[1]) * glm::length(a[2]);
    const double det = glm::determinant(a);
    return std::isfinite(det) && volume > 0.0 && std::fabs(det) > 1e-6 * volume;
}

std::vector<std::string> singularInverseBindWarnings(const Rig& rig)
{
    std::vector<std::string> lines;
    std::size_t more = 0;
    for (std::size_t s = 0; s < rig.skins.size(); ++s) {
        const Skin& skin = rig.skins[s];
        for (std::size_t k = 0; k < skin.joints.size() && k < skin.inverseBind.size(); ++k) {
            if (isInvertibleAffine(skin.inverseBind[k]))
                continue;
            if (lines.size() == kMaxLines) {
                ++more;
                continue;
            }
            const auto j = static_cast<std::size_t>(skin.joints[k]);
            const std::string joint = j < rig.skeleton.size() ? rig.skeleton.names[j] : std::to_string(j);
            const std::string name = skin.name.empty() ? std::to_string(s) : "'" + skin.name + "'";
            lines.push_back("skin " + name + " joint '" + joint +
                            "' has a singular inverse bind matrix (not invertible): its vertices flatten when "
                            "posed and its bind pose cannot be recovered");
        }
    }
    if (more > 0)
        lines.push_back(std::to_string(more) + " more skin joints have a singular inverse bind matrix");
    return lines;
}

} // namespace marrow::model
