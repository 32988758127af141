// SPDX-License-Identifier: MIT
#include "app/editor/export_profile_menu.h"

#include "core/commands/set_fps_command.h"
#include "core/document/document.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>

namespace marrow::app {

ExportProfileMenu installExportProfileMenu(QMenu* weightsMenu, doc::Document* document)
{
    ExportProfileMenu m;
    weightsMenu->addSeparator();
    m.menu = weightsMenu->addMenu(QObject::tr("Export Profile"));
    m.menu->setToolTipsVisible(true);
    const auto choice = [&](QActionGroup* group, const QString& text, const QString& tip) {
        QAction* a = m.menu->addAction(text);
        a->setCheckable(true);
        a->setToolTip(tip);
        group->addAction(a);
        return a;
    };
    auto* influences = new QActionGroup(m.menu);
    m.four = choice(influences, QObject::tr("4 Influences"), QObject::tr("JOINTS_0/WEIGHTS_0 only: the 4 largest kept"));
    m.eight = choice(influences, QObject::tr("8 Influences"), QObject::tr("Two sets where a vertex needs them"));
    m.menu->addSeparator();
    auto* storage = new QActionGroup(m.menu);
    m.asFloat = choice(storage, QObject::tr("Float Weights"), QObject::tr("32-bit floats: the weights as they are"));
    m.as16 = choice(storage, QObject::tr("16-bit Weights"), QObject::tr("Normalised unsigned shorts, rows summing to 65535"));
    m.as8 = choice(storage, QObject::tr("8-bit Weights"), QObject::tr("Normalised unsigned bytes, rows summing to 255"));

    const auto sync = [m, document] {
        const model::ExportProfile& p = document->exportProfile();
        (p.maxInfluences == 4 ? m.four : m.eight)->setChecked(true);
        (p.weights == model::WeightStorage::U8    ? m.as8
         : p.weights == model::WeightStorage::U16 ? m.as16
                                                  : m.asFloat)
            ->setChecked(true);
    };
    const auto set = [document](auto change) {
        model::ExportProfile p = document->exportProfile();
        change(p);
        document->undoStack()->push(cmd::makeSetExportProfileCommand(document, p).release());
    };
    QObject::connect(m.four, &QAction::triggered, m.menu, [set] { set([](auto& p) { p.maxInfluences = 4; }); });
    QObject::connect(m.eight, &QAction::triggered, m.menu, [set] { set([](auto& p) { p.maxInfluences = 8; }); });
    QObject::connect(m.asFloat, &QAction::triggered, m.menu,
                     [set] { set([](auto& p) { p.weights = model::WeightStorage::Float; }); });
    QObject::connect(m.as16, &QAction::triggered, m.menu, [set] { set([](auto& p) { p.weights = model::WeightStorage::U16; }); });
    QObject::connect(m.as8, &QAction::triggered, m.menu, [set] { set([](auto& p) { p.weights = model::WeightStorage::U8; }); });
    QObject::connect(document, &doc::Document::exportProfileChanged, m.menu, sync);
    QObject::connect(document, &doc::Document::rigReplaced, m.menu, sync);
    sync();
    return m;
}

} // namespace marrow::app
