// SPDX-License-Identifier: MIT
#include "core/anim/leg_gait.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <limits>

namespace marrow::anim {

namespace {

glm::vec3 groundStep(std::span<const glm::vec3> track, std::span<const glm::vec3> treadmill, std::size_t k)
{
    glm::vec3 step = track[k] - track[k - 1];
    if (treadmill.size() == track.size())
        step -= treadmill[k];
    step.y = 0.f;
    return step;
}

} // namespace

LegGround legGround(const LegTrack& track)
{
    return {footGround(track.foot), track.toe.empty() ? 0.f : footGround(track.toe)};
}

std::vector<Contact> mergedContacts(std::span<const Contact> a, std::span<const Contact> b, int minFrames)
{
    std::vector<Contact> all(a.begin(), a.end());
    all.insert(all.end(), b.begin(), b.end());
    std::sort(all.begin(), all.end(), [](const Contact& x, const Contact& y) { return x.first < y.first; });
    std::vector<Contact> merged;
    for (const Contact& c : all) {
        if (!merged.empty() && c.first - merged.back().last - 1 < minFrames)
            merged.back().last = std::max(merged.back().last, c.last);
        else
            merged.push_back(c);
    }
    return merged;
}

LegGait legGait(const LegTrack& track, const LegGround& ground, float legLength, double fps, const ContactRule& rule,
                std::span<const glm::vec3> treadmill)
{
    LegGait gait;
    const std::size_t n = track.foot.size();
    gait.steps.assign(n, 0.0);
    const bool toe = track.toe.size() == n && n > 0;
    const auto contactsBy = [&](const ContactRule& r) {
        std::vector<Contact> c = footContacts(track.foot, ground.foot, legLength, fps, r, {0.f, 1.f, 0.f}, treadmill);
        if (toe)
            c = mergedContacts(c, footContacts(track.toe, ground.toe, legLength, fps, r, {0.f, 1.f, 0.f}, treadmill),
                               r.minFrames);
        return c;
    };
    gait.contacts = contactsBy(rule);
    if (gait.contacts.empty() && rule.everyLegLands) {
        ContactRule byHeight = rule;
        byHeight.speed = std::numeric_limits<float>::infinity();
        gait.contacts = contactsBy(byHeight);
    }
    for (const Contact& c : gait.contacts)
        for (int k = std::max(c.first + 1, 1); k <= c.last && static_cast<std::size_t>(k) < n; ++k) {
            const auto i = static_cast<std::size_t>(k);
            double step = glm::length(groundStep(track.foot, treadmill, i));
            if (toe)
                step = std::min(step, static_cast<double>(glm::length(groundStep(track.toe, treadmill, i))));
            gait.steps[i] = step;
            gait.slide += step;
        }
    return gait;
}

} // namespace marrow::anim
