// SPDX-License-Identifier: MIT
#pragma once
#include "core/workspace/pose_editor.h"
#include "widgets/viewport/number_entry.h"
#include "widgets/viewport/pose_gizmo.h"
#include "widgets/viewport/pose_transform.h"
#include "widgets/viewport/viewport_tool.h"

#include <QPointF>

#include <optional>
#include <vector>

namespace marrow::ui {

// Posing bones (Blender's pose mode transforms, Maya's Move/Rotate/Scale
// tools). A click selects bones as the Select tool does. With the
// modal keys on (the Blender keymap), G grabs, R rotates and S scales the
// selected bones, following the mouse: rotation about the view axis (the
// angle of the mouse around the bones' projected pivot), grab in the view
// plane, scale by the distance ratio from the pivot. X/Y/Z constrain to a
// world axis, pressed twice to the current bone's local axis, a third time
// off; typed numbers set the amount (R Z 9 0 Enter turns 90 degrees about Z);
// Enter or a left click keeps, Esc or a right click restores exactly.
//
// The current (last selected) bone shows gizmo handles of one kind (move
// arrows, rotation rings with a view ring, scale boxes), along its own axes
// or the world's; hovering lights a handle and dragging it transforms along
// or about that axis. With Auto IK on, grabbing moves the chain of the
// current bone's parents instead (anim::solveIk from the locals at the
// start; only rotations change, so bone lengths never do).
//
// Every change goes through ctx.poseEditor with one InteractionId per
// transform: one undo entry, which Esc takes back off the stack.
class PoseTool : public ViewportTool {
    Q_OBJECT
public:
    explicit PoseTool(QObject* parent = nullptr);

    gizmo::Kind gizmoKind() const { return m_kind; }
    void setGizmoKind(gizmo::Kind kind);
    // Gizmo axes along the current bone's (default) or the world's.
    bool localAxes() const { return m_localAxes; }
    void setLocalAxes(bool local);
    bool autoIk() const { return m_autoIk; }
    void setAutoIk(bool on);
    int ikChainLength() const { return m_chainLength; }
    void setIkChainLength(int bones);  // clamped to >= 1
    // G/R/S start modal transforms (Blender's keymap; off in Maya's, where R picks a gizmo).
    bool modalKeys() const { return m_modalKeys; }
    void setModalKeys(bool on);

    bool transforming() const { return m_transform.has_value(); }
    // Starts a grab of the selection as G does, for an edit that comes just
    // before it (Edit Skeleton's extrude): Esc then takes the undo stack back
    // to `cancelIndex`, the edit included. False when nothing can move.
    bool startGrab(ToolContext& ctx, int cancelIndex);
    // "Rot 45.0° Z local": the running transform's amount, empty when none.
    QString valueText() const;
    // The hovered handle (or the dragged one).
    std::optional<gizmo::Handle> hoveredHandle() const { return m_hover; }
    // Where the gizmo sits for the current bone; nullopt without one (or hidden bones).
    std::optional<gizmo::Frame> gizmoFrame(const ToolContext& ctx) const;

    void activate(ToolContext& ctx) override;
    void deactivate(ToolContext& ctx) override;
    void hover(ToolContext& ctx, QMouseEvent& event) override;
    void press(ToolContext& ctx, QMouseEvent& event) override;
    void move(ToolContext& ctx, QMouseEvent& event) override;
    void release(ToolContext& ctx, QMouseEvent& event) override;
    void keyPress(ToolContext& ctx, QKeyEvent& event) override;
    bool claimsKey(const QKeyEvent& event) const override;
    // G/R/S and the axis keys only with the modal keys on.
    QList<KeyBinding> keyHelp() const override;
    void overlay(const ToolContext& ctx, std::vector<gl::OverlayVertex>& lines) const override;
    std::optional<ToolLabel> label() const override;

signals:
    void gizmoKindChanged(marrow::ui::gizmo::Kind kind);
    void localAxesChanged(bool local);
    void autoIkChanged(bool on);
    void ikChainLengthChanged(int bones);

private:
    // One running transform, from G/R/S or a handle drag.
    struct Transform {
        pose_transform::Mode mode = pose_transform::Mode::Rotate;
        pose_transform::Constraint constraint;
        NumberEntry number;
        std::vector<pose_transform::JointStart> starts;  // the top-most selected joints
        std::vector<math::Transform> startLocals;        // every joint's, for IK
        anim::JointIndex current = -1;                   // the gizmo's bone (IK's end)
        pose_transform::JointStart currentStart;         // its axes give the mouse's sign and the shown axis
        glm::vec3 pivot{0.f};                            // the moving heads' mean
        glm::vec2 pivotScreen{0.f};
        glm::vec2 startMouse{0.f}, lastMouse{0.f}, mouse{0.f};
        float screenAngle = 0.f;                         // unwrapped, counter-clockwise
        std::optional<gizmo::Handle> handle;             // dragging a handle: confirmed on release
        int undoIndex = 0;                               // the stack's index at the start
        bool pushed = false;
        bool ik = false;
        glm::vec3 amount{0.f};  // last applied: degrees, world offset or scale factor (x)
    };

    bool beginTransform(ToolContext& ctx, pose_transform::Mode mode, std::optional<gizmo::Handle> handle);
    void updateTransform(ToolContext& ctx);
    void finishTransform(ToolContext& ctx, bool keep);
    void setMouse(ToolContext& ctx, const QPointF& position);
    std::vector<ws::PoseEditor::JointPose> transformedPoses(const ToolContext& ctx);
    std::vector<ws::PoseEditor::JointPose> ikPoses(const ToolContext& ctx, const glm::vec3& target) const;
    glm::vec3 grabOffset(const ToolContext& ctx, const pose_transform::JointStart& joint) const;
    bool handleTransformKey(ToolContext& ctx, QKeyEvent& event);
    void updateHover(ToolContext& ctx, const QPointF& position);
    void onGestureEnded();
    void refreshHint();

    gizmo::Kind m_kind = gizmo::Kind::Rotate;
    bool m_localAxes = true;
    bool m_autoIk = false;
    int m_chainLength = 2;
    bool m_modalKeys = true;
    std::optional<Transform> m_transform;
    std::optional<gizmo::Handle> m_hover;
    QPointF m_cursor;
    QPointF m_pressPosition;
    bool m_altHeld = false;       // from the last input event: Edit Skeleton's "move only the joint"
    bool m_clickPending = false;  // a press off the handles: selects on release unless dragged
    bool m_finishing = false;     // our own end of the gesture, not an undo under us
    QMetaObject::Connection m_gestureConnection;
    ToolContext* m_ctx = nullptr;  // while active, for the gesture's end
};

} // namespace marrow::ui
