// SPDX-License-Identifier: MIT
#include "widgets/viewport/weight_brush_tool.h"

#include "core/commands/interaction_tracker.h"
#include "core/document/document.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/selection.h"
#include "widgets/viewport/bone_layout.h"
#include "widgets/viewport/brush_circle.h"
#include "widgets/viewport/screen_space.h"

#include <QKeyEvent>
#include <QMouseEvent>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

namespace {

constexpr float kRadiusStep = 1.1f;        // [ and ]: 10 % per press, as Blender
const glm::vec4 kBrushColour{1.f, 1.f, 1.f, .9f};
const glm::vec4 kInvertColour{.45f, .7f, 1.f, .9f};   // Ctrl: taking weight away
const glm::vec4 kSmoothColour{.55f, 1.f, .6f, .9f};   // Shift: smoothing
const glm::vec4 kStrengthColour{1.f, .8f, .3f, .9f};

skin::DabModifiers modifiersOf(Qt::KeyboardModifiers m)
{
    return {.invert = (m & Qt::ControlModifier) != 0, .smooth = (m & Qt::ShiftModifier) != 0};
}

model::MeshId activeMeshOf(const ToolContext& ctx)
{
    return ctx.selection ? ctx.selection->activeMesh() : -1;
}

QString meshName(const ToolContext& ctx, model::MeshId mesh)
{
    if (!ctx.document || mesh < 0 || static_cast<std::size_t>(mesh) >= ctx.document->rig().meshes.size())
        return {};
    const std::string& name = ctx.document->rig().meshes[static_cast<std::size_t>(mesh)].name;
    return name.empty() ? QObject::tr("Mesh %1").arg(mesh) : QString::fromStdString(name);
}

} // namespace

WeightBrushTool::WeightBrushTool(ws::WeightPaintSession* session, ws::BrushState* brush, QObject* parent)
    : ViewportTool(tr("Weight Paint"), QKeySequence(), parent)  // Ctrl+Tab, the mode switch, enters it
    , m_session(session)
    , m_brush(brush)
    , m_select(session, brush, [this](const QString& text) { emit notice(text); })
    , m_gradient(session, brush, [this](const QString& text) { emit notice(text); })
{
    setCursor(Qt::CrossCursor);
    setWantsHover(true);
    refreshHint();
    if (m_brush) {
        connect(m_brush, &ws::BrushState::settingsChanged, this, &WeightBrushTool::refreshHint);
        connect(m_brush, &ws::BrushState::toolChanged, this, &WeightBrushTool::refreshHint);
    }
}

void WeightBrushTool::refreshHint()
{
    if (const QString select = m_select.hint(); !select.isEmpty()) {
        setStatusHint(select);
        return;
    }
    if (m_brush && m_brush->tool() != ws::PaintTool::Brush) {
        setStatusHint(m_gradient.hint());
        return;
    }
    const bool sample = m_brush && m_brush->settings().mode == skin::BrushMode::Sample;
    setStatusHint(sample ? tr("Click the mesh to take its weight as the brush weight · Ctrl+click a bone to pick it, "
                              "another mesh to paint it")
                         : tr("Drag to paint · Ctrl: subtract · Shift: smooth · F radius, Shift+F strength, [ ] size "
                              "· Ctrl+click a bone to pick it, another mesh to paint it"));
}

void WeightBrushTool::activate(ToolContext& ctx)
{
    if (ctx.interaction)
        m_gestureConnection = connect(ctx.interaction, &cmd::InteractionTracker::ended, this,
                                      &WeightBrushTool::onGestureEnded, Qt::UniqueConnection);
    refreshHint();
}

void WeightBrushTool::deactivate(ToolContext& ctx)
{
    if (m_adjust != Adjust::None)
        finishAdjust(ctx, false);
    if (m_session)
        m_session->endStroke();
    m_select.cancel(ctx);
    m_gradient.cancel(ctx);
    disconnect(m_gestureConnection);
    m_pressed = m_cut = false;
    m_hover.reset();
    m_otherMeshLabel.clear();
    if (m_brush)
        m_brush->setReadout({});
    ctx.update();
}

void WeightBrushTool::onGestureEnded()
{
    // Ctrl+Z (or any edit) under a running stroke ends it: the rest of the
    // drag paints nothing, and the next press starts a new undo entry.
    if ((m_pressed || m_gradient.dragging()) && m_session && m_session->stroking()) {
        m_session->endStroke();
        m_cut = true;
    }
}

void WeightBrushTool::leave(ToolContext& ctx)
{
    m_hover.reset();
    m_otherMeshLabel.clear();
    if (m_brush)
        m_brush->setReadout({});
    ctx.update();
}

float WeightBrushTool::worldRadiusAt(const ToolContext& ctx, const glm::vec3& point) const
{
    if (!ctx.camera || !m_brush)
        return 0.f;
    return m_brush->settings().radius
         * brush_circle::worldPerPixel(*ctx.camera, point, static_cast<float>(ctx.viewportSize.height()));
}

void WeightBrushTool::updateHover(ToolContext& ctx, const QPointF& position)
{
    m_cursor = position;
    // Only the active mesh is painted (Blender paints the active object):
    // over another one the circle goes and the label says how to switch.
    m_hover.reset();
    m_otherMeshLabel.clear();
    const model::MeshId active = activeMeshOf(ctx);
    if (m_session && active >= 0)
        m_hover = m_session->pick(screen_space::rayAt(ctx, position), active);
    if (m_session && !m_hover) {
        const auto other = m_session->pick(screen_space::rayAt(ctx, position));
        if (other && other->mesh != active)
            m_otherMeshLabel = tr("%1 · Ctrl+click to paint it").arg(meshName(ctx, other->mesh));
    }
    if (m_brush) {
        if (m_hover) {
            m_brush->setReadout(m_session->readout(m_hover->mesh, m_hover->vertex));
        } else {
            m_brush->setReadout({});
        }
    }
    ctx.update();
}

void WeightBrushTool::hover(ToolContext& ctx, QMouseEvent& event)
{
    if (m_adjust != Adjust::None) {
        updateAdjust(event.position());
        ctx.update();
        return;
    }
    updateHover(ctx, event.position());
}

bool WeightBrushTool::beginStrokeAt(ToolContext& ctx, const QPointF& position)
{
    const model::MeshId active = activeMeshOf(ctx);
    const auto hit = active >= 0 ? m_session->pick(screen_space::rayAt(ctx, position), active) : std::nullopt;
    if (!hit)
        return false;
    if (!m_session->beginStroke(hit->mesh)) {
        emit notice(m_session->lastError());  // the status bar's message: the hint is only a tooltip
        m_cut = true;  // nothing to paint this drag
        return false;
    }
    m_spacer.start({position.x(), position.y(), 0.f});
    return true;
}

void WeightBrushTool::dabAt(ToolContext& ctx, const QPointF& position)
{
    if (!m_session || !m_brush || !ctx.interaction || !ctx.camera || m_cut)
        return;
    if (!m_session->stroking() && !beginStrokeAt(ctx, position))
        return;
    const skin::BrushSettings& s = m_brush->settings();
    ws::WeightPaintSession::DabRegion region;
    // The front-face test: towards the eye, or along the view in orthographic.
    region.camera = ctx.camera->orthographic() ? glm::vec4(-ctx.camera->forward(), 0.f)
                                               : glm::vec4(ctx.camera->eye(), 1.f);
    if (s.falloffShape == skin::FalloffShape::Projected) {
        region.shape = mesh::DabShape::Projected;
        region.circle.viewProjection = ctx.viewProjection();
        region.circle.viewport = {static_cast<float>(ctx.viewportSize.width()), static_cast<float>(ctx.viewportSize.height())};
        region.circle.center = {static_cast<float>(position.x()), static_cast<float>(position.y())};
        region.circle.radius = s.radius;
    } else {
        const auto hit = m_session->pick(screen_space::rayAt(ctx, position), m_session->strokeMesh());
        if (!hit)
            return;  // off the stroke's mesh: the path goes on, this dab paints nothing
        region.center = hit->point;
        region.radius = worldRadiusAt(ctx, hit->point);
        if (!(region.radius > 0.f))
            return;
    }
    m_session->dab(region, modifiersOf(m_modifiers), *ctx.interaction);
}

void WeightBrushTool::press(ToolContext& ctx, QMouseEvent& event)
{
    m_modifiers = event.modifiers();
    if (m_adjust != Adjust::None) {
        finishAdjust(ctx, event.button() == Qt::LeftButton);
        return;
    }
    if (event.button() != Qt::LeftButton || !m_session || !m_brush)
        return;
    if (m_select.wantsPress()) {
        m_select.press(ctx, event.position(), event.modifiers());
        return;
    }
    if (m_brush->tool() == ws::PaintTool::LinearGradient || m_brush->tool() == ws::PaintTool::RadialGradient) {
        m_gradient.press(ctx, event.position());
        return;
    }
    // Ctrl+click on a bone picks the bone to paint (Blender), on another
    // mesh makes it the painted one; a Ctrl+drag still subtracts, so the
    // choice waits for the release or the first move.
    m_pendingPick.reset();
    if ((event.modifiers() & Qt::ControlModifier) && ctx.selection)
        m_pendingPick = ctrlPickAt(ctx, event.position());
    m_pressPosition = event.position();
    if (m_pendingPick) {  // decided at the first move or the release, in every mode
        m_pressed = true;
        m_cut = false;
        return;
    }
    updateHover(ctx, event.position());
    if (m_brush->settings().mode == skin::BrushMode::Sample) {
        if (m_hover)
            m_brush->setWeight(m_session->weightAt(m_hover->mesh, m_hover->vertex));
        return;
    }
    m_pressed = true;
    m_cut = false;
    refreshHint();
    dabAt(ctx, event.position());
}

std::optional<WeightBrushTool::CtrlPick> WeightBrushTool::ctrlPickAt(ToolContext& ctx, const QPointF& position)
{
    // Bones are drawn over the meshes, so a bone under the cursor wins.
    if (ctx.bones) {
        const auto bone = ctx.bones->pick(ctx.viewProjection(), static_cast<float>(ctx.viewportSize.width()),
                                          static_cast<float>(ctx.viewportSize.height()),
                                          static_cast<float>(position.x()), static_cast<float>(position.y()));
        if (bone)
            return CtrlPick{.joint = *bone};
    }
    const auto hit = m_session->pick(screen_space::rayAt(ctx, position));
    if (!hit)
        return std::nullopt;
    if (hit->mesh != activeMeshOf(ctx))
        return CtrlPick{.mesh = hit->mesh};
    if (ctx.bones)
        return std::nullopt;  // on the active mesh with bones shown: a Ctrl+drag subtracts
    // No bones drawn to click on: the vertex under the cursor names its
    // heaviest bone instead (Blender's weight-paint bone sampling).
    const auto joint = m_session->heaviestJointAt(hit->mesh, hit->vertex);
    return joint ? std::optional<CtrlPick>(CtrlPick{.joint = *joint}) : std::nullopt;
}

void WeightBrushTool::move(ToolContext& ctx, QMouseEvent& event)
{
    m_modifiers = event.modifiers();
    if (m_select.dragging() || m_gradient.dragging()) {
        m_cursor = event.position();
        m_select.move(ctx, event.position());
        m_gradient.move(ctx, event.position());
        return;
    }
    updateHover(ctx, event.position());
    if (!m_pressed || m_cut || !m_brush)
        return;
    if (m_pendingPick) {
        const QPointF d = event.position() - m_pressPosition;
        if (std::abs(d.x()) + std::abs(d.y()) <= kClickSlopPx)
            return;
        m_pendingPick.reset();  // a drag after all: paint from the press
        dabAt(ctx, m_pressPosition);
    }
    if (!m_session->stroking()) {
        dabAt(ctx, event.position());  // the press was off the mesh: start where the path reaches it
        return;
    }
    const float step = m_brush->settings().spacing * m_brush->settings().radius;
    m_dabPoints.clear();
    m_spacer.moveTo({event.position().x(), event.position().y(), 0.f}, step, m_dabPoints);
    for (const glm::vec3& p : m_dabPoints)
        dabAt(ctx, QPointF(p.x, p.y));
}

void WeightBrushTool::release(ToolContext& ctx, QMouseEvent& event)
{
    if (event.button() == Qt::LeftButton && (m_select.dragging() || m_gradient.dragging())) {
        m_select.release(ctx, event.position(), event.modifiers());
        m_gradient.release(ctx, event.position());
        refreshHint();
        updateHover(ctx, event.position());
        return;
    }
    if (event.button() != Qt::LeftButton || !m_pressed)
        return;
    if (m_pendingPick && ctx.selection) {
        if (m_pendingPick->mesh >= 0)
            ctx.selection->chooseMesh(m_pendingPick->mesh, true);  // joins the chosen meshes
        else
            ctx.selection->selectJoint(m_pendingPick->joint);
    }
    m_pendingPick.reset();
    m_pressed = m_cut = false;
    if (m_session)
        m_session->endStroke();
    updateHover(ctx, event.position());
}

void WeightBrushTool::keyPress(ToolContext& ctx, QKeyEvent& event)
{
    if (!m_brush || event.isAutoRepeat()) {
        event.ignore();
        return;
    }
    if (m_adjust != Adjust::None) {
        if (event.key() == Qt::Key_Escape || event.key() == Qt::Key_Return || event.key() == Qt::Key_Enter)
            finishAdjust(ctx, event.key() != Qt::Key_Escape);
        return;  // the adjustment keeps the keyboard until it ends
    }
    if (m_pressed || m_gradient.dragging()) {
        event.ignore();
        return;
    }
    if (m_select.keyPress(ctx, event, m_cursor)) {
        refreshHint();
        return;
    }
    switch (event.key()) {
    case Qt::Key_F:
        startAdjust(ctx, event.modifiers() & Qt::ShiftModifier ? Adjust::Strength : Adjust::Radius);
        return;
    case Qt::Key_BracketLeft:
        m_brush->setRadius(m_brush->settings().radius / kRadiusStep);
        ctx.update();
        return;
    case Qt::Key_BracketRight:
        m_brush->setRadius(m_brush->settings().radius * kRadiusStep);
        ctx.update();
        return;
    default:
        event.ignore();
    }
}

bool WeightBrushTool::claimsKey(const QKeyEvent& event) const
{
    if (m_adjust != Adjust::None)
        return true;  // Esc and Enter end the adjustment, nothing else happens meanwhile
    if (m_select.claimsKey(event))
        return true;
    const auto mods = event.modifiers() & ~Qt::KeypadModifier;
    switch (event.key()) {
    case Qt::Key_F:
        return mods == Qt::NoModifier || mods == Qt::ShiftModifier;
    case Qt::Key_BracketLeft:
    case Qt::Key_BracketRight:
        return mods == Qt::NoModifier;
    default:
        return false;
    }
}

QList<KeyBinding> WeightBrushTool::keyHelp() const
{
    const auto key = [](QKeyCombination k) { return QKeySequence(k).toString(QKeySequence::NativeText); };
    return QList<KeyBinding>{
        {tr("Drag"), tr("Paint the selected bone's weights")},
        {tr("Ctrl+drag"), tr("Paint inverted: Add subtracts, Subtract adds, Mix goes towards 0")},
        {tr("Shift+drag"), tr("Smooth, in any mode, while Shift is held")},
        {tr("Ctrl+click"), tr("On a bone: paint it. On another mesh: paint that mesh (only the active mesh is "
                              "painted). On the active mesh with bones hidden: paint its heaviest bone there")},
        {tr("Click (Sample mode)"), tr("Read the weight under the cursor into the brush")},
        {key(Qt::Key_F), tr("Brush radius: move the mouse, click or Enter keeps, Esc or right-click restores")},
        {key(Qt::SHIFT | Qt::Key_F), tr("Brush strength, as F")},
        {key(Qt::Key_BracketLeft), tr("Brush radius 10% smaller")},
        {key(Qt::Key_BracketRight), tr("Brush radius 10% larger")},
        {tr("Drag (Gradient tools)"), tr("Weight gradient: the brush weight at the start, 0 at the end (Radial: "
                                         "from a centre out)")},
    } + m_select.keyHelp();
}

void WeightBrushTool::modifiersChanged(ToolContext& ctx, Qt::KeyboardModifiers modifiers)
{
    m_modifiers = modifiers;
    ctx.update();  // the circle's colour says what the modifiers do
}

void WeightBrushTool::viewChanged(ToolContext& ctx, const QPointF& cursor)
{
    // An F or Shift+F adjustment keeps its circle where it started.
    if (m_adjust != Adjust::None)
        return;
    updateHover(ctx, cursor);
}

void WeightBrushTool::overlayPoints(const ToolContext& ctx, std::vector<gl::OverlayVertex>& points) const
{
    m_select.overlayPoints(ctx, points);
}

void WeightBrushTool::overlay(const ToolContext& ctx, std::vector<gl::OverlayVertex>& lines) const
{
    m_select.overlay(ctx, lines);
    m_gradient.overlay(ctx, lines);
    // The brush circle only where a drag paints with the brush.
    if (!m_brush || !ctx.camera || m_select.wantsPress() || m_select.dragging() || m_gradient.dragging()
        || m_brush->tool() != ws::PaintTool::Brush)
        return;
    const auto& at = m_adjust != Adjust::None ? m_adjustHit : m_hover;
    if (!at)
        return;
    const float radius = worldRadiusAt(ctx, at->point);
    glm::vec4 colour = kBrushColour;
    if (m_modifiers & Qt::ShiftModifier)
        colour = kSmoothColour;
    else if (m_modifiers & Qt::ControlModifier)
        colour = kInvertColour;
    brush_circle::appendCircle(lines, at->point, at->normal, radius, colour);
    // Strength as an inner ring: full strength fills the circle.
    const float strength = m_brush->settings().strength;
    if (strength > 0.f && strength < 1.f)
        brush_circle::appendCircle(lines, at->point, at->normal, radius * strength, kStrengthColour * glm::vec4(1.f, 1.f, 1.f, .6f), 32);
}

std::optional<ToolLabel> WeightBrushTool::label() const
{
    if (m_select.dragging() || m_gradient.dragging())
        return std::nullopt;  // the readout is of the vertex under the press: stale until the drag ends
    if (!m_otherMeshLabel.isEmpty() && m_adjust == Adjust::None)
        return ToolLabel{m_cursor + QPointF(18., 18.), m_otherMeshLabel};
    if (!m_brush || m_brush->readout().isEmpty() || m_adjust != Adjust::None || !m_hover)
        return std::nullopt;
    return ToolLabel{m_cursor + QPointF(18., 18.), m_brush->readout()};
}

} // namespace marrow::ui
