// SPDX-License-Identifier: MIT
#include "core/anim/foot_slide.h"

#include "core/anim/local_to_world_job.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

namespace marrow::anim {

namespace {

float lowest(std::span<const glm::vec3> positions, const glm::vec3& up)
{
    float low = std::numeric_limits<float>::max();
    for (const glm::vec3& p : positions)
        low = std::min(low, glm::dot(p, up));
    return low;
}

// Each foot's world positions at start + k / fps; empty tracks when the
// pose fails.
std::vector<std::vector<glm::vec3>> sampleFeet(const Skeleton& skeleton, std::span<const JointIndex> feet,
                                               const PoseAt& pose, double start, double end, double fps)
{
    const std::size_t n = skeleton.size();
    std::vector<math::Transform> locals(n);
    std::vector<glm::mat4> worlds(n);
    std::vector<std::vector<glm::vec3>> tracks(feet.size());
    const auto frames = static_cast<long long>(std::floor((end - start) * fps + 1e-9));
    for (long long k = 0; k <= frames; ++k) {
        const LocalToWorldJob job{skeleton.parents, locals, glm::mat4(1.f), worlds};
        if (!pose(start + static_cast<double>(k) / fps, locals) || !job.run())
            return std::vector<std::vector<glm::vec3>>(feet.size());
        for (std::size_t f = 0; f < feet.size(); ++f)
            if (feet[f] >= 0 && static_cast<std::size_t>(feet[f]) < n)
                tracks[f].push_back(glm::vec3(worlds[static_cast<std::size_t>(feet[f])][3]));
    }
    return tracks;
}

FootSlideReport report(const Skeleton& skeleton, std::span<const JointIndex> feet,
                       const std::vector<std::vector<glm::vec3>>& tracks, std::span<const float> grounds,
                       std::size_t samples, float contactHeight)
{
    FootSlideReport r;
    r.steps.assign(samples, 0.0);
    for (std::size_t f = 0; f < feet.size(); ++f) {
        const auto j = static_cast<std::size_t>(feet[f]);
        const double slide = footSlideAbove(tracks[f], grounds[f], contactHeight, {0.f, 1.f, 0.f}, r.steps);
        r.feet.push_back({j < skeleton.size() ? skeleton.names[j] : std::string(), slide});
        r.total += slide;
    }
    return r;
}

std::size_t sampleCount(double start, double end, double fps)
{
    return static_cast<std::size_t>(std::floor((end - start) * fps + 1e-9)) + 1;
}

} // namespace

double footSlideAbove(std::span<const glm::vec3> positions, float ground, float contactHeight, const glm::vec3& up,
                      std::span<double> steps)
{
    auto inContact = [&](const glm::vec3& p) { return glm::dot(p, up) - ground <= contactHeight; };
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

double footSlide(std::span<const glm::vec3> positions, float contactHeight, const glm::vec3& up,
                 std::span<double> steps)
{
    if (positions.size() < 2)
        return 0.0;
    return footSlideAbove(positions, lowest(positions, up), contactHeight, up, steps);
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

FootSlideReport measureFootSlide(const Skeleton& skeleton, std::span<const JointIndex> feet, const PoseAt& pose,
                                 double start, double end, double fps, float contactHeight)
{
    if (!(fps > 0.0) || !(end >= start))
        return {};
    const auto tracks = sampleFeet(skeleton, feet, pose, start, end, fps);
    std::vector<float> grounds(feet.size());
    for (std::size_t f = 0; f < feet.size(); ++f)
        grounds[f] = lowest(tracks[f], {0.f, 1.f, 0.f});
    return report(skeleton, feet, tracks, grounds, sampleCount(start, end, fps), contactHeight);
}

std::vector<FootSlideReport> measureFootSlides(const Skeleton& skeleton, std::span<const JointIndex> feet,
                                               std::span<const PoseAt> poses, double start, double end, double fps,
                                               float contactHeight)
{
    if (!(fps > 0.0) || !(end >= start))
        return std::vector<FootSlideReport>(poses.size());
    std::vector<std::vector<std::vector<glm::vec3>>> tracks;
    std::vector<float> grounds(feet.size(), std::numeric_limits<float>::max());
    for (const PoseAt& pose : poses) {
        tracks.push_back(sampleFeet(skeleton, feet, pose, start, end, fps));
        for (std::size_t f = 0; f < feet.size(); ++f)
            grounds[f] = std::min(grounds[f], lowest(tracks.back()[f], {0.f, 1.f, 0.f}));
    }
    std::vector<FootSlideReport> reports;
    for (const auto& t : tracks)
        reports.push_back(report(skeleton, feet, t, grounds, sampleCount(start, end, fps), contactHeight));
    return reports;
}

} // namespace marrow::anim
