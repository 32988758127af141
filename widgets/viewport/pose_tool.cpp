// SPDX-License-Identifier: MIT
// The pose tool's events, selection clicks and gizmo; the transforms
// themselves are in pose_tool_transform.cpp.
#include "widgets/viewport/pose_tool.h"

#include "core/commands/interaction_tracker.h"
#include "core/document/document.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/viewport/bone_layout.h"
#include "widgets/viewport/brush_circle.h"

#include <QKeyEvent>
#include <QMouseEvent>

#include <algorithm>

namespace marrow::ui {

namespace {

constexpr float kGizmoPx = 72.f;    // ring radius and arrow length on screen

glm::vec2 toVec(const QPointF& p)
{
    return {static_cast<float>(p.x()), static_cast<float>(p.y())};
}

bool isModalKey(int key)
{
    return key == Qt::Key_G || key == Qt::Key_R || key == Qt::Key_S;
}

} // namespace

PoseTool::PoseTool(QObject* parent)
    : ViewportTool(tr("Pose"), QKeySequence(Qt::Key_W), parent)
{
    setCursor(Qt::ArrowCursor);
    setWantsHover(true);  // handles light up under the mouse; modal transforms follow it
    refreshHint();
}

void PoseTool::setGizmoKind(gizmo::Kind kind)
{
    if (kind == m_kind)
        return;
    m_kind = kind;
    m_hover.reset();
    if (m_ctx)
        m_ctx->update();
    emit gizmoKindChanged(kind);
}

void PoseTool::setLocalAxes(bool local)
{
    if (local == m_localAxes)
        return;
    m_localAxes = local;
    if (m_ctx)
        m_ctx->update();
    emit localAxesChanged(local);
}

void PoseTool::setAutoIk(bool on)
{
    if (on == m_autoIk)
        return;
    m_autoIk = on;
    emit autoIkChanged(on);
}

void PoseTool::setIkChainLength(int bones)
{
    bones = std::max(bones, 1);
    if (bones == m_chainLength)
        return;
    m_chainLength = bones;
    emit ikChainLengthChanged(bones);
}

void PoseTool::setModalKeys(bool on)
{
    m_modalKeys = on;
    refreshHint();
}

void PoseTool::refreshHint()
{
    if (m_transform) {
        setStatusHint(valueText() + tr(" · X/Y/Z: axis (twice: local) · type a number · Enter or click keeps · Esc or "
                                       "right-click restores"));
        return;
    }
    setStatusHint(m_modalKeys ? tr("Click a bone to select it · G grab, R rotate, S scale · drag a handle")
                              : tr("Click a bone to select it · drag a handle · W move, E rotate, R scale"));
}

void PoseTool::activate(ToolContext& ctx)
{
    m_ctx = &ctx;
    if (ctx.interaction)
        m_gestureConnection = connect(ctx.interaction, &cmd::InteractionTracker::ended, this, &PoseTool::onGestureEnded,
                                      Qt::UniqueConnection);
    refreshHint();
}

void PoseTool::deactivate(ToolContext& ctx)
{
    if (m_transform)
        finishTransform(ctx, false);  // a tool switch mid-transform restores, as Esc
    disconnect(m_gestureConnection);
    m_clickPending = false;
    m_hover.reset();
    m_ctx = nullptr;
    ctx.update();
}

void PoseTool::onGestureEnded()
{
    // An undo or another edit under a running transform ends it where it
    // is: the stack moved, so there is nothing of ours left to take back.
    if (m_finishing || !m_transform)
        return;
    m_transform.reset();
    refreshHint();
    if (m_ctx)
        m_ctx->update();
}

std::optional<gizmo::Frame> PoseTool::gizmoFrame(const ToolContext& ctx) const
{
    if (!ctx.bones || !ctx.camera || !ctx.selection || !ctx.evaluator || ctx.viewportSize.isEmpty())
        return std::nullopt;
    const anim::JointIndex joint = ctx.selection->currentJoint();
    const auto worlds = ctx.evaluator->worlds();
    if (joint < 0 || static_cast<std::size_t>(joint) >= worlds.size())
        return std::nullopt;
    const glm::mat4& world = worlds[static_cast<std::size_t>(joint)];
    gizmo::Frame frame;
    frame.origin = glm::vec3(world[3]);
    if (m_localAxes) {
        const pose_transform::JointStart start{joint, {}, world, glm::mat4(1.f)};
        for (int axis = 0; axis < 3; ++axis)
            frame.axes[axis] = pose_transform::localAxis(start, axis);
    }
    const float perPixel =
        brush_circle::worldPerPixel(*ctx.camera, frame.origin, static_cast<float>(ctx.viewportSize.height()));
    if (!(perPixel > 0.f))
        return std::nullopt;
    frame.size = kGizmoPx * perPixel;
    frame.viewForward = ctx.camera->forward();
    return frame;
}

void PoseTool::updateHover(ToolContext& ctx, const QPointF& position)
{
    std::optional<gizmo::Handle> hit;
    if (const auto frame = gizmoFrame(ctx))
        hit = gizmo::pick(*frame, m_kind, ctx.viewProjection(),
                          {static_cast<float>(ctx.viewportSize.width()), static_cast<float>(ctx.viewportSize.height())},
                          toVec(position));
    if (hit != m_hover) {
        m_hover = hit;
        ctx.update();
    }
}

void PoseTool::hover(ToolContext& ctx, QMouseEvent& event)
{
    m_cursor = event.position();
    m_altHeld = event.modifiers().testFlag(Qt::AltModifier);
    if (m_transform)
        setMouse(ctx, event.position());
    else
        updateHover(ctx, event.position());
}

void PoseTool::press(ToolContext& ctx, QMouseEvent& event)
{
    m_cursor = event.position();
    if (m_transform) {
        // A modal transform ends on any click; a handle drag only on a right-click.
        if (event.button() == Qt::RightButton)
            finishTransform(ctx, false);
        else if (event.button() == Qt::LeftButton && !m_transform->handle)
            finishTransform(ctx, true);
        return;
    }
    if (event.button() != Qt::LeftButton)
        return;
    updateHover(ctx, event.position());
    if (m_hover) {
        const gizmo::HandleType type = m_hover->type;
        const pose_transform::Mode mode = type == gizmo::HandleType::Arrow ? pose_transform::Mode::Grab
                                        : type == gizmo::HandleType::Box   ? pose_transform::Mode::Scale
                                                                           : pose_transform::Mode::Rotate;
        beginTransform(ctx, mode, m_hover);
        return;
    }
    m_clickPending = true;
    m_pressPosition = event.position();
}

void PoseTool::move(ToolContext& ctx, QMouseEvent& event)
{
    m_cursor = event.position();
    m_altHeld = event.modifiers().testFlag(Qt::AltModifier);
    if (m_transform)
        setMouse(ctx, event.position());
}

void PoseTool::release(ToolContext& ctx, QMouseEvent& event)
{
    m_cursor = event.position();
    if (event.button() != Qt::LeftButton)
        return;
    if (m_transform && m_transform->handle) {
        finishTransform(ctx, true);
        return;
    }
    if (!m_clickPending)
        return;
    m_clickPending = false;
    if ((event.position() - m_pressPosition).manhattanLength() > kClickSlopPx || !ctx.selection || !ctx.bones)
        return;
    const std::optional<anim::JointIndex> hit =
        ctx.bones->pick(ctx.viewProjection(), static_cast<float>(ctx.viewportSize.width()),
                        static_cast<float>(ctx.viewportSize.height()), static_cast<float>(event.position().x()),
                        static_cast<float>(event.position().y()));
    const bool toggle = event.modifiers() & (Qt::ControlModifier | Qt::ShiftModifier);
    if (!hit) {
        if (!toggle)
            ctx.selection->clearJoints();
    } else if (toggle) {
        ctx.selection->toggleJoint(*hit);
    } else {
        ctx.selection->selectJoint(*hit);
    }
    updateHover(ctx, event.position());
}

void PoseTool::keyPress(ToolContext& ctx, QKeyEvent& event)
{
    if (m_transform) {
        handleTransformKey(ctx, event);
        return;
    }
    const auto mods = event.modifiers() & ~Qt::KeypadModifier;
    if (m_modalKeys && mods == Qt::NoModifier && isModalKey(event.key()) && !event.isAutoRepeat()) {
        const pose_transform::Mode mode = event.key() == Qt::Key_G   ? pose_transform::Mode::Grab
                                        : event.key() == Qt::Key_S ? pose_transform::Mode::Scale
                                                                     : pose_transform::Mode::Rotate;
        if (beginTransform(ctx, mode, std::nullopt))
            return;
    }
    event.ignore();
}

QList<KeyBinding> PoseTool::keyHelp() const
{
    const auto key = [](Qt::Key k) { return QKeySequence(k).toString(QKeySequence::NativeText); };
    QList<KeyBinding> rows{{tr("Click"), tr("Select a bone; Ctrl or Shift+click adds or removes it")},
                           {tr("Drag a gizmo handle"), tr("Move, rotate or scale along or about that axis")}};
    if (m_modalKeys)
        rows += {{key(Qt::Key_G), tr("Grab: move the selected bones with the mouse")},
                 {key(Qt::Key_R), tr("Rotate the selected bones about the view axis")},
                 {key(Qt::Key_S), tr("Scale the selected bones")},
                 {tr("X, Y, Z"), tr("While grabbing, rotating or scaling: that world axis; twice: the bone's own; "
                                    "three times: off")}};
    rows += {{tr("0-9, -, ."), tr("While transforming: type the amount (R Z 9 0 Enter turns 90° about Z)")},
             {tr("Enter, click"), tr("Keep the transform")},
             {tr("Esc, right-click"), tr("Cancel the transform")}};
    return rows;
}

bool PoseTool::claimsKey(const QKeyEvent& event) const
{
    if (m_transform)
        return true;  // numbers, axes, Enter and Esc belong to the transform until it ends
    const auto mods = event.modifiers() & ~Qt::KeypadModifier;
    return m_modalKeys && mods == Qt::NoModifier && isModalKey(event.key()) && m_ctx && m_ctx->selection &&
           !m_ctx->selection->joints().isEmpty();
}

void PoseTool::overlay(const ToolContext& ctx, std::vector<gl::OverlayVertex>& lines) const
{
    if (m_transform && !m_transform->handle) {
        // Blender hides the gizmo during G/R/S and draws the constraint's axis.
        const auto& t = *m_transform;
        if (t.constraint.space == pose_transform::Space::View || !ctx.camera)
            return;
        const glm::vec3 axis = pose_transform::constraintAxis(t.currentStart, t.constraint, {});
        const float reach = 1000.f * ctx.camera->distance();
        const glm::vec4 colour = gizmo::colourOf({gizmo::HandleType::Arrow, t.constraint.axis});
        lines.push_back({t.pivot - axis * reach, colour});
        lines.push_back({t.pivot + axis * reach, colour});
        return;
    }
    const auto frame = gizmoFrame(ctx);
    if (!frame)
        return;
    const std::optional<gizmo::Handle> lit = m_transform ? m_transform->handle : m_hover;
    gizmo::append(lines, *frame, m_kind, lit, frame->size / kGizmoPx);
}

std::optional<ToolLabel> PoseTool::label() const
{
    if (!m_transform)
        return std::nullopt;
    return ToolLabel{m_cursor + QPointF(18., 18.), valueText()};
}

} // namespace marrow::ui
