// SPDX-License-Identifier: MIT
// The pose tool's transforms: starting one from the pose on screen, turning
// the mouse or the typed number into new locals (or an IK solve), pushing
// them through the PoseEditor as one interaction, keeping or restoring.
#include "widgets/viewport/pose_tool.h"

#include "core/anim/ik_solve.h"
#include "core/commands/interaction_tracker.h"
#include "core/document/document.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"

#include <QKeyEvent>
#include <QUndoStack>

#include <cmath>

namespace marrow::ui {

namespace pt = pose_transform;

namespace {

glm::vec2 pointToVec(const QPointF& p)
{
    return {static_cast<float>(p.x()), static_cast<float>(p.y())};
}

glm::vec2 viewportOf(const ToolContext& ctx)
{
    return {static_cast<float>(ctx.viewportSize.width()), static_cast<float>(ctx.viewportSize.height())};
}

bool isModalKeyForSwitch(int key)
{
    return key == Qt::Key_G || key == Qt::Key_R || key == Qt::Key_S;
}

glm::vec3 worldAxis(int axis)
{
    glm::vec3 unit(0.f);
    unit[axis] = 1.f;
    return unit;
}

QString undoText(pt::Mode mode, bool ik)
{
    if (ik)
        return PoseTool::tr("IK Drag");
    switch (mode) {
    case pt::Mode::Grab:
        return PoseTool::tr("Move Bones");
    case pt::Mode::Scale:
        return PoseTool::tr("Scale Bones");
    case pt::Mode::Rotate:
        break;
    }
    return PoseTool::tr("Rotate Bones");
}

} // namespace

bool PoseTool::beginTransform(ToolContext& ctx, pt::Mode mode, std::optional<gizmo::Handle> handle)
{
    if (!ctx.document || !ctx.selection || !ctx.evaluator || !ctx.poseEditor || !ctx.camera || !ctx.interaction)
        return false;
    const anim::Skeleton& skeleton = ctx.document->rig().skeleton;
    const QList<model::JointIndex>& selected = ctx.selection->joints();
    const std::vector<anim::JointIndex> selectedJoints(selected.begin(), selected.end());
    const std::vector<anim::JointIndex> top = pt::topMostJoints(skeleton, selectedJoints);
    const auto locals = ctx.evaluator->locals();
    const auto worlds = ctx.evaluator->worlds();
    Transform t;
    t.starts = pt::startOf(skeleton, top, locals, worlds);
    const anim::JointIndex current = ctx.selection->currentJoint();
    const auto currentStart = pt::startOf(skeleton, std::span(&current, 1), locals, worlds);
    if (t.starts.empty() || currentStart.empty())
        return false;
    t.mode = mode;
    t.startLocals.assign(locals.begin(), locals.end());
    t.current = current;
    t.currentStart = currentStart.front();
    // A handle turns about the gizmo's centre; G/R/S about the moving heads' mean.
    if (handle) {
        t.pivot = glm::vec3(t.currentStart.world[3]);
    } else {
        for (const pt::JointStart& s : t.starts)
            t.pivot += glm::vec3(s.world[3]) / static_cast<float>(t.starts.size());
    }
    t.startMouse = t.lastMouse = t.mouse = pointToVec(m_cursor);
    t.pivotScreen = pt::project(ctx.viewProjection(), viewportOf(ctx), t.pivot).value_or(t.mouse);
    if (handle && handle->type != gizmo::HandleType::ViewRing)
        t.constraint = {m_localAxes ? pt::Space::Local : pt::Space::World, handle->axis};
    t.handle = handle;
    t.ik = m_autoIk && mode == pt::Mode::Grab;
    t.undoIndex = ctx.document->undoStack()->index();
    t.amount = mode == pt::Mode::Scale ? glm::vec3(1.f) : glm::vec3(0.f);
    m_transform = std::move(t);
    m_clickPending = false;
    refreshHint();
    ctx.update();
    return true;
}

bool PoseTool::startGrab(ToolContext& ctx, int cancelIndex)
{
    if (m_transform || !beginTransform(ctx, pt::Mode::Grab, std::nullopt))
        return false;
    if (cancelIndex < m_transform->undoIndex) {
        m_transform->undoIndex = cancelIndex;
        m_transform->pushed = true;  // Esc undoes the edit before the grab too
    }
    return true;
}

void PoseTool::setMouse(ToolContext& ctx, const QPointF& position)
{
    Transform& t = *m_transform;
    t.mouse = pointToVec(position);
    t.screenAngle += pt::screenAngle(t.pivotScreen, t.lastMouse, t.mouse);  // unwrapped: past 180 degrees too
    t.lastMouse = t.mouse;
    updateTransform(ctx);
}

glm::vec3 PoseTool::grabOffset(const ToolContext& ctx, const pt::JointStart& joint) const
{
    const Transform& t = *m_transform;
    const std::optional<float> typed = t.number.value();
    if (t.constraint.space == pt::Space::View) {
        if (typed)
            return {*typed, 0.f, 0.f};  // Blender: a number without an axis moves along X
        return pt::viewPlaneOffset(*ctx.camera, viewportOf(ctx), t.pivot, t.startMouse, t.mouse);
    }
    // The mouse measures along the current bone's axis; each bone moves along its own.
    const float amount = typed ? *typed
                               : pt::axisOffset(*ctx.camera, viewportOf(ctx), t.pivot,
                                                pt::constraintAxis(t.currentStart, t.constraint, {}), t.startMouse, t.mouse);
    return amount * pt::constraintAxis(joint, t.constraint, {});
}

std::vector<ws::PoseEditor::JointPose> PoseTool::ikPoses(const ToolContext& ctx, const glm::vec3& target) const
{
    const Transform& t = *m_transform;
    const anim::Skeleton& skeleton = ctx.document->rig().skeleton;
    int depth = 0;
    for (anim::JointIndex p = skeleton.parents[static_cast<std::size_t>(t.current)]; p >= 0;
         p = skeleton.parents[static_cast<std::size_t>(p)])
        ++depth;
    const int bones = std::min(m_chainLength, depth);
    if (bones < 1)
        return {};
    std::vector<math::Transform> locals = t.startLocals;
    anim::IkRequest request;
    request.end = t.current;
    request.bones = bones;
    request.target = target;
    if (!anim::solveIk(skeleton, locals, request).solved)
        return {};
    std::vector<ws::PoseEditor::JointPose> poses;
    for (anim::JointIndex j : anim::ikChain(skeleton, t.current, bones))
        if (j != t.current)  // the grabbed bone keeps its own rotation
            poses.push_back({j, locals[static_cast<std::size_t>(j)], anim::kRotationBit});
    return poses;
}

std::vector<ws::PoseEditor::JointPose> PoseTool::transformedPoses(const ToolContext& ctx)
{
    Transform& t = *m_transform;
    const glm::vec3 forward = ctx.camera->forward();
    const std::optional<float> typed = t.number.value();
    std::vector<ws::PoseEditor::JointPose> poses;
    switch (t.mode) {
    case pt::Mode::Rotate: {
        // Unconstrained: about the axis towards the viewer, so counter-clockwise on screen is positive.
        const glm::vec3 shownAxis = pt::constraintAxis(t.currentStart, t.constraint, -forward);
        const float radians = typed ? glm::radians(*typed) : pt::angleAbout(shownAxis, forward, t.screenAngle);
        t.amount = glm::vec3(glm::degrees(radians), 0.f, 0.f);
        for (const pt::JointStart& s : t.starts)
            poses.push_back({s.joint, pt::rotated(s, pt::constraintAxis(s, t.constraint, -forward), radians),
                             anim::kRotationBit});
        break;
    }
    case pt::Mode::Grab: {
        t.amount = grabOffset(ctx, t.currentStart);
        if (t.ik) {
            poses = ikPoses(ctx, glm::vec3(t.currentStart.world[3]) + t.amount);
            if (!poses.empty())
                break;  // a root bone has no chain: it moves as without IK
        }
        for (const pt::JointStart& s : t.starts)
            poses.push_back({s.joint, pt::translated(s, grabOffset(ctx, s)), anim::kTranslationBit});
        break;
    }
    case pt::Mode::Scale: {
        const float factor = typed ? *typed : pt::scaleRatio(t.pivotScreen, t.startMouse, t.mouse);
        t.amount = glm::vec3(factor, 0.f, 0.f);
        for (const pt::JointStart& s : t.starts) {
            int axis = -1;
            if (t.constraint.space == pt::Space::Local)
                axis = t.constraint.axis;
            else if (t.constraint.space == pt::Space::World)
                axis = pt::nearestLocalAxis(s, worldAxis(t.constraint.axis));
            poses.push_back({s.joint, pt::scaled(s, axis, factor), anim::kScaleBit});
        }
        break;
    }
    }
    return poses;
}

void PoseTool::updateTransform(ToolContext& ctx)
{
    if (!m_transform || !ctx.poseEditor || !ctx.interaction)
        return;
    const std::vector<ws::PoseEditor::JointPose> poses = transformedPoses(ctx);
    // Edit Skeleton's rule: children follow a moved joint unless Alt is held.
    ctx.poseEditor->setChildrenFollow(!m_altHeld);
    if (!poses.empty()) {
        cmd::InteractionTracker::PushGuard guard(*ctx.interaction);
        ctx.poseEditor->applyPoses(poses, ctx.interaction->current(), undoText(m_transform->mode, m_transform->ik));
        m_transform->pushed = true;
    }
    refreshHint();
    ctx.update();
}

void PoseTool::finishTransform(ToolContext& ctx, bool keep)
{
    if (!m_transform)
        return;
    m_finishing = true;
    if (!keep && m_transform->pushed && ctx.document) {
        // Take the transform's entries back off the stack: exactly the start,
        // keys and clips made by auto-key included. An obsolete empty push
        // then drops them from the redo side too.
        QUndoStack* stack = ctx.document->undoStack();
        while (stack->index() > m_transform->undoIndex && stack->canUndo())
            stack->undo();
        auto* drop = new QUndoCommand;
        drop->setObsolete(true);
        stack->push(drop);
    }
    m_transform.reset();
    if (ctx.interaction)
        ctx.interaction->end();
    m_finishing = false;
    refreshHint();
    updateHover(ctx, m_cursor);
    ctx.update();
}

bool PoseTool::handleTransformKey(ToolContext& ctx, QKeyEvent& event)
{
    Transform& t = *m_transform;
    const int key = event.key();
    const auto mods = event.modifiers() & ~Qt::KeypadModifier;
    m_altHeld = key == Qt::Key_Alt || mods.testFlag(Qt::AltModifier);
    if (key == Qt::Key_Escape) {
        finishTransform(ctx, false);
    } else if (key == Qt::Key_Alt) {
        updateTransform(ctx);  // Edit Skeleton: children stay while Alt is down
    } else if (key == Qt::Key_Return || key == Qt::Key_Enter) {
        finishTransform(ctx, true);
    } else if ((key == Qt::Key_X || key == Qt::Key_Y || key == Qt::Key_Z) && mods == Qt::NoModifier && !t.handle) {
        t.constraint = pt::nextConstraint(t.constraint, key - Qt::Key_X);
        updateTransform(ctx);
    } else if (isModalKeyForSwitch(key) && mods == Qt::NoModifier && !t.handle && !event.isAutoRepeat()) {
        // G, R or S during a transform switches to it, from the start pose.
        t.mode = key == Qt::Key_G ? pt::Mode::Grab : key == Qt::Key_S ? pt::Mode::Scale : pt::Mode::Rotate;
        t.ik = m_autoIk && t.mode == pt::Mode::Grab;
        t.constraint = {};
        t.number.clear();
        t.startMouse = t.lastMouse = t.mouse;
        t.screenAngle = 0.f;
        updateTransform(ctx);
    } else if (key == Qt::Key_Backspace) {
        if (t.number.backspace())
            updateTransform(ctx);
    } else if (key >= Qt::Key_0 && key <= Qt::Key_9) {
        if (t.number.type(static_cast<char>('0' + (key - Qt::Key_0))))
            updateTransform(ctx);
    } else if (key == Qt::Key_Minus || key == Qt::Key_Period) {
        if (t.number.type(key == Qt::Key_Minus ? '-' : '.'))
            updateTransform(ctx);
    }
    return true;  // every key belongs to the transform while it runs
}

QString PoseTool::valueText() const
{
    if (!m_transform)
        return {};
    const Transform& t = *m_transform;
    QString axis;
    if (t.constraint.space != pt::Space::View)
        axis = QStringLiteral(" %1%2")
                   .arg(QChar(u'X' + t.constraint.axis))
                   .arg(t.constraint.space == pt::Space::Local ? tr(" local") : QString());
    const bool typing = t.number.active();
    const QString typed = QString::fromStdString(t.number.text());
    switch (t.mode) {
    case pt::Mode::Rotate:
        return tr("Rot %1°%2").arg(typing ? typed : QString::number(t.amount.x, 'f', 1), axis);
    case pt::Mode::Scale:
        return tr("Scale %1%2").arg(typing ? typed : QString::number(t.amount.x, 'f', 3), axis);
    case pt::Mode::Grab:
        break;
    }
    const QString ik = t.ik ? tr(" (IK)") : QString();
    if (typing)
        return tr("Move %1%2%3").arg(typed, axis.isEmpty() ? QStringLiteral(" X") : axis, ik);
    if (t.constraint.space != pt::Space::View)
        return tr("Move %1%2%3")
            .arg(QString::number(glm::dot(t.amount, pt::constraintAxis(t.currentStart, t.constraint, {})), 'f', 3), axis, ik);
    return tr("Move %1, %2, %3%4")
        .arg(QString::number(t.amount.x, 'f', 3), QString::number(t.amount.y, 'f', 3), QString::number(t.amount.z, 'f', 3), ik);
}

} // namespace marrow::ui
