// SPDX-License-Identifier: MIT
#include "app/editor/status_bar_presenter.h"

#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"

#include <QLabel>
#include <QStatusBar>

namespace marrow::app {

namespace {
constexpr qint64 kWindowMs = 1000;
}

StatusBarPresenter::StatusBarPresenter(QStatusBar* bar, doc::Document* document, ws::Selection* selection,
                                       ws::Playback* playback)
    : QObject(bar)
    , m_document(document)
    , m_selectionModel(selection)
    , m_playback(playback)
{
    m_mode = new QLabel(bar);
    m_selection = new QLabel(bar);
    m_fps = new QLabel(bar);
    m_fps->setMinimumWidth(150);
    m_fps->hide();
    bar->addPermanentWidget(m_mode);
    bar->addPermanentWidget(m_selection);
    bar->addPermanentWidget(m_fps);
    m_clock.start();
    // Hides the rate once frames stop (nothing else would tell us).
    m_idleCheck.setInterval(250);
    connect(&m_idleCheck, &QTimer::timeout, this, &StatusBarPresenter::updateFps);
    connect(selection, &ws::Selection::jointsChanged, this, &StatusBarPresenter::updateSelection);
    connect(document, &doc::Document::jointRenamed, this, &StatusBarPresenter::updateSelection);
    connect(document, &doc::Document::rigReplaced, this, &StatusBarPresenter::updateSelection);
    connect(playback, &ws::Playback::playingChanged, this, &StatusBarPresenter::updateFps);
    updateSelection();
}

void StatusBarPresenter::setMode(const QString& tool, const QString& hint)
{
    m_tool = tool;
    m_hint = hint;
    if (m_prefix.isEmpty()) {
        m_mode->setText(tr("Mode: %1").arg(tool));
    } else {
        m_mode->setText(m_rule.isEmpty() ? tr("Mode: %1 · %2").arg(m_prefix, tool)
                                         : tr("Mode: %1 · %2 — %3").arg(m_prefix, tool, m_rule));
    }
    m_mode->setToolTip(hint);
}

void StatusBarPresenter::setModePrefix(const QString& mode, const QString& rule)
{
    m_prefix = mode;
    m_rule = rule;
    setMode(m_tool, m_hint);
}

void StatusBarPresenter::updateSelection()
{
    const model::JointIndex joint = m_selectionModel->currentJoint();
    const auto& names = m_document->rig().skeleton.names;
    if (joint < 0 || static_cast<std::size_t>(joint) >= names.size()) {
        m_selection->setText(tr("Nothing selected"));
        return;
    }
    const QString name = QString::fromStdString(names[static_cast<std::size_t>(joint)]);
    const int count = static_cast<int>(m_selectionModel->joints().size());
    m_selection->setText(count > 1 ? tr("Selected: %1 (+%2 more)").arg(name).arg(count - 1)
                                   : tr("Selected: %1").arg(name));
}

void StatusBarPresenter::onFrame(double paintMs)
{
    m_lastPaintMs = paintMs;
    const qint64 now = m_clock.elapsed();
    // After a pause the frames start a new run: the pause is no frame time.
    if (!m_frameTimes.empty() && now - m_frameTimes.back() > kFrameGapMs)
        m_frameTimes.clear();
    m_frameTimes.push_back(now);
    // Only while frames come: an idle editor gets no wake-ups from the status bar.
    if (!m_idleCheck.isActive())
        m_idleCheck.start();
    updateFps();
}

void StatusBarPresenter::onViewMoved()
{
    m_lastViewMove = m_clock.elapsed();
    if (!m_idleCheck.isActive())
        m_idleCheck.start();
    updateFps();
}

double StatusBarPresenter::rate() const
{
    if (m_frameTimes.size() < 2)
        return 0.0;
    const qint64 span = m_frameTimes.back() - m_frameTimes.front();
    return span > 0 ? 1000.0 * static_cast<double>(m_frameTimes.size() - 1) / static_cast<double>(span) : 0.0;
}

void StatusBarPresenter::updateFps()
{
    const qint64 now = m_clock.elapsed();
    while (!m_frameTimes.empty() && now - m_frameTimes.front() > kWindowMs)
        m_frameTimes.pop_front();
    const bool playing = m_playback && m_playback->isPlaying();
    const bool moving = now - m_lastViewMove < kViewMoveHoldMs;
    const double fps = rate();
    if (!(playing || moving) || fps <= 0.0) {
        m_fps->hide();
        if (!playing && !moving)
            m_idleCheck.stop();
        return;
    }
    m_fps->setText(tr("%1 fps · %2 ms CPU").arg(fps, 0, 'f', 0).arg(m_lastPaintMs, 0, 'f', 1));
    m_fps->show();
}

} // namespace marrow::app
