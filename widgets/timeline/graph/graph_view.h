// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"
#include "widgets/timeline/graph/channel_rows.h"
#include "widgets/timeline/graph/curve_cache.h"
#include "widgets/timeline/graph/graph_curves.h"
#include "widgets/timeline/graph/key_stamps.h"
#include "widgets/timeline/graph/plot_raster.h"
#include "widgets/timeline/graph/tangent_handle.h"
#include "widgets/timeline/graph/value_axis.h"
#include "widgets/timeline/time_axis_input.h"
#include "widgets/timeline/timeline_geometry.h"
#include "widgets/timeline/timeline_style.h"

#include <QImage>
#include <QPointer>
#include <QRect>
#include <QWidget>

class QAction;
class QContextMenuEvent;
class QHelpEvent;
class QMenu;
class QScrollBar;

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

namespace marrow::cmd {
class AnimationEdit;
}
namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class KeySelection;
class Playback;
class Selection;
} // namespace marrow::ws

namespace marrow::ui {

class KeyEditActions;

// The graph editor, a tab of the timeline dock beside the dope sheet: for the
// selected joints in the active clip, each animated channel's x/y/z curves
// over time (translation, scale; an Euler bone's rotation as its stored
// angles in degrees, a Quaternion bone's as its W, X, Y, Z components),
// sampled as playback samples, keys as points, and tangent handles on the
// selected keys of cubic segments. Every curve drawn is a stored one, so
// every key and handle drag edits exactly the curve grabbed.
//
// Layout: the channel list in the left gutter (timeline_style::gutterWidth()):
// the selected bones in bone-tree order (as the dope sheet lists them), each
// with its channels and their axis curves; a click on a channel or axis row
// shows or hides it (hidden curves are neither drawn, hit nor framed); long
// bone names are elided in the middle with the whole name as a tooltip; the
// wheel scrolls it. A ruler strip on top (frame labels; a click or drag
// there scrubs), the plot below (value labels at its left edge).
//
// Mouse: click a key selects it (Shift toggles), drag on empty space box-
// selects (Shift adds), drag selected keys moves them (time snapped to
// frames unless Ctrl; the grabbed component also moves in value, a
// quaternion key renormalised; one "Move Keys" command on release), drag a
// handle sets its slope as the key's handle type says (Free: that side
// alone; Aligned: both sides; Auto and Vector keys become Aligned; one undo
// entry per drag). Middle drag pans, Ctrl+wheel zooms time, the plain wheel
// zooms values, Alt+wheel pans time. Keys (while the graph has focus): Home
// frames all, F or period frames the selected keys, Ctrl+A selects every
// shown key, Alt+A none, V the Handle Type menu for the selected keys,
// Delete or X deletes them, Ctrl+C / Ctrl+V copy and paste (at the
// playhead). A right-click in the plot opens those as a menu, with the
// Interpolation Mode and Handle Type submenus.
//
// The key selection is the shared ws::KeySelection. The time axis is the
// timeline's TimelineGeometry when one is given (so the graph and the dope
// sheet show the same times), else the view's own. The values fit the
// curves until the user zooms or pans vertically. Keys changing coalesce
// into one rebuild at the next paint. The document, selections and playback
// may be destroyed first; a given geometry must outlive the view.
//
// Caches (so 30,000 keys redraw within a frame): each channel's samples
// (graph::CurveCache, dropped per joint channel by keysChanged, all of them
// by another clip or rig), and the plot as an image (grid, curves, keys,
// handles) drawn again only when what it shows changed; a playback tick
// draws the image, the playhead and the ruler.
class GraphView : public QWidget {
    Q_OBJECT
public:
    GraphView(doc::Document* document, ws::Selection* selection, ws::Playback* playback,
              ws::KeySelection* keySelection, TimelineGeometry* sharedGeometry = nullptr, QWidget* parent = nullptr);
    ~GraphView() override;

    // The curves as drawn now (rebuilt first when stale).
    const std::vector<graph::GraphCurve>& curves() const;
    // Widget position of a curve's key, and of a handle (nullopt: not shown).
    QPointF keyPosition(std::size_t curve, std::size_t key) const;
    std::optional<QPointF> handlePosition(std::size_t curve, std::size_t key, graph::HandleSide side) const;
    QRect plotRect() const;
    QRect rulerRect() const;
    const TimelineGeometry& timeAxis() const { return *m_geometry; }
    const graph::ValueAxis& valueAxis() const { return m_values; }
    bool isChannelShown(model::JointIndex joint, doc::ChannelKind kind) const;
    void setChannelShown(model::JointIndex joint, doc::ChannelKind kind, bool shown);
    // One axis curve (a GraphCurve's component) of a channel.
    bool isAxisShown(model::JointIndex joint, doc::ChannelKind kind, int component) const;
    void setAxisShown(model::JointIndex joint, doc::ChannelKind kind, int component, bool shown);

    // The channel list (graph_view_channels.cpp): its rows, a row's rect in
    // widget coordinates as scrolled now (empty for none), the text drawn in
    // it (a bone's name elided), and the scroll bar beside it.
    std::vector<graph::ChannelRow> channelRows() const;
    std::optional<std::size_t> channelRowIndex(const graph::ChannelRow& row) const;
    QRect channelRowRect(std::size_t row) const;
    QString channelRowText(std::size_t row) const;
    QScrollBar* channelScrollBar() const { return m_channelScroll; }

    // The ruler strip on top (shown by default); hide it where the graph
    // sits under the timeline's own TimeRuler on a shared time axis.
    void setRulerVisible(bool visible);
    bool isRulerVisible() const { return m_rulerHeight > 0; }

    // Gives the selected keys a handle type (Blender's Automatic is
    // AutoClamped), one "Set Handle Type" undo entry, as V's menu does;
    // false when nothing changed.
    bool setHandleType(anim::TangentMode mode);

    // Time and value ranges around every shown curve / the selected keys.
    void frameAll();
    void frameSelected();

    // The caches' work so far (tests watch it): channels sampled, plot images drawn.
    struct CacheStats {
        std::size_t channelsSampled = 0;
        std::size_t plotRenders = 0;
    };
    CacheStats cacheStats() const { return {m_cache.samplings(), m_plotRenders}; }

signals:
    // The user zoomed or panned the time axis (a shared geometry moved).
    void viewChanged();
    // A key drag moved (its readout, keyMoveText, and the keys the result
    // would merge) or ended (empty text).
    void dragStatusChanged(const QString& text, int wouldMerge);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    enum class Drag { None, Scrub, Pan, Box, MoveKeys, Handle };
    struct KeyRef {
        std::size_t curve = 0;
        std::size_t key = 0;
    };
    struct HandleRef {
        std::size_t curve = 0;
        std::size_t key = 0;
        graph::HandleSide side = graph::HandleSide::Out;
    };
    // A key drag: the selected keys move by dt in time, and those of the
    // grabbed curve's channel (valueKind, component >= 0) by dv drawn units.
    struct KeyMove {
        double dt = 0.0;
        int component = -1;
        doc::ChannelKind valueKind = doc::ChannelKind::Translation;
        double dv = 0.0;
    };

    void markDirty();
    void rebuild() const;
    const anim::JointTrack* documentTrack(model::JointIndex joint) const;
    graph::HandleScales handleScales() const;
    // The slope (value per second) a handle of a curve's key shows, or
    // nullopt when it has none (not selected, not a cubic segment).
    std::optional<double> handleSlope(std::size_t curve, std::size_t key, graph::HandleSide side) const;
    double xOf(double seconds) const;
    double yOf(double value) const;
    std::optional<KeyRef> keyAt(QPointF pos) const;
    std::optional<HandleRef> handleAt(QPointF pos) const;
    bool keySelected(const graph::GraphCurve& curve, const graph::KeyPoint& key) const;
    // The selected joints in bone-tree order (the list's and the curves' order).
    std::vector<model::JointIndex> shownJoints() const;
    void onStructureChanged();
    std::set<doc::KeyId> shownKeys() const;
    void frame(const std::optional<graph::Extent>& extent);
    void scrub(double x, Qt::KeyboardModifiers modifiers);

    // Input.
    void pressLeft(QMouseEvent* event);
    // Handles (graph_view_handles.cpp).
    void dragHandle(QPointF pos);
    QMenu* popupHandleTypeMenu(QPoint globalPos);
    // Key actions and the right-click menu (graph_view_actions.cpp).
    void addKeyActions();
    QAction* keyAction(const QKeyEvent& event) const;  // the action a key press triggers, or nullptr
    bool claimsKey(const QKeyEvent& event) const;      // ours, before any window shortcut
    QMenu* popupContextMenu(QPoint globalPos);
    void updateKeyMove(QPointF pos, Qt::KeyboardModifiers modifiers);
    // m_move through cmd::moveKeys (the preview and the release alike); the keys as they now stand.
    std::set<doc::KeyId> applyKeyMove(cmd::AnimationEdit& edit, const std::set<doc::KeyId>& keys) const;
    void finishKeyMove();
    void finishBox(QPointF pos, Qt::KeyboardModifiers modifiers);

    // Painting (graph_view_paint.cpp).
    void paintRuler(QPainter& painter) const;
    // The value axis' lines (into the plot image) and their labels.
    void rasterValueGrid(graph::PlotRaster& raster, qreal dpr) const;
    void paintValueLabels(QPainter& painter) const;
    void paintHandles(QPainter& painter) const;
    // The channel list (graph_view_channels.cpp).
    QRect channelListRect() const;
    int channelRowWidth() const;
    QRect rowRect(std::size_t row) const;  // channelRowRect without the bounds check
    QString rowText(const graph::ChannelRow& row) const;
    QString jointName(model::JointIndex joint) const;
    QString channelName(const graph::ChannelRow& row) const;
    void updateChannelScroll();
    void paintChannelList(QPainter& painter) const;
    void pressChannelList(QPointF pos);
    bool wheelChannelList(QWheelEvent* event);
    void showChannelToolTip(const QHelpEvent& event);

    // The plot image (graph_view_plot.cpp): everything in the plot but the
    // playhead and a box selection, drawn again when plotState() changes.
    struct PlotState {
        std::uint64_t curves = 0, keySelection = 0;  // generations
        double pixelsPerSecond = 0.0, start = 0.0, fps = 0.0, duration = 0.0, rangeStart = 0.0;
        double valueBottom = 0.0, valueTop = 0.0;
        QSize size;
        qreal dpr = 1.0;
        qint64 palette = 0;
        QString font;
        int drag = 0;  // 0 none, 1 keys pressed, 2 keys dragged (handles hide, the preview selects)
        bool operator==(const PlotState&) const = default;
    };
    PlotState plotState(qreal dpr) const;
    void renderPlot(qreal dpr) const;
    void rasterBackground(graph::PlotRaster& raster, qreal dpr, const PlotState& state) const;
    void rasterCurves(graph::PlotRaster& raster, qreal dpr) const;
    // A rect in widget pixels as the plot image's device pixels.
    QRect plotDeviceRect(const QRect& widgetRect, qreal dpr) const;

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selection;
    QPointer<ws::Playback> m_playback;
    QPointer<ws::KeySelection> m_keys;
    std::unique_ptr<TimelineGeometry> m_ownGeometry;
    TimelineGeometry* m_geometry = nullptr;
    TimeAxisInput m_timeInput;  // Ctrl+wheel zoom and Alt+wheel pan, as the dope sheet
    graph::ValueAxis m_values;
    int m_rulerHeight = timeline_style::kRulerHeight;  // 0 when hidden
    bool m_fitPending = true;   // fit the values (and an own time axis) at the next paint
    bool m_rigGone = false;     // between rigAboutToBeReplaced and rigReplaced
    std::set<std::pair<model::JointIndex, doc::ChannelKind>> m_hidden;
    std::set<std::tuple<model::JointIndex, doc::ChannelKind, int>> m_hiddenAxes;
    KeyEditActions* m_editActions = nullptr;  // Delete, Copy, Paste, Interpolation: as the dope sheet's
    struct MenuActions {
        QAction* copy = nullptr;
        QAction* paste = nullptr;
        QAction* remove = nullptr;
        QAction* selectAll = nullptr;
        QAction* selectNone = nullptr;
        QAction* frameAll = nullptr;
    };
    MenuActions m_menuActions;
    QScrollBar* m_channelScroll = nullptr;  // the channel list's; hidden while every row fits

    mutable bool m_dirty = true;
    mutable double m_builtPixelsPerSecond = 0.0;
    mutable double m_builtStart = 0.0;  // the visible start the curves were sampled for
    mutable std::vector<graph::GraphCurve> m_curves;
    mutable graph::CurveCache m_cache;
    mutable std::uint64_t m_curvesGeneration = 0;  // counts rebuilds of m_curves
    std::uint64_t m_keySelectionGeneration = 0;    // counts KeySelection::changed
    mutable QImage m_plot;
    mutable std::optional<PlotState> m_plotState;  // what m_plot shows
    mutable graph::KeyStamps m_stamps;
    mutable std::size_t m_plotRenders = 0;
    // While keys are dragged: the tracks as the move leaves them (drawn
    // instead of the document's), the move and the keys it will select.
    std::map<model::JointIndex, anim::JointTrack> m_preview;
    KeyMove m_move;
    std::set<doc::KeyId> m_previewSelection;

    Drag m_drag = Drag::None;
    Qt::MouseButton m_dragButton = Qt::NoButton;  // the button whose release ends m_drag
    QPointF m_pressPos;
    QPointF m_lastPos;
    bool m_dragStarted = false;
    std::optional<KeyRef> m_pressedKey;
    bool m_pressedWasSelected = false;
    double m_grabTime = 0.0;
    HandleRef m_handle;
    model::InteractionId m_interaction;
};

} // namespace marrow::ui
