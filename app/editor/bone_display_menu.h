// SPDX-License-Identifier: MIT
#pragma once

class QMenu;
class QSettings;
class QAction;

namespace marrow::ui {
class ViewportWidget;
}

namespace marrow::app {

// View › Bone Display (Blender's armature Viewport Display): Octahedral,
// Stick or Wire, and Bones In Front (off: a mesh in front of a bone hides
// it, so rigid props on their bones show). Fills `menu` and wires it and
// the Bones toggle (`showBones`) to the viewport; the menu's checks follow
// the viewport when it opens.
void installBoneDisplayMenu(QMenu* menu, QAction* showBones, ui::ViewportWidget* viewport);

// The choice as view settings (view/boneShape: octahedral|stick|wire, view/bonesInFront).
void loadBoneDisplay(const QSettings& settings, ui::ViewportWidget& viewport);
void saveBoneDisplay(QSettings& settings, const ui::ViewportWidget& viewport);

} // namespace marrow::app
