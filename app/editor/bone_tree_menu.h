// SPDX-License-Identifier: MIT
#pragma once
class QAction;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class Selection;
}
namespace marrow::ui {
class BoneTreeView;
}

namespace marrow::app {

struct SelectActions;

// The bone tree's right-click menu, as Blender's outliner: the bone under
// the mouse is selected first (unless it already is), then: Select (the
// Select menu's actions, with their keys), Lock / Unlock Weights of that
// bone (the padlock's toggle, one undo entry), Rename… (the tree's F2
// editor), Copy Name, Frame Selected. On empty space only Select and
// Frame Selected are enabled.
void installBoneTreeMenu(ui::BoneTreeView* tree, const SelectActions& select, QAction* frameSelected,
                         doc::Document* document, ws::Selection* selection);

} // namespace marrow::app
