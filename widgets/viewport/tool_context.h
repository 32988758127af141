// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"
#include "widgets/viewport/orbit_camera.h"

#include <QSize>

#include <functional>

namespace marrow::cmd {
class InteractionTracker;
}
namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class PoseEditor;
class PoseEvaluator;
class Selection;
}

namespace marrow::ui {

// A press that moves less than this (Manhattan, in pixels) before its release is a click.
inline constexpr int kClickSlopPx = 4;

class BoneLayout;

// What a ViewportTool may see and use, instead of reaching into the
// ViewportWidget: the document (edits go through commands), the shared
// selection, the pose evaluator (posed positions for picks), the gesture
// tracker (one InteractionId per press-to-release; the ToolManager ends it on
// release and on a tool switch), the camera and the view's size in logical
// pixels, the bone layout while bones are shown, the pose editor (pose
// edits and keys go through it) and a way to ask for a repaint. Plain data: the ToolManager owns it, the viewport keeps the camera
// and size current before every event it forwards. Pointers may be null in
// tests that do not need them.
struct ToolContext {
    doc::Document* document = nullptr;
    ws::Selection* selection = nullptr;
    ws::PoseEvaluator* evaluator = nullptr;
    cmd::InteractionTracker* interaction = nullptr;
    ws::PoseEditor* poseEditor = nullptr;  // set by the editor; null: posing does nothing
    const OrbitCamera* camera = nullptr;
    const BoneLayout* bones = nullptr;  // null while bones are hidden (nothing to pick)
    QSize viewportSize;
    std::function<void()> requestUpdate;

    float aspect() const
    {
        return viewportSize.height() > 0 ? static_cast<float>(viewportSize.width()) / static_cast<float>(viewportSize.height())
                                         : 1.f;
    }
    // World to clip space as the viewport draws it (identity without a camera).
    glm::mat4 viewProjection() const { return camera ? camera->viewProjection(aspect()) : glm::mat4(1.f); }
    void update() const
    {
        if (requestUpdate)
            requestUpdate();
    }
};

} // namespace marrow::ui
