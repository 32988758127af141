// SPDX-License-Identifier: MIT
#include "app/editor/dope_sheet_wiring.h"

#include "widgets/timeline/graph/graph_view.h"
#include "widgets/timeline/key_drag_status.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/timeline_widget.h"

#include <QAction>
#include <QKeySequence>
#include <QObject>
#include <QStatusBar>

#include <utility>

namespace marrow::app {

void wireDopeSheet(ui::TimelineWidget* timeline, ws::KeySelection* keys, QWidget* viewport)
{
    timeline->setKeySelection(keys);
    ui::KeyTrackView* tracks = timeline->keyTrackView();
    const std::pair<Qt::Key, void (ui::KeyTrackView::*)()> jumps[] = {
        {Qt::Key_Up, &ui::KeyTrackView::jumpToNextKey}, {Qt::Key_Down, &ui::KeyTrackView::jumpToPreviousKey}};
    for (const auto& [key, slot] : jumps) {
        const QString text = key == Qt::Key_Up ? QObject::tr("Jump to Next Key") : QObject::tr("Jump to Previous Key");
        auto* jump = new QAction(text, viewport);
        jump->setShortcut(QKeySequence(key));
        jump->setShortcutContext(Qt::WidgetShortcut);  // the viewport's own: the tree keeps its arrows
        viewport->addAction(jump);
        QObject::connect(jump, &QAction::triggered, tracks, slot);
    }
}

void showKeyDragStatus(QStatusBar* bar, ui::TimelineWidget* timeline)
{
    auto* label = new ui::KeyDragStatusLabel(bar);
    bar->addWidget(label, 1);
    const auto show = [bar, label](const QString& text, int wouldMerge) {
        if (!text.isEmpty())
            bar->clearMessage();  // a message would hide the readout
        label->showStatus(text, wouldMerge);
    };
    QObject::connect(timeline->keyTrackView(), &ui::KeyTrackView::dragStatusChanged, label, show);
    if (ui::GraphView* graph = timeline->graphView())
        QObject::connect(graph, &ui::GraphView::dragStatusChanged, label, show);
}

} // namespace marrow::app
