// SPDX-License-Identifier: MIT
// View › Follow: the camera travels with the character during playback; and
// framing one point (a vertex to inspect).
#include "widgets/viewport/viewport_widget.h"

#include "core/document/document.h"
#include "core/workspace/pose_evaluator.h"

#include <algorithm>

namespace marrow::ui {

void ViewportWidget::setFollow(bool on)
{
    m_follow = on;
    // Start from where the character stands now: turning Follow on never jumps.
    m_followAnchor = on ? boneCentroid() : std::nullopt;
}

std::optional<glm::vec3> ViewportWidget::boneCentroid() const
{
    if (!m_document || !m_evaluator)
        return std::nullopt;
    // The skin's bones, not every node: a camera, light or prop that stands
    // still would hold the centroid back from the character's travel.
    const std::vector<std::uint8_t> bones = m_document->rig().boneMask();
    const std::span<const glm::mat4> worlds = m_evaluator->worlds();
    bool anyBone = false;
    for (std::size_t j = 0; j < bones.size() && j < worlds.size(); ++j)
        anyBone = anyBone || bones[j] != 0;
    glm::dvec3 sum(0.0);
    std::size_t count = 0;
    for (std::size_t j = 0; j < worlds.size(); ++j) {
        if (anyBone && (j >= bones.size() || bones[j] == 0))
            continue;
        sum += glm::dvec3(glm::vec3(worlds[j][3]));
        ++count;
    }
    if (count == 0)
        return std::nullopt;
    return glm::vec3(sum / static_cast<double>(count));
}

void ViewportWidget::followTravel()
{
    if (!m_follow)
        return;
    const std::optional<glm::vec3> now = boneCentroid();
    if (now && m_followAnchor) {
        glm::vec3 travel = *now - *m_followAnchor;
        travel.y = 0.f;  // over the ground only: a jump or a crouch does not bob the view
        if (travel != glm::vec3(0.f)) {
            m_camera.setTarget(m_camera.target() + travel);
            cameraMoved();
        }
    }
    m_followAnchor = now;
}

void ViewportWidget::framePoint(const glm::vec3& at, float radius)
{
    const glm::vec3 r(std::max(radius, 1e-4f));
    m_camera.frame(at - r, at + r, aspect());
    update();
    cameraMoved();
}

} // namespace marrow::ui
