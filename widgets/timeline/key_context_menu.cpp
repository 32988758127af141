// SPDX-License-Identifier: MIT
#include "widgets/timeline/key_context_menu.h"

#include "widgets/common/menu_proxy_action.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenu>

#include <utility>

namespace marrow::ui {

namespace {

QString trKeyMenu(const char* text) { return QCoreApplication::translate("KeyContextMenu", text); }

void addProxy(QMenu* menu, QAction* action, bool enabled)
{
    if (action)
        addProxyAction(menu, action, enabled);
}

} // namespace

void addInterpolationActions(QMenu* menu, const std::function<void(anim::Interpolation)>& set)
{
    const std::pair<QString, anim::Interpolation> modes[] = {{trKeyMenu("Constant"), anim::Interpolation::Step},
                                                             {trKeyMenu("Linear"), anim::Interpolation::Linear},
                                                             {trKeyMenu("Cubic"), anim::Interpolation::CubicSpline}};
    for (const auto& [name, mode] : modes)
        QObject::connect(menu->addAction(name), &QAction::triggered, menu, [set, m = mode] { set(m); });
}

void addHandleTypeActions(QMenu* menu, const std::function<void(anim::TangentMode)>& set)
{
    const std::pair<QString, anim::TangentMode> types[] = {{trKeyMenu("Free"), anim::TangentMode::Free},
                                                           {trKeyMenu("Aligned"), anim::TangentMode::Aligned},
                                                           {trKeyMenu("Vector"), anim::TangentMode::Vector},
                                                           {trKeyMenu("Automatic"), anim::TangentMode::AutoClamped}};
    for (const auto& [name, mode] : types)
        QObject::connect(menu->addAction(name), &QAction::triggered, menu, [set, m = mode] { set(m); });
}

QMenu* popupKeyContextMenu(QWidget* parent, QPoint globalPos, const KeyContextMenuItems& items)
{
    auto* menu = new QMenu(parent);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addSection(trKeyMenu("Keys"));
    addProxy(menu, items.copy, items.hasSelection);
    addProxy(menu, items.paste, items.canPaste);
    menu->addSeparator();
    if (items.setInterpolation) {
        QMenu* sub = menu->addMenu(trKeyMenu("Interpolation Mode"));
        addInterpolationActions(sub, items.setInterpolation);
        sub->setEnabled(items.hasSelection);
    }
    if (items.setHandleType) {
        QMenu* sub = menu->addMenu(trKeyMenu("Handle Type"));
        addHandleTypeActions(sub, items.setHandleType);
        sub->setEnabled(items.hasSelection);
    }
    menu->addSeparator();
    addProxy(menu, items.duplicate, items.hasSelection);
    addProxy(menu, items.remove, items.hasSelection);
    menu->addSeparator();
    addProxy(menu, items.selectAll, true);
    addProxy(menu, items.selectNone, items.hasSelection);
    menu->popup(globalPos);
    return menu;
}

} // namespace marrow::ui
