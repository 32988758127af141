// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/key_id.h"
#include "widgets/timeline/key_track_model.h"

#include <cstddef>
#include <map>
#include <span>
#include <vector>

namespace marrow::ui {

// Where the dope sheet draws a drag's ghosts: per row and row key, the
// times the selected keys it stands for land at (cmd::previewLanding). A
// bone or summary key splits into several ghosts when the landing rules
// send one channel's key to the next free frame. Plain C++, no Qt.
class KeyGhosts {
public:
    void build(const KeyTrackModel& model, const std::map<doc::KeyId, float>& landed);
    void clear() { m_rows.clear(); }
    bool empty() const { return m_rows.empty(); }
    // The ghost times of a row's key, sorted (empty: not known, or unselected).
    std::span<const double> at(int row, std::size_t key) const;

private:
    std::vector<std::vector<std::vector<double>>> m_rows;  // [row][key] -> times
};

} // namespace marrow::ui
