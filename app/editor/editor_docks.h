// SPDX-License-Identifier: MIT
#pragma once

class QDockWidget;
class QLineEdit;
class QMainWindow;
class QUndoView;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class BrushState;
class Playback;
class PoseEvaluator;
class Selection;
}
namespace marrow::ui {
class BoneFilterProxyModel;
class BoneTreeModel;
class BoneTreeView;
class InspectorPanel;
class LogPanel;
class RetargetPanel;
class TimelineWidget;
class TransitionsPanel;
class WeightPaintPanel;
}

namespace marrow::app {

// The editor's docks around the viewport, built and placed once: Skeleton
// (bone tree behind a name filter) on the left; Inspector and Weight Paint
// (tabbed, the Inspector in front) over History and Log (tabbed) on the right; Timeline along the bottom, spanning the width.
// Every dock's content clips or scrolls at any size (the Inspector sits in a
// scroll area), so a small window never paints one dock over another.
struct EditorDocks {
    QDockWidget* skeleton = nullptr;
    QDockWidget* inspector = nullptr;
    QDockWidget* weightPaint = nullptr;
    QDockWidget* history = nullptr;
    QDockWidget* log = nullptr;
    QDockWidget* timeline = nullptr;
    QDockWidget* transitions = nullptr;  // installTransitionsDock
    QDockWidget* retarget = nullptr;     // installRetargetDock

    ui::BoneTreeModel* boneModel = nullptr;
    ui::BoneFilterProxyModel* boneFilter = nullptr;
    ui::BoneTreeView* boneTree = nullptr;
    QLineEdit* boneFilterEdit = nullptr;
    ui::InspectorPanel* inspectorPanel = nullptr;
    ui::WeightPaintPanel* weightPaintPanel = nullptr;
    QUndoView* undoView = nullptr;
    ui::LogPanel* logPanel = nullptr;
    ui::TimelineWidget* timelineWidget = nullptr;
    ui::TransitionsPanel* transitionsPanel = nullptr;
    ui::RetargetPanel* retargetPanel = nullptr;
};

EditorDocks buildEditorDocks(QMainWindow* window, doc::Document* document, ws::Selection* selection,
                             ws::Playback* playback, ws::PoseEvaluator* evaluator, ws::BrushState* brush);

// The first time `dock` (a mode's panel tabbed over the Inspector: Weight
// Paint, Transitions) comes to the front, History below it shrinks to a few
// rows, so at 1600x1000 the panel shows its options without scrolling.
// Once only: a height the user gives History later is kept.
void giveColumnOnFirstShow(QMainWindow* window, QDockWidget* dock, QDockWidget* history);

// Shows `dock` and makes it the current tab of its group: raise() alone
// leaves another tab current when the dock was hidden and shown again
// before the window laid its tabs out.
void bringDockToFront(QMainWindow* window, QDockWidget* dock);

} // namespace marrow::app
