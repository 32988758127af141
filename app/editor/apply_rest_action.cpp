// SPDX-License-Identifier: MIT
#include "app/editor/apply_rest_action.h"

#include "core/commands/drop_pose_command.h"
#include "core/commands/restructure_rig_command.h"
#include "core/commands/undo_macro.h"
#include "core/document/document.h"
#include "core/model/apply_pose_as_rest.h"
#include "core/workspace/pose_evaluator.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>

#include <vector>

namespace marrow::app {

QAction* installApplyPoseAsRest(QMainWindow* window, QMenu* poseMenu, doc::Document* document,
                                ws::PoseEvaluator* evaluator)
{
    auto* action = new QAction(QObject::tr("Apply Pose as &Rest Pose"), window);
    action->setObjectName(QStringLiteral("apply_pose_as_rest"));
    action->setToolTip(QObject::tr("The pose on screen becomes the rest pose and the meshes are bound in it; "
                                   "clips keep their keys"));
    if (poseMenu) {
        poseMenu->addSeparator();
        poseMenu->addAction(action);
    }
    QObject::connect(action, &QAction::triggered, window, [=] {
        const std::vector<math::Transform> pose(evaluator->locals().begin(), evaluator->locals().end());
        model::Rig rig = document->rig();
        if (auto why = model::applyPoseAsRest(rig, pose)) {
            window->statusBar()->showMessage(QObject::tr("Apply Pose as Rest Pose: %1").arg(QString::fromStdString(*why)),
                                             6000);
            return;
        }
        {
            cmd::UndoMacro macro(document->undoStack(), QObject::tr("Apply Pose as Rest Pose"));
            if (!document->poseOverrides().empty())
                document->undoStack()->push(new cmd::DropPoseCommand(document));  // the pose is the rest now
            document->undoStack()->push(
                new cmd::RestructureRigCommand(document, std::move(rig), QObject::tr("Apply Pose as Rest Pose")));
        }
        window->statusBar()->showMessage(
            QObject::tr("The pose is the rest pose now; clips keep their keys, so they play from the new rest"), 6000);
    });
    return action;
}

} // namespace marrow::app
