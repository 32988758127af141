// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/pose_clipboard.h"
#include "widgets/viewport/viewport_navigation.h"

#include <memory>

class QAction;
class QMainWindow;
class QMenu;
class QSpinBox;
class QToolBar;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class PoseEditor;
class PoseEvaluator;
class Selection;
}
namespace marrow::ui {
class PoseTool;
class ToolManager;
class ViewportWidget;
}

namespace marrow::app {

// Posing in the editor: the Pose tool added to the viewport (its edits go
// through the window's PoseEditor), a "Pose Options" toolbar (the gizmo's
// Move/Rotate/Scale, Local axes, Auto IK and its chain length) and copy
// pose / paste pose / paste flipped on Ctrl+C, Ctrl+V, Ctrl+Shift+V as
// viewport shortcuts (the dope sheet keeps Ctrl+C/V for keys when it has
// focus). Call before the Tools menu is built so the tool gets its action.
struct PoseMode {
    ui::PoseTool* tool = nullptr;
    QToolBar* options = nullptr;
    QAction* moveGizmo = nullptr;
    QAction* rotateGizmo = nullptr;
    QAction* scaleGizmo = nullptr;
    QAction* localAxes = nullptr;
    QAction* autoIk = nullptr;
    QSpinBox* chainLength = nullptr;
    QAction* copyPose = nullptr;
    QAction* pastePose = nullptr;
    QAction* pasteFlipped = nullptr;
    std::shared_ptr<model::PoseClipboard> clipboard;
};
PoseMode installPoseMode(QMainWindow* window, ui::ViewportWidget* viewport, ws::PoseEditor* editor,
                         doc::Document* document, ws::Selection* selection, ws::PoseEvaluator* evaluator);
// Puts the copy/paste and Auto IK actions into the Pose menu.
void addPoseMenuActions(const PoseMode& mode, QMenu* poseMenu);
// Blender: W picks the Pose tool and G/R/S transform; Maya: W/E/R pick
// the Pose tool with its move/rotate/scale gizmo.
void setPoseKeymap(const PoseMode& mode, ui::ToolManager& tools, ui::NavigationScheme scheme);

} // namespace marrow::app
