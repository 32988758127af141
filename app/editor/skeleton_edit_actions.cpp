// SPDX-License-Identifier: MIT
// The Skeleton menu's edits: each builds the new rig with core/model's
// skeleton edits and pushes it as one undo entry.
#include "app/editor/skeleton_edit_mode.h"

#include "core/commands/interaction_tracker.h"
#include "core/commands/rename_joint_command.h"
#include "core/commands/restructure_rig_command.h"
#include "core/commands/set_rest_pose_command.h"
#include "core/document/document.h"
#include "core/model/skeleton_edit.h"
#include "core/model/skeleton_edit_tools.h"
#include "core/workspace/paint_selection.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/viewport/bone_layout.h"
#include "widgets/viewport/pose_tool.h"
#include "widgets/viewport/screen_space.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QCursor>
#include <QInputDialog>
#include <QMainWindow>
#include <QStatusBar>

#include <algorithm>

namespace marrow::app {

namespace {

using model::JointRemap;

void say(const SkeletonEditContext& c, const QString& text)
{
    c.window->statusBar()->showMessage(text, 5000);
}

// `total` (original index -> current) followed by `step` (current -> next).
void compose(JointRemap& total, const JointRemap& step)
{
    for (anim::JointIndex& j : total)
        if (j >= 0)
            j = static_cast<std::size_t>(j) < step.size() ? step[static_cast<std::size_t>(j)] : anim::kNoParent;
}

JointRemap identity(std::size_t n)
{
    JointRemap r(n);
    for (std::size_t k = 0; k < n; ++k)
        r[k] = static_cast<anim::JointIndex>(k);
    return r;
}

// Pushes a reshaped rig (one undo entry), then selects `select`.
void pushRig(const SkeletonEditContext& c, model::Rig rig, const QString& text, const JointRemap& remap,
             const QList<model::JointIndex>& select)
{
    c.document->undoStack()->push(new cmd::RestructureRigCommand(c.document, std::move(rig), text, remap));
    c.selection->setJoints(select);
}

// Where a new joint extruded from `joint` starts: the tip of its drawn bone.
glm::vec3 tipOf(const SkeletonEditContext& c, anim::JointIndex joint)
{
    const ui::ToolContext& ctx = c.viewport->tools().context();
    if (ctx.bones)
        for (const ui::BoneSegment& s : ctx.bones->segments())
            if (s.joint == joint)
                return s.tail;
    const auto worlds = c.evaluator->worlds();
    return glm::vec3(worlds[static_cast<std::size_t>(joint)][3]) + glm::vec3(0.f, 0.1f, 0.f);
}

// Pushes the extruded rig inside the tracker's gesture and grabs the new
// joint: the grab's moves merge into the extrude, and Esc takes both back.
void extrudeAndGrab(const SkeletonEditContext& c, model::Rig rig, anim::JointIndex grabbed, const QString& text)
{
    ui::ToolManager& tools = c.viewport->tools();
    tools.setActiveTool(c.poseTool);
    cmd::InteractionTracker& tracker = *tools.context().interaction;
    tracker.end();
    const int cancelIndex = c.document->undoStack()->index();
    tracker.push(new cmd::RestructureRigCommand(c.document, std::move(rig), text, {}, tracker.current()));
    c.selection->selectJoint(grabbed);
    c.poseTool->startGrab(tools.context(), cancelIndex);
}

void extrude(const SkeletonEditContext& c, bool mirrored)
{
    const anim::JointIndex from = c.selection->currentJoint();
    if (from < 0) {
        say(c, QObject::tr("Select a joint to extrude from (Shift+A adds the first)"));
        return;
    }
    model::Rig rig = c.document->rig();
    const glm::vec3 tip = tipOf(c, from);
    if (!mirrored) {
        const std::string name = model::uniqueJointName(rig.skeleton, rig.skeleton.names[static_cast<std::size_t>(from)]);
        const auto added = model::addJointAt(rig, from, tip, name);
        if (added)
            extrudeAndGrab(c, std::move(rig), *added, QObject::tr("Extrude Joint"));
        return;
    }
    const auto pair = model::extrudeMirrored(rig, from, tip);
    if (!pair)
        return;
    c.poseEditor->setMirrorX(true);  // the grab moves the pair mirrored
    extrudeAndGrab(c, std::move(rig), pair->first, QObject::tr("Extrude Mirrored"));
}

void addUnderMouse(const SkeletonEditContext& c)
{
    const ui::ToolContext& ctx = c.viewport->tools().context();
    const QPointF mouse = c.viewport->mapFromGlobal(QCursor::pos());
    const glm::vec3 at = ui::screen_space::onTargetPlane(ctx, mouse);
    const anim::JointIndex parent = c.selection->currentJoint();
    model::Rig rig = c.document->rig();
    const auto added = model::addJointAt(rig, parent, at, parent < 0 ? "root" : "joint");
    if (!added)
        return;
    pushRig(c, std::move(rig), QObject::tr("Add Joint"), {}, {*added});
}

void deleteSelected(const SkeletonEditContext& c)
{
    QList<model::JointIndex> joints = c.selection->joints();
    if (joints.isEmpty())
        return say(c, QObject::tr("Select the joints to delete"));
    model::Rig rig = c.document->rig();
    // What to select afterwards: the active joint's nearest kept ancestor.
    anim::JointIndex kept = c.selection->currentJoint();
    while (kept >= 0 && joints.contains(kept))
        kept = rig.skeleton.parents[static_cast<std::size_t>(kept)];
    std::sort(joints.begin(), joints.end(), std::greater<>());  // later ones first: earlier indices stay
    JointRemap total = identity(rig.skeleton.size());
    for (model::JointIndex j : joints) {
        JointRemap step;
        if (auto why = model::deleteJoint(rig, total[static_cast<std::size_t>(j)], &step))
            return say(c, QObject::tr("Delete Joints: %1").arg(QString::fromStdString(*why)));
        compose(total, step);
    }
    const anim::JointIndex select = kept >= 0 ? total[static_cast<std::size_t>(kept)] : anim::kNoParent;
    pushRig(c, std::move(rig), QObject::tr("Delete Joints"), total,
            select >= 0 ? QList<model::JointIndex>{select} : QList<model::JointIndex>{});
}

void reparentSelected(const SkeletonEditContext& c, bool toActive)
{
    const anim::JointIndex active = c.selection->currentJoint();
    QList<model::JointIndex> joints = c.selection->joints();
    if (toActive)
        joints.removeAll(active);
    if (joints.isEmpty())
        return say(c, toActive ? QObject::tr("Select the joints to parent, then the new parent last (Ctrl+click)")
                               : QObject::tr("Select the joints to unparent"));
    model::Rig rig = c.document->rig();
    JointRemap total = identity(rig.skeleton.size());
    for (model::JointIndex j : joints) {
        JointRemap step;
        const anim::JointIndex parent = toActive ? total[static_cast<std::size_t>(active)] : anim::kNoParent;
        if (auto why = model::reparentJoint(rig, total[static_cast<std::size_t>(j)], parent, &step))
            return say(c, QObject::tr("Parent: %1").arg(QString::fromStdString(*why)));
        compose(total, step);
    }
    QList<model::JointIndex> select;
    for (model::JointIndex j : c.selection->joints())
        select.push_back(total[static_cast<std::size_t>(j)]);
    pushRig(c, std::move(rig), toActive ? QObject::tr("Parent Joints") : QObject::tr("Clear Parent"), total, select);
}

void renameActive(const SkeletonEditContext& c)
{
    const anim::JointIndex joint = c.selection->currentJoint();
    if (joint < 0)
        return say(c, QObject::tr("Select a joint to rename"));
    const QString old = QString::fromStdString(c.document->rig().skeleton.names[static_cast<std::size_t>(joint)]);
    bool ok = false;
    const QString name = QInputDialog::getText(c.window, QObject::tr("Rename Joint"), QObject::tr("Name:"),
                                               QLineEdit::Normal, old, &ok).trimmed();
    if (!ok || name.isEmpty() || name == old)
        return;
    if (c.document->rig().skeleton.find(name.toStdString()))
        say(c, QObject::tr("Another joint is already named '%1'").arg(name));
    c.document->undoStack()->push(new cmd::RenameJointCommand(c.document, joint, name.toStdString()));
}

void subdivideActive(const SkeletonEditContext& c)
{
    const anim::JointIndex joint = c.selection->currentJoint();
    if (joint < 0)
        return say(c, QObject::tr("Select the joint to subdivide towards its child"));
    bool ok = false;
    const int cuts = QInputDialog::getInt(c.window, QObject::tr("Subdivide"), QObject::tr("Number of cuts:"), 1, 1, 64,
                                          1, &ok);
    if (!ok)
        return;
    model::Rig rig = c.document->rig();
    JointRemap remap;
    if (auto why = model::subdivideJoint(rig, joint, cuts, &remap))
        return say(c, QObject::tr("Subdivide: %1").arg(QString::fromStdString(*why)));
    pushRig(c, std::move(rig), QObject::tr("Subdivide"), remap, {remap[static_cast<std::size_t>(joint)]});
}

void symmetrizeSelected(const SkeletonEditContext& c)
{
    std::vector<anim::JointIndex> joints(c.selection->joints().begin(), c.selection->joints().end());
    if (joints.empty())
        return say(c, QObject::tr("Select the side to copy (joints named _L/_R, .L/.R, Left/Right)"));
    model::Rig rig = c.document->rig();
    int twins = 0;
    if (auto why = model::symmetrize(rig, joints, &twins))
        return say(c, QObject::tr("Symmetrize: %1").arg(QString::fromStdString(*why)));
    if (twins == 0)
        return say(c, QObject::tr("Symmetrize: no selected joint has a side in its name"));
    pushRig(c, std::move(rig), QObject::tr("Symmetrize"), {}, c.selection->joints());
    say(c, QObject::tr("Symmetrized %n joint(s)", nullptr, twins));
}

void snapToVertices(const SkeletonEditContext& c)
{
    const anim::JointIndex joint = c.selection->currentJoint();
    const model::MeshId mesh = c.selection->activeMesh();
    const std::vector<std::uint8_t>& selected = c.vertices ? c.vertices->vertices(mesh) : std::vector<std::uint8_t>{};
    const auto positions = c.evaluator->skinnedPositions(mesh);
    glm::vec3 sum(0.f);
    std::size_t n = 0;
    for (std::size_t v = 0; v < selected.size() && v < positions.size(); ++v)
        if (selected[v]) {
            sum += positions[v];
            ++n;
        }
    if (joint < 0 || n == 0)
        return say(c, QObject::tr("Select a joint, and vertices in Weight Paint (V: vertex select), to snap to"));
    model::Rig rig = c.document->rig();
    if (auto why = model::moveJointTo(rig, joint, sum / static_cast<float>(n), false))
        return say(c, QObject::tr("Snap: %1").arg(QString::fromStdString(*why)));
    c.document->undoStack()->push(new cmd::SetRestPoseCommand(c.document, rig, QObject::tr("Snap Joint to Vertices")));
    say(c, QObject::tr("Moved to the centre of %n vertices; its children stayed", nullptr, int(n)));
}

} // namespace

void connectSkeletonEdits(const SkeletonEditMode& m, const SkeletonEditContext& c)
{
    QObject* owner = c.window;
    QObject::connect(m.extrude, &QAction::triggered, owner, [c] { extrude(c, false); });
    QObject::connect(m.extrudeMirrored, &QAction::triggered, owner, [c, x = m.xMirror] {
        x->setChecked(true);
        extrude(c, true);
    });
    QObject::connect(m.add, &QAction::triggered, owner, [c] { addUnderMouse(c); });
    QObject::connect(m.remove, &QAction::triggered, owner, [c] { deleteSelected(c); });
    QObject::connect(m.parent, &QAction::triggered, owner, [c] { reparentSelected(c, true); });
    QObject::connect(m.clearParent, &QAction::triggered, owner, [c] { reparentSelected(c, false); });
    QObject::connect(m.rename, &QAction::triggered, owner, [c] { renameActive(c); });
    QObject::connect(m.subdivide, &QAction::triggered, owner, [c] { subdivideActive(c); });
    QObject::connect(m.symmetrize, &QAction::triggered, owner, [c] { symmetrizeSelected(c); });
    QObject::connect(m.snap, &QAction::triggered, owner, [c] { snapToVertices(c); });
}

} // namespace marrow::app
