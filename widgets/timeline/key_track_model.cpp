// SPDX-License-Identifier: MIT
#include "widgets/timeline/key_track_model.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <limits>
#include <utility>

namespace marrow::ui {

namespace {

constexpr std::array<doc::ChannelKind, 3> kKinds{doc::ChannelKind::Translation, doc::ChannelKind::Rotation,
                                                  doc::ChannelKind::Scale};
// Up/Down skip keys this close to the playhead (float key times against a double playhead).
constexpr double kSameTime = 1e-6;

bool inSkeleton(model::JointIndex joint, const anim::Skeleton& skeleton)
{
    return joint >= 0 && static_cast<std::size_t>(joint) < skeleton.size();
}

} // namespace

std::vector<model::JointIndex> KeyTrackModel::treeOrder(const anim::Skeleton& skeleton)
{
    const std::size_t n = skeleton.size();
    std::vector<std::vector<model::JointIndex>> children(n);
    std::vector<model::JointIndex> stack;
    for (std::size_t i = n; i-- > 0;) {
        const model::JointIndex parent = skeleton.parents[i];
        // Walking backwards and pushing makes each child list come out in index order when popped.
        if (parent >= 0 && static_cast<std::size_t>(parent) < i)
            children[static_cast<std::size_t>(parent)].push_back(static_cast<model::JointIndex>(i));
        else
            stack.push_back(static_cast<model::JointIndex>(i));
    }
    std::vector<model::JointIndex> order;
    order.reserve(n);
    while (!stack.empty()) {
        const model::JointIndex joint = stack.back();
        stack.pop_back();
        order.push_back(joint);
        const auto& kids = children[static_cast<std::size_t>(joint)];
        stack.insert(stack.end(), kids.begin(), kids.end());  // reversed index order: the first pops first
    }
    return order;
}

void KeyTrackModel::rebuild(const anim::Skeleton& skeleton, const anim::Clip* clip,
                            std::span<const model::JointIndex> selectedJoints, bool onlySelected)
{
    m_rows.clear();
    m_channels.clear();
    m_bones.clear();
    if (!clip)
        return;
    const std::vector<model::JointIndex> order = treeOrder(skeleton);
    std::vector<std::pair<std::size_t, std::size_t>> ranges(skeleton.size());  // per joint: first, count
    for (const model::JointIndex joint : order) {
        auto& range = ranges[static_cast<std::size_t>(joint)];
        range.first = m_channels.size();
        if (const anim::JointTrack* track = clip->findTrack(joint)) {
            for (const doc::ChannelKind kind : kKinds) {
                doc::visitChannel(*track, kind, [&](const auto& channel) {
                    if (channel.empty())
                        return;
                    Channel c{joint, kind, channel.times, {}};
                    c.interpolations.reserve(channel.size());
                    for (std::size_t k = 0; k < channel.size(); ++k)
                        c.interpolations.push_back(channel.segment(k));
                    m_channels.push_back(std::move(c));
                });
            }
        }
        range.second = m_channels.size() - range.first;
    }

    m_rows.push_back(mergedRow(RowKind::Summary, -1, 0, m_channels.size()));
    std::vector<bool> selected(skeleton.size(), false);
    for (const model::JointIndex joint : selectedJoints)
        if (inSkeleton(joint, skeleton))
            selected[static_cast<std::size_t>(joint)] = true;
    for (const model::JointIndex joint : order) {
        const auto [first, count] = ranges[static_cast<std::size_t>(joint)];
        if (onlySelected ? !selected[static_cast<std::size_t>(joint)] : count == 0)
            continue;
        m_bones.push_back(joint);
        m_rows.push_back(mergedRow(RowKind::Bone, joint, first, count));
        if (m_collapsed.contains(joint)) {
            m_rows.back().collapsed = true;
            continue;
        }
        for (std::size_t c = first; c < first + count; ++c) {
            Row row = mergedRow(RowKind::Channel, joint, c, 1);
            row.channel = m_channels[c].kind;
            m_rows.push_back(std::move(row));
        }
    }
}

void KeyTrackModel::setCollapsed(model::JointIndex joint, bool collapsed)
{
    if (collapsed)
        m_collapsed.insert(joint);
    else
        m_collapsed.erase(joint);
}

KeyTrackModel::Row KeyTrackModel::mergedRow(RowKind kind, model::JointIndex joint, std::size_t first,
                                            std::size_t count) const
{
    Row row;
    row.kind = kind;
    row.joint = joint;
    row.firstChannel = first;
    row.channelCount = count;
    std::vector<std::pair<double, anim::Interpolation>> keys;
    for (std::size_t c = first; c < first + count; ++c) {
        const Channel& channel = m_channels[c];
        for (std::size_t k = 0; k < channel.times.size(); ++k)
            if (k == 0 || channel.times[k] != channel.times[k - 1])  // a jump is one key
                keys.emplace_back(channel.times[k], channel.interpolations[k]);
    }
    // Stable: at one time the first channel's (or a jump's first key's) mode wins.
    std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [time, mode] : keys) {
        if (!row.times.empty() && row.times.back() == time) {
            ++row.keyCount.back();
            continue;
        }
        row.times.push_back(time);
        row.interpolations.push_back(mode);
        row.keyCount.push_back(1);
    }
    row.selected.assign(row.times.size(), false);
    row.allSelected.assign(row.times.size(), false);
    return row;
}

void KeyTrackModel::setSelection(const std::set<doc::KeyId>& keys)
{
    // Per channel, the selected keys' positions: a walk over the selection, not over every key.
    std::vector<std::vector<double>> selectedTimes(m_channels.size());
    for (std::size_t c = 0; c < m_channels.size(); ++c) {
        const Channel& channel = m_channels[c];
        auto it = keys.lower_bound(doc::KeyId{channel.joint, channel.kind, -std::numeric_limits<float>::infinity()});
        for (; it != keys.end() && it->joint == channel.joint && it->kind == channel.kind; ++it)
            if (std::binary_search(channel.times.begin(), channel.times.end(), it->time))
                selectedTimes[c].push_back(it->time);
    }
    std::vector<std::uint16_t> counts;
    for (Row& row : m_rows) {
        counts.assign(row.times.size(), 0);
        for (std::size_t c = row.firstChannel; c < row.firstChannel + row.channelCount; ++c) {
            for (const double t : selectedTimes[c]) {
                const auto at = std::lower_bound(row.times.begin(), row.times.end(), t);
                if (at != row.times.end() && *at == t)
                    ++counts[static_cast<std::size_t>(at - row.times.begin())];
            }
        }
        for (std::size_t k = 0; k < row.times.size(); ++k) {
            row.selected[k] = counts[k] > 0;
            row.allSelected[k] = counts[k] >= row.keyCount[k];
        }
    }
}

int KeyTrackModel::rowAt(double y) const
{
    if (!(y >= 0.0))
        return -1;
    const auto index = static_cast<long long>(std::floor(y / m_rowHeight));
    return index < rowCount() ? static_cast<int>(index) : -1;
}

std::optional<KeyTrackModel::Hit> KeyTrackModel::keyAt(const TimelineGeometry& geometry, double x, double y,
                                                       double radiusPx) const
{
    const int index = rowAt(y);
    if (index < 0)
        return std::nullopt;
    const Row& r = row(index);
    const auto key = geometry.hitKey(r.times, x, y, rowCenterY(index), radiusPx);
    if (!key)
        return std::nullopt;
    return Hit{index, *key, r.times[*key]};
}

void KeyTrackModel::collectKeys(std::size_t channel, double t0, double t1, std::set<doc::KeyId>& out) const
{
    const Channel& c = m_channels[channel];
    auto it = std::lower_bound(c.times.begin(), c.times.end(), t0,
                               [](float key, double t) { return static_cast<double>(key) < t; });
    for (; it != c.times.end() && static_cast<double>(*it) <= t1; ++it)
        out.insert(doc::KeyId{c.joint, c.kind, *it});
}

std::set<doc::KeyId> KeyTrackModel::keysAt(int rowIndex, double time) const
{
    return keysInBox(rowIndex, rowIndex, time, time);
}

std::set<doc::KeyId> KeyTrackModel::keysInBox(int firstRow, int lastRow, double t0, double t1) const
{
    std::set<doc::KeyId> out;
    if (m_rows.empty())
        return out;
    if (firstRow > lastRow)
        std::swap(firstRow, lastRow);
    if (t0 > t1)
        std::swap(t0, t1);
    firstRow = std::max(firstRow, 0);
    lastRow = std::min(lastRow, rowCount() - 1);
    for (int r = firstRow; r <= lastRow; ++r) {
        const Row& current = row(r);
        for (std::size_t c = current.firstChannel; c < current.firstChannel + current.channelCount; ++c)
            collectKeys(c, t0, t1, out);
    }
    return out;
}

std::optional<double> KeyTrackModel::nextKeyTime(double time) const
{
    std::optional<double> best;
    for (const Row& r : m_rows) {
        if (r.kind == RowKind::Channel || (r.kind == RowKind::Summary && !m_bones.empty()))
            continue;
        const auto it = std::upper_bound(r.times.begin(), r.times.end(), time + kSameTime);
        if (it != r.times.end() && (!best || *it < *best))
            best = *it;
    }
    return best;
}

std::optional<double> KeyTrackModel::previousKeyTime(double time) const
{
    std::optional<double> best;
    for (const Row& r : m_rows) {
        if (r.kind == RowKind::Channel || (r.kind == RowKind::Summary && !m_bones.empty()))
            continue;
        const auto it = std::lower_bound(r.times.begin(), r.times.end(), time - kSameTime);
        if (it != r.times.begin() && (!best || *std::prev(it) > *best))
            best = *std::prev(it);
    }
    return best;
}

} // namespace marrow::ui
