// SPDX-License-Identifier: MIT
#include "core/model/cycle_search.h"

#include "core/anim/foot_slide.h"
#include "core/anim/root_match.h"
#include "core/model/auto_weights.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace marrow::model {

namespace {

// The share of the window's largest pose difference a range must reach
// inside to count as moving.
constexpr double kMovingShare = 0.1;

} // namespace

std::optional<CycleSearchResult> findCycle(const Rig& rig, ClipId clipId, const CycleSearchOptions& o,
                                           std::string* error)
{
    const auto fail = [error](std::string why) -> std::optional<CycleSearchResult> {
        if (error)
            *error = std::move(why);
        return std::nullopt;
    };
    const anim::Clip* clip = rig.clipAt(clipId);
    if (!clip)
        return fail("no clip " + std::to_string(clipId));
    if (!(o.fps > 0.0) || !std::isfinite(o.fps) || !std::isfinite(o.minLength) || !std::isfinite(o.from) ||
        !std::isfinite(o.to))
        return fail("the frame rate, window and length must be finite, the rate above 0");
    const double from = std::max(o.from < 0.0 ? 0.0 : o.from, static_cast<double>(clip->start()));
    const double to = std::min(o.to < 0.0 ? static_cast<double>(clip->duration) : o.to,
                               static_cast<double>(clip->duration));
    const auto firstFrame = static_cast<long long>(std::ceil(from * o.fps - 1e-6));
    const auto lastFrame = static_cast<long long>(std::floor(to * o.fps + 1e-6));
    const auto minFrames = std::max<long long>(1, static_cast<long long>(std::ceil(o.minLength * o.fps - 1e-6)));
    if (lastFrame - firstFrame < minFrames) {
        char text[80];
        std::snprintf(text, sizeof text, "the window holds no range of %.3g s or more", o.minLength);
        return fail(text);
    }

    // Features once per frame; the pairs compare them.
    const std::vector<anim::JointIndex> joints = visibleJoints(rig);
    const anim::JointIndex root = anim::rootMotionJoint(rig.skeleton, *clip);
    const std::size_t n = static_cast<std::size_t>(lastFrame - firstFrame + 1);
    std::vector<anim::PoseFeatures> features(n);
    for (std::size_t k = 0; k < n; ++k)
        features[k] = anim::poseFeatures(rig.skeleton, *clip,
                                         static_cast<double>(firstFrame + static_cast<long long>(k)) / o.fps, joints,
                                         root, 1.0 / o.fps);
    // Around the joints' own ground centroid, not the root motion joint's:
    // a take's topmost translated joint may stand still while the hips carry
    // the travel, and a walk must loop wherever along the ground it has got to.
    for (anim::PoseFeatures& f : features) {
        glm::vec3 centre(0.f);
        for (const glm::vec3& p : f.positions)
            centre += p;
        centre /= static_cast<float>(std::max<std::size_t>(1, f.positions.size()));
        for (glm::vec3& p : f.positions)
            p -= glm::vec3(centre.x, 0.f, centre.z);
    }
    anim::PoseCostWeights weights = o.weights;
    if (!(weights.height > 0.0))
        weights.height = static_cast<double>(anim::suggestedContactHeight(rig.skeleton)) / 0.02;

    // Two passes over the pairs (no n x n matrix for a long take): the
    // largest difference, then each start's ends with how far it strayed.
    const auto pair = [&](std::size_t i, std::size_t j) { return anim::poseCost(features[i], features[j], weights); };
    double largest = 0.0;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            largest = std::max(largest, pair(i, j));
    if (!(largest > 0.0))
        return fail("nothing moves in the window");
    const double moving = kMovingShare * largest;
    const auto span = static_cast<std::size_t>(minFrames);

    CycleSearchResult best;
    double bestCost = std::numeric_limits<double>::infinity();
    std::size_t bestI = 0, bestJ = 0;
    for (std::size_t i = 0; i + span < n; ++i) {
        double strayed = 0.0;  // the most the pose strays from i's before j
        for (std::size_t j = i + 1; j < n; ++j) {
            const double c = pair(i, j);
            if (j >= i + span && strayed >= moving && c < bestCost) {
                bestCost = c;
                bestI = i;
                bestJ = j;
            }
            strayed = std::max(strayed, c);
        }
    }
    if (!std::isfinite(bestCost))
        return fail("no range in the window moves");
    best.start = static_cast<double>(firstFrame + static_cast<long long>(bestI)) / o.fps;
    best.end = static_cast<double>(firstFrame + static_cast<long long>(bestJ)) / o.fps;
    best.cost = bestCost;
    return best;
}

} // namespace marrow::model
