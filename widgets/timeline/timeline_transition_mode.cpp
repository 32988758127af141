// SPDX-License-Identifier: MIT
// TimelineWidget's transition mode: the area under the ruler switches to the
// TransitionTrackView while a transition is previewed.
#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "core/workspace/transition_preview.h"
#include "widgets/timeline/ruler_markers.h"
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
    if (RulerMarkers* markers = m_ruler->markers())
        markers->setTransitionPreview(preview);
    ensureStack();
    m_preview = preview;
    // Last in the stack, as "Transition" is last in the selector.
    m_transitionView = new TransitionTrackView(m_document, m_playback, preview, &m_geometry);
    m_stack->addWidget(m_transitionView);
    connect(m_transitionView, &TransitionTrackView::viewChanged, this, &TimelineWidget::onUserMovedView);
    connect(preview, &ws::TransitionPreview::activeChanged, this, &TimelineWidget::onTransitionActiveChanged);
    connect(preview, &ws::TransitionPreview::previewChanged, this, [this] {
        if (m_autoFit)
            fitToClip();  // T follows the exit, offset and duration
    });
    addTransitionTab();
    onTransitionActiveChanged(preview->active());
    return m_transitionView;
}

void TimelineWidget::addTransitionTab()
{
    if (!m_tabs || !m_transitionView || m_transitionTab >= 0)
        return;
    m_tabs->addItem(tr("Transition"));
    m_transitionTab = m_tabs->count() - 1;
    m_tabs->setToolTip(m_tabs->toolTip() + tr(". Transition: the previewed transition's bars, blend and foot slide"));
    connect(m_tabs, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index != m_transitionTab)
            m_pageBeforeTransition = index;  // where leaving the preview returns to
        if (!m_preview)
            return;
        if (index != m_transitionTab && m_preview->isActive())
            m_preview->setActive(-1);  // Dope Sheet or Graph Editor: back to the clip
        else if (index == m_transitionTab && !m_preview->isActive())
            m_preview->setActive(m_lastTransition);  // no transition: the page says where to make one
    });
}

void TimelineWidget::onTransitionActiveChanged(int index)
{
    const bool on = index >= 0;
    const bool showing = m_stack->currentWidget() == m_transitionView;
    if (on)
        m_lastTransition = index;
    if (on && !showing) {
        m_pageBeforeTransition = m_stack->currentIndex();
        if (m_tabs && m_transitionTab >= 0)
            m_tabs->setCurrentIndex(m_transitionTab);  // the selector switches the page
        else
            m_stack->setCurrentWidget(m_transitionView);
    } else if (!on && showing && m_tabs && m_tabs->currentIndex() == m_transitionTab) {
        m_tabs->setCurrentIndex(m_pageBeforeTransition);
    } else if (!on && showing) {
        m_stack->setCurrentIndex(m_pageBeforeTransition);
    }
    m_autoFit = true;  // a new range: show all of it
    fitToClip();
    m_ruler->update();
}

} // namespace marrow::ui
