// SPDX-License-Identifier: MIT
#include "app/editor/select_actions.h"

#include "app/editor/editor_actions.h"
#include "core/document/document.h"
#include "core/model/joint_select.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>

#include <algorithm>
#include <functional>

namespace marrow::app {

namespace {

using Edit = std::function<model::JointList(const model::Rig&, std::span<const std::uint8_t>, const model::JointList&)>;

// Blender's Select menu sits right after View.
QMenu* insertMenuAfterView(QMainWindow* window, const QString& title)
{
    auto* menu = new QMenu(title, window);
    const QList<QAction*> tops = window->menuBar()->actions();
    QAction* before = nullptr;
    for (qsizetype i = 0; i + 1 < tops.size(); ++i)
        if (tops[i]->menu() && tops[i]->text().remove(QLatin1Char('&')) == QObject::tr("View"))
            before = tops[i + 1];
    window->menuBar()->insertMenu(before, menu);
    return menu;
}

// The joints the Select menu acts on (empty: every joint), as the viewport shows them.
std::vector<std::uint8_t> selectableBones(const model::Rig& rig, bool editSkeleton)
{
    if (editSkeleton)
        return rig.skeletonJointMask();
    std::vector<std::uint8_t> bones = rig.boneMask();
    if (std::find(bones.begin(), bones.end(), 1) == bones.end())
        bones.clear();  // no skin: every node is drawn as a bone
    return bones;
}

} // namespace

SelectActions installSelectActions(QMainWindow* window, QWidget* viewport, QWidget* boneTree,
                                   doc::Document* document, ws::Selection* selection,
                                   const ws::PoseEvaluator* evaluator)
{
    SelectActions s;
    s.menu = insertMenuAfterView(window, QObject::tr("&Select"));
    const auto make = [&](const QString& text, const QString& tip, Edit edit) {
        auto* action = new QAction(text, window);
        setToolTipWithShortcut(action, tip);
        // Bone keys act where the bones are: the viewport (under the mouse)
        // and the tree; the dope sheet and graph keep A-keys for their keys.
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        viewport->addAction(action);
        boneTree->addAction(action);
        s.menu->addAction(action);
        QObject::connect(action, &QAction::triggered, selection, [document, selection, evaluator, edit] {
            const model::Rig& rig = document->rig();
            const std::vector<std::uint8_t> bones = selectableBones(rig, evaluator && evaluator->editSkeleton());
            const model::JointList before(selection->joints().begin(), selection->joints().end());
            const model::JointList after = edit(rig, bones, before);
            selection->setJoints(QList<model::JointIndex>(after.begin(), after.end()));
        });
        return action;
    };
    s.all = make(QObject::tr("&All"), QObject::tr("Select every bone"),
                 [](const model::Rig& rig, auto bones, const auto& joints) {
                     return model::selectAllBones(rig.skeleton, bones, joints);
                 });
    s.none = make(QObject::tr("&None"), QObject::tr("Deselect every bone"),
                  [](const model::Rig&, auto, const auto&) { return model::JointList{}; });
    s.invert = make(QObject::tr("&Invert"), QObject::tr("Select the bones that are not selected, and only those"),
                    [](const model::Rig& rig, auto bones, const auto& joints) {
                        return model::invertBones(rig.skeleton, bones, joints);
                    });
    s.menu->addSeparator();
    s.mirror = make(QObject::tr("&Mirror"), QObject::tr("Select the left/right partners of the selected bones instead"),
                    [](const model::Rig& rig, auto, const auto& joints) {
                        return model::mirrorJoints(rig.skeleton, joints, false);
                    });
    s.mirrorExtend = make(QObject::tr("Mirror, &Extend"), QObject::tr("Add the left/right partners of the selected bones"),
                          [](const model::Rig& rig, auto, const auto& joints) {
                              return model::mirrorJoints(rig.skeleton, joints, true);
                          });
    s.parent = make(QObject::tr("&Parent"), QObject::tr("Select the parents of the selected bones instead"),
                    [](const model::Rig& rig, auto bones, const auto& joints) {
                        return model::parentBones(rig.skeleton, bones, joints);
                    });
    s.children = make(QObject::tr("&Children"), QObject::tr("Select the children of the selected bones instead"),
                      [](const model::Rig& rig, auto bones, const auto& joints) {
                          return model::childBones(rig.skeleton, bones, joints);
                      });
    s.similarName = make(QObject::tr("Similar &Name"),
                         QObject::tr("Add the bones named as a selected one but for their numbers "
                                     "(finger_01.L selects finger_02.L and finger_03.L)"),
                         [](const model::Rig& rig, auto bones, const auto& joints) {
                             return model::similarNameJoints(rig.skeleton, bones, joints);
                         });
    return s;
}

void setSelectKeymap(const SelectActions& s, ui::NavigationScheme scheme)
{
    // Maya's A frames all (the View menu's), so Select All takes Maya's Ctrl+Shift+A.
    s.all->setShortcut(scheme == ui::NavigationScheme::Maya ? QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A)
                                                            : QKeySequence(Qt::Key_A));
    s.none->setShortcut(QKeySequence(Qt::ALT | Qt::Key_A));
    s.invert->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    s.mirror->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    s.parent->setShortcut(QKeySequence(Qt::Key_BracketLeft));
    s.children->setShortcut(QKeySequence(Qt::Key_BracketRight));
    for (QAction* action : {s.all, s.none, s.invert, s.mirror, s.mirrorExtend, s.parent, s.children, s.similarName})
        setToolTipWithShortcut(action, action->property("marrowBaseTip").toString());
}

} // namespace marrow::app
