// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/document/channel_key.h"

#include <compare>

namespace marrow::doc {

// Names one key of the active clip by joint, channel and exact time. Times
// survive edits of other keys and undo, so a key selection stored this way
// stays right where indices would shift; two keys at one time (a jump) are
// one KeyId.
struct KeyId {
    model::JointIndex joint = 0;
    ChannelKind kind = ChannelKind::Translation;
    float time = 0.f;
    auto operator<=>(const KeyId&) const = default;
};

// The channel of a track that `kind` names: a rotation is the quaternion
// channel or, for a bone in an Euler mode, the Euler angle channel (radians),
// so `f` is called with a Vec3Channel or a QuatChannel and must take both.
template <class F>
decltype(auto) visitChannel(anim::JointTrack& track, ChannelKind kind, F&& f)
{
    switch (kind) {
    case ChannelKind::Translation: return f(track.translation);
    case ChannelKind::Rotation: return anim::isEuler(track.rotationMode) ? f(track.euler) : f(track.rotation);
    case ChannelKind::Scale: break;
    }
    return f(track.scale);
}

template <class F>
decltype(auto) visitChannel(const anim::JointTrack& track, ChannelKind kind, F&& f)
{
    switch (kind) {
    case ChannelKind::Translation: return f(track.translation);
    case ChannelKind::Rotation: return anim::isEuler(track.rotationMode) ? f(track.euler) : f(track.rotation);
    case ChannelKind::Scale: break;
    }
    return f(track.scale);
}

} // namespace marrow::doc
