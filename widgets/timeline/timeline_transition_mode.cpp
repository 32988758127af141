// SPDX-License-Identifier: MIT
// TimelineWidget's transition mode: the area under the ruler switches to the
// TransitionTrackView while a transition is previewed.
#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "core/workspace/transition_preview.h"
#include "widgets/timeline/time_ruler.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/timeline/transition/transition_track_view.h"

#include <QComboBox>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace marrow::ui {

void TimelineWidget::ensureStack()
{
    if (m_stack)
        return;
    auto* layout = static_cast<QVBoxLayout*>(this->layout());
    m_stack = new QStackedWidget(this);
    layout->removeWidget(m_scroll);
    m_stack->addWidget(m_scroll);
    layout->addWidget(m_stack, 1);
}

TransitionTrackView* TimelineWidget::setTransitionPreview(ws::TransitionPreview* preview)
{
    if (m_transitionView || !preview)
        return m_transitionView;
    ensureStack();
    m_transitionView = new TransitionTrackView(m_document, m_playback, preview, &m_geometry);
    m_stack->addWidget(m_transitionView);
    connect(m_transitionView, &TransitionTrackView::viewChanged, this, &TimelineWidget::onUserMovedView);
    connect(preview, &ws::TransitionPreview::activeChanged, this, &TimelineWidget::onTransitionActiveChanged);
    connect(preview, &ws::TransitionPreview::previewChanged, this, [this] {
        if (m_autoFit)
            fitToClip();  // T follows the exit, offset and duration
    });
    onTransitionActiveChanged(preview->active());
    return m_transitionView;
}

void TimelineWidget::onTransitionActiveChanged(int index)
{
    const bool on = index >= 0;
    const bool showing = m_stack->currentWidget() == m_transitionView;
    if (on && !showing) {
        m_pageBeforeTransition = m_stack->currentIndex();
        m_stack->setCurrentWidget(m_transitionView);
    } else if (!on && showing) {
        m_stack->setCurrentIndex(m_pageBeforeTransition);
    }
    if (m_tabs)
        m_tabs->setEnabled(!on);  // the keys of a transition are its clips'
    m_autoFit = true;  // a new range: show all of it
    fitToClip();
    m_ruler->update();
}

} // namespace marrow::ui
