// SPDX-License-Identifier: MIT
#include "app/editor/pose_mode.h"

#include "app/editor/editor_actions.h"
#include "core/document/document.h"
#include "core/workspace/pose_editor.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/viewport/pose_tool.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QActionGroup>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QSpinBox>
#include <QStatusBar>
#include <QToolBar>

namespace marrow::app {

namespace {

QAction* toggle(QToolBar* bar, const QString& text, const QString& tip, bool on)
{
    QAction* action = bar->addAction(text);
    action->setCheckable(true);
    action->setChecked(on);
    setToolTipWithShortcut(action, tip);
    return action;
}

// A viewport shortcut: it acts where the mouse is, as the frame keys do.
QAction* viewportAction(ui::ViewportWidget* viewport, const QString& text, const QKeySequence& key)
{
    auto* action = new QAction(text, viewport);
    action->setShortcut(key);
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    viewport->addAction(action);
    setToolTipWithShortcut(action, QString(text).remove(QLatin1Char('&')));
    return action;
}

void pasteInto(ws::PoseEditor* editor, doc::Document* document, QMainWindow* window,
               const std::vector<model::PastedJoint>& pasted, const QString& text)
{
    if (pasted.empty()) {
        window->statusBar()->showMessage(QObject::tr("Nothing to paste: copy a pose first (Ctrl+C on selected bones)"),
                                         4000);
        return;
    }
    std::vector<ws::PoseEditor::JointPose> poses;
    for (const model::PastedJoint& p : pasted)
        poses.push_back({p.joint, p.local});
    editor->applyPoses(poses, document->beginInteraction(), text);  // one undo entry
}

} // namespace

PoseMode installPoseMode(QMainWindow* window, ui::ViewportWidget* viewport, ws::PoseEditor* editor,
                         doc::Document* document, ws::Selection* selection, ws::PoseEvaluator* evaluator)
{
    PoseMode mode;
    ui::ToolManager& tools = viewport->tools();
    tools.context().poseEditor = editor;
    auto tool = std::make_unique<ui::PoseTool>();
    mode.tool = tool.get();
    tools.addTool(std::move(tool));
    ui::PoseTool* poseTool = mode.tool;

    QToolBar* bar = window->addToolBar(QObject::tr("Pose Options"));
    bar->setObjectName(QStringLiteral("PoseOptionsToolBar"));
    bar->setMovable(false);
    mode.options = bar;
    auto* kinds = new QActionGroup(bar);
    const std::pair<QAction**, std::pair<ui::gizmo::Kind, QString>> gizmos[] = {
        {&mode.moveGizmo, {ui::gizmo::Kind::Move, QObject::tr("Move")}},
        {&mode.rotateGizmo, {ui::gizmo::Kind::Rotate, QObject::tr("Rotate")}},
        {&mode.scaleGizmo, {ui::gizmo::Kind::Scale, QObject::tr("Scale")}}};
    for (const auto& [slot, kind] : gizmos) {
        QAction* action = toggle(bar, kind.second, QObject::tr("Pose tool: %1 gizmo").arg(kind.second),
                                 kind.first == poseTool->gizmoKind());
        kinds->addAction(action);
        viewport->addAction(action);  // Maya's W/E/R act where the mouse is (see setPoseKeymap)
        *slot = action;
        QObject::connect(action, &QAction::triggered, poseTool, [poseTool, &tools, k = kind.first] {
            poseTool->setGizmoKind(k);
            tools.setActiveTool(poseTool);
        });
    }
    QObject::connect(poseTool, &ui::PoseTool::gizmoKindChanged, bar, [m = mode](ui::gizmo::Kind kind) {
        (kind == ui::gizmo::Kind::Move ? m.moveGizmo : kind == ui::gizmo::Kind::Scale ? m.scaleGizmo : m.rotateGizmo)
            ->setChecked(true);
    });
    mode.localAxes = toggle(bar, QObject::tr("Local"), QObject::tr("Gizmo along the bone's axes (off: the world's)"),
                            poseTool->localAxes());
    QObject::connect(mode.localAxes, &QAction::toggled, poseTool, &ui::PoseTool::setLocalAxes);
    bar->addSeparator();
    mode.autoIk = toggle(bar, QObject::tr("Auto IK"),
                         QObject::tr("Grabbing a bone moves the chain of its parents (rotations only)"), false);
    QObject::connect(mode.autoIk, &QAction::toggled, poseTool, &ui::PoseTool::setAutoIk);
    QObject::connect(poseTool, &ui::PoseTool::autoIkChanged, mode.autoIk, &QAction::setChecked);
    auto* chainLabel = new QLabel(QObject::tr(" Chain "), bar);
    bar->addWidget(chainLabel);
    mode.chainLength = new QSpinBox(bar);
    mode.chainLength->setObjectName(QStringLiteral("IkChainLength"));
    mode.chainLength->setRange(1, 32);
    mode.chainLength->setValue(poseTool->ikChainLength());
    mode.chainLength->setToolTip(QObject::tr("Auto IK: how many parents of the grabbed bone turn"));
    bar->addWidget(mode.chainLength);
    QObject::connect(mode.chainLength, &QSpinBox::valueChanged, poseTool, &ui::PoseTool::setIkChainLength);

    mode.clipboard = std::make_shared<model::PoseClipboard>();
    mode.copyPose = viewportAction(viewport, QObject::tr("&Copy Pose"), QKeySequence(Qt::CTRL | Qt::Key_C));
    mode.pastePose = viewportAction(viewport, QObject::tr("&Paste Pose"), QKeySequence(Qt::CTRL | Qt::Key_V));
    mode.pasteFlipped =
        viewportAction(viewport, QObject::tr("Paste Pose &Flipped"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    QObject::connect(mode.copyPose, &QAction::triggered, window, [=, clip = mode.clipboard] {
        const QList<model::JointIndex>& joints = selection->joints();
        if (joints.isEmpty()) {
            window->statusBar()->showMessage(QObject::tr("Select bones to copy their pose"), 4000);
            return;
        }
        const std::vector<anim::JointIndex> list(joints.begin(), joints.end());
        *clip = model::copyPose(document->rig().skeleton, evaluator->locals(), list);
        window->statusBar()->showMessage(QObject::tr("Copied the pose of %n bone(s)", nullptr, int(clip->joints.size())),
                                         3000);
    });
    QObject::connect(mode.pastePose, &QAction::triggered, window, [=, clip = mode.clipboard] {
        pasteInto(editor, document, window, model::pastePose(document->rig().skeleton, *clip), QObject::tr("Paste Pose"));
    });
    QObject::connect(mode.pasteFlipped, &QAction::triggered, window, [=, clip = mode.clipboard] {
        if (clip->empty())
            return pasteInto(editor, document, window, {}, {});
        const model::Rig& rig = document->rig();
        pasteInto(editor, document, window, model::pasteFlipped(rig.skeleton, model::rigPoseMirror(rig), *clip),
                  QObject::tr("Paste Pose Flipped"));
    });
    return mode;
}

void addPoseMenuActions(const PoseMode& mode, QMenu* poseMenu)
{
    if (!poseMenu)
        return;
    poseMenu->addSeparator();
    poseMenu->addActions({mode.copyPose, mode.pastePose, mode.pasteFlipped});
    poseMenu->addSeparator();
    poseMenu->addAction(mode.autoIk);
}

void setPoseKeymap(const PoseMode& mode, ui::ToolManager& tools, ui::NavigationScheme scheme)
{
    const bool maya = scheme == ui::NavigationScheme::Maya;
    mode.tool->setModalKeys(!maya);
    QAction* toolAction = tools.actionFor(mode.tool);
    if (toolAction)
        toolAction->setShortcut(maya ? QKeySequence() : mode.tool->shortcut());
    const std::pair<QAction*, Qt::Key> keys[] = {
        {mode.moveGizmo, Qt::Key_W}, {mode.rotateGizmo, Qt::Key_E}, {mode.scaleGizmo, Qt::Key_R}};
    for (const auto& [action, key] : keys) {
        action->setShortcut(maya ? QKeySequence(key) : QKeySequence());
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    }
    for (QAction* action : {toolAction, mode.moveGizmo, mode.rotateGizmo, mode.scaleGizmo})
        if (action && action->property("marrowBaseTip").isValid())
            setToolTipWithShortcut(action, action->property("marrowBaseTip").toString());
}

} // namespace marrow::app
