// SPDX-License-Identifier: MIT
#pragma once
// A ViewportTool for tests: records every lifecycle call in order
// ("activate", "enter", "hover", "press", "move", "release", "leave",
// "deactivate", "keyPress:<key>", "keyRelease:<key>", "modifiers:<int>"),
// and, when given a joint, poses it on every move through the context's
// InteractionTracker, as a gizmo drag would (one undo entry per gesture).
#include "core/commands/interaction_tracker.h"
#include "core/commands/set_joint_pose_command.h"
#include "widgets/viewport/viewport_tool.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QStringList>

namespace marrow::test {

class RecordingTool : public ui::ViewportTool {
public:
    explicit RecordingTool(const QString& name, const QKeySequence& shortcut = {}, bool hover = false)
        : ui::ViewportTool(name, shortcut)
    {
        setWantsHover(hover);
        setCursor(Qt::CrossCursor);
        setStatusHint(name + QStringLiteral(" hint"));
    }

    QStringList calls;
    model::JointIndex poseJoint = -1;  // >= 0: each move pushes a pose for it
    int usedKey = Qt::Key_B;           // the one key it claims

    void setHint(const QString& hint) { setStatusHint(hint); }

    void activate(ui::ToolContext&) override { calls << QStringLiteral("activate"); }
    void deactivate(ui::ToolContext&) override { calls << QStringLiteral("deactivate"); }
    void enter(ui::ToolContext&) override { calls << QStringLiteral("enter"); }
    void leave(ui::ToolContext&) override { calls << QStringLiteral("leave"); }
    void hover(ui::ToolContext&, QMouseEvent&) override { calls << QStringLiteral("hover"); }
    void press(ui::ToolContext&, QMouseEvent&) override { calls << QStringLiteral("press"); }
    void release(ui::ToolContext&, QMouseEvent&) override { calls << QStringLiteral("release"); }
    void move(ui::ToolContext& ctx, QMouseEvent& event) override
    {
        calls << QStringLiteral("move");
        if (poseJoint < 0 || !ctx.document)
            return;
        const float x = static_cast<float>(event.position().x());
        math::Transform pose;
        pose.translation = glm::vec3(x, 0.f, 0.f);
        ctx.interaction->push(new cmd::SetJointPoseCommand(ctx.document, poseJoint, pose, ctx.interaction->current()));
    }
    void keyPress(ui::ToolContext&, QKeyEvent& event) override
    {
        calls << QStringLiteral("keyPress:%1").arg(event.key());
        if (event.key() != usedKey)
            event.ignore();
    }
    void keyRelease(ui::ToolContext&, QKeyEvent& event) override
    {
        calls << QStringLiteral("keyRelease:%1").arg(event.key());
        if (event.key() != usedKey)
            event.ignore();
    }
    void modifiersChanged(ui::ToolContext&, Qt::KeyboardModifiers modifiers) override
    {
        calls << QStringLiteral("modifiers:%1").arg(modifiers.toInt());
    }
    void overlay(const ui::ToolContext&, std::vector<gl::OverlayVertex>& lines) const override
    {
        lines.push_back({glm::vec3(0.f), glm::vec4(1.f)});
        lines.push_back({glm::vec3(1.f, 0.f, 0.f), glm::vec4(1.f)});
    }

    // Only the lifecycle calls (no keys, no modifiers), for order checks.
    QStringList lifecycle() const
    {
        QStringList out;
        for (const QString& c : calls)
            if (!c.contains(QLatin1Char(':')))
                out << c;
        return out;
    }
};

} // namespace marrow::test
