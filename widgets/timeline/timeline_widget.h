// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/timeline/clip_chooser.h"
#include "widgets/timeline/timeline_geometry.h"

#include <QPointer>
#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QScrollArea;
class QStackedWidget;
class QSpinBox;
class QToolButton;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class KeySelection;
class Playback;
class Selection;
class TransitionPreview;
} // namespace marrow::ws

namespace marrow::ui {

class GraphView;
class KeyTrackView;
class TimeRuler;
class TransitionTrackView;

// The timeline dock's content: a top bar (clip chooser, transport buttons,
// time readout, fps), the TimeRuler and, in a vertical scroll area, the
// KeyTrackView (the dope sheet: summary, the shown bones and their channels;
// it edits keys through the KeySelection given to setKeySelection).
//
// Owns the one TimelineGeometry the ruler and the tracks share, so their
// time axes always align, and keeps its fps equal to the Playback's. The
// visible range is fitted to the active clip when the clip changes and when
// the widget is first shown, and keeps fitting on resizes until the user
// zooms or pans. Left/Right step one frame and Home/End jump while the
// timeline or a child has focus (window-wide keys such as Space belong to
// the main window's actions).
//
// Reads the document and drives the workspace (Selection's active clip,
// Playback's time, fps, loop); the document changes only through undo
// commands (the dope sheet's key edits). The document,
// selection and playback must outlive it or be destroyed with it.
class TimelineWidget : public QWidget {
    Q_OBJECT

signals:
    // The user chose a clip in the chooser while a preview played (even the
    // clip that was active): the preview should end.
    void previewLeft();

public:
    TimelineWidget(doc::Document* document, ws::Selection* selection, ws::Playback* playback,
                   QWidget* parent = nullptr);
    ~TimelineWidget() override;

    TimelineGeometry& geometry() { return m_geometry; }
    const TimelineGeometry& geometry() const { return m_geometry; }

    TimeRuler* ruler() const { return m_ruler; }
    KeyTrackView* keyTrackView() const { return m_tracks; }
    // The key selection the dope sheet shows and edits (the main window's).
    void setKeySelection(ws::KeySelection* keys);
    QComboBox* clipChooser() const { return m_clipChooser; }
    QSpinBox* fpsSpinBox() const { return m_fps; }
    QLabel* timeReadout() const { return m_readout; }
    QToolButton* jumpStartButton() const { return m_jumpStart; }
    QToolButton* stepBackButton() const { return m_stepBack; }
    QToolButton* playButton() const { return m_play; }
    QToolButton* stepForwardButton() const { return m_stepForward; }
    QToolButton* jumpEndButton() const { return m_jumpEnd; }
    QToolButton* loopButton() const { return m_loop; }

    // Puts the graph editor beside the dope sheet: a selector in the ruler's
    // gutter switches the area under the shared ruler between the key tracks
    // and a GraphView on the same time axis and the given key selection.
    GraphView* addGraphTab(ws::KeySelection* keySelection);
    GraphView* graphView() const { return m_graph; }
    // The Dope Sheet / Graph Editor selector (in the ruler's gutter).
    QComboBox* viewSelector() const { return m_tabs; }

    // Transition mode: while `preview` has an active transition, the area
    // under the ruler shows a TransitionTrackView (bars, blend curve,
    // handles, foot-slide plot) and the ruler spans [0, T]; leaving it
    // shows the dope sheet or graph again. The editor-type selector gets a
    // "Transition" entry: choosing it previews the last transition, choosing
    // Dope Sheet or Graph Editor leaves (timeline_transition_mode.cpp).
    TransitionTrackView* setTransitionPreview(ws::TransitionPreview* preview);
    TransitionTrackView* transitionView() const { return m_transitionView; }

    // A clip that is not the document's plays (a retarget's preview): the
    // clip chooser names `what` with no clip chosen, and the area under the
    // ruler says what plays and how to keep it instead of the active clip's
    // keys. Empty: back to the active clip (timeline_preview_page.cpp).
    void setPreviewing(const QString& what);
    const QString& previewing() const { return m_previewing; }

    // Adds a menu button (clip management) right of the clip chooser, which
    // narrows so the transport stays aligned with the time axis.
    QToolButton* addClipMenu(QMenu* menu);
    // Adds a button for `action` after the loop button (the Auto Keying
    // record button, which the editor owns).
    QToolButton* addTransportAction(QAction* action);

    // Shows the active clip's [0, duration] (its keys too, when they run past
    // a shorter manual range) across the width with a small margin each
    // side; later resizes refit until the user zooms or pans.
    void fitToClip();
    // True while the view follows the clip (no zoom or pan since the last fit).
    bool isFittedToClip() const { return m_autoFit; }

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QWidget* buildTopBar();
    QToolButton* makeTransportButton(const QString& text, const QString& toolTip);
    void addShortcut(const QKeySequence& key, void (ws::Playback::*slot)(), const QString& text);
    void connectSignals();
    void refreshClips();
    void followActiveClip(int clip);
    void onFpsChanged(double fps);
    void onUserMovedView();
    void publishScrubEnd();
    // Pans (keeping the zoom) so the playhead is in view after a step past
    // either end of the view.
    void followPlayhead();
    void updateReadout();
    void updatePlayButton();
    void refreshIcons();
    void ensureStack();
    void onTransitionActiveChanged(int index);
    // Adds "Transition" to the editor-type selector once both exist.
    void addTransitionTab();
    double clipDuration() const;
    // The label column changed width: the widgets sized by it lay out again.
    void applyGutterWidth();

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selection;
    QPointer<ws::Playback> m_playback;
    TimelineGeometry m_geometry;

    ClipChooser* m_clipChooser = nullptr;
    QToolButton* m_jumpStart = nullptr;
    QToolButton* m_stepBack = nullptr;
    QToolButton* m_play = nullptr;
    QToolButton* m_stepForward = nullptr;
    QToolButton* m_jumpEnd = nullptr;
    QToolButton* m_loop = nullptr;
    QToolButton* m_clipMenuButton = nullptr;  // beside the clip chooser, when added
    QLabel* m_readout = nullptr;
    QSpinBox* m_fps = nullptr;
    TimeRuler* m_ruler = nullptr;
    QScrollArea* m_scroll = nullptr;
    KeyTrackView* m_tracks = nullptr;
    QComboBox* m_tabs = nullptr;
    QStackedWidget* m_stack = nullptr;
    GraphView* m_graph = nullptr;
    TransitionTrackView* m_transitionView = nullptr;
    QPointer<ws::TransitionPreview> m_preview;
    int m_transitionTab = -1;        // its index in the selector
    int m_pageBeforeTransition = 0;  // the page to go back to
    int m_lastTransition = 0;        // what choosing "Transition" previews again

    bool m_autoFit = true;        // the view follows the clip until the user zooms or pans
    bool m_syncingClips = false;
    QString m_previewing;             // setPreviewing's
    QLabel* m_previewPage = nullptr;  // in m_stack while previewing
    int m_pageBeforePreview = 0;  // filling the chooser: its index changes are not the user's
};

} // namespace marrow::ui
