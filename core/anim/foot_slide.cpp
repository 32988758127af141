// SPDX-License-Identifier: MIT
#include "core/anim/foot_slide.h"

#include "core/anim/local_to_world_job.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

namespace marrow::anim {

double footSlide(std::span<const glm::vec3> positions, float contactHeight, const glm::vec3& up,
                 std::span<double> steps)
{
    if (positions.size() < 2)
        return 0.0;
    float lowest = std::numeric_limits<float>::max();
    for (const glm::vec3& p : positions)
        lowest = std::min(lowest, glm::dot(p, up));
    auto inContact = [&](const glm::vec3& p) { return glm::dot(p, up) - lowest <= contactHeight; };
    double slide = 0.0;
    for (std::size_t i = 1; i < positions.size(); ++i) {
        if (!inContact(positions[i - 1]) || !inContact(positions[i]))
            continue;
        glm::vec3 step = positions[i] - positions[i - 1];
        step -= up * glm::dot(step, up);
        slide += glm::length(step);
        if (i < steps.size())
            steps[i] += glm::length(step);
    }
    return slide;
}

std::vector<JointIndex> footJoints(const Skeleton& skeleton)
{
    std::vector<JointIndex> feet;
    for (std::size_t j = 0; j < skeleton.size(); ++j) {
        std::string lower = skeleton.names[j];
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
        for (const char* word : {"foot", "toe", "ankle", "ball"})
            if (lower.find(word) != std::string::npos) {
                feet.push_back(static_cast<JointIndex>(j));
                break;
            }
    }
    return feet;
}

FootSlideReport measureFootSlide(const Skeleton& skeleton, std::span<const JointIndex> feet,
                                 const std::function<bool(double, std::span<math::Transform>)>& pose, double start,
                                 double end, double fps, float contactHeight)
{
    FootSlideReport report;
    if (!(fps > 0.0) || !(end >= start))
        return report;
    const std::size_t n = skeleton.size();
    std::vector<math::Transform> locals(n);
    std::vector<glm::mat4> worlds(n);
    std::vector<std::vector<glm::vec3>> tracks(feet.size());
    const auto frames = static_cast<long long>(std::floor((end - start) * fps + 1e-9));
    for (long long k = 0; k <= frames; ++k) {
        if (!pose(start + static_cast<double>(k) / fps, locals))
            return report;
        const LocalToWorldJob job{skeleton.parents, locals, glm::mat4(1.f), worlds};
        if (!job.run())
            return report;
        for (std::size_t f = 0; f < feet.size(); ++f)
            if (feet[f] >= 0 && static_cast<std::size_t>(feet[f]) < n)
                tracks[f].push_back(glm::vec3(worlds[static_cast<std::size_t>(feet[f])][3]));
    }
    report.steps.assign(static_cast<std::size_t>(frames + 1), 0.0);
    for (std::size_t f = 0; f < feet.size(); ++f) {
        const auto j = static_cast<std::size_t>(feet[f]);
        const double slide = footSlide(tracks[f], contactHeight, {0.f, 1.f, 0.f}, report.steps);
        report.feet.push_back({j < n ? skeleton.names[j] : std::string(), slide});
        report.total += slide;
    }
    return report;
}

} // namespace marrow::anim
