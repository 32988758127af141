// SPDX-License-Identifier: MIT
// ViewportWidget and ws::MeshVisibility: hidden meshes go to the renderer,
// and Local View frames the mesh it isolates.
#include "core/workspace/mesh_visibility.h"
#include "widgets/viewport/renderer/renderer.h"
#include "widgets/viewport/viewport_widget.h"

namespace marrow::ui {

void ViewportWidget::setMeshVisibility(ws::MeshVisibility* visibility)
{
    if (m_visibility)
        disconnect(m_visibility, nullptr, this, nullptr);
    m_visibility = visibility;
    m_cameraOutsideLocalView.reset();
    if (m_visibility) {
        connect(m_visibility, &ws::MeshVisibility::changed, this, &ViewportWidget::onMeshVisibilityChanged);
        connect(m_visibility, &ws::MeshVisibility::localViewChanged, this, &ViewportWidget::onLocalViewChanged);
    }
    onMeshVisibilityChanged();
}

void ViewportWidget::onMeshVisibilityChanged()
{
    if (m_visibility)
        m_renderer->setHiddenMeshes(m_visibility->hiddenFlags());
    else
        m_renderer->setHiddenMeshes({});
    update();
}

void ViewportWidget::onLocalViewChanged(bool on)
{
    if (on) {
        m_cameraOutsideLocalView = m_camera;
        frameAll();  // only the isolated mesh is shown, so only it is framed
        return;
    }
    if (m_cameraOutsideLocalView)
        m_camera = *m_cameraOutsideLocalView;
    m_cameraOutsideLocalView.reset();
    cameraMoved();
}

} // namespace marrow::ui
