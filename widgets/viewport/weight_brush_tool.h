// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/dab_spacer.h"
#include "core/workspace/weight_paint_session.h"
#include "widgets/viewport/paint_gradient_drag.h"
#include "widgets/viewport/paint_vertex_select.h"
#include "widgets/viewport/viewport_tool.h"

#include <QPointF>
#include <QPointer>

#include <optional>

namespace marrow::ws {
class BrushState;
}

namespace marrow::ui {

// Weight Paint mode's brush (Blender's Weight Paint, Maya's Paint Skin
// Weights): a drag paints the selected bone's weights on the active mesh
// (ws::Selection's; other meshes are never painted, as Blender paints only
// the active object), dabs spaced along the path; Ctrl inverts (Subtract,
// Mix towards 0), Shift smooths while held. Ctrl+click on a bone picks it;
// on another shown mesh it makes that mesh active; on the active mesh with
// bones hidden it picks the heaviest bone of the vertex under it. In
// Sample mode a click reads the weight under the cursor into the brush.
// F drags the radius and Shift+F the strength (click or Enter keeps, Esc or
// right-click restores); [ and ] step the radius by 10 %. The brush circle
// hugs the surface under the cursor, and a label beside the cursor reads out
// the nearest vertex's influences; both follow the cursor through a zoom or
// a pan too (viewChanged). The Select and Gradient tools (ws::PaintTool) and
// the selection keys are PaintVertexSelect's and PaintGradientDrag's. The
// work itself is WeightPaintSession's.
class WeightBrushTool : public ViewportTool {
    Q_OBJECT
public:
    WeightBrushTool(ws::WeightPaintSession* session, ws::BrushState* brush, QObject* parent = nullptr);

    void activate(ToolContext& ctx) override;
    void deactivate(ToolContext& ctx) override;
    void leave(ToolContext& ctx) override;
    void hover(ToolContext& ctx, QMouseEvent& event) override;
    void press(ToolContext& ctx, QMouseEvent& event) override;
    void move(ToolContext& ctx, QMouseEvent& event) override;
    void release(ToolContext& ctx, QMouseEvent& event) override;
    void keyPress(ToolContext& ctx, QKeyEvent& event) override;
    void modifiersChanged(ToolContext& ctx, Qt::KeyboardModifiers modifiers) override;
    void viewChanged(ToolContext& ctx, const QPointF& cursor) override;
    void overlay(const ToolContext& ctx, std::vector<gl::OverlayVertex>& lines) const override;
    void overlayPoints(const ToolContext& ctx, std::vector<gl::OverlayVertex>& points) const override;
    std::optional<ToolLabel> label() const override;
    bool claimsKey(const QKeyEvent& event) const override;
    QList<KeyBinding> keyHelp() const override;

    // What F or Shift+F is adjusting, if anything.
    enum class Adjust { None, Radius, Strength };
    Adjust adjusting() const { return m_adjust; }

signals:
    // A one-off note for the status bar: why a stroke was refused (a locked bone, none selected).
    void notice(const QString& text);

private:
    void updateHover(ToolContext& ctx, const QPointF& position);
    void dabAt(ToolContext& ctx, const QPointF& position);
    bool beginStrokeAt(ToolContext& ctx, const QPointF& position);
    // What a Ctrl+click picks: a bone to paint, or another mesh to make active.
    struct CtrlPick {
        anim::JointIndex joint = -1;
        model::MeshId mesh = -1;
    };
    std::optional<CtrlPick> ctrlPickAt(ToolContext& ctx, const QPointF& position);
    void startAdjust(ToolContext& ctx, Adjust what);
    void updateAdjust(const QPointF& position);
    void finishAdjust(ToolContext& ctx, bool keep);
    void onGestureEnded();
    void refreshHint();
    float worldRadiusAt(const ToolContext& ctx, const glm::vec3& point) const;

    QPointer<ws::WeightPaintSession> m_session;
    QPointer<ws::BrushState> m_brush;
    std::optional<ws::WeightPaintSession::Hit> m_hover;
    QPointF m_cursor;
    Qt::KeyboardModifiers m_modifiers = Qt::NoModifier;
    bool m_pressed = false;    // left button down on a paint press (not a Ctrl+click pick or a sample)
    bool m_cut = false;        // the stroke ended under the drag (Ctrl+Z): paint nothing until release
    std::optional<CtrlPick> m_pendingPick;  // Ctrl+press on a bone or mesh: picked if released without a drag
    QString m_otherMeshLabel;  // over a mesh that is not the active one: how to paint it
    QPointF m_pressPosition;
    mesh::DabSpacer m_spacer;  // screen-space path, z = 0
    std::vector<glm::vec3> m_dabPoints;
    Adjust m_adjust = Adjust::None;
    QPointF m_adjustAnchor;    // the circle's centre on screen while adjusting
    float m_adjustBefore = 0.f;
    std::optional<ws::WeightPaintSession::Hit> m_adjustHit;
    QMetaObject::Connection m_gestureConnection;
    PaintVertexSelect m_select;    // the Select tool, B, L, A, V
    PaintGradientDrag m_gradient;  // the gradient tools
};

} // namespace marrow::ui
