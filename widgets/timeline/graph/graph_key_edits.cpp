// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/graph_key_edits.h"

#include "core/anim/key_ops.h"
#include "widgets/timeline/graph/channel_curve.h"
#include "widgets/timeline/graph/rotation_slopes.h"

#include <algorithm>
#include <type_traits>
#include <vector>

namespace marrow::ui::graph {

namespace {

template <class T>
void moveChannel(anim::Channel<T>& channel, const std::vector<float>& times, const KeyMove& move, double dv)
{
    if (times.empty() || channel.empty())
        return;
    const std::vector<std::size_t> indices = anim::keysAtTimes(channel, std::span<const float>(times));
    if constexpr (std::is_same_v<T, glm::vec3>) {
        if (dv != 0.0)
            for (const std::size_t i : indices)
                channel.values[i][move.component] += static_cast<float>(dv);
    }
    const float dt = static_cast<float>(move.dt);
    anim::retimeKeys(channel, std::span<const std::size_t>(indices), [dt](float t) { return t + dt; });
}

} // namespace

void applyKeyMove(anim::JointTrack& track, model::JointIndex joint, const std::set<doc::KeyId>& keys,
                  const KeyMove& move)
{
    for (const doc::ChannelKind kind :
         {doc::ChannelKind::Translation, doc::ChannelKind::Rotation, doc::ChannelKind::Scale}) {
        std::vector<float> times;
        for (const doc::KeyId& k : keys)
            if (k.joint == joint && k.kind == kind)
                times.push_back(k.time);
        const bool moveValue = move.component >= 0 && move.component < 3 && kind == move.valueKind;
        const double dv = moveValue ? move.dv / displayScale(track, kind) : 0.0;
        doc::visitChannel(track, kind, [&](auto& channel) { moveChannel(channel, times, move, dv); });
    }
}

std::set<doc::KeyId> movedKeys(const std::set<doc::KeyId>& keys, const KeyMove& move)
{
    std::set<doc::KeyId> out;
    const float dt = static_cast<float>(move.dt);
    for (doc::KeyId k : keys) {
        k.time = k.time + dt;  // the same float sum retimeKeys makes
        out.insert(k);
    }
    return out;
}

double clampMoveToZero(const std::set<doc::KeyId>& keys, double wanted)
{
    if (keys.empty() || wanted >= 0.0)
        return wanted;
    float earliest = keys.begin()->time;
    for (const doc::KeyId& k : keys)
        earliest = std::min(earliest, k.time);
    return std::max(wanted, -static_cast<double>(earliest));
}

void setAlignedSlope(anim::Vec3Channel& channel, std::size_t key, int component, float slope)
{
    if (key >= channel.size() || component < 0 || component > 2)
        return;
    glm::vec3 in = key < channel.inTangents.size() ? channel.inTangents[key] : glm::vec3(0.f);
    glm::vec3 out = key < channel.outTangents.size() ? channel.outTangents[key] : glm::vec3(0.f);
    in[component] = slope;
    out[component] = slope;
    anim::setKeyTangents(channel, key, in, out);
}

void setAlignedRotationSlope(anim::QuatChannel& channel, std::size_t key, const glm::dvec3& eulerDegrees,
                             int component, double slope)
{
    if (key >= channel.size() || component < 0 || component > 2)
        return;
    const glm::quat out = key < channel.outTangents.size() ? channel.outTangents[key] : glm::quat(0.f, 0.f, 0.f, 0.f);
    glm::dvec3 slopes = eulerSlopes(channel.values[key], eulerDegrees, out);
    slopes[component] = slope;
    const glm::quat m = quatTangent(channel.values[key], eulerDegrees, slopes);
    anim::setKeyTangents(channel, key, m, m);
}

} // namespace marrow::ui::graph
