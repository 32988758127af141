// SPDX-License-Identifier: MIT
#include "app/editor/bone_display_menu.h"

#include "widgets/preferences/settings_readers.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QSettings>

namespace marrow::app {

namespace readers = ui::settings_readers;

namespace {

const QStringList kShapes = {QStringLiteral("octahedral"), QStringLiteral("stick"), QStringLiteral("wire")};

} // namespace

void installBoneDisplayMenu(QMenu* menu, QAction* showBones, ui::ViewportWidget* viewport)
{
    QObject::connect(showBones, &QAction::toggled, viewport, &ui::ViewportWidget::setShowBones);
    auto* shapes = new QActionGroup(menu);
    const QString labels[] = {QObject::tr("&Octahedral"), QObject::tr("&Stick"), QObject::tr("&Wire")};
    QAction* shapeActions[3] = {};
    for (int k = 0; k < 3; ++k) {
        QAction* a = menu->addAction(labels[k]);
        a->setObjectName(QStringLiteral("boneShape_") + kShapes[k]);
        a->setCheckable(true);
        shapes->addAction(a);
        shapeActions[k] = a;
        QObject::connect(a, &QAction::triggered, viewport, [viewport, k] {
            gl::BoneDisplay d = viewport->boneDisplay();
            d.shape = static_cast<gl::BoneShape>(k);
            viewport->setBoneDisplay(d);
        });
    }
    menu->addSeparator();
    QAction* inFront = menu->addAction(QObject::tr("Bones In &Front"));
    inFront->setObjectName(QStringLiteral("bonesInFront"));
    inFront->setCheckable(true);
    inFront->setToolTip(QObject::tr("Draw the bones over the meshes; off, a mesh in front of a bone hides it"));
    QObject::connect(inFront, &QAction::triggered, viewport, [viewport](bool on) {
        gl::BoneDisplay d = viewport->boneDisplay();
        d.inFront = on;
        viewport->setBoneDisplay(d);
    });
    // The checks show the viewport's state (settings load after the menu is built).
    const auto sync = [viewport, shapeActions, inFront] {
        const gl::BoneDisplay d = viewport->boneDisplay();
        shapeActions[static_cast<int>(d.shape)]->setChecked(true);
        inFront->setChecked(d.inFront);
    };
    QObject::connect(menu, &QMenu::aboutToShow, menu, sync);
    sync();
}

void loadBoneDisplay(const QSettings& settings, ui::ViewportWidget& viewport)
{
    gl::BoneDisplay d = viewport.boneDisplay();
    d.shape = static_cast<gl::BoneShape>(readers::readChoice(settings, "view/boneShape", kShapes, static_cast<int>(d.shape)));
    d.inFront = readers::readBool(settings, "view/bonesInFront", d.inFront);
    viewport.setBoneDisplay(d);
}

void saveBoneDisplay(QSettings& settings, const ui::ViewportWidget& viewport)
{
    settings.setValue("view/boneShape", kShapes.value(static_cast<int>(viewport.boneDisplay().shape)));
    settings.setValue("view/bonesInFront", viewport.boneDisplay().inFront);
}

} // namespace marrow::app
