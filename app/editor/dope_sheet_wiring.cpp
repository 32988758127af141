// SPDX-License-Identifier: MIT
#include "app/editor/dope_sheet_wiring.h"

#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/timeline_widget.h"

#include <QAction>
#include <QKeySequence>
#include <QObject>

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

} // namespace marrow::app
