// SPDX-License-Identifier: MIT
#include "app/editor/input_routing.h"

#include "app/editor/area_key_router.h"
#include "app/editor/dialog_focus_restorer.h"
#include "app/editor/dock_wheel_guard.h"
#include "app/editor/shortcut_router.h"
#include "widgets/timeline/graph/graph_view.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/timeline/transition/transition_track_view.h"

#include <QMainWindow>

namespace marrow::app {

void installInputRouting(QMainWindow* window, QWidget* viewport, QWidget* boneTree, ui::TimelineWidget* timeline)
{
    new ShortcutRouter(window);
    auto* areas = new AreaKeyRouter(window);
    // The innermost area under the mouse wins: the dope sheet and the graph
    // before the timeline around them (its ruler and bar take Home, arrows).
    for (QWidget* area : {viewport, boneTree, static_cast<QWidget*>(timeline),
                          static_cast<QWidget*>(timeline->keyTrackView()), static_cast<QWidget*>(timeline->graphView())})
        areas->addArea(area);
    areas->addArea(timeline->transitionView());
    new DockWheelGuard(window);
    new DialogFocusRestorer(window);
}

} // namespace marrow::app
