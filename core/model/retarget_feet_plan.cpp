// SPDX-License-Identifier: MIT
#include "core/model/retarget_feet_plan.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <utility>

namespace marrow::model {

namespace {

using feet::horizontal;
using feet::kUp;
// Around a contact a foot the source has lifted is kept this many leg
// lengths over its ground at least: twice the height past which the foot
// model ends a contact, so it ends when the source's does.
constexpr float kClearance = 2.f * anim::ContactRule{}.release * anim::ContactRule{}.height;

} // namespace

std::vector<glm::vec3> footOffsets(std::span<const anim::Contact> contacts, std::span<const glm::vec3> source,
                                   std::span<const glm::vec3> target, float ratio, float legLength,
                                   std::vector<bool>& held)
{
    held.assign(target.size(), false);
    // The target's ground: where its carried feet typically stand over the source's contacts.
    const float sourceGround = anim::footGround(source, kUp);
    std::vector<float> stands;
    for (const anim::Contact& c : contacts)
        for (int f = std::max(c.first, 0); f <= c.last && f < static_cast<int>(target.size()); ++f)
            stands.push_back(glm::dot(target[static_cast<std::size_t>(f)], kUp) -
                             (glm::dot(source[static_cast<std::size_t>(f)], kUp) - sourceGround) * ratio);
    if (stands.empty())
        return std::vector<glm::vec3>(target.size(), glm::vec3(0.f));
    std::nth_element(stands.begin(), stands.begin() + static_cast<std::ptrdiff_t>(stands.size() / 2), stands.end());
    const float targetGround = stands[stands.size() / 2];
    const auto frames = static_cast<int>(target.size());
    std::vector<glm::vec3> out(target.size(), glm::vec3(0.f));
    // A contact is held when holding it moves the foot no farther than
    // kFootMostShift of a leg off its carried path: past that the source's foot
    // was not cleanly planted (it skates in its own clip), and IK would bend
    // the leg further from the source's than the slide it removes.
    std::vector<std::vector<glm::vec3>> shifts;  // per held contact, per frame: the step-by-step anchor's pull
    std::vector<anim::Contact> kept;
    for (const anim::Contact& c : contacts) {
        const int first = std::clamp(c.first, 0, frames - 1), last = std::clamp(c.last, 0, frames - 1);
        std::vector<glm::vec3> along(static_cast<std::size_t>(last - first + 1));
        glm::vec3 anchor = target[static_cast<std::size_t>(first)];
        float most = 0.f;
        for (int f = first; f <= last; ++f) {
            const auto k = static_cast<std::size_t>(f);
            if (f > first)
                anchor += horizontal(source[k] - source[k - 1]) * ratio;
            along[static_cast<std::size_t>(f - first)] = horizontal(anchor - target[k]);
            most = std::max(most, glm::length(along[static_cast<std::size_t>(f - first)]));
        }
        if (most <= kFootMostShift * legLength) {
            kept.push_back({first, last});
            shifts.push_back(std::move(along));
        }
    }
    // Through a held contact the foot stands at the source's height above
    // its ground (scaled); either side the change at the contact's end
    // fades over kFootRelease frames (the swing keeps its carried shape).
    const auto lift = [&](int f) {
        const auto k = static_cast<std::size_t>(f);
        return targetGround + (glm::dot(source[k], kUp) - sourceGround) * ratio - glm::dot(target[k], kUp);
    };
    constexpr int fade = kFootRelease;
    std::vector<float> vertical(target.size(), 0.f), nearest(target.size(), static_cast<float>(fade + 1));
    for (const anim::Contact& c : kept)
        for (int f = c.first - fade; f <= c.last + fade; ++f) {
            if (f < 0 || f >= frames)
                continue;
            const int away = f < c.first ? c.first - f : f > c.last ? f - c.last : 0;
            const auto k = static_cast<std::size_t>(f);
            if (static_cast<float>(away) >= nearest[k])
                continue;
            nearest[k] = static_cast<float>(away);
            const int from = std::clamp(f, c.first, c.last);
            vertical[k] = lift(from) * (1.f - static_cast<float>(away) / (fade + 1));
            // Just before and after the contact the foot is no lower than the source's
            // (scaled): it lands and lifts when the source's does, not a frame apart.
            if (away > 0) {
                // Raised only as far as clear of the ground, not up to a kick.
                const float clear = targetGround + kClearance * legLength - glm::dot(target[k], kUp);
                vertical[k] = std::max(vertical[k], std::min(lift(f), clear) * (1.f - static_cast<float>(away - 1) / fade));
            }
        }
    for (std::size_t k = 0; k < target.size(); ++k)
        out[k] = kUp * vertical[k];
    std::vector<std::pair<int, glm::vec3>> releases;  // a hold's last frame and its shift there
    for (std::size_t h = 0; h < kept.size(); ++h) {
        for (int f = kept[h].first; f <= kept[h].last; ++f) {
            out[static_cast<std::size_t>(f)] += shifts[h][static_cast<std::size_t>(f - kept[h].first)];
            held[static_cast<std::size_t>(f)] = true;
        }
        releases.emplace_back(kept[h].last, shifts[h].back());
    }
    easeBack(out, held, releases);
    return out;
}

void easeBack(std::vector<glm::vec3>& out, const std::vector<bool>& held,
              std::span<const std::pair<int, glm::vec3>> releases)
{
    const auto frames = static_cast<int>(std::min(out.size(), held.size()));
    for (const auto& [last, end] : releases)
        for (int f = last + 1; f <= last + kFootRelease && f < frames && !held[static_cast<std::size_t>(f)]; ++f)
            out[static_cast<std::size_t>(f)] += end * (1.f - static_cast<float>(f - last) / (kFootRelease + 1));
}

float sourceSlide(std::span<const glm::vec3> track, const anim::Contact& c, std::span<const glm::vec3> treadmill,
                  int shift)
{
    float travel = 0.f;
    for (int f = c.first + 1; f <= c.last; ++f) {
        const auto k = static_cast<std::size_t>(f + shift);
        if (f + shift < 1 || k >= track.size())
            continue;
        const glm::vec3 ground = static_cast<std::size_t>(f) < treadmill.size() ? treadmill[static_cast<std::size_t>(f)] : glm::vec3(0.f);
        travel += glm::length(horizontal(track[k] - track[k - 1] - ground));
    }
    return travel;
}

} // namespace marrow::model
