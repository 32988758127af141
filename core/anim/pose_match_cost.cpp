// SPDX-License-Identifier: MIT
#include "core/anim/pose_match_cost.h"

#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::anim {

namespace {

// The chosen joints' world positions at a time, and the root's.
bool worldPositions(const Skeleton& s, const Clip& clip, double time, std::span<const JointIndex> joints,
                    JointIndex root, std::vector<glm::vec3>& out, glm::vec3& rootOut)
{
    std::vector<math::Transform> locals(s.size());
    std::vector<glm::mat4> worlds(s.size());
    const SampleClipJob sample{&clip, time, s.rest, {}, locals, {}};
    const LocalToWorldJob world{s.parents, locals, glm::mat4(1.f), worlds};
    if (!sample.run() || !world.run())
        return false;
    out.clear();
    for (JointIndex j : joints)
        out.emplace_back(worlds[static_cast<std::size_t>(j)][3]);
    rootOut = root >= 0 ? glm::vec3(worlds[static_cast<std::size_t>(root)][3]) : glm::vec3(0.f);
    return true;
}

} // namespace

PoseFeatures poseFeatures(const Skeleton& skeleton, const Clip& clip, double time, std::span<const JointIndex> joints,
                          JointIndex root, double h)
{
    PoseFeatures f;
    for (JointIndex j : joints)
        if (j < 0 || static_cast<std::size_t>(j) >= skeleton.size())
            return f;
    if (root >= 0 && static_cast<std::size_t>(root) >= skeleton.size())
        return f;
    // Backwards near the end, so the difference stays inside one cycle.
    const bool back = time + h > clip.duration;
    const double other = back ? std::max(0.0, time - h) : time + h;
    std::vector<glm::vec3> here, there;
    glm::vec3 rootHere(0.f), rootThere(0.f);
    if (!worldPositions(skeleton, clip, time, joints, root, here, rootHere) ||
        !worldPositions(skeleton, clip, other, joints, root, there, rootThere))
        return f;
    const glm::vec3 ground(rootHere.x, 0.f, rootHere.z);
    const float step = static_cast<float>(back ? time - other : other - time);
    for (std::size_t k = 0; k < here.size(); ++k) {
        f.positions.push_back(here[k] - ground);
        f.velocities.push_back(step > 0.f ? (back ? here[k] - there[k] : there[k] - here[k]) / step : glm::vec3(0.f));
    }
    return f;
}

double poseCost(const PoseFeatures& a, const PoseFeatures& b, const PoseCostWeights& w, double footPhase)
{
    const std::size_t n = std::min(a.positions.size(), b.positions.size());
    double positions = 0.0, velocities = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
        const glm::vec3 dp = a.positions[k] - b.positions[k];
        const glm::vec3 dv = a.velocities[k] - b.velocities[k];
        positions += static_cast<double>(glm::dot(dp, dp));
        velocities += static_cast<double>(glm::dot(dv, dv));
    }
    const double h2 = w.height > 0.0 ? w.height * w.height : 1.0;
    const double mean = n > 0 ? 1.0 / static_cast<double>(n) : 0.0;
    return w.position * positions * mean / h2 + w.velocity * w.velocityTime * w.velocityTime * velocities * mean / h2 +
           w.phase * footPhase * footPhase;
}

double footPhaseDistance(std::span<const SyncMarker> a, double lengthA, double timeA, std::span<const SyncMarker> b,
                         double lengthB, double timeB)
{
    if (a.empty() || b.empty() || !(lengthA > 0.0) || !(lengthB > 0.0))
        return 0.0;
    const MarkerSpan spanA = markerSpan(a, lengthA, timeA), spanB = markerSpan(b, lengthB, timeB);
    if (a[spanA.previous].name != b[spanB.previous].name)
        return 1.0;
    return std::abs(spanA.fraction - spanB.fraction);
}

} // namespace marrow::anim
