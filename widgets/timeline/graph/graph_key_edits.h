// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/document/key_id.h"
#include "widgets/timeline/graph/tangent_handle.h"

#include <set>

namespace marrow::ui::graph {

// A drag of the selected keys in the graph: every selected key moves by dt
// in time; when `component` names one (0 x, 1 y, 2 z, 3 a quaternion's w),
// the selected keys of `valueKind`'s channel also move by dv in that
// component (the curve the user grabbed), dv in drawn units (displayScale:
// an Euler bone's degrees become radians). A quaternion key moved so is
// renormalised (withComponent) and the channel's keys kept in one
// hemisphere, as every key op keeps them.
struct KeyMove {
    double dt = 0.0;
    int component = -1;
    doc::ChannelKind valueKind = doc::ChannelKind::Translation;
    double dv = 0.0;
};

// Applies the move to one joint's track (a copy: the preview, or an
// AnimationEdit's track) through anim::retimeKeys, so keys landing on
// unselected ones replace them and auto tangents follow.
void applyKeyMove(anim::JointTrack& track, model::JointIndex joint, const std::set<doc::KeyId>& keys,
                  const KeyMove& move);

// The selection after the move: the same keys at their new times.
std::set<doc::KeyId> movedKeys(const std::set<doc::KeyId>& keys, const KeyMove& move);

// The largest dt <= wanted (for wanted < 0) that keeps every key at time >= 0.
double clampMoveToZero(const std::set<doc::KeyId>& keys, double wanted);

// A handle of one component of a key (a quaternion's too) dragged to
// `slope` (stored units per second; the other components keep theirs), as
// Blender's handle types behave: a Free key's dragged side alone changes; an
// Aligned key's other side takes the same slope, so the two stay collinear;
// any other key (Auto, Vector, Flat) becomes Aligned, as in Blender, so the
// drag sticks rather than being recomputed.
template <class T>
void setHandleSlope(anim::Channel<T>& channel, std::size_t key, int component, HandleSide side, float slope);

// The index of the last key of the channel at exactly `time`, or channel.size().
template <class T>
std::size_t keyIndexAt(const anim::Channel<T>& channel, float time)
{
    for (std::size_t i = channel.size(); i-- > 0;)
        if (channel.times[i] == time)
            return i;
    return channel.size();
}

} // namespace marrow::ui::graph
