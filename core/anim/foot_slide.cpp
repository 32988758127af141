// SPDX-License-Identifier: MIT
#include "core/anim/foot_slide.h"

#include "core/anim/local_to_world_job.h"

#include <algorithm>
#include <cctype>

namespace marrow::anim {

std::vector<JointIndex> footJoints(const Skeleton& skeleton)
{
    std::vector<JointIndex> feet;
    for (std::size_t j = 0; j < skeleton.size(); ++j) {
        std::string lower = skeleton.names[j];
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
        for (const char* word : {"foot", "toe", "ankle", "ball"})
            if (lower.find(word) != std::string::npos && !isFootHelperName(skeleton.names[j])) {
                feet.push_back(static_cast<JointIndex>(j));
                break;
            }
    }
    return feet;
}

bool isFootHelperName(const std::string& name)
{
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    for (const char* word : {"footstep", "target", "ctrl", "control", "locator"})
        if (lower.find(word) != std::string::npos)
            return true;
    // "ik" as a word part of its own: "foot_ik", "IK_Foot_L", "LeftFootIK", not "Bikini".
    for (std::size_t at = lower.find("ik"); at != std::string::npos; at = lower.find("ik", at + 1)) {
        const bool startsWord = at == 0 || !std::isalpha(static_cast<unsigned char>(lower[at - 1])) ||
                                (std::isupper(static_cast<unsigned char>(name[at])) != 0);
        const bool endsWord = at + 2 == lower.size() || !std::isalpha(static_cast<unsigned char>(lower[at + 2])) ||
                              (std::isupper(static_cast<unsigned char>(name[at + 2])) != 0);
        if (startsWord && endsWord)
            return true;
    }
    return false;
}

float suggestedContactHeight(const Skeleton& skeleton)
{
    std::vector<glm::mat4> worlds(skeleton.size());
    const LocalToWorldJob job{skeleton.parents, skeleton.rest, glm::mat4(1.f), worlds};
    if (!job.run() || worlds.empty())
        return 0.f;
    float lo = worlds[0][3].y, hi = lo;
    for (const glm::mat4& w : worlds) {
        lo = std::min(lo, w[3].y);
        hi = std::max(hi, w[3].y);
    }
    return 0.02f * (hi - lo);
}

} // namespace marrow::anim
