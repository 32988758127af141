// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/sync_markers.h"
#include "core/model/ids.h"

#include <QObject>
#include <QPointer>

#include <optional>
#include <vector>

class QMenu;
class QPointF;
class QString;
class QPainter;
class QRect;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class Selection;
class TransitionPreview;
}

namespace marrow::ui {

class TimelineGeometry;

// Sync markers on the timeline's ruler (Unreal's sync markers): small
// flags with their names ("L", "R", "L↑" for "L up") along the ruler's
// foot, side by side where several meet, a tooltip naming each. On the dope
// sheet, the active clip's at their times; in transition mode, A's (blue)
// where the preview reaches them in A until the blend ends and B's
// (orange) from the exit on, found by sampling the transition's own timing
// (so Sync's warped time is followed). Dragging a flag moves its marker in
// its clip (one undo entry per drag); the ruler's right-click menu adds
// "L" or "R" at the cursor, renames or deletes the flag under it, and sets
// the clip back to the markers found from the feet. Markers found from the
// feet are drawn hollow until the first edit makes them the clip's own.
class RulerMarkers : public QObject {
    Q_OBJECT
public:
    RulerMarkers(doc::Document* document, ws::Selection* selection, QObject* parent = nullptr);
    void setTransitionPreview(ws::TransitionPreview* preview);

    // One flag on the ruler.
    struct Flag {
        model::ClipId clip = -1;
        std::size_t index = 0;    // into the clip's markers (model::syncMarkersOf)
        double previewTime = 0.0; // where on the ruler
        anim::SyncMarker marker;
        bool sideB = false;       // transition mode: B's
        bool found = false;       // found from the feet, not yet the clip's own
    };
    // Found once after each change (the feet are sampled, a transition's
    // timing scanned), not on every paint.
    const std::vector<Flag>& flags();

    // Where each flag is drawn (widget x), in time order: the pole at its
    // time, the pennant from `left` (side by side with flags at the same
    // time: marker_flag_layout).
    struct Placed {
        std::size_t flag = 0;  // into flags()
        double pole = 0.0;
        double left = 0.0;
        double width = 0.0;
    };
    std::vector<Placed> placed(const TimelineGeometry& geometry);

    void paint(QPainter& painter, const TimelineGeometry& geometry, const QRect& timeArea);
    // The flag under widget x: its pennant, or the nearest pole within a
    // few pixels (the ruler's widget x).
    std::optional<Flag> flagAt(const TimelineGeometry& geometry, double x);
    // The ruler's tooltip at widget x: each marker at the flag there (and
    // any at about the same time), by name and meaning ("L: left foot
    // down"), with its clip and time; empty over no flag.
    QString toolTipAt(const TimelineGeometry& geometry, double x);
    // The top of the band along the ruler's foot the flags take (y from
    // there down); above it a press scrubs as before.
    static int bandTop(int rulerHeight);

    // Drag: a press on a flag (in the band) starts it; moves set its clip
    // time; release ends the undo entry.
    bool press(const TimelineGeometry& geometry, QPointF pos, int rulerHeight);
    bool move(const TimelineGeometry& geometry, double x);
    bool release();
    bool dragging() const { return m_drag.has_value(); }

    // The right-click menu at ruler x (deleted when closed; returned for tests).
    QMenu* popupMenu(const TimelineGeometry& geometry, double x, const QPoint& globalPos, QWidget* parent);

    // Edits (one undo entry each).
    void addMarker(model::ClipId clip, const std::string& name, double clipTime);
    void renameMarker(const Flag& flag, const std::string& name);
    void deleteMarker(const Flag& flag);
    void resetToFound(model::ClipId clip);

signals:
    void changed();

private:
    void invalidate();
    std::vector<Flag> findFlags() const;
    // The clip and its time under preview time t: the active clip on the
    // dope sheet; in transition mode A before the exit, B after.
    std::optional<std::pair<model::ClipId, double>> clipAt(double previewTime);
    std::optional<double> clipTimeOf(const Flag& flag, double previewTime);
    void setMarkers(model::ClipId clip, std::vector<anim::SyncMarker> markers, const QString& text,
                    model::InteractionId interaction = {});

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selection;
    QPointer<ws::TransitionPreview> m_preview;
    struct Drag {
        Flag flag;
        model::InteractionId interaction;
    };
    std::optional<Drag> m_drag;
    std::optional<std::vector<Flag>> m_flags;
};

} // namespace marrow::ui
