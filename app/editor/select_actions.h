// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/viewport_navigation.h"

class QAction;
class QMainWindow;
class QMenu;
class QWidget;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class PoseEvaluator;
class Selection;
}

namespace marrow::app {

// The Select menu (after View): bone selection as Blender's pose mode has
// it, acting on ws::Selection (view state: no undo entry). Its keys act in
// the viewport and the bone tree, where the bones are; the dope sheet and
// the graph keep Ctrl+A / Alt+A for their keys. Blender: A all, Alt+A none,
// Ctrl+I invert, Ctrl+Shift+M mirror, [ parent, ] children. Maya: A frames
// all there, so Select All is Ctrl+Shift+A; the rest are the same.
// Similar Name is model::similarNameJoints (same name but for its numbers).
// The bones are the viewport's: the skins' joints; every node in a rig
// without skins; in Edit Skeleton, Rig::skeletonJointMask (joints not yet bound too).
struct SelectActions {
    QMenu* menu = nullptr;
    QAction* all = nullptr;
    QAction* none = nullptr;
    QAction* invert = nullptr;
    QAction* mirror = nullptr;
    QAction* mirrorExtend = nullptr;
    QAction* parent = nullptr;
    QAction* children = nullptr;
    QAction* similarName = nullptr;
};

SelectActions installSelectActions(QMainWindow* window, QWidget* viewport, QWidget* boneTree,
                                   doc::Document* document, ws::Selection* selection,
                                   const ws::PoseEvaluator* evaluator);
// The keys of `scheme` (see above).
void setSelectKeymap(const SelectActions& actions, ui::NavigationScheme scheme);

} // namespace marrow::app
