// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/channel_key.h"
#include "core/model/ids.h"
#include "widgets/timeline/time_axis_input.h"

#include <QPointer>
#include <QRect>
#include <QString>
#include <QWidget>

#include <cstddef>
#include <optional>
#include <vector>

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class Playback;
class Selection;
} // namespace marrow::ws

namespace marrow::ui {

class TimelineGeometry;

// A key diamond under a point: which joint, channel and key, and the key's time.
struct KeyHit {
    model::JointIndex joint = -1;
    doc::ChannelKind channel = doc::ChannelKind::Translation;
    std::size_t index = 0;  // into the channel's times
    double time = 0.0;      // exactly the channel's key time
    bool operator==(const KeyHit&) const = default;
};

// The key tracks under the ruler: for each selected joint (in selection
// order) a header row with its name and a summary of all its keys, then one
// row per channel (Translation, Rotation, Scale) with that channel's keys in
// the active clip as filled diamonds. A channel the clip does not animate
// shows an empty row. The playhead line runs through every row; a click in
// the rows scrubs, like the ruler (TimeAxisInput); Ctrl+wheel zooms, a plain
// wheel is left to the surrounding scroll area.
//
// Owns a cache of the rows (labels and key times as doubles, ready for
// TimelineGeometry::hitKey), rebuilt from the document when keys, clips,
// the rig, joint names, the joint selection or the active clip change, so a
// paint only reads it. Invariant: the cache matches the document after each
// of those signals; rows are kRowHeight tall from y = 0, and the widget's
// minimum height is all of them (put it in a QScrollArea).
//
// The geometry (shared with the ruler, owned by the TimelineWidget) must
// outlive it; the document, selection and playback may go first.
class KeyTrackView : public QWidget {
    Q_OBJECT
public:
    enum class RowKind { JointHeader, Channel };
    // One laid-out row, as a test or a later key editor sees it.
    struct RowInfo {
        RowKind kind = RowKind::JointHeader;
        model::JointIndex joint = -1;
        doc::ChannelKind channel = doc::ChannelKind::Translation;  // Channel rows only
        std::size_t keyCount = 0;  // a header counts the distinct key times of its channels
    };

    KeyTrackView(doc::Document* document, ws::Selection* selection, ws::Playback* playback,
                 TimelineGeometry* geometry, QWidget* parent = nullptr);

    int rowCount() const { return static_cast<int>(m_rows.size()); }
    RowInfo row(int index) const;        // default RowInfo when out of range
    QString rowLabel(int index) const;   // the joint or channel name in the gutter
    QRect rowRect(int index) const;      // full width, in widget coordinates
    int rowAt(int y) const;              // -1 when below the last row
    // The key diamond under `pos` (channel rows only), or nullopt.
    std::optional<KeyHit> keyAt(QPoint pos) const;
    // Where a key diamond is drawn (its centre), for tests and key editing.
    QPoint keyPosition(int rowIndex, std::size_t key) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public slots:
    // Re-reads the rows from the document (called on every structural signal).
    void rebuild();

signals:
    // The user zoomed or panned from here: the visible range moved.
    void viewChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    struct Row {
        RowInfo info;
        QString label;
        std::vector<double> times;  // sorted, as in the channel (merged for a header)
    };

    void handle(QEvent* event, TimeAxisInput::Outcome outcome);
    void onTimeChanged(double seconds);
    void paintRow(QPainter& painter, int index, const QRect& timeArea) const;
    void paintDiamonds(QPainter& painter, const Row& row, int centerY, const QRect& timeArea) const;
    void paintEmptyHint(QPainter& painter, const QRect& timeArea) const;

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selection;
    QPointer<ws::Playback> m_playback;
    TimelineGeometry* m_geometry = nullptr;
    TimeAxisInput m_input;
    std::vector<Row> m_rows;
    double m_lastTime = 0.0;  // where the playhead was last drawn
};

} // namespace marrow::ui
