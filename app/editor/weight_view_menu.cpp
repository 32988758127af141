// SPDX-License-Identifier: MIT
#include "app/editor/weight_view_menu.h"

#include "core/document/document.h"
#include "core/model/export_profile.h"
#include "core/model/weight_health.h"
#include "app/editor/exported_error_job.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/viewport/renderer/renderer.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QActionGroup>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QProgressDialog>
#include <QStatusBar>

#include <cmath>

namespace marrow::app {

namespace {

constexpr float kSymmetryRed = 0.2f;  // a weight differing by this from its mirror's is red

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
    const auto add = [&](const QString& text, const QString& tip, gl::WeightView view, bool exported) {
        QAction* a = m_menu->addAction(text);
        a->setCheckable(true);
        a->setToolTip(tip);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, view, exported] { choose(view, exported); });
        return a;
    };
    m_weight = add(tr("Weight"), tr("The active bone's weights"), gl::WeightView::Weight, false);
    m_count = add(tr("Influence Count"), tr("A colour per count of influences; red above the export profile's limit"),
                  gl::WeightView::InfluenceCount, false);
    m_normalisation = add(tr("Normalisation"), tr("Red: weights not summing to 1; dark: no weight at all"),
                          gl::WeightView::Normalisation, false);
    m_symmetry = add(tr("Symmetry Error"),
                     tr("Each vertex's largest weight difference to its mirror vertex on the mirror bone; red at %1, "
                        "dark: no mirror twin").arg(kSymmetryRed),
                     gl::WeightView::Scalar, false);
    m_exported = add(tr("As Exported"),
                     tr("How far the export profile's weights move each vertex in this pose; red at the largest"),
                     gl::WeightView::Scalar, true);
    m_weight->setChecked(true);
    m_menu->addSeparator();
    m_worstOverClip = m_menu->addAction(tr("Worst over the Active Clip…"));
    m_worstOverClip->setToolTip(tr("As Exported at every frame of the active clip: each vertex's largest displacement"));
    connect(m_worstOverClip, &QAction::triggered, this, &WeightViewMenu::measureOverClip);
    m_frameLargest = m_menu->addAction(tr("Frame the Largest"));
    m_frameLargest->setToolTip(tr("Go to the frame of the largest displacement and frame its vertex"));
    m_frameLargest->setEnabled(false);
    connect(m_frameLargest, &QAction::triggered, this, &WeightViewMenu::frameLargest);
    for (QAction* top : window->menuBar()->actions())
        if (top->menu() && top->text().remove(QLatin1Char('&')) == tr("View")) {
            top->menu()->addSeparator();
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
        if (m_view != gl::WeightView::Weight)
            reshape();
    });
    connect(m_evaluator, &ws::PoseEvaluator::poseChanged, this, [this] {
        if (m_asExported && !m_worst)
            scheduleRefresh(30);  // playback and scrubbing: at most one measure per few frames
    });
    connect(m_evaluator, &ws::PoseEvaluator::editSkeletonChanged, this, [this] { scheduleRefresh(0); });
    // Turning the heat map off goes back to plain shading: the views are the heat map's.
    if (m_heatMap)
        connect(m_heatMap, &QAction::toggled, this, [this](bool on) {
            if (!on && m_view != gl::WeightView::Weight) {
                m_weight->setChecked(true);
                choose(gl::WeightView::Weight, false);
            }
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
    m_view = gl::WeightView::Scalar;
    m_asExported = true;
    m_exported->setChecked(true);
    if (m_heatMap && !m_heatMap->isChecked())
        m_heatMap->trigger();
    m_worst = worst;
    m_frameLargest->setEnabled(worst.mesh >= 0);
    refresh();
    const model::Rig& rig = m_document->rig();
    const model::ExportProfile& p = m_document->exportProfile();
    m_window->statusBar()->showMessage(
        worst.mesh >= 0
            ? tr("As exported (%1 influences, %2), worst over %3 poses: %4 mm at %5 vertex %6, %7 s — "
                 "View › Weights › Frame the Largest goes there")
                  .arg(p.maxInfluences)
                  .arg(QString::fromLatin1(model::weightStorageName(p.weights)))
                  .arg(worst.poses)
                  .arg(static_cast<double>(worst.largest) * 1000.0, 0, 'f', 3)
                  .arg(QString::fromStdString(rig.meshes[static_cast<std::size_t>(worst.mesh)].name))
                  .arg(worst.vertex)
                  .arg(worst.time, 0, 'f', 3)
            : tr("As exported: no skinned mesh"),
        10000);
}

void WeightViewMenu::frameLargest()
{
    if (!m_worst || m_worst->mesh < 0)
        return;
    if (m_worst->clip >= 0 && m_selection && m_playback) {
        m_selection->setActiveClip(m_worst->clip);
        m_playback->setTime(m_worst->time);
    }
    const auto positions = m_evaluator->skinnedPositions(m_worst->mesh);
    if (m_worst->vertex >= positions.size())
        return;
    glm::vec3 lo(positions[0]), hi(positions[0]);
    for (const glm::vec3& p : positions) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    m_viewport->framePoint(positions[m_worst->vertex], 0.06f * glm::length(hi - lo));
}

QAction* WeightViewMenu::action(gl::WeightView view, bool asExported) const
{
    switch (view) {
    case gl::WeightView::InfluenceCount: return m_count;
    case gl::WeightView::Normalisation: return m_normalisation;
    case gl::WeightView::Scalar: return asExported ? m_exported : m_symmetry;
    case gl::WeightView::Weight: break;
    }
    return m_weight;
}

void WeightViewMenu::choose(gl::WeightView view, bool asExported)
{
    m_view = view;
    m_asExported = asExported;
    m_profiled.reset();
    m_worst.reset();
    if (view != gl::WeightView::Weight && m_heatMap && !m_heatMap->isChecked())
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
    gl::Renderer& renderer = m_viewport->renderer();
    const model::Rig& rig = m_document->rig();
    float scalarMax = 1.f;
    m_largest = 0.f;
    if (m_view == gl::WeightView::Scalar && !m_asExported) {
        for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
            std::vector<float> errors = rig.meshes[m].skinned() ? model::symmetryErrors(rig, m) : std::vector<float>{};
            for (float& e : errors)
                e = std::isnan(e) ? -1.f : e;  // no twin: dark
            renderer.setVertexScalars(m, std::move(errors));
        }
        scalarMax = kSymmetryRed;
    } else if (m_view == gl::WeightView::Scalar && m_worst) {
        for (std::size_t m = 0; m < rig.meshes.size(); ++m)
            renderer.setVertexScalars(m, m < m_worst->perVertex.size() ? m_worst->perVertex[m] : std::vector<float>{});
        m_largest = m_worst->largest;
        scalarMax = std::max(m_worst->largest, 1e-6f);
    } else if (m_view == gl::WeightView::Scalar) {
        if (!m_profiled)
            m_profiled = std::make_unique<model::Rig>(model::profiledRig(rig, m_document->exportProfile()));
        model::PoseRequest request;
        request.locals = m_evaluator->locals();
        const model::ProfileDisplacement d = model::profileDisplacement(rig, *m_profiled, request);
        for (std::size_t m = 0; m < rig.meshes.size(); ++m)
            renderer.setVertexScalars(m, m < d.perVertex.size() ? d.perVertex[m] : std::vector<float>{});
        m_largest = d.largest;
        scalarMax = std::max(d.largest, 1e-6f);
        const model::ExportProfile& p = m_document->exportProfile();
        if (m_window)
            m_window->statusBar()->showMessage(
                d.mesh >= 0 ? tr("As exported (%1 influences, %2): largest %3 mm at %4 vertex %5")
                                  .arg(p.maxInfluences)
                                  .arg(QString::fromLatin1(model::weightStorageName(p.weights)))
                                  .arg(static_cast<double>(d.largest) * 1000.0, 0, 'f', 3)
                                  .arg(QString::fromStdString(rig.meshes[static_cast<std::size_t>(d.mesh)].name))
                                  .arg(d.vertex)
                            : tr("As exported: no skinned mesh"),
                5000);
    }
    renderer.setWeightView(m_view, m_document->exportProfile().maxInfluences, scalarMax);
    m_viewport->update();
}

} // namespace marrow::app
