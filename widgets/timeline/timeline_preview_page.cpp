// SPDX-License-Identifier: MIT
// TimelineWidget while a clip that is not the document's plays (a
// retarget's preview): the chooser names it, and the area under the ruler
// says what plays instead of showing the active clip's keys.
#include "core/workspace/selection.h"
#include "widgets/timeline/clip_chooser.h"
#include "widgets/timeline/timeline_widget.h"

#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>

namespace marrow::ui {

void TimelineWidget::setPreviewing(const QString& what)
{
    if (what == m_previewing)
        return;
    ensureStack();
    if (!m_previewPage) {
        m_previewPage = new QLabel(this);
        m_previewPage->setAlignment(Qt::AlignCenter);
        m_previewPage->setWordWrap(true);
        m_previewPage->setForegroundRole(QPalette::PlaceholderText);
        m_stack->addWidget(m_previewPage);
    }
    const bool was = !m_previewing.isEmpty();
    m_previewing = what;
    m_syncingClips = true;
    m_clipChooser->setPlaceholderText(what);
    m_syncingClips = false;
    if (what.isEmpty()) {
        if (m_stack->currentWidget() == m_previewPage)
            m_stack->setCurrentIndex(m_pageBeforePreview);
        refreshClips();
        fitToClip();
        return;
    }
    m_previewPage->setText(tr("Previewing %1: its keys are not the document's yet.\n"
                              "Bake in the Retarget dock keeps it as a clip; choosing a clip above leaves the preview.")
                               .arg(what));
    if (!was || m_stack->currentWidget() != m_previewPage) {
        m_pageBeforePreview = m_stack->currentIndex();
        m_stack->setCurrentWidget(m_previewPage);
    }
    refreshClips();
    fitToClip();
}

} // namespace marrow::ui
