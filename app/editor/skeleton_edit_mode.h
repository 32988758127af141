// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/viewport_navigation.h"


class QAction;
class QMainWindow;
class QMenu;
class QToolBar;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class PaintSelection;
class PoseEditor;
class PoseEvaluator;
class Selection;
}
namespace marrow::ui {
class LogPanel;
class PoseTool;
class ViewportWidget;
}

namespace marrow::app {

class StatusBarPresenter;

// What Edit Skeleton works with.
struct SkeletonEditContext {
    QMainWindow* window = nullptr;
    ui::ViewportWidget* viewport = nullptr;
    doc::Document* document = nullptr;
    ws::Selection* selection = nullptr;
    ws::PoseEvaluator* evaluator = nullptr;
    ws::PoseEditor* poseEditor = nullptr;
    ui::PoseTool* poseTool = nullptr;
    ws::PaintSelection* vertices = nullptr;  // Snap's vertices (Weight Paint's selection)
    ui::LogPanel* log = nullptr;
    StatusBarPresenter* status = nullptr;
};

// Edit Skeleton (Blender's armature Edit Mode). Tab over the viewport, the
// toolbar's "Edit Skeleton" or the Skeleton menu toggles it. While on, the
// viewport shows the rest pose with every joint as a bone and the meshes
// as bound; the Pose tool's select, G/R/S, typed numbers and gizmo change
// rest transforms (children follow a moved joint; hold Alt to move only the
// joint, as the status bar says). The Skeleton menu's edits (E extrude,
// Shift+E mirrored, Shift+A add, X/Delete, Ctrl+P/Alt+P, F2, Subdivide,
// Symmetrize, Snap to Selected Vertices) act on the selected joints, each
// one undo entry; the letter keys act where the mouse is, in this mode only.
struct SkeletonEditMode {
    QAction* toggle = nullptr;
    QAction* xMirror = nullptr;
    QMenu* menu = nullptr;
    QToolBar* toolBar = nullptr;
    QAction* extrude = nullptr;
    QAction* extrudeMirrored = nullptr;
    QAction* add = nullptr;
    QAction* remove = nullptr;
    QAction* parent = nullptr;
    QAction* clearParent = nullptr;
    QAction* rename = nullptr;
    QAction* subdivide = nullptr;
    QAction* symmetrize = nullptr;
    QAction* snap = nullptr;
};
SkeletonEditMode installSkeletonEditMode(const SkeletonEditContext& context);
// Maya's keymap keeps E for the rotate gizmo: Extrude is then in the menus only.
void setSkeletonKeymap(const SkeletonEditMode& mode, ui::NavigationScheme scheme);

// The edits behind the menu's actions (skeleton_edit_actions.cpp).
void connectSkeletonEdits(const SkeletonEditMode& mode, const SkeletonEditContext& context);
// Log warnings naming the clips that animate joints a skeleton edit
// changed (skeleton_change_log.cpp).
void installSkeletonChangeLog(const SkeletonEditContext& context);

} // namespace marrow::app
