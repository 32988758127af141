// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"
#include "widgets/timeline/key_track_model.h"

#include <QColor>
#include <QRect>
#include <QString>

#include <optional>
#include <vector>

class QFont;
class QPainter;
class QPalette;

namespace marrow::ui {

class KeyDragController;
class KeyGhosts;
class TimelineGeometry;

// A press this far into a bone row's label folds or unfolds its channels
// (the fold triangle is drawn there); further right it selects the bone.
inline constexpr int kFoldZoneWidth = 16;

// Everything one paint of the dope sheet reads: the rows, their gutter
// labels, the time axis, the drag in progress (ghosts) and the view state.
struct KeyTrackPaint {
    const KeyTrackModel& model;
    const std::vector<QString>& labels;  // per row
    const TimelineGeometry& geometry;
    const KeyDragController& drag;
    const QPalette& palette;
    double playhead = -1.0;  // < 0: none
    double duration = 0.0;
    double rangeStart = 0.0;  // where the range played starts (a clip's manual frame range)
    model::JointIndex currentJoint = -1;
    QString emptyHint;          // drawn under the summary when no bone is shown
    std::optional<QRect> box;   // a box selection in progress, widget coordinates
    const KeyGhosts* ghosts = nullptr;  // where a drag's keys land (nullptr or none known: drag.map)
};

// Key colours, Blender's: white-grey keys, orange-yellow selected ones.
QColor keyColor();
QColor selectedKeyColor();

// The text a row's label shows in the channel column: bone and summary rows
// in bold, a name too long for the column shortened by elideName
// ("mix…:RightHandThumb4"), so the end that tells joints apart stays.
QString gutterText(const QFont& font, KeyTrackModel::RowKind kind, const QString& label);

// Paints the rows that `dirty` touches over a widget of `size` (gutter,
// bands, labels, grid, keys and ghosts, playhead, box).
void paintKeyTracks(QPainter& painter, const KeyTrackPaint& paint, QSize size, const QRect& dirty);

} // namespace marrow::ui
