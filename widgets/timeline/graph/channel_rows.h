// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/timeline/graph/graph_curves.h"

#include <span>
#include <vector>

namespace marrow::ui::graph {

// One row of the graph's channel list (its left column), as Blender's graph
// editor lists them: a bone, one of its animated channels, or one axis curve
// of that channel.
struct ChannelRow {
    enum class Type { Joint, Channel, Axis };
    Type type = Type::Joint;
    model::JointIndex joint = -1;
    doc::ChannelKind kind = doc::ChannelKind::Translation;
    int component = -1;  // Axis rows: glm's index (0 x, 1 y, 2 z, 3 a quaternion's w)

    bool operator==(const ChannelRow&) const = default;
};

// The rows for `joints`, listed in the order given (the view passes the
// selected bones in bone-tree order): each joint with keys, then its
// animated channels (translation, rotation, scale), each followed by its
// axes in the order the curves are built: x, y, z, or w, x, y, z for a
// Quaternion bone's rotation. Joints without a track or keys give no rows.
std::vector<ChannelRow> channelRows(std::span<const model::JointIndex> joints, const TrackLookup& track);

// The axes a joint's channel is drawn with, in list order.
std::span<const int> channelAxes(const anim::JointTrack& track, doc::ChannelKind kind);

} // namespace marrow::ui::graph
