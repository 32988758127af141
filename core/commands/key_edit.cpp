// SPDX-License-Identifier: MIT
#include "core/commands/key_edit.h"

#include "core/anim/key_landing.h"
#include "core/anim/key_ops.h"

#include <algorithm>
#include <type_traits>

namespace marrow::cmd {

namespace {

// Calls f(joint, kind, times) once per channel the keys touch, times sorted.
template <class F>
void forEachChannel(const std::set<doc::KeyId>& keys, F&& f)
{
    std::vector<float> times;
    for (auto it = keys.begin(); it != keys.end();) {
        const model::JointIndex joint = it->joint;
        const doc::ChannelKind kind = it->kind;
        times.clear();
        for (; it != keys.end() && it->joint == joint && it->kind == kind; ++it)
            times.push_back(it->time);
        f(joint, kind, times);
    }
}

// The edit's copy of a joint's channel when it holds a key at one of
// `times`: only then does the edit take a copy of the track (an edit that
// touches nothing stays a no-op). Calls f(channel, indices).
template <class F>
void editChannel(AnimationEdit& edit, model::JointIndex joint, doc::ChannelKind kind, const std::vector<float>& times,
                 F&& f)
{
    const anim::JointTrack* seen = edit.peek(joint);
    if (!seen)
        return;
    const bool any = doc::visitChannel(*seen, kind, [&](const auto& channel) {
        return !anim::keysAtTimes(channel, std::span<const float>(times)).empty();
    });
    if (!any)
        return;
    anim::JointTrack* track = edit.track(joint);
    doc::visitChannel(*track, kind, [&](auto& channel) {
        const std::vector<std::size_t> indices = anim::keysAtTimes(channel, std::span<const float>(times));
        f(channel, indices);
    });
}

template <class Channel>
void addKeys(std::set<doc::KeyId>& out, model::JointIndex joint, doc::ChannelKind kind, const Channel& channel,
             const std::vector<std::size_t>& indices)
{
    for (const std::size_t i : indices)
        if (i < channel.times.size())
            out.insert(doc::KeyId{joint, kind, channel.times[i]});
}

// The keys [indices] of `from`, with their modes and tangents, times shifted by -origin.
template <class T>
anim::Channel<T> extract(const anim::Channel<T>& from, const std::vector<std::size_t>& indices, float origin)
{
    anim::Channel<T> out;
    for (const std::size_t i : indices) {
        out.times.push_back(from.times[i] - origin);
        out.values.push_back(from.values[i]);
        out.interpolations.push_back(from.segment(i));
        out.tangentModes.push_back(from.tangentMode(i));
        out.inTangents.push_back(i < from.inTangents.size() ? from.inTangents[i] : T{});
        out.outTangents.push_back(i < from.outTangents.size() ? from.outTangents[i] : T{});
    }
    return out;
}

// Inserts every key of `copies` at map(its time) into `channel`; Free and
// Aligned keys keep their tangents.
template <class T>
void insertCopies(anim::Channel<T>& channel, const anim::Channel<T>& copies, const std::function<float(float)>& map,
                  model::JointIndex joint, doc::ChannelKind kind, std::set<doc::KeyId>& out)
{
    std::vector<float> landed;
    for (std::size_t k = 0; k < copies.size(); ++k) {
        const float time = map(copies.times[k]);
        const anim::TangentMode tangent = copies.tangentMode(k);
        const std::size_t at = anim::insertKey(channel, time, copies.values[k], copies.segment(k), tangent);
        const bool handSet = tangent == anim::TangentMode::Free || tangent == anim::TangentMode::Aligned;
        if (handSet && copies.segment(k) == anim::Interpolation::CubicSpline)
            anim::setKeyTangents(channel, at, copies.inTangents[k], copies.outTangents[k], tangent);
        landed.push_back(time);
    }
    // Indices shift as later copies go in: name the copies by time once all are in.
    for (const float t : landed)
        out.insert(doc::KeyId{joint, kind, t});
}

float earliestTime(const std::set<doc::KeyId>& keys)
{
    float earliest = 0.f;
    bool first = true;
    for (const doc::KeyId& key : keys) {
        earliest = first ? key.time : std::min(earliest, key.time);
        first = false;
    }
    return earliest;
}

float latestTime(const std::set<doc::KeyId>& keys)
{
    float latest = 0.f;
    for (const doc::KeyId& key : keys)
        latest = std::max(latest, key.time);
    return latest;
}

} // namespace

std::set<doc::KeyId> retimeKeys(AnimationEdit& edit, const std::set<doc::KeyId>& keys,
                                const std::function<float(float)>& map)
{
    std::set<doc::KeyId> out;
    forEachChannel(keys, [&](model::JointIndex joint, doc::ChannelKind kind, const std::vector<float>& times) {
        editChannel(edit, joint, kind, times, [&](auto& channel, const std::vector<std::size_t>& indices) {
            addKeys(out, joint, kind, channel, anim::retimeKeys(channel, indices, map));
        });
    });
    return out;
}

float clampMoveDelta(const std::set<doc::KeyId>& keys, float delta)
{
    return keys.empty() ? delta : std::max(delta, -earliestTime(keys));
}

std::set<doc::KeyId> moveKeys(AnimationEdit& edit, const std::set<doc::KeyId>& keys, float delta,
                              const ValueShift& shift)
{
    delta = clampMoveDelta(keys, delta);
    const std::function<float(float)> map = [delta](float t) { return std::max(0.f, t + delta); };
    std::set<doc::KeyId> out;
    forEachChannel(keys, [&](model::JointIndex joint, doc::ChannelKind kind, const std::vector<float>& times) {
        const anim::JointTrack* before = edit.peek(joint);
        const double dv = before && shift.delta && kind == shift.kind ? shift.delta(*before) : 0.0;
        editChannel(edit, joint, kind, times, [&](auto& channel, const std::vector<std::size_t>& indices) {
            anim::offsetKeyComponent(channel, std::span<const std::size_t>(indices), shift.component, dv);
            addKeys(out, joint, kind, channel, anim::retimeKeys(channel, indices, map));
        });
    });
    return out;
}

void setKeyHandleSlope(AnimationEdit& edit, const doc::KeyId& key, int component, anim::HandleSide side, float slope)
{
    editChannel(edit, key.joint, key.kind, {key.time}, [&](auto& channel, const std::vector<std::size_t>& indices) {
        if (!indices.empty())  // the last key at that time, as a jump's is drawn
            anim::setKeyHandleSlope(channel, indices.back(), component, side, slope);
    });
}

std::set<doc::KeyId> scaleKeys(AnimationEdit& edit, const std::set<doc::KeyId>& keys, float pivot, float factor)
{
    // The factor stops where a key would pass time 0; max() only absorbs float error.
    factor = static_cast<float>(anim::clampKeyFactor(factor, pivot, earliestTime(keys), latestTime(keys)));
    return retimeKeys(edit, keys, [pivot, factor](float t) { return std::max(0.f, pivot + (t - pivot) * factor); });
}

void deleteKeys(AnimationEdit& edit, const std::set<doc::KeyId>& keys)
{
    forEachChannel(keys, [&](model::JointIndex joint, doc::ChannelKind kind, const std::vector<float>& times) {
        editChannel(edit, joint, kind, times, [&](auto& channel, const std::vector<std::size_t>& indices) {
            anim::removeKeys(channel, std::span<const std::size_t>(indices));
        });
    });
}

void setKeysInterpolation(AnimationEdit& edit, const std::set<doc::KeyId>& keys, anim::Interpolation mode)
{
    forEachChannel(keys, [&](model::JointIndex joint, doc::ChannelKind kind, const std::vector<float>& times) {
        editChannel(edit, joint, kind, times, [&](auto& channel, const std::vector<std::size_t>& indices) {
            anim::setKeyInterpolation(channel, std::span<const std::size_t>(indices), mode);
        });
    });
}

void setKeysTangentMode(AnimationEdit& edit, const std::set<doc::KeyId>& keys, anim::TangentMode mode)
{
    forEachChannel(keys, [&](model::JointIndex joint, doc::ChannelKind kind, const std::vector<float>& times) {
        editChannel(edit, joint, kind, times, [&](auto& channel, const std::vector<std::size_t>& indices) {
            anim::setKeyTangentMode(channel, std::span<const std::size_t>(indices), mode);
        });
    });
}

KeyClipboard copyKeys(const anim::Clip& clip, const std::set<doc::KeyId>& keys)
{
    KeyClipboard clipboard;
    const float origin = earliestTime(keys);
    forEachChannel(keys, [&](model::JointIndex joint, doc::ChannelKind kind, const std::vector<float>& times) {
        const anim::JointTrack* track = clip.findTrack(joint);
        if (!track)
            return;
        KeyClipboard::Entry entry{joint, kind, {}, {}};
        const bool any = doc::visitChannel(*track, kind, [&](const auto& channel) {
            const std::vector<std::size_t> indices = anim::keysAtTimes(channel, std::span<const float>(times));
            if constexpr (std::is_same_v<std::decay_t<decltype(channel)>, anim::QuatChannel>)
                entry.quat = extract(channel, indices, origin);
            else
                entry.vec3 = extract(channel, indices, origin);
            return !indices.empty();
        });
        if (any)
            clipboard.entries.push_back(std::move(entry));
    });
    return clipboard;
}

std::set<doc::KeyId> pasteKeys(AnimationEdit& edit, const KeyClipboard& clipboard, float at)
{
    std::set<doc::KeyId> out;
    const auto map = [at](float t) { return std::max(0.f, t + at); };
    for (const KeyClipboard::Entry& entry : clipboard.entries) {
        anim::JointTrack* track = edit.track(entry.joint);
        if (!track)
            continue;
        doc::visitChannel(*track, entry.kind, [&](auto& channel) {
            if constexpr (std::is_same_v<std::decay_t<decltype(channel)>, anim::QuatChannel>)
                insertCopies(channel, entry.quat, map, entry.joint, entry.kind, out);
            else
                insertCopies(channel, entry.vec3, map, entry.joint, entry.kind, out);
        });
    }
    return out;
}

std::set<doc::KeyId> duplicateKeys(AnimationEdit& edit, const std::set<doc::KeyId>& keys,
                                   const std::function<float(float)>& map)
{
    // Copies at their own times (origin 0), inserted at map(t).
    std::set<doc::KeyId> out;
    forEachChannel(keys, [&](model::JointIndex joint, doc::ChannelKind kind, const std::vector<float>& times) {
        editChannel(edit, joint, kind, times, [&](auto& channel, const std::vector<std::size_t>& indices) {
            const auto copies = extract(channel, indices, 0.f);
            insertCopies(channel, copies, map, joint, kind, out);
        });
    });
    return out;
}

} // namespace marrow::cmd
