// SPDX-License-Identifier: MIT
// Document's key editing, kept apart from document.cpp because the channel
// bookkeeping (tangent arrays, interpolation changes, exact undo) is the
// fiddliest part of the mutation API.
#include "core/document/document.h"
#include "core/document/key_id.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace marrow::doc {

namespace {

bool finite(const glm::vec4& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) && std::isfinite(v.w); }

// Tangent arrays that run parallel to the keys: always for CubicSpline
// (validate() guarantees it); other channels normally have none, and stray
// arrays of another length are left alone. An empty Linear channel must not
// count as parallel, or its first key would grow tangent arrays.
template <class C>
bool tangentsParallel(const C& ch)
{
    const bool sized = ch.inTangents.size() == ch.times.size() && ch.outTangents.size() == ch.times.size();
    return sized && (ch.anyCubic() || !ch.inTangents.empty());
}

template <class C>
void keepSnapshot(KeyEdit& edit, const C& ch)
{
    if constexpr (std::is_same_v<C, anim::QuatChannel>)
        edit.previousQuat = ch;
    else
        edit.previousVec3 = ch;
}

template <class C>
void restoreSnapshot(const KeyEdit& edit, C& ch)
{
    if constexpr (std::is_same_v<C, anim::QuatChannel>) {
        if (edit.previousQuat)
            ch = *edit.previousQuat;
    } else if (edit.previousVec3) {
        ch = *edit.previousVec3;
    }
}

template <class C>
ChannelKey readKey(const C& ch, std::size_t i)
{
    ChannelKey k;
    k.time = ch.times[i];
    k.value = toKeyValue(ch.values[i]);
    if (tangentsParallel(ch)) {
        k.inTangent = toKeyValue(ch.inTangents[i]);
        k.outTangent = toKeyValue(ch.outTangents[i]);
    }
    return k;
}

// Index of the last key at exactly `time`, or nullopt.
template <class C>
std::optional<std::size_t> lastKeyAt(const C& ch, float time)
{
    auto it = std::upper_bound(ch.times.begin(), ch.times.end(), time);
    if (it == ch.times.begin() || *(it - 1) != time)
        return std::nullopt;
    return static_cast<std::size_t>(it - ch.times.begin()) - 1;
}

} // namespace

std::optional<KeyEdit> Document::insertKey(model::ClipId clip, model::JointIndex joint, ChannelKind kind,
                                           const ChannelKey& key, anim::Interpolation interpolation)
{
    if (clip < 0 || static_cast<std::size_t>(clip) >= m_rig.clips.size())
        return std::nullopt;
    if (joint < 0 || static_cast<std::size_t>(joint) >= m_rig.skeleton.size())
        return std::nullopt;
    if (!std::isfinite(key.time) || key.time < 0.f || !finite(key.value) || !finite(key.inTangent) ||
        !finite(key.outTangent))
        return std::nullopt;

    anim::Clip& c = m_rig.clips[static_cast<std::size_t>(clip)];
    KeyEdit edit;
    edit.clip = clip;
    edit.joint = joint;
    edit.kind = kind;
    edit.previousDuration = c.duration;
    anim::JointTrack* t = c.findTrack(joint);
    if (!t) {
        anim::JointTrack fresh;
        fresh.joint = joint;
        fresh.rotationMode = m_rig.rotationModeOf(joint);
        c.tracks.push_back(std::move(fresh));
        t = &c.tracks.back();
        edit.createdTrack = true;
    }
    visitChannel(*t, kind, [&](auto& ch) {
        using T = typename std::decay_t<decltype(ch.values)>::value_type;
        keepSnapshot(edit, ch);
        const std::size_t before = ch.times.size();
        // Per-key modes are stored once a key differs from Linear (empty means all Linear).
        if (ch.interpolations.empty() && interpolation != anim::Interpolation::Linear)
            ch.interpolations.assign(before, anim::Interpolation::Linear);
        // A first cubic key gives every key a tangent (zero: the existing keys
        // keep flat Hermite ends until their tangents are edited).
        if (interpolation == anim::Interpolation::CubicSpline && !tangentsParallel(ch)) {
            ch.inTangents.assign(before, fromKeyValue<T>(glm::vec4(0.f)));
            ch.outTangents.assign(before, fromKeyValue<T>(glm::vec4(0.f)));
        }
        const bool withTangents = tangentsParallel(ch);
        const bool withModes = !ch.interpolations.empty() || interpolation != anim::Interpolation::Linear;
        const bool withTangentModes = ch.tangentModes.size() == before && before > 0;
        const std::optional<std::size_t> at = lastKeyAt(ch, key.time);
        const auto pos = at ? static_cast<std::ptrdiff_t>(*at)
                            : std::upper_bound(ch.times.begin(), ch.times.end(), key.time) - ch.times.begin();
        T value = fromKeyValue<T>(key.value), inTangent = fromKeyValue<T>(key.inTangent),
          outTangent = fromKeyValue<T>(key.outTangent);
        if constexpr (std::is_same_v<T, glm::quat>) {
            // q and -q are one rotation: a key in the previous key's hemisphere
            // makes linear and cubic segments take the short way.
            if (pos > 0 && glm::dot(ch.values[static_cast<std::size_t>(pos) - 1], value) < 0.f) {
                value = -value;
                inTangent = -inTangent;
                outTangent = -outTangent;
            }
        }
        if (at) {
            edit.index = *at;
            edit.replaced = readKey(ch, *at);
            ch.values[*at] = value;
            if (withTangents) {
                ch.inTangents[*at] = inTangent;
                ch.outTangents[*at] = outTangent;
            }
            if (withModes)
                ch.interpolations[*at] = interpolation;
            if (withTangentModes)
                ch.tangentModes[*at] = anim::TangentMode::Free;  // its tangents were given
        } else {
            edit.index = static_cast<std::size_t>(pos);
            ch.times.insert(ch.times.begin() + pos, key.time);
            ch.values.insert(ch.values.begin() + pos, value);
            if (withTangents) {
                ch.inTangents.insert(ch.inTangents.begin() + pos, inTangent);
                ch.outTangents.insert(ch.outTangents.begin() + pos, outTangent);
            }
            if (withModes)
                ch.interpolations.insert(ch.interpolations.begin() + pos, interpolation);
            if (withTangentModes)
                ch.tangentModes.insert(ch.tangentModes.begin() + pos, anim::TangentMode::Free);
        }
    });
    c.duration = std::max(c.duration, key.time);
    notify([&] { emit keysChanged(clip, joint, channelBit(kind)); });
    return edit;
}

void Document::revertKeyEdit(const KeyEdit& edit)
{
    anim::JointTrack* t = track(edit.clip, edit.joint);
    if (!t)
        return;
    visitChannel(*t, edit.kind, [&](auto& ch) { restoreSnapshot(edit, ch); });
    anim::Clip& c = m_rig.clips[static_cast<std::size_t>(edit.clip)];
    c.duration = edit.previousDuration;
    if (edit.createdTrack) {
        auto it = std::find_if(c.tracks.begin(), c.tracks.end(), [&](const anim::JointTrack& x) { return x.joint == edit.joint; });
        if (it != c.tracks.end())
            c.tracks.erase(it);
    }
    notify([&] { emit keysChanged(edit.clip, edit.joint, channelBit(edit.kind)); });
}

std::optional<RemovedKey> Document::removeKey(model::ClipId clip, model::JointIndex joint, ChannelKind kind, float time)
{
    anim::JointTrack* t = track(clip, joint);
    if (!t)
        return std::nullopt;
    auto removed = visitChannel(*t, kind, [&](auto& ch) -> std::optional<RemovedKey> {
        auto at = lastKeyAt(ch, time);
        if (!at)
            return std::nullopt;
        RemovedKey r;
        r.index = *at;
        r.key = readKey(ch, *at);
        r.hadTangents = tangentsParallel(ch);
        const auto i = static_cast<std::ptrdiff_t>(*at);
        if (ch.interpolations.size() == ch.times.size()) {
            r.mode = ch.interpolations[*at];
            ch.interpolations.erase(ch.interpolations.begin() + i);
        }
        if (ch.tangentModes.size() == ch.times.size()) {
            r.tangentMode = ch.tangentModes[*at];
            ch.tangentModes.erase(ch.tangentModes.begin() + i);
        }
        ch.times.erase(ch.times.begin() + i);
        ch.values.erase(ch.values.begin() + i);
        if (r.hadTangents) {
            ch.inTangents.erase(ch.inTangents.begin() + i);
            ch.outTangents.erase(ch.outTangents.begin() + i);
        }
        return r;
    });
    if (removed)
        notify([&] { emit keysChanged(clip, joint, channelBit(kind)); });
    return removed;
}

bool Document::restoreKey(model::ClipId clip, model::JointIndex joint, ChannelKind kind, const RemovedKey& removed)
{
    anim::JointTrack* t = track(clip, joint);
    if (!t)
        return false;
    const bool ok = visitChannel(*t, kind, [&](auto& ch) {
        using T = typename std::decay_t<decltype(ch.values)>::value_type;
        if (removed.index > ch.times.size())
            return false;
        const auto i = static_cast<std::ptrdiff_t>(removed.index);
        if (removed.mode && ch.interpolations.size() == ch.times.size())
            ch.interpolations.insert(ch.interpolations.begin() + i, *removed.mode);
        if (removed.tangentMode && ch.tangentModes.size() == ch.times.size())
            ch.tangentModes.insert(ch.tangentModes.begin() + i, *removed.tangentMode);
        ch.times.insert(ch.times.begin() + i, removed.key.time);
        ch.values.insert(ch.values.begin() + i, fromKeyValue<T>(removed.key.value));
        if (removed.hadTangents && ch.inTangents.size() + 1 == ch.times.size() &&
            ch.outTangents.size() + 1 == ch.times.size()) {
            ch.inTangents.insert(ch.inTangents.begin() + i, fromKeyValue<T>(removed.key.inTangent));
            ch.outTangents.insert(ch.outTangents.begin() + i, fromKeyValue<T>(removed.key.outTangent));
        }
        return true;
    });
    if (ok)
        notify([&] { emit keysChanged(clip, joint, channelBit(kind)); });
    return ok;
}

std::optional<ChannelKey> Document::keyAt(model::ClipId clip, model::JointIndex joint, ChannelKind kind, float time) const
{
    const anim::JointTrack* t = track(clip, joint);
    if (!t)
        return std::nullopt;
    return visitChannel(*t, kind, [&](const auto& ch) -> std::optional<ChannelKey> {
        auto at = lastKeyAt(ch, time);
        if (!at)
            return std::nullopt;
        return readKey(ch, *at);
    });
}

} // namespace marrow::doc
