// SPDX-License-Identifier: MIT
#pragma once

class QAction;
class QMainWindow;

namespace marrow::ws {
class MeshVisibility;
class WeightPaintSession;
}
namespace marrow::ui {
class ViewportWidget;
}

namespace marrow::app {

// Hide and isolate meshes, in every mode, as Blender's object Hide and Local
// View: H hides the active mesh, Alt+H shows every mesh, numpad / (or /)
// toggles Local View on the active mesh. Viewport keys (they act with the
// mouse over the viewport) and View menu entries, so every mode reaches them.
// The viewport and the brush's session stop drawing and picking hidden meshes.
struct MeshVisibilityActions {
    QAction* hideActive = nullptr;
    QAction* showAll = nullptr;
    QAction* localView = nullptr;
};
MeshVisibilityActions installMeshVisibility(QMainWindow* window, ui::ViewportWidget* viewport,
                                            ws::MeshVisibility* visibility, ws::WeightPaintSession* session);

} // namespace marrow::app
