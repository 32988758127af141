// SPDX-License-Identifier: MIT
#include "widgets/timeline/key_track_view.h"

#include "core/document/document.h"
#include "core/workspace/key_selection.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/key_edit_actions.h"
#include "widgets/timeline/key_track_painter.h"
#include "widgets/timeline/timeline_geometry.h"
#include "widgets/timeline/timeline_style.h"

#include <QApplication>
#include <QCursor>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

namespace style = timeline_style;

namespace {

QString channelName(doc::ChannelKind kind)
{
    switch (kind) {
    case doc::ChannelKind::Translation: return KeyTrackView::tr("Translation");
    case doc::ChannelKind::Rotation: return KeyTrackView::tr("Rotation");
    case doc::ChannelKind::Scale: return KeyTrackView::tr("Scale");
    }
    return {};
}

} // namespace

KeyTrackView::KeyTrackView(doc::Document* document, ws::Selection* selection, ws::Playback* playback,
                           TimelineGeometry* geometry, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_selection(selection)
    , m_playback(playback)
    , m_geometry(geometry)
    , m_input(geometry, playback)
    , m_actions(new KeyEditActions(document, selection, playback, this))
    , m_model(style::kRowHeight)
{
    setFocusPolicy(Qt::ClickFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);  // modal G / S follow the mouse without a button
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);

    // Blender's "Only Show Selected", in the summary row's gutter.
    m_onlySelectedButton = new QToolButton(this);
    m_onlySelectedButton->setText(tr("Only Sel."));
    m_onlySelectedButton->setToolTip(tr("Only Show Selected: the selected bones' keys (off: every animated bone)"));
    m_onlySelectedButton->setCheckable(true);
    m_onlySelectedButton->setChecked(true);
    m_onlySelectedButton->setAutoRaise(true);
    m_onlySelectedButton->setFocusPolicy(Qt::NoFocus);
    QFont small = m_onlySelectedButton->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    m_onlySelectedButton->setFont(small);
    connect(m_onlySelectedButton, &QToolButton::toggled, this, &KeyTrackView::setOnlySelected);
    addKeyActions();

    if (m_document) {
        connect(m_document, &doc::Document::keysChanged, this, [this](int clip) {
            // The summary shows every joint of the active clip: any of its key edits counts.
            if (m_selection && clip == m_selection->activeClip())
                rebuild();
        });
        connect(m_document, &doc::Document::clipsChanged, this, &KeyTrackView::rebuild);
        connect(m_document, &doc::Document::rigReplaced, this, &KeyTrackView::rebuild);
        connect(m_document, &doc::Document::jointRenamed, this, &KeyTrackView::rebuild);
    }
    if (m_selection) {
        connect(m_selection, &ws::Selection::jointsChanged, this, &KeyTrackView::rebuild);
        connect(m_selection, &ws::Selection::activeClipChanged, this, &KeyTrackView::rebuild);
    }
    if (m_playback) {
        m_lastTime = m_playback->time();
        m_drag.setFps(m_playback->fps());
        connect(m_playback, &ws::Playback::timeChanged, this, &KeyTrackView::onTimeChanged);
        connect(m_playback, &ws::Playback::durationChanged, this, qOverload<>(&QWidget::update));
        connect(m_playback, &ws::Playback::fpsChanged, this, [this](double fps) {
            m_drag.setFps(fps);
            update();
        });
    }
    rebuild();
}

KeyTrackView::~KeyTrackView() = default;

void KeyTrackView::setKeySelection(ws::KeySelection* keys)
{
    if (m_keys)
        disconnect(m_keys, nullptr, this, nullptr);
    m_keys = keys;
    m_actions->setKeySelection(keys);
    if (m_keys)
        connect(m_keys, &ws::KeySelection::changed, this, &KeyTrackView::onKeySelectionChanged);
    onKeySelectionChanged();
}

ws::KeySelection* KeyTrackView::keySelection() const
{
    return m_keys;
}

void KeyTrackView::setOnlySelected(bool on)
{
    if (on == m_onlySelected)
        return;
    m_onlySelected = on;
    m_onlySelectedButton->setChecked(on);
    rebuild();
}

void KeyTrackView::rebuild()
{
    // A command that edits 60 bones emits 60 keysChanged: build once, later
    // in this event-loop turn, or sooner when something reads the rows.
    if (!m_stale)
        QTimer::singleShot(0, this, [this] { ensureBuilt(); });
    m_stale = true;
    update();
}

void KeyTrackView::onKeySelectionChanged()
{
    m_selectionStale = true;
    update();
}

void KeyTrackView::ensureBuilt() const
{
    if (m_stale)
        const_cast<KeyTrackView*>(this)->build();
    if (m_selectionStale) {
        m_model.setSelection(m_keys ? m_keys->keys() : std::set<doc::KeyId>{});
        m_selectionStale = false;
    }
}

void KeyTrackView::build()
{
    m_stale = false;
    m_selectionStale = true;
    const int before = m_model.rowCount();
    const anim::Clip* clip = nullptr;
    std::vector<model::JointIndex> joints;
    static const anim::Skeleton kNone;
    const anim::Skeleton* skeleton = &kNone;
    if (m_document && m_selection) {
        const model::Rig& rig = m_document->rig();
        skeleton = &rig.skeleton;
        const model::ClipId id = m_selection->activeClip();
        clip = id >= 0 && static_cast<std::size_t>(id) < rig.clips.size() ? &rig.clips[static_cast<std::size_t>(id)]
                                                                          : nullptr;
        joints.assign(m_selection->joints().begin(), m_selection->joints().end());
    }
    m_model.rebuild(*skeleton, clip, joints, m_onlySelected);
    m_labels.clear();
    for (int i = 0; i < m_model.rowCount(); ++i) {
        const Row& r = m_model.row(i);
        if (r.kind == RowKind::Summary)
            m_labels.push_back(tr("Summary"));
        else if (r.kind == RowKind::Bone)
            m_labels.push_back(QString::fromStdString(skeleton->names[static_cast<std::size_t>(r.joint)]));
        else
            m_labels.push_back(channelName(r.channel));
    }
    m_onlySelectedButton->setVisible(m_model.rowCount() > 0);
    if (m_model.rowCount() != before) {
        setMinimumHeight(m_model.rowCount() * style::kRowHeight);
        updateGeometry();
    }
    update();
}

const KeyTrackModel& KeyTrackView::model() const
{
    ensureBuilt();
    return m_model;
}

QString KeyTrackView::rowLabel(int index) const
{
    ensureBuilt();
    return index >= 0 && index < rowCount() ? m_labels[static_cast<std::size_t>(index)] : QString();
}

QString KeyTrackView::shownRowLabel(int index) const
{
    if (index < 0 || index >= rowCount())
        return {};
    return gutterText(font(), row(index).kind, rowLabel(index));
}

void KeyTrackView::showRowToolTip(const QHelpEvent& event)
{
    // The channel column elides long names: its tooltip gives them whole.
    const int index = rowAt(event.pos().y());
    if (event.pos().x() < style::gutterWidth() && index >= 0)
        QToolTip::showText(event.globalPos(), rowLabel(index), this, rowRect(index).intersected(QRect(0, 0, style::gutterWidth(), height())));
    else
        QToolTip::hideText();
}

QRect KeyTrackView::rowRect(int index) const
{
    return {0, index * style::kRowHeight, width(), style::kRowHeight};
}

int KeyTrackView::rowAt(int y) const
{
    return model().rowAt(y);
}

int KeyTrackView::xOf(double seconds) const
{
    return style::timeToX(*m_geometry, seconds);
}

double KeyTrackView::timeAt(double x) const
{
    return m_geometry->pixelToTime(x - style::gutterWidth());
}

QPoint KeyTrackView::keyPosition(int rowIndex, std::size_t key) const
{
    if (rowIndex < 0 || rowIndex >= rowCount() || key >= row(rowIndex).times.size())
        return {};
    return {xOf(row(rowIndex).times[key]), static_cast<int>(model().rowCenterY(rowIndex))};
}

void KeyTrackView::jumpToNextKey()
{
    if (const auto t = m_playback ? model().nextKeyTime(m_playback->time()) : std::nullopt)
        m_playback->setTime(*t);
}

void KeyTrackView::jumpToPreviousKey()
{
    if (const auto t = m_playback ? model().previousKeyTime(m_playback->time()) : std::nullopt)
        m_playback->setTime(*t);
}

void KeyTrackView::onTimeChanged(double seconds)
{
    // Playback moves the playhead 60 times a second: repaint only the strips
    // around its old and new positions (wide enough for the glyphs whose
    // on-playhead outline changes), not every row.
    const double frameHalfWidth = 0.5 / m_geometry->fps() * m_geometry->pixelsPerSecond();
    const int pad = style::kSummaryRadius + 2 + static_cast<int>(std::ceil(std::min(frameHalfWidth, 1.0e4)));
    for (const double t : {m_lastTime, seconds})
        update(QRect(xOf(t) - pad, 0, 2 * pad + 1, height()));
    m_lastTime = seconds;
}

QSize KeyTrackView::sizeHint() const
{
    return {style::gutterWidth() + 480, std::max(rowCount(), 8) * style::kRowHeight};
}

QSize KeyTrackView::minimumSizeHint() const
{
    return {style::gutterWidth() + 60, rowCount() * style::kRowHeight};
}

void KeyTrackView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    const QSize size = m_onlySelectedButton->sizeHint();
    const int h = std::min(size.height(), style::kRowHeight - 2);
    m_onlySelectedButton->setGeometry(style::gutterWidth() - size.width() - 4, (style::kRowHeight - h) / 2,
                                      size.width(), h);
}

void KeyTrackView::paintEvent(QPaintEvent* event)
{
    ensureBuilt();
    QPainter painter(this);
    QString hint;
    if (m_model.bones().empty()) {
        const bool noClip = !m_selection || m_selection->activeClip() < 0;
        hint = noClip ? tr("No clip") : tr("Select bones to see their keys");
    }
    std::optional<QRect> box;
    if (m_gesture == Gesture::Box)
        box = QRect(m_pressPos, m_boxEnd);
    const KeyTrackPaint paint{m_model,
                              m_labels,
                              *m_geometry,
                              m_drag,
                              palette(),
                              m_playback ? m_playback->time() : -1.0,
                              m_playback ? m_playback->duration() : 0.0,
                              m_playback ? m_playback->start() : 0.0,
                              m_selection ? m_selection->currentJoint() : -1,
                              hint,
                              box,
                              m_drag.isActive() ? &m_ghosts : nullptr};
    paintKeyTracks(painter, paint, size(), event->rect());
}

} // namespace marrow::ui
