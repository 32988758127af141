// SPDX-License-Identifier: MIT
#include "widgets/timeline/timeline_widget.h"
#include "widgets/timeline/graph/graph_view.h"

#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/ruler_markers.h"
#include "widgets/timeline/time_ruler.h"
#include "widgets/timeline/timeline_style.h"
#include "widgets/timeline/transition/transition_track_view.h"
#include "widgets/timeline/transport_icons.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QStackedWidget>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

namespace {

// Room at either end of a fitted clip: for the playhead's handle on the
// left, and for the last frame's label, drawn right of its tick, on the right.
constexpr double kFitMarginLeftPx = 16.0;
constexpr double kFitMarginRightPx = 36.0;

} // namespace

TimelineWidget::TimelineWidget(doc::Document* document, ws::Selection* selection, ws::Playback* playback,
                               QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_selection(selection)
    , m_playback(playback)
{
    setFocusPolicy(Qt::ClickFocus);
    if (m_playback)
        m_geometry.setFps(m_playback->fps());

    m_ruler = new TimeRuler(&m_geometry, playback, this);
    m_ruler->setMarkers(new RulerMarkers(document, selection, m_ruler));
    m_tracks = new KeyTrackView(document, selection, playback, &m_geometry);
    m_scroll = new QScrollArea(this);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidgetResizable(true);
    // Time scrolls through the geometry (wheel, middle drag), never the scroll area.
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setWidget(m_tracks);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(buildTopBar());
    layout->addWidget(m_ruler);
    layout->addWidget(m_scroll, 1);

    addShortcut(QKeySequence(Qt::Key_Left), &ws::Playback::stepBackward, tr("Previous frame"));
    addShortcut(QKeySequence(Qt::Key_Right), &ws::Playback::stepForward, tr("Next frame"));
    // Blender's keymap: Home shows the whole clip here (and frames all in the
    // viewport); the ends are Shift+Left and Shift+Right everywhere.
    auto* viewAll = new QAction(tr("View the whole clip"), this);
    viewAll->setShortcut(QKeySequence(Qt::Key_Home));
    viewAll->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(viewAll, &QAction::triggered, this, &TimelineWidget::fitToClip);
    addAction(viewAll);

    connectSignals();
    refreshClips();
    refreshIcons();
    updatePlayButton();
    updateReadout();
    fitToClip();
}

TimelineWidget::~TimelineWidget()
{
    // The ruler and tracks point at m_geometry, which dies before QWidget's
    // destructor deletes the children: delete them first.
    if (m_stack)
        delete m_stack;  // holds the scroll area and the graph once the graph tab exists
    else
        delete m_scroll;
    delete m_ruler;
}

QWidget* TimelineWidget::buildTopBar()
{
    auto* bar = new QWidget(this);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(4, 3, 6, 3);
    row->setSpacing(2);

    // As wide as the label gutter below it, so the transport starts where time does.
    m_clipChooser = new ClipChooser(bar);
    m_clipChooser->setFixedWidth(timeline_style::gutterWidth() - 8);
    m_clipChooser->setPlaceholderText(tr("No clips"));
    row->addWidget(m_clipChooser);
    row->addSpacing(4);

    m_jumpStart = makeTransportButton(tr("Jump to Start"), tr("Jump to Start (Home)"));
    m_stepBack = makeTransportButton(tr("Step Back"), tr("Step Back One Frame (Left, ,)"));
    m_play = makeTransportButton(tr("Play"), tr("Play/Pause (Space)"));
    m_stepForward = makeTransportButton(tr("Step Forward"), tr("Step Forward One Frame (Right, .)"));
    m_jumpEnd = makeTransportButton(tr("Jump to End"), tr("Jump to End (End)"));
    m_loop = makeTransportButton(tr("Loop"), tr("Loop Playback"));
    m_loop->setCheckable(true);
    m_loop->setChecked(m_playback && m_playback->loops());
    for (QToolButton* b : {m_jumpStart, m_stepBack, m_play, m_stepForward, m_jumpEnd})
        row->addWidget(b);
    row->addSpacing(6);
    row->addWidget(m_loop);
    row->addStretch(1);

    m_readout = new QLabel(bar);
    m_readout->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    // Wide enough for long clips, so the bar does not shift as digits change.
    const QString widest = QStringLiteral("frame 0000 / 0000   000.000 s");
    m_readout->setMinimumWidth(m_readout->fontMetrics().horizontalAdvance(widest));
    row->addWidget(m_readout);
    row->addSpacing(8);

    m_fps = new QSpinBox(bar);
    m_fps->setRange(1, 240);
    m_fps->setSuffix(tr(" fps"));
    m_fps->setToolTip(tr("Frames per second: frame stepping and snapping"));
    m_fps->setKeyboardTracking(false);  // typing "24" must not pass through 2 fps
    m_fps->setValue(m_playback ? static_cast<int>(std::lround(m_playback->fps())) : 30);
    row->addWidget(m_fps);
    return bar;
}

GraphView* TimelineWidget::addGraphTab(ws::KeySelection* keySelection)
{
    if (m_graph)
        return m_graph;
    // Blender's editor-type selector, in the ruler's gutter (no extra row,
    // no width taken from the top bar).
    m_tabs = new QComboBox(m_ruler);
    m_tabs->addItem(tr("Dope Sheet"));
    m_tabs->addItem(tr("Graph Editor"));
    m_tabs->setToolTip(tr("Dope Sheet: the keys per channel. Graph Editor: the curves, with tangent handles"));
    m_tabs->setAccessibleName(tr("Timeline view"));
    m_tabs->setGeometry(3, 2, timeline_style::gutterWidth() - 6, timeline_style::kRulerHeight - 4);
    m_tabs->show();
    m_graph = new GraphView(m_document, m_selection, m_playback, keySelection, &m_geometry);
    m_graph->setRulerVisible(false);  // under the shared ruler
    ensureStack();
    m_stack->insertWidget(1, m_graph);
    connect(m_tabs, &QComboBox::currentIndexChanged, m_stack, &QStackedWidget::setCurrentIndex);
    connect(m_graph, &GraphView::viewChanged, this, &TimelineWidget::onUserMovedView);
    addTransitionTab();
    return m_graph;
}

QToolButton* TimelineWidget::addClipMenu(QMenu* menu)
{
    auto* row = static_cast<QHBoxLayout*>(m_clipChooser->parentWidget()->layout());
    auto* button = new QToolButton(m_clipChooser->parentWidget());
    button->setText(QStringLiteral("\u22ef"));
    button->setToolTip(tr("New, duplicate, rename or delete a clip"));
    button->setAccessibleName(tr("Clip actions"));
    button->setMenu(menu);
    button->setPopupMode(QToolButton::InstantPopup);
    button->setStyleSheet(QStringLiteral("QToolButton::menu-indicator { image: none; }"));
    button->setAutoRaise(true);
    button->setFixedWidth(22);
    m_clipMenuButton = button;
    m_clipChooser->setFixedWidth(timeline_style::gutterWidth() - 8 - 24);
    row->insertWidget(row->indexOf(m_clipChooser) + 1, button);
    return button;
}

void TimelineWidget::applyGutterWidth()
{
    const int gutter = timeline_style::gutterWidth();
    m_clipChooser->setFixedWidth(gutter - 8 - (m_clipMenuButton ? 24 : 0));
    if (m_tabs)
        m_tabs->setGeometry(3, 2, gutter - 6, timeline_style::kRulerHeight - 4);
    // Each view derives its time axis and gutter placements from its size:
    // lay them out again at the size they have (the ruler first: it sizes
    // the shared time axis).
    for (QWidget* view : std::initializer_list<QWidget*>{m_ruler, m_tracks, m_graph, m_transitionView}) {
        if (!view)
            continue;
        QResizeEvent again(view->size(), view->size());
        QCoreApplication::sendEvent(view, &again);
        view->update();
    }
}

QToolButton* TimelineWidget::addTransportAction(QAction* action)
{
    auto* row = static_cast<QHBoxLayout*>(m_loop->parentWidget()->layout());
    auto* button = new QToolButton(m_loop->parentWidget());
    button->setDefaultAction(action);
    button->setAutoRaise(true);
    button->setIconSize(QSize(16, 16));
    button->setToolButtonStyle(Qt::ToolButtonIconOnly);
    row->insertWidget(row->indexOf(m_loop) + 1, button);
    return button;
}

QToolButton* TimelineWidget::makeTransportButton(const QString& text, const QString& toolTip)
{
    auto* button = new QToolButton(this);
    button->setText(text);
    button->setToolTip(toolTip);
    button->setAutoRaise(true);
    button->setIconSize(QSize(16, 16));
    button->setToolButtonStyle(Qt::ToolButtonIconOnly);
    // Clicking play must not steal focus from the tracks (arrows keep stepping).
    button->setFocusPolicy(Qt::NoFocus);
    return button;
}

void TimelineWidget::setKeySelection(ws::KeySelection* keys)
{
    m_tracks->setKeySelection(keys);
}

void TimelineWidget::addShortcut(const QKeySequence& key, void (ws::Playback::*slot)(), const QString& text)
{
    auto* action = new QAction(text, this);
    action->setShortcut(key);
    // Only while the timeline (or a child) has focus: elsewhere the arrows
    // belong to the bone tree, the spin boxes, ...
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(action, &QAction::triggered, this, [this, slot] {
        if (m_playback)
            (m_playback->*slot)();
    });
    addAction(action);
}

void TimelineWidget::connectSignals()
{
    connect(m_clipChooser, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!m_syncingClips && m_selection)
            m_selection->setActiveClip(index);
    });
    connect(m_clipChooser, &QComboBox::activated, this, [this] {
        if (!m_previewing.isEmpty())
            emit previewLeft();
    });
    if (m_document) {
        connect(m_document, &doc::Document::clipsChanged, this, &TimelineWidget::refreshClips);
        connect(m_document, &doc::Document::rigReplaced, this, [this] {
            refreshClips();
            fitToClip();
        });
    }
    if (m_selection)
        connect(m_selection, &ws::Selection::activeClipChanged, this, &TimelineWidget::followActiveClip);

    auto forward = [this](QToolButton* button, void (ws::Playback::*slot)()) {
        connect(button, &QToolButton::clicked, this, [this, slot] {
            if (m_playback)
                (m_playback->*slot)();
        });
    };
    forward(m_jumpStart, &ws::Playback::jumpToStart);
    forward(m_stepBack, &ws::Playback::stepBackward);
    forward(m_play, &ws::Playback::togglePlay);
    forward(m_stepForward, &ws::Playback::stepForward);
    forward(m_jumpEnd, &ws::Playback::jumpToEnd);
    connect(m_loop, &QToolButton::toggled, this, [this](bool on) {
        if (m_playback)
            m_playback->setLoop(on);
    });
    connect(m_fps, &QSpinBox::valueChanged, this, [this](int fps) {
        if (m_playback)
            m_playback->setFps(fps);
    });

    if (m_playback) {
        connect(m_playback, &ws::Playback::timeChanged, this, [this] {
            updateReadout();
            followPlayhead();
        });
        connect(m_playback, &ws::Playback::durationChanged, this, [this] {
            updateReadout();
            if (m_autoFit)
                fitToClip();  // keys added past the end grow the clip: keep it in view
        });
        connect(m_playback, &ws::Playback::fpsChanged, this, &TimelineWidget::onFpsChanged);
        connect(m_playback, &ws::Playback::playingChanged, this, &TimelineWidget::updatePlayButton);
        connect(m_playback, &ws::Playback::loopChanged, this, [this](bool on) {
            const QSignalBlocker block(m_loop);
            m_loop->setChecked(on);
        });
    }

    // One geometry, two views: a zoom or pan in either repaints the other.
    connect(m_ruler, &TimeRuler::viewChanged, this, &TimelineWidget::onUserMovedView);
    connect(m_tracks, &KeyTrackView::viewChanged, this, &TimelineWidget::onUserMovedView);
    connect(m_tracks, &KeyTrackView::gutterResized, this, &TimelineWidget::applyGutterWidth);
    connect(m_ruler, &TimeRuler::widthChanged, this, [this] {
        if (m_autoFit)
            fitToClip();
        m_tracks->update();
    if (m_graph)
        m_graph->update();
    });
}

void TimelineWidget::refreshClips()
{
    m_syncingClips = true;
    QStringList names;
    if (m_document)
        for (const anim::Clip& clip : m_document->rig().clips)
            names << QString::fromStdString(clip.name);
    m_clipChooser->setClipNames(names);
    m_clipChooser->setEnabled(m_clipChooser->count() > 0);
    const int active = m_selection && m_previewing.isEmpty() ? m_selection->activeClip() : -1;
    m_clipChooser->setCurrentIndex(active < m_clipChooser->count() ? active : -1);
    m_syncingClips = false;
}

void TimelineWidget::followActiveClip(int clip)
{
    // During a rig replacement the selection may name a clip the chooser
    // does not list yet; refreshClips() selects it once the list is rebuilt.
    if (clip < m_clipChooser->count() && m_previewing.isEmpty()) {
        m_syncingClips = true;
        m_clipChooser->setCurrentIndex(clip);
        m_syncingClips = false;
    }
    fitToClip();
}

void TimelineWidget::onFpsChanged(double fps)
{
    m_geometry.setFps(fps);
    {
        const QSignalBlocker block(m_fps);
        m_fps->setValue(static_cast<int>(std::lround(fps)));
    }
    updateReadout();
    m_ruler->update();
    m_tracks->update();
    if (m_graph)
        m_graph->update();
}

void TimelineWidget::onUserMovedView()
{
    m_autoFit = false;
    publishScrubEnd();
    m_ruler->update();
    m_tracks->update();
    if (m_graph)
        m_graph->update();
}

void TimelineWidget::publishScrubEnd()
{
    // The ruler reaches past the clip's end: frames there can be scrubbed to
    // and keyed (the clip then grows to its new last key).
    if (m_playback)
        m_playback->setScrubEnd(std::max(0.0, m_geometry.visibleEnd()));
}

void TimelineWidget::followPlayhead()
{
    if (!m_playback)
        return;
    const double t = m_playback->time();
    const double start = m_geometry.visibleStart(), end = m_geometry.visibleEnd();
    if (t >= start && t <= end)
        return;
    // The playhead a right margin's width from the edge it crossed.
    const double margin = std::min(kFitMarginRightPx / m_geometry.pixelsPerSecond(), (end - start) / 4.0);
    const double shift = t > end ? t + margin - end : t - margin - start;
    m_geometry.setVisibleRange(start + shift, end + shift);
    publishScrubEnd();
    m_ruler->update();
    m_tracks->update();
    if (m_graph)
        m_graph->update();
}

double TimelineWidget::clipDuration() const
{
    // In clip mode the active clip's own duration: Playback's may not have
    // caught up yet when activeClipChanged reaches us before the evaluator.
    // A preview's clip is not the document's: Playback has its length.
    if (m_document && m_selection && m_previewing.isEmpty() &&
        (!m_playback || m_playback->mode() == ws::Playback::Mode::Clip)) {
        const auto& clips = m_document->rig().clips;
        const int clip = m_selection->activeClip();
        if (clip >= 0 && static_cast<std::size_t>(clip) < clips.size())
            return clips[static_cast<std::size_t>(clip)].duration;
    }
    return m_playback ? m_playback->duration() : 0.0;
}

void TimelineWidget::fitToClip()
{
    double duration = clipDuration();
    // Keys past a shorter manual range stay in view.
    if (const anim::Clip* clip = m_document && m_selection && m_previewing.isEmpty()
                                     ? m_document->rig().clipAt(m_selection->activeClip())
                                     : nullptr;
        clip && (!m_playback || m_playback->mode() == ws::Playback::Mode::Clip))
        duration = std::max(duration, static_cast<double>(clip->lastKeyTime()));
    if (!(duration > 0.0))
        duration = 1.0;  // a clip of one key (or none) still gets a readable ruler
    const double width = m_geometry.width();
    // A very narrow dock gives the margins up first: the clip is what matters.
    const double shrink = std::min(1.0, width / 4.0 / (kFitMarginLeftPx + kFitMarginRightPx));
    const double left = kFitMarginLeftPx * shrink;
    const double right = kFitMarginRightPx * shrink;
    const double pixelsPerSecond = (width - left - right) / duration;
    m_geometry.setVisibleRange(-left / pixelsPerSecond, duration + right / pixelsPerSecond);
    m_autoFit = true;
    publishScrubEnd();
    m_ruler->update();
    m_tracks->update();
    if (m_graph)
        m_graph->update();
}

void TimelineWidget::updateReadout()
{
    if (!m_playback)
        return;
    m_readout->setText(tr("frame %1 / %2   %3 s")
                           .arg(m_playback->frame())
                           .arg(m_playback->lastFrame())
                           .arg(m_playback->time(), 0, 'f', 3));
}

void TimelineWidget::updatePlayButton()
{
    const bool playing = m_playback && m_playback->isPlaying();
    m_play->setText(playing ? tr("Pause") : tr("Play"));
    m_play->setIcon(transportIcon(playing ? TransportIcon::Pause : TransportIcon::Play,
                                  palette().color(QPalette::ButtonText)));
}

void TimelineWidget::refreshIcons()
{
    const QColor color = palette().color(QPalette::ButtonText);
    m_jumpStart->setIcon(transportIcon(TransportIcon::JumpStart, color));
    m_stepBack->setIcon(transportIcon(TransportIcon::StepBack, color));
    m_stepForward->setIcon(transportIcon(TransportIcon::StepForward, color));
    m_jumpEnd->setIcon(transportIcon(TransportIcon::JumpEnd, color));
    m_loop->setIcon(transportIcon(TransportIcon::Loop, color));
    updatePlayButton();
}

void TimelineWidget::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // The first show knows the real width; fit again unless the user has zoomed.
    if (m_autoFit)
        fitToClip();
}

void TimelineWidget::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    // Painted fallback glyphs take the palette's colour: redraw them when it changes.
    if (event->type() == QEvent::PaletteChange && m_play)
        refreshIcons();
}

} // namespace marrow::ui
