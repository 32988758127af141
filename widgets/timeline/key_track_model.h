// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/document/key_id.h"
#include "widgets/timeline/timeline_geometry.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <vector>

namespace marrow::ui {

// The dope sheet's rows and their hit maths, without a widget: a summary
// row for the whole clip, then per shown bone (in bone-tree order: depth
// first, children in index order, as the Skeleton tree shows them) a bone
// row summarising its channels and one row per channel the clip animates.
// Shown bones are the selected ones, or with onlySelected off every bone
// the clip animates; a collapsed bone shows its bone row alone. Each row holds its distinct key times (two keys at one
// time, a jump, are one key here as in KeyId), the first key's
// interpolation at that time, and whether a key under it is selected.
//
// Plain C++ (no Qt): rows are rowHeight tall from y = 0; x is in the
// geometry's pixels (the time area, gutter excluded). Invariant after
// rebuild(): rows() mirror the clip and the shown bones; after
// setSelection() the selected flags mirror the given keys.
class KeyTrackModel {
public:
    enum class RowKind { Summary, Bone, Channel };
    struct Row {
        RowKind kind = RowKind::Summary;
        model::JointIndex joint = -1;                          // Bone and Channel rows
        doc::ChannelKind channel = doc::ChannelKind::Translation;  // Channel rows
        std::vector<double> times;                             // sorted, distinct
        std::vector<anim::Interpolation> interpolations;       // per time
        std::vector<bool> selected;                            // per time: some key under it is selected
        std::vector<bool> allSelected;                         // per time: every key under it is
        std::vector<std::uint16_t> keyCount;                   // per time: the channels keyed there
        std::size_t firstChannel = 0;  // the animated channels (channel()) this row shows
        std::size_t channelCount = 0;
        bool collapsed = false;        // a Bone row whose channel rows are folded away
    };
    // One animated channel of the clip (every one, shown or not).
    struct Channel {
        model::JointIndex joint = -1;
        doc::ChannelKind kind = doc::ChannelKind::Translation;
        std::vector<float> times;  // as in the clip (a jump repeats a time)
        std::vector<anim::Interpolation> interpolations;  // per key
    };
    struct Hit {
        int row = -1;
        std::size_t key = 0;  // into the row's times
        double time = 0.0;
        bool operator==(const Hit&) const = default;
    };

    explicit KeyTrackModel(int rowHeight = 18) : m_rowHeight(rowHeight > 0 ? rowHeight : 18) {}

    // `clip` nullptr: no rows at all. Joints out of the skeleton's range are skipped.
    void rebuild(const anim::Skeleton& skeleton, const anim::Clip* clip,
                 std::span<const model::JointIndex> selectedJoints, bool onlySelected);
    void setSelection(const std::set<doc::KeyId>& keys);
    // Bones whose channel rows are folded under their bone row (Blender's
    // collapsed group); kept across rebuilds, applied by the next rebuild().
    void setCollapsed(model::JointIndex joint, bool collapsed);
    bool isCollapsed(model::JointIndex joint) const { return m_collapsed.contains(joint); }

    int rowHeight() const { return m_rowHeight; }
    int rowCount() const { return static_cast<int>(m_rows.size()); }
    const Row& row(int index) const { return m_rows.at(static_cast<std::size_t>(index)); }
    const std::vector<Channel>& channels() const { return m_channels; }
    // The shown bones, in row order.
    const std::vector<model::JointIndex>& bones() const { return m_bones; }
    int rowTop(int index) const { return index * m_rowHeight; }
    double rowCenterY(int index) const { return index * m_rowHeight + m_rowHeight / 2; }
    int rowAt(double y) const;  // -1 outside the rows

    // The key whose glyph (|dx| + |dy| <= radius) is under (x, y), or nullopt.
    std::optional<Hit> keyAt(const TimelineGeometry& geometry, double x, double y, double radiusPx) const;
    // Every key a row's key stands for: one for a channel row, the bone's
    // channels at that time for a bone row, the whole clip's for the summary.
    std::set<doc::KeyId> keysAt(int row, double time) const;
    // Every key of rows [firstRow, lastRow] (any order, clamped) with a time in [t0, t1] (any order).
    std::set<doc::KeyId> keysInBox(int firstRow, int lastRow, double t0, double t1) const;
    // The nearest key time of the shown bones (the whole clip when none) after / before `time`.
    std::optional<double> nextKeyTime(double time) const;
    std::optional<double> previousKeyTime(double time) const;

    // Bone-tree order: depth first from the roots, children in index order.
    static std::vector<model::JointIndex> treeOrder(const anim::Skeleton& skeleton);

private:
    Row mergedRow(RowKind kind, model::JointIndex joint, std::size_t first, std::size_t count) const;
    void collectKeys(std::size_t channel, double t0, double t1, std::set<doc::KeyId>& out) const;

    int m_rowHeight;
    std::vector<Row> m_rows;
    std::vector<Channel> m_channels;
    std::vector<model::JointIndex> m_bones;
    std::set<model::JointIndex> m_collapsed;
};

} // namespace marrow::ui
