// SPDX-License-Identifier: MIT
#include "widgets/timeline/key_ghosts.h"

#include <algorithm>
#include <utility>

namespace marrow::ui {

void KeyGhosts::build(const KeyTrackModel& model, const std::map<doc::KeyId, float>& landed)
{
    using RowKind = KeyTrackModel::RowKind;
    m_rows.assign(static_cast<std::size_t>(model.rowCount()), {});
    // Which rows show a key of (joint, kind): the summary, its bone's row, its channel's row.
    int summary = -1;
    std::map<model::JointIndex, int> boneRows;
    std::map<std::pair<model::JointIndex, doc::ChannelKind>, int> channelRows;
    for (int i = 0; i < model.rowCount(); ++i) {
        const KeyTrackModel::Row& r = model.row(i);
        m_rows[static_cast<std::size_t>(i)].resize(r.times.size());
        if (r.kind == RowKind::Summary)
            summary = i;
        else if (r.kind == RowKind::Bone)
            boneRows[r.joint] = i;
        else
            channelRows[{r.joint, r.channel}] = i;
    }
    const auto add = [&](int row, double from, double to) {
        if (row < 0)
            return;
        const auto& times = model.row(row).times;
        const auto it = std::lower_bound(times.begin(), times.end(), from);
        if (it == times.end() || *it != from)
            return;
        auto& ghosts = m_rows[static_cast<std::size_t>(row)][static_cast<std::size_t>(it - times.begin())];
        const auto at = std::lower_bound(ghosts.begin(), ghosts.end(), to);
        if (at == ghosts.end() || *at != to)
            ghosts.insert(at, to);
    };
    for (const auto& [key, time] : landed) {
        const double from = key.time;
        add(summary, from, time);
        if (const auto bone = boneRows.find(key.joint); bone != boneRows.end())
            add(bone->second, from, time);
        if (const auto channel = channelRows.find({key.joint, key.kind}); channel != channelRows.end())
            add(channel->second, from, time);
    }
}

std::span<const double> KeyGhosts::at(int row, std::size_t key) const
{
    if (row < 0 || static_cast<std::size_t>(row) >= m_rows.size() || key >= m_rows[static_cast<std::size_t>(row)].size())
        return {};
    return m_rows[static_cast<std::size_t>(row)][key];
}

} // namespace marrow::ui
