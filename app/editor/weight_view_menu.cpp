// SPDX-License-Identifier: MIT
#include "app/editor/weight_view_menu.h"

#include "core/document/document.h"
#include "core/mesh/bounds_tree.h"
#include "core/model/export_profile.h"
#include "core/model/import_changes.h"
#include "core/model/weight_health.h"
#include "app/editor/exported_error_job.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QProgressDialog>
#include <QStatusBar>
#include <QLabel>

#include <algorithm>
#include <cmath>

namespace marrow::app {

namespace {

constexpr float kSymmetryRed = 0.2f;  // a weight differing by this from its mirror's is red

// Displacements as the ramp draws them: the square root of the fraction of
// the largest, so a vertex moved a quarter as far as the worst is already
// green. Linear, one bad vertex would leave the rest of the body blue.
std::vector<float> onRamp(std::vector<float> displacement, float largest)
{
    const float scale = largest > 0.f ? 1.f / largest : 0.f;
    for (float& d : displacement)
        d = std::sqrt(std::clamp(d * scale, 0.f, 1.f));
    return displacement;
}

} // namespace

WeightViewMenu::WeightViewMenu(QMainWindow* window, ui::ViewportWidget* viewport, doc::Document* document,
                               ws::PoseEvaluator* evaluator, ws::Selection* selection, ws::Playback* playback,
                               QAction* heatMap)
    : QObject(window)
    , m_window(window)
    , m_viewport(viewport)
    , m_document(document)
    , m_evaluator(evaluator)
    , m_selection(selection)
    , m_playback(playback)
    , m_heatMap(heatMap)
{
    m_menu = new QMenu(tr("&Weights"), window);
    m_menu->setToolTipsVisible(true);
    auto* group = new QActionGroup(m_menu);
    const auto add = [&](const QString& text, const QString& tip, View view) {
        QAction* a = m_menu->addAction(text);
        a->setCheckable(true);
        a->setToolTip(tip);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, view] { choose(view); });
        m_views.push_back(a);
        return a;
    };
    m_weight = add(tr("Weight"), tr("The active bone's weights"), View::Weight);
    m_count = add(tr("Influence Count"), tr("A colour per count of influences; red above the export profile's limit"),
                  View::InfluenceCount);
    m_normalisation = add(tr("Normalisation"), tr("Red: weights not summing to 1; dark: no weight at all"),
                          View::Normalisation);
    m_symmetry = add(tr("Symmetry Error"),
                     tr("Each vertex's largest weight difference to its mirror vertex on the mirror bone; red at %1, "
                        "dark: no mirror twin").arg(kSymmetryRed),
                     View::SymmetryError);
    m_exported = add(tr("As Exported"),
                     tr("How far the export profile's weights move each vertex in this pose; red at the largest"),
                     View::AsExported);
    m_imported = add(tr("Changed on Import"),
                     tr("The weights the import repaired: green renormalised (not summing to 1), orange trimmed to 8 "
                        "influences, red weightless (bound to the mesh's node)"),
                     View::ChangedOnImport);
    m_weight->setChecked(true);
    m_menu->addSeparator();
    m_worstOverClip = m_menu->addAction(tr("Worst over the Active Clip…"));
    m_worstOverClip->setToolTip(tr("As Exported at every frame of the active clip: each vertex's largest displacement"));
    connect(m_worstOverClip, &QAction::triggered, this, &WeightViewMenu::measureOverClip);
    m_frameLargest = m_menu->addAction(tr("Frame the Largest"));
    m_frameLargest->setToolTip(tr("Go to the frame of the largest displacement and frame its vertex"));
    m_frameLargest->setEnabled(false);
    connect(m_frameLargest, &QAction::triggered, this, &WeightViewMenu::frameLargest);
    // A link, not a button: a status bar is as tall as its tallest widget, shown or not.
    m_largestLink = new QLabel(window->statusBar());
    m_largestLink->setObjectName(QStringLiteral("LargestExportedLink"));
    m_largestLink->setTextFormat(Qt::RichText);
    m_largestLink->setTextInteractionFlags(Qt::LinksAccessibleByMouse);
    window->statusBar()->addPermanentWidget(m_largestLink);
    m_largestLink->hide();  // As Exported shows it with a figure
    connect(m_largestLink, &QLabel::linkActivated, this, &WeightViewMenu::frameLargest);
    // Under the Weight Heat Map toggle, whose views these are (else at the end).
    for (QAction* top : window->menuBar()->actions())
        if (top->menu() && top->text().remove(QLatin1Char('&')) == tr("View")) {
            const QList<QAction*> items = top->menu()->actions();
            const qsizetype at = m_heatMap ? items.indexOf(m_heatMap.data()) : -1;
            if (at >= 0 && at + 1 < items.size())
                top->menu()->insertMenu(items[at + 1], m_menu);
            else
                top->menu()->addMenu(m_menu);
            break;
        }

    m_refresh.setSingleShot(true);
    connect(&m_refresh, &QTimer::timeout, this, &WeightViewMenu::refresh);
    const auto reshape = [this] {
        m_profiled.reset();
        m_worst.reset();  // the weights or the profile changed: the measure is stale
        scheduleRefresh(0);
    };
    connect(m_document, &doc::Document::rigReplaced, this, reshape);
    connect(m_document, &doc::Document::skinJointsChanged, this, reshape);
    connect(m_document, &doc::Document::meshWeightsReplaced, this, reshape);
    connect(m_document, &doc::Document::exportProfileChanged, this, reshape);
    connect(m_document, &doc::Document::weightsChanged, this, [this, reshape] {
        if (m_view != View::Weight)
            reshape();
    });
    connect(m_evaluator, &ws::PoseEvaluator::poseChanged, this, [this] {
        if (m_view == View::AsExported && !m_worst)
            scheduleRefresh(30);  // playback and scrubbing: at most one measure per few frames
    });
    connect(m_evaluator, &ws::PoseEvaluator::editSkeletonChanged, this, [this] { scheduleRefresh(0); });
    // Turning the heat map off goes back to plain shading: the views are the heat map's.
    if (m_heatMap)
        connect(m_heatMap, &QAction::toggled, this, [this](bool on) {
            if (!on && m_view != View::Weight)
                choose(View::Weight);
        });
}

WeightViewMenu::~WeightViewMenu() = default;

void WeightViewMenu::measureOverClip()
{
    if (m_job)
        return;
    const int clip = m_selection ? m_selection->activeClip() : -1;
    if (!m_document->rig().clipAt(clip)) {
        m_window->statusBar()->showMessage(tr("Choose a clip to measure over (the timeline's clip chooser)"), 5000);
        return;
    }
    const double fps = m_document->fps() > 0.0 ? m_document->fps() : (m_playback ? m_playback->fps() : 30.0);
    m_job = std::make_unique<ExportedErrorJob>(m_document->rig(), m_document->exportProfile(), clip, fps);
    auto* progress = new QProgressDialog(tr("Measuring As Exported over '%1'…")
                                             .arg(QString::fromStdString(m_document->rig().clips[static_cast<std::size_t>(clip)].name)),
                                         tr("Cancel"), 0, 1000, m_window);
    progress->setObjectName(QStringLiteral("ExportedErrorProgress"));
    progress->setAttribute(Qt::WA_DeleteOnClose);
    progress->setMinimumDuration(300);  // a short measure shows no dialog
    connect(progress, &QProgressDialog::canceled, m_job.get(), &ExportedErrorJob::cancel);
    connect(m_job.get(), &ExportedErrorJob::progressed, progress, [progress](float f) { progress->setValue(int(f * 1000.f)); });
    connect(m_job.get(), &ExportedErrorJob::finished, this,
            [this, progress](std::optional<model::ProfileDisplacement> result) {
                progress->close();
                m_job.release()->deleteLater();  // this slot runs inside the job's signal
                if (!result) {
                    m_window->statusBar()->showMessage(tr("As Exported over the clip: cancelled"), 4000);
                    return;
                }
                showWorst(*result);
            });
}

void WeightViewMenu::showWorst(const model::ProfileDisplacement& worst)
{
    m_view = View::AsExported;
    m_exported->setChecked(true);
    emit viewChanged(m_view);
    if (m_heatMap && !m_heatMap->isChecked())
        m_heatMap->trigger();
    m_worst = worst;
    refresh();
}

void WeightViewMenu::showExported(const model::ProfileDisplacement& d)
{
    m_shown = model::ProfileDisplacement{d.largest, d.mesh, d.vertex, d.clip, d.time, {}, d.poses};
    m_largest = d.largest;
    m_frameLargest->setEnabled(d.mesh >= 0);
    if (!m_window)
        return;
    const model::ExportProfile& p = m_document->exportProfile();
    const QString profile = tr("%1 influences, %2").arg(p.maxInfluences).arg(QString::fromLatin1(model::weightStorageName(p.weights)));
    if (d.mesh < 0) {
        m_largestLink->hide();
        m_window->statusBar()->showMessage(tr("As exported (%1): no skinned mesh").arg(profile), 5000);
        return;
    }
    // In the file's units (an FBX's are often centimetres) and against the
    // mesh's size, which reads the same whatever the units.
    const mesh::Mesh& m = m_document->rig().meshes[static_cast<std::size_t>(d.mesh)];
    const double size = std::max(static_cast<double>(mesh::Aabb::of(m.positions).diagonal()), 1e-12);
    const QString figure = tr("%1 (%2% of the mesh)")
                               .arg(QString::number(static_cast<double>(d.largest), 'g', 3))
                               .arg(QString::number(100.0 * static_cast<double>(d.largest) / size, 'g', 2));
    const QString text = m_worst ? tr("Worst as exported: %1 at vertex %2, %3 s").arg(figure).arg(d.vertex).arg(d.time, 0, 'f', 3)
                                 : tr("Largest as exported: %1 at vertex %2").arg(figure).arg(d.vertex);
    m_largestLink->setText(QStringLiteral("<a href=\"frame\">%1</a>").arg(text.toHtmlEscaped()));
    m_largestLink->setToolTip(tr("Mesh '%1' vertex %2, in the file's units (%3). Click to frame it.")
                                    .arg(QString::fromStdString(m.name))
                                    .arg(d.vertex)
                                    .arg(profile));
    m_largestLink->show();
    m_window->statusBar()->showMessage(m_worst ? tr("As exported (%1) over %2 poses").arg(profile).arg(d.poses)
                                               : tr("As exported (%1)").arg(profile),
                                       8000);
}

void WeightViewMenu::showImportChanges()
{
    const model::ImportChanges& changes = m_document->importChanges();
    std::size_t renormalised = 0, trimmed = 0, bound = 0;
    for (const model::MeshImportChanges& m : changes.meshes) {
        renormalised += m.renormalised.size();
        trimmed += m.trimmed.size();
        bound += m.boundToNode.size();
    }
    if (m_window)
        m_window->statusBar()->showMessage(
            changes.count() == 0
                ? (m_document->sourcePath().isEmpty() || m_document->sourcePath() == m_document->filePath()
                       ? tr("Changed on import: nothing known (a saved document keeps its own weights)")
                       : tr("Changed on import: no weights were repaired"))
                : tr("Changed on import: %1 renormalised (green), %2 trimmed to 8 influences (orange), "
                     "%3 weightless bound to their node (red)")
                      .arg(renormalised)
                      .arg(trimmed)
                      .arg(bound),
            10000);
}

void WeightViewMenu::frameLargest()
{
    if (m_shown.mesh < 0)
        return;
    if (m_worst && m_worst->clip >= 0 && m_selection && m_playback) {
        m_selection->setActiveClip(m_worst->clip);
        m_playback->setTime(m_worst->time);
    }
    const auto positions = m_evaluator->skinnedPositions(m_shown.mesh);
    if (m_shown.vertex >= positions.size())
        return;
    m_viewport->framePoint(positions[m_shown.vertex], 0.15f * mesh::Aabb::of(positions).diagonal());
}

QAction* WeightViewMenu::action(View view) const
{
    switch (view) {
    case View::InfluenceCount: return m_count;
    case View::Normalisation: return m_normalisation;
    case View::SymmetryError: return m_symmetry;
    case View::AsExported: return m_exported;
    case View::ChangedOnImport: return m_imported;
    case View::Weight: break;
    }
    return m_weight;
}

QComboBox* WeightViewMenu::createSelector(QWidget* parent)
{
    auto* box = new QComboBox(parent);
    box->setObjectName(QStringLiteral("WeightViewSelector"));
    for (QAction* a : m_views) {
        box->addItem(a->text());
        box->setItemData(box->count() - 1, a->toolTip(), Qt::ToolTipRole);
    }
    box->setCurrentIndex(static_cast<int>(m_view));
    box->setToolTip(tr("What the heat map shows (View › Weights)"));
    connect(box, &QComboBox::activated, this, [this](int index) {
        if (index >= 0 && static_cast<std::size_t>(index) < m_views.size())
            m_views[static_cast<std::size_t>(index)]->trigger();
    });
    connect(this, &WeightViewMenu::viewChanged, box, [box](View view) { box->setCurrentIndex(static_cast<int>(view)); });
    return box;
}

void WeightViewMenu::choose(View view)
{
    if (QAction* a = action(view); !a->isChecked())
        a->setChecked(true);  // a choice made in code or a selector, not the menu
    m_view = view;
    emit viewChanged(view);
    m_profiled.reset();
    m_worst.reset();
    if (view != View::Weight && m_heatMap && !m_heatMap->isChecked())
        m_heatMap->trigger();  // the views are the heat map's
    refresh();
}

void WeightViewMenu::scheduleRefresh(int ms)
{
    if (!m_refresh.isActive())
        m_refresh.start(ms);
}

void WeightViewMenu::refresh()
{
    m_refresh.stop();
    if (!m_viewport || !m_document)
        return;
    ui::ViewportWidget& viewport = *m_viewport;
    const model::Rig& rig = m_document->rig();
    float scalarMax = 1.f;
    m_largest = 0.f;
    if (m_view != View::AsExported) {
        m_largestLink->hide();
        m_frameLargest->setEnabled(false);
        m_shown = {};
    }
    gl::WeightView shader = gl::WeightView::Scalar;
    const int limit = m_document->exportProfile().maxInfluences;
    ui::HeatLegend legend;
    switch (m_view) {
    case View::Weight: shader = gl::WeightView::Weight; break;
    case View::InfluenceCount:
        shader = gl::WeightView::InfluenceCount;
        legend = ui::influenceCountLegend(limit);
        break;
    case View::Normalisation:
        shader = gl::WeightView::Normalisation;
        legend = ui::normalisationLegend();
        break;
    case View::SymmetryError:
        legend = ui::scalarLegend(tr("Symmetry Error"), QStringLiteral("0"), tr("%1 or more").arg(kSymmetryRed),
                                  tr("weight difference to the mirror vertex; dark: no twin"));
        for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
            std::vector<float> errors = rig.meshes[m].skinned() ? model::symmetryErrors(rig, m) : std::vector<float>{};
            for (float& e : errors)
                e = std::isnan(e) ? -1.f : e;  // no twin: dark
            viewport.setVertexScalars(m, std::move(errors));
        }
        scalarMax = kSymmetryRed;
        break;
    case View::ChangedOnImport:
        for (std::size_t m = 0; m < rig.meshes.size(); ++m)
            viewport.setVertexScalars(m, model::importChangeFigures(m_document->importChanges(), m,
                                                                    rig.meshes[m].positions.size()));
        scalarMax = model::kBoundToNode;
        legend = {tr("Changed on Import"), false,
                  {{0.f, tr("kept")},
                   {model::kRenormalised / model::kBoundToNode, tr("renormalised")},
                   {model::kTrimmed / model::kBoundToNode, tr("trimmed")},
                   {1.f, tr("bound to node")}},
                  {}};
        showImportChanges();
        break;
    case View::AsExported:
        if (m_worst) {
            for (std::size_t m = 0; m < rig.meshes.size(); ++m)
                viewport.setVertexScalars(m, m < m_worst->perVertex.size() ? onRamp(m_worst->perVertex[m], m_worst->largest)
                                                                          : std::vector<float>{});
            showExported(*m_worst);
        } else {
            if (!m_profiled)
                m_profiled = std::make_unique<model::Rig>(model::profiledRig(rig, m_document->exportProfile()));
            model::PoseRequest request;
            request.locals = m_evaluator->locals();
            const model::ProfileDisplacement d = model::profileDisplacement(rig, *m_profiled, request);
            for (std::size_t m = 0; m < rig.meshes.size(); ++m)
                viewport.setVertexScalars(m, m < d.perVertex.size() ? onRamp(d.perVertex[m], d.largest) : std::vector<float>{});
            showExported(d);
        }
        break;
    }
    if (m_view == View::AsExported)
        legend = ui::scalarLegend(tr("As Exported"), QStringLiteral("0"),
                                  QString::number(static_cast<double>(m_largest), 'g', 3),
                                  tr("how far the export's weights move each vertex (square-root ramp)"));
    viewport.setWeightView(shader, limit, scalarMax, std::move(legend));
    m_viewport->update();
}

} // namespace marrow::app
