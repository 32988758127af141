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

std::size_t sampleCount(double start, double end, double fps)
{
    return static_cast<std::size_t>(std::floor((end - start) * fps + 1e-9)) + 1;
}

float median(std::vector<float> v)
{
    if (v.empty())
        return 0.f;
    const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
    std::nth_element(v.begin(), mid, v.end());
    return *mid;
}

} // namespace

std::vector<std::vector<glm::vec3>> sampleFootTracks(const Skeleton& skeleton, std::span<const JointIndex> feet,
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

float lowestPoint(std::span<const glm::vec3> track)
{
    return lowest(track, {0.f, 1.f, 0.f});
}

glm::vec3 treadmillVelocity(const std::vector<std::vector<glm::vec3>>& tracks, std::span<const float> grounds,
                            float contactHeight, std::span<const double> advance)
{
    std::vector<float> xs, zs;
    for (std::size_t f = 0; f < tracks.size() && f < grounds.size(); ++f)
        for (std::size_t i = 1; i < tracks[f].size() && i < advance.size(); ++i) {
            if (!(advance[i] > 1e-9))
                continue;
            if (tracks[f][i - 1].y - grounds[f] <= contactHeight && tracks[f][i].y - grounds[f] <= contactHeight) {
                xs.push_back(static_cast<float>((tracks[f][i].x - tracks[f][i - 1].x) / advance[i]));
                zs.push_back(static_cast<float>((tracks[f][i].z - tracks[f][i - 1].z) / advance[i]));
            }
        }
    return {median(std::move(xs)), 0.f, median(std::move(zs))};
}

FootSlideReport slideReport(const Skeleton& skeleton, std::span<const JointIndex> feet,
                            const std::vector<std::vector<glm::vec3>>& tracks, std::span<const float> grounds,
                            std::size_t samples, float contactHeight, std::span<const glm::vec3> treadmill)
{
    FootSlideReport r;
    r.steps.assign(samples, 0.0);
    for (std::size_t f = 0; f < feet.size(); ++f) {
        const auto j = static_cast<std::size_t>(feet[f]);
        const double slide =
            footSlideAbove(tracks[f], grounds[f], contactHeight, {0.f, 1.f, 0.f}, r.steps, treadmill);
        r.feet.push_back({j < skeleton.size() ? skeleton.names[j] : std::string(), slide});
        r.total += slide;
    }
    return r;
}

double footSlideAbove(std::span<const glm::vec3> positions, float ground, float contactHeight, const glm::vec3& up,
                      std::span<double> steps, std::span<const glm::vec3> treadmill)
{
    auto inContact = [&](const glm::vec3& p) { return glm::dot(p, up) - ground <= contactHeight; };
    double slide = 0.0;
    for (std::size_t i = 1; i < positions.size(); ++i) {
        if (!inContact(positions[i - 1]) || !inContact(positions[i]))
            continue;
        glm::vec3 step = positions[i] - positions[i - 1];
        if (i < treadmill.size())
            step -= treadmill[i];
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

FootSlideReport measureFootSlide(const Skeleton& skeleton, std::span<const JointIndex> feet, const PoseAt& pose,
                                 double start, double end, double fps, float contactHeight)
{
    if (!(fps > 0.0) || !(end >= start))
        return {};
    const auto tracks = sampleFootTracks(skeleton, feet, pose, start, end, fps);
    std::vector<float> grounds(feet.size());
    for (std::size_t f = 0; f < feet.size(); ++f)
        grounds[f] = lowest(tracks[f], {0.f, 1.f, 0.f});
    return slideReport(skeleton, feet, tracks, grounds, sampleCount(start, end, fps), contactHeight);
}

FeetOnOneGround sampleFeetOnOneGround(const Skeleton& skeleton, std::span<const JointIndex> feet,
                                      std::span<const PoseAt> poses, double start, double end, double fps)
{
    FeetOnOneGround out;
    out.grounds.assign(feet.size(), std::numeric_limits<float>::max());
    out.samples = sampleCount(start, end, fps);
    for (const PoseAt& pose : poses) {
        out.tracks.push_back(sampleFootTracks(skeleton, feet, pose, start, end, fps));
        for (std::size_t f = 0; f < feet.size(); ++f)
            out.grounds[f] = std::min(out.grounds[f], lowest(out.tracks.back()[f], {0.f, 1.f, 0.f}));
    }
    return out;
}

std::vector<FootSlideReport> measureFootSlides(const Skeleton& skeleton, std::span<const JointIndex> feet,
                                               std::span<const PoseAt> poses, double start, double end, double fps,
                                               float contactHeight)
{
    if (!(fps > 0.0) || !(end >= start))
        return std::vector<FootSlideReport>(poses.size());
    const FeetOnOneGround sampled = sampleFeetOnOneGround(skeleton, feet, poses, start, end, fps);
    std::vector<FootSlideReport> reports;
    for (const auto& t : sampled.tracks)
        reports.push_back(slideReport(skeleton, feet, t, sampled.grounds, sampled.samples, contactHeight));
    return reports;
}

} // namespace marrow::anim
