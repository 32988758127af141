// SPDX-License-Identifier: MIT
#include "core/anim/foot_contacts.h"

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>

#include <algorithm>
#include <limits>

namespace marrow::anim {

namespace {

glm::vec3 horizontal(const glm::vec3& v, const glm::vec3& up)
{
    return v - up * glm::dot(v, up);
}

// The foot's horizontal step into frame k, the treadmill's motion taken off.
glm::vec3 stepInto(std::span<const glm::vec3> track, std::span<const glm::vec3> treadmill, std::size_t k,
                   const glm::vec3& up)
{
    const glm::vec3 ground = treadmill.size() == track.size() ? treadmill[k] : glm::vec3(0.f);
    return horizontal(track[k] - track[k - 1] - ground, up);
}

} // namespace

float footGround(std::span<const glm::vec3> track, const glm::vec3& up)
{
    float lowest = std::numeric_limits<float>::max();
    for (const glm::vec3& p : track)
        lowest = std::min(lowest, glm::dot(p, up));
    return track.empty() ? 0.f : lowest;
}

std::vector<Contact> footContacts(std::span<const glm::vec3> track, float ground, float legLength, double fps,
                                  const ContactRule& rule, const glm::vec3& up, std::span<const glm::vec3> treadmill)
{
    std::vector<Contact> contacts;
    const std::size_t n = track.size();
    if (n == 0 || !(legLength > 0.f) || !(fps > 0.0))
        return contacts;
    const float heightIn = rule.absoluteHeight > 0.f ? rule.absoluteHeight : rule.height * legLength, speedIn = rule.speed * legLength;
    const float heightOut = heightIn * rule.release, speedOut = speedIn * rule.release;
    const auto speedAt = [&](std::size_t k) {
        // Central difference over the steps into and out of frame k (one-sided at the ends).
        glm::vec3 travel(0.f);
        int steps = 0;
        if (k > 0) {
            travel += stepInto(track, treadmill, k, up);
            ++steps;
        }
        if (k + 1 < n) {
            travel += stepInto(track, treadmill, k + 1, up);
            ++steps;
        }
        return steps == 0 ? 0.f : glm::length(travel) * static_cast<float>(fps) / static_cast<float>(steps);
    };
    bool planted = false;
    for (std::size_t k = 0; k < n; ++k) {
        const float height = glm::dot(track[k], up) - ground;
        const float speed = speedAt(k);
        planted = planted ? height <= heightOut && speed <= speedOut : height <= heightIn && speed <= speedIn;
        if (!planted)
            continue;
        const int frame = static_cast<int>(k);
        // A gap shorter than minFrames (a one-frame blip off the ground) closes.
        if (!contacts.empty() && frame - contacts.back().last - 1 < rule.minFrames)
            contacts.back().last = frame;
        else
            contacts.push_back({frame, frame});
    }
    std::erase_if(contacts, [&](const Contact& c) { return c.last - c.first + 1 < rule.minFrames; });
    return contacts;
}

double plantedTravel(std::span<const glm::vec3> track, std::span<const Contact> contacts, const glm::vec3& up,
                     std::span<const glm::vec3> treadmill)
{
    double travel = 0.0;
    for (const Contact& c : contacts)
        for (int k = std::max(c.first + 1, 1); k <= c.last && static_cast<std::size_t>(k) < track.size(); ++k)
            travel += glm::length(stepInto(track, treadmill, static_cast<std::size_t>(k), up));
    return travel;
}

float legLength(const Skeleton& skeleton, std::span<const glm::mat4> restWorld, JointIndex foot)
{
    if (foot < 0 || static_cast<std::size_t>(foot) >= skeleton.size() || restWorld.size() != skeleton.size())
        return 0.f;
    std::vector<int> children(skeleton.size(), 0);
    for (const JointIndex p : skeleton.parents)
        if (p >= 0)
            ++children[static_cast<std::size_t>(p)];
    float length = 0.f;
    JointIndex j = foot;
    for (int bones = 0; bones < 4; ++bones) {
        const JointIndex p = skeleton.parents[static_cast<std::size_t>(j)];
        if (p < 0)
            break;
        length += glm::distance(glm::vec3(restWorld[static_cast<std::size_t>(j)][3]),
                                glm::vec3(restWorld[static_cast<std::size_t>(p)][3]));
        j = p;
        if (children[static_cast<std::size_t>(p)] >= 2)
            break;  // the hip: another leg or the spine hangs here too
    }
    return length;
}

} // namespace marrow::anim
