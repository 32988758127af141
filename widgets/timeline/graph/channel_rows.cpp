// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/channel_rows.h"

#include "core/anim/rotation_mode.h"

namespace marrow::ui::graph {

std::span<const int> channelAxes(const anim::JointTrack& track, doc::ChannelKind kind)
{
    // A quaternion's W comes first, as Blender lists W, X, Y, Z (and graph_curves builds them).
    static constexpr int kXyz[] = {0, 1, 2}, kWxyz[] = {3, 0, 1, 2};
    const bool quaternion = kind == doc::ChannelKind::Rotation && !anim::isEuler(track.rotationMode);
    return quaternion ? std::span<const int>(kWxyz) : std::span<const int>(kXyz);
}

std::vector<ChannelRow> channelRows(std::span<const model::JointIndex> joints, const TrackLookup& track)
{
    using Type = ChannelRow::Type;
    std::vector<ChannelRow> rows;
    for (const model::JointIndex joint : joints) {
        const anim::JointTrack* t = track ? track(joint) : nullptr;
        if (!t || t->mask() == 0)
            continue;
        rows.push_back({Type::Joint, joint, doc::ChannelKind::Translation, -1});
        for (const doc::ChannelKind kind :
             {doc::ChannelKind::Translation, doc::ChannelKind::Rotation, doc::ChannelKind::Scale}) {
            if (!(t->mask() & doc::channelBit(kind)))
                continue;
            rows.push_back({Type::Channel, joint, kind, -1});
            for (const int axis : channelAxes(*t, kind))
                rows.push_back({Type::Axis, joint, kind, axis});
        }
    }
    return rows;
}

} // namespace marrow::ui::graph
