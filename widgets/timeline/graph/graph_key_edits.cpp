// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/graph_key_edits.h"

#include "core/anim/key_ops.h"
#include "widgets/timeline/graph/channel_curve.h"
#include "widgets/timeline/graph/quat_component.h"

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
    if (dv != 0.0)
        for (const std::size_t i : indices) {
            T& v = channel.values[i];
            if constexpr (std::is_same_v<T, glm::quat>)
                v = withComponent(v, move.component, static_cast<double>(v[move.component]) + dv);
            else
                v[move.component] += static_cast<float>(dv);
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
        doc::visitChannel(track, kind, [&](auto& channel) {
            const int components = static_cast<int>(sizeof(channel.values[0]) / sizeof(float));
            const bool moveValue = move.component >= 0 && move.component < components && kind == move.valueKind;
            moveChannel(channel, times, move, moveValue ? move.dv / displayScale(track, kind) : 0.0);
        });
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

template <class T>
void setHandleSlope(anim::Channel<T>& channel, std::size_t key, int component, HandleSide side, float slope)
{
    constexpr int components = static_cast<int>(sizeof(T) / sizeof(float));
    if (key >= channel.size() || component < 0 || component >= components)
        return;
    T in = key < channel.inTangents.size() ? channel.inTangents[key] : T{};
    T out = key < channel.outTangents.size() ? channel.outTangents[key] : T{};
    const bool free = channel.tangentMode(key) == anim::TangentMode::Free;
    if (free) {
        (side == HandleSide::In ? in : out)[component] = slope;
    } else {
        in[component] = slope;
        out[component] = slope;
    }
    anim::setKeyTangents(channel, key, in, out, free ? anim::TangentMode::Free : anim::TangentMode::Aligned);
}

template void setHandleSlope(anim::Vec3Channel&, std::size_t, int, HandleSide, float);
template void setHandleSlope(anim::QuatChannel&, std::size_t, int, HandleSide, float);

} // namespace marrow::ui::graph
