// SPDX-License-Identifier: MIT
#include "app/editor/weights_menu.h"

#include "app/editor/adjust_last_operation.h"
#include "app/editor/key_actions.h"

#include "core/document/document.h"
#include "core/model/bind_pose_drift.h"
#include "core/workspace/bind_meshes.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/rebind_at_rest.h"
#include "core/workspace/paint_selection.h"
#include "core/workspace/selection.h"
#include "widgets/log/log_panel.h"

#include <QActionGroup>
#include <QInputDialog>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QPointer>
#include <QStatusBar>

#include <memory>

namespace marrow::app {

namespace {

using Kind = ws::WeightOperation::Kind;

// The last parameters the user gave, offered again next time.
struct LastParameters {
    int limit = 4;
    double cleanEps = 0.01;
    int smoothIterations = 2;
    double smoothFactor = 0.5;
    double floodValue = 1.0;
};

} // namespace

WeightsMenu installWeightsMenu(QMainWindow* window, QWidget* viewport, doc::Document* document,
                               const ws::Selection* selection, const ws::PaintSelection* vertices,
                               const ws::BrushState* brush, ui::LogPanel* log)
{
    WeightsMenu w;
    w.menu = insertMenuBeforePlayback(window, QObject::tr("&Weights"));
    auto last = std::make_shared<LastParameters>();
    auto subset = std::make_shared<ws::WeightSubset>(ws::WeightSubset::All);

    // The mask (V) limits every operation; Copy and Hammer always work on the selection.
    const QPointer<const ws::PaintSelection> selected(vertices);
    const QPointer<const ws::BrushState> brushState(brush);
    // Runs an operation and remembers its values for next time; true when it made an undo entry.
    const auto runOnly = [=](const ws::WeightOperation& op) {
        const bool onSelection = op.kind == Kind::Paste || op.kind == Kind::Hammer;
        const ws::VertexMask mask = [selected, onSelection](model::MeshId mesh) -> const std::vector<std::uint8_t>* {
            if (!selected)
                return nullptr;
            return onSelection ? &selected->vertices(mesh) : selected->mask(mesh);
        };
        const ws::WeightOperationResult r = ws::applyWeightOperation(*document, *selection, *subset, op, mask,
                                                                     ws::xMirrorOf(brushState));
        window->statusBar()->showMessage(r.message, 8000);
        if (log)
            log->addEntry(ui::LogPanel::Severity::Info, QString(), r.message);
        if (op.kind == Kind::Limit)
            last->limit = op.count;
        if (op.kind == Kind::Clean)
            last->cleanEps = op.value;
        if (op.kind == Kind::Smooth) {
            last->smoothIterations = op.count;
            last->smoothFactor = op.value;
        }
        if (op.kind == Kind::Flood)
            last->floodValue = op.value;
        return r.changed > 0;
    };
    w.adjustPanel = viewport ? new AdjustLastOperation(viewport, document->undoStack(), runOnly) : nullptr;
    const QPointer<AdjustLastOperation> adjust(w.adjustPanel);
    const auto run = [=](const ws::WeightOperation& op) {
        const bool pushed = runOnly(op);
        if (adjust)
            adjust->ran(op, pushed);
    };
    const auto add = [&](const QString& text, const QString& tip, auto&& onTrigger) {
        QAction* a = w.menu->addAction(text);
        a->setStatusTip(tip);
        QObject::connect(a, &QAction::triggered, window, onTrigger);
        return a;
    };
    // Checked: bone heat (Automatic Weights, Bind) sees each bone as Blender does (one segment to its
    // children's centroid) instead of a segment to each child.
    w.blenderSegments = new QAction(QObject::tr("Blender's Bone Segments"), w.menu);
    w.blenderSegments->setCheckable(true);
    w.blenderSegments->setStatusTip(QObject::tr("Automatic Weights and Bind see a bone with several children as "
                                                "Blender does: one segment to their centroid (off: a segment to each "
                                                "child, which agrees with artists more often)"));
    const QPointer<QAction> blender(w.blenderSegments);
    const auto segments = [blender] {
        return blender && blender->isChecked() ? model::BoneSegments::Blender : model::BoneSegments::EachChild;
    };
    w.automatic = add(QObject::tr("Automatic Weights"),
                      QObject::tr("Bone heat from the deforming bones on the chosen meshes (Ctrl+click), else on "
                                  "every skinned mesh with single-bone props kept rigid (Blender's With Automatic "
                                  "Weights)"),
                      [=] { run({.kind = Kind::Auto, .segments = segments()}); });
    w.automaticRigid = add(QObject::tr("Automatic Weights, Rigid Islands"),
                           QObject::tr("As Automatic Weights, and each separate mesh and loose shell but the body "
                                       "(a helmet, a prop) follows the bone nearest its centre alone"),
                           [=] { run({.kind = Kind::Auto, .rigidIslands = true, .segments = segments()}); });
    w.menu->addAction(w.blenderSegments);
    QMenu* bind = w.menu->addMenu(QObject::tr("Bind to Skeleton"));
    bind->setStatusTip(QObject::tr("Bind the chosen (Ctrl+click), else each static mesh to the skeleton (Blender's "
                                   "Ctrl+P › Armature Deform)"));
    const auto bindWith = [=](const QString& text, const QString& tip, model::BindWeights how) {
        QAction* a = bind->addAction(text);
        a->setStatusTip(tip);
        QObject::connect(a, &QAction::triggered, window, [=] {
            const ws::BindResult r = ws::bindStaticMeshes(*document, how, segments(), selection->chosenMeshes());
            window->statusBar()->showMessage(r.message, 8000);
            if (log)
                log->addEntry(ui::LogPanel::Severity::Info, QString(), r.message);
        });
        return a;
    };
    w.bindAutomatic = bindWith(QObject::tr("With Automatic Weights"),
                               QObject::tr("Bone heat from the deforming bones: every vertex weighted"),
                               model::BindWeights::Automatic);
    w.bindEmpty = bindWith(QObject::tr("With Empty Weights"),
                           QObject::tr("Bound but unchanged: every vertex follows the mesh's own node until painted"),
                           model::BindWeights::Empty);
    w.bindNearest = bindWith(QObject::tr("With Nearest Bone"),
                             QObject::tr("Every vertex wholly on its nearest bone (rigid parts)"),
                             model::BindWeights::NearestBone);
    w.rebindAtRest = add(QObject::tr("Rebind at Rest"),
                         QObject::tr("Bind each skin whose bind pose (View › Rest Position) differs from its rest pose "
                                     "as the rest pose draws its meshes, keeping the weights"),
                         [=] {
                             const ws::RebindResult r = ws::rebindAtRest(*document);
                             window->statusBar()->showMessage(r.message, 8000);
                             if (log)
                                 log->addEntry(ui::LogPanel::Severity::Info, QString(), r.message);
                         });
    const QPointer<QAction> rebind(w.rebindAtRest);
    QObject::connect(w.menu, &QMenu::aboutToShow, w.rebindAtRest, [rebind, document] {
        bool differs = false;
        for (const model::BindPoseDrift& d : model::bindPoseDrift(document->rig()))
            differs = differs || d.relative > model::kBindPoseDriftTolerance;
        if (rebind)
            rebind->setEnabled(differs);
    });
    w.menu->addSeparator();
    w.normalizeAll = add(QObject::tr("Normalize All"),
                         QObject::tr("Make every row sum to 1; locked bones keep their weights"),
                         [=] { run({.kind = Kind::Normalize}); });
    // The numeric operations run at once with the values last used; the
    // Adjust Last Operation panel (F9) changes them afterwards.
    w.limitTotal = add(QObject::tr("Limit Total"), QObject::tr("Keep the N largest weights per vertex (F9 adjusts N)"),
                       [=] { run({.kind = Kind::Limit, .count = last->limit}); });
    w.clean = add(QObject::tr("Clean"), QObject::tr("Remove weights below a threshold (F9 adjusts it)"),
                  [=] { run({.kind = Kind::Clean, .value = static_cast<float>(last->cleanEps)}); });
    w.quantize8 = add(QObject::tr("Quantize 8-bit"),
                      QObject::tr("Every weight a multiple of 1/255, each row summing to exactly 1"),
                      [=] { run({.kind = Kind::Quantize, .count = 8}); });
    w.quantize16 = add(QObject::tr("Quantize 16-bit"),
                       QObject::tr("Every weight a multiple of 1/65535, each row summing to exactly 1"),
                       [=] { run({.kind = Kind::Quantize, .count = 16}); });
    w.smooth = add(QObject::tr("Smooth"),
                   QObject::tr("Blend each vertex with its neighbours (F9 adjusts iterations and factor)"), [=] {
                       run({.kind = Kind::Smooth, .count = last->smoothIterations,
                            .value = static_cast<float>(last->smoothFactor)});
                   });
    w.menu->addSeparator();
    w.mirrorPlus = add(QObject::tr("Mirror +X to -X"),
                       QObject::tr("Copy the +X side's weights onto the -X side, bones swapped by name"),
                       [=] { run({.kind = Kind::Mirror, .axis = 0, .positive = true}); });
    w.mirrorMinus = add(QObject::tr("Mirror -X to +X"),
                        QObject::tr("Copy the -X side's weights onto the +X side, bones swapped by name"),
                        [=] { run({.kind = Kind::Mirror, .axis = 0, .positive = false}); });
    w.menu->addSeparator();
    w.invert = add(QObject::tr("Invert Active Bone"), QObject::tr("The active bone's weight w becomes 1 - w"),
                   [=] { run({.kind = Kind::Invert}); });
    w.flood = add(QObject::tr("Flood Active Bone"),
                  QObject::tr("Set the active bone's weight everywhere (F9 adjusts the weight)"),
                  [=] { run({.kind = Kind::Flood, .value = static_cast<float>(last->floodValue)}); });
    w.transfer = add(QObject::tr("Transfer Weights From..."),
                     QObject::tr("The active mesh takes another mesh's weights, from the closest point of its "
                                 "surface (Maya's Copy Skin Weights): clothes from the body"),
                     [=] {
                         QStringList names;
                         std::vector<model::MeshId> ids;
                         const model::Rig& rig = document->rig();
                         for (std::size_t i = 0; i < rig.meshes.size(); ++i)
                             if (rig.meshes[i].skinned() && static_cast<model::MeshId>(i) != selection->activeMesh()) {
                                 names << QString::fromStdString(rig.meshes[i].name);
                                 ids.push_back(static_cast<model::MeshId>(i));
                             }
                         if (ids.empty() || selection->activeMesh() < 0) {
                             window->statusBar()->showMessage(
                                 QObject::tr("Transfer needs an active skinned mesh and another to take weights from"),
                                 6000);
                             return;
                         }
                         bool ok = false;
                         const QString chosen = QInputDialog::getItem(window, QObject::tr("Transfer Weights"),
                                                                      QObject::tr("From mesh:"), names, 0, false, &ok);
                         if (ok)
                             run({.kind = Kind::Transfer,
                                  .source = ids[static_cast<std::size_t>(names.indexOf(chosen))]});
                     });
    const auto selectedVertices = [=]() -> std::size_t {
        return selected && selection->activeMesh() >= 0 ? selected->count(selection->activeMesh()) : 0;
    };
    const auto needSelection = [=] {
        window->statusBar()->showMessage(
            QObject::tr("Select vertices first: in Weight Paint, the Select tool, B, or L"), 6000);
    };
    w.copyWeights = add(QObject::tr("Copy Weights to Selected"),
                        QObject::tr("The selected vertices take the active (last clicked) vertex's weights"), [=] {
                            const auto from = selected ? selected->activeVertex(selection->activeMesh()) : std::nullopt;
                            if (!from || selectedVertices() == 0)
                                return needSelection();
                            run({.kind = Kind::Paste, .vertex = *from});
                        });
    w.hammer = add(QObject::tr("Weight Hammer"),
                   QObject::tr("Each selected vertex takes the average of its unselected neighbours (Maya's Weight "
                               "Hammer): fixes a spiky vertex"),
                   [=] {
                       if (selectedVertices() == 0)
                           return needSelection();
                       run({.kind = Kind::Hammer});
                   });
    w.menu->addSeparator();
    QMenu* subsetMenu = w.menu->addMenu(QObject::tr("Subset"));
    auto* group = new QActionGroup(subsetMenu);
    const auto choice = [&](const QString& text, ws::WeightSubset value) {
        QAction* a = subsetMenu->addAction(text);
        a->setCheckable(true);
        a->setChecked(value == ws::WeightSubset::All);
        group->addAction(a);
        QObject::connect(a, &QAction::triggered, window, [subset, value] { *subset = value; });
        return a;
    };
    w.subsetAll = choice(QObject::tr("All Bones"), ws::WeightSubset::All);
    w.subsetDeform = choice(QObject::tr("Deform Bones"), ws::WeightSubset::Deform);
    w.subsetSelected = choice(QObject::tr("Selected Bones"), ws::WeightSubset::Selected);
    w.subsetActive = choice(QObject::tr("Active Bone"), ws::WeightSubset::Active);
    w.adjustLast = add(QObject::tr("Adjust Last Operation"),
                       QObject::tr("Show the last Limit, Clean, Quantize, Smooth or Flood's values to change them "
                                   "(Blender's F9)"),
                       [=] {
                           if (adjust && adjust->operation())
                               adjust->toggle();
                           else
                               window->statusBar()->showMessage(
                                   QObject::tr("Nothing to adjust: run Limit, Clean, Quantize, Smooth or Flood first"),
                                   6000);
                       });
    w.adjustLast->setShortcut(QKeySequence(Qt::Key_F9));
    w.exportProfile = installExportProfileMenu(w.menu, document);
    return w;
}

} // namespace marrow::app
