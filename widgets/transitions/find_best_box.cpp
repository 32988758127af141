// SPDX-License-Identifier: MIT
#include "widgets/transitions/find_best_box.h"

#include "core/document/document.h"
#include "core/workspace/transition_preview.h"
#include "widgets/transitions/cost_curve_plot.h"
#include "widgets/transitions/find_best_job.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace marrow::ui {

FindBestBox::FindBestBox(doc::Document* document, ws::TransitionPreview* preview, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_preview(preview)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_button = new QPushButton(tr("Find Best Exit and Offset"), this);
    m_button->setToolTip(tr("Try every exit time in A and offset into B (a frame apart): the poses that match best "
                            "(joints' positions and velocities, feet in step), then the fewest sliding feet. Sets "
                            "Exit and Offset (one undo step)."));
    // Shown only while a search runs: how far it is, and a way out.
    auto* running = new QHBoxLayout;
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setToolTip(tr("Find Best is measuring the candidates' foot slide"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Stop the search; the transition stays as it is"));
    running->addWidget(m_progress, 1);
    running->addWidget(m_cancel);
    m_progress->hide();
    m_cancel->hide();
    m_plot = new CostCurvePlot(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_button);
    layout->addLayout(running);
    layout->addWidget(m_plot);
    layout->addWidget(m_summary);
    connect(m_button, &QPushButton::clicked, this, &FindBestBox::findBest);
    connect(m_cancel, &QPushButton::clicked, this, &FindBestBox::cancel);
    connect(m_preview, &ws::TransitionPreview::activeChanged, this, [this] {
        stale();
        m_result.reset();
        m_plot->clear();
        refresh();
    });
    connect(m_preview, &ws::TransitionPreview::previewChanged, this, &FindBestBox::refresh);
    // What the search reads: a result for the document as it was is dropped.
    connect(m_document, &doc::Document::keysChanged, this, &FindBestBox::stale);
    connect(m_document, &doc::Document::clipsChanged, this, &FindBestBox::stale);
    connect(m_document, &doc::Document::syncMarkersChanged, this, &FindBestBox::stale);
    connect(m_document, &doc::Document::transitionsChanged, this, &FindBestBox::stale);
    connect(m_document, &doc::Document::skinJointsChanged, this, &FindBestBox::stale);
    connect(m_document, &doc::Document::weightsChanged, this, &FindBestBox::stale);
    connect(m_document, &doc::Document::restPoseChanged, this, &FindBestBox::stale);
    connect(m_document, &doc::Document::rigAboutToBeReplaced, this, &FindBestBox::stale);
    refresh();
}

void FindBestBox::findBest()
{
    const model::Transition* t = m_preview->transition();
    if (!t || m_job)
        return;
    model::TransitionSearchOptions options;
    options.contactHeight = m_preview->contactHeight();
    options.fps = m_preview->sampleFps();  // the document's rate, as marrow-cli's --fps defaults to
    m_job = new FindBestJob(m_document->rig(), *t, options, this);
    connect(m_job, &FindBestJob::progressed, m_progress,
            [this](double f) { m_progress->setValue(static_cast<int>(std::lround(f * 1000.0))); });
    connect(m_job, &FindBestJob::finished, this, &FindBestBox::finish);
    m_progress->setValue(0);
    m_progress->show();
    m_cancel->show();
    m_summary->setText(tr("Searching…"));
    refresh();
}

void FindBestBox::cancel()
{
    if (m_job)
        m_job->cancel();
}

void FindBestBox::stale()
{
    if (!m_job)
        return;
    // Stopped now, not left to finish: its answer would be dropped anyway.
    m_job->disconnect();
    m_job->cancel();
    m_job->deleteLater();
    m_job = nullptr;
    finish(std::nullopt, tr("stopped, the transition or its clips changed; search again"));
}

void FindBestBox::finish(std::optional<model::TransitionSearchResult> result, const QString& error)
{
    qint64 ms = 0;
    if (m_job) {
        ms = m_job->milliseconds();
        m_job->deleteLater();  // it is still emitting
        m_job = nullptr;
    }
    m_progress->hide();
    m_cancel->hide();
    refresh();
    if (result)
        showResult(*result, ms);
    else
        m_summary->setText(tr("Find Best: %1").arg(error));
    if (result)
        emit found(m_result->exit, m_result->offset);
    emit searchEnded();
}

void FindBestBox::showResult(const model::TransitionSearchResult& result, qint64 ms)
{
    m_result = result;
    // The least blend slide over offsets at each exit (NaN where none was measured).
    std::vector<double> slides(m_result->exits.size(), std::numeric_limits<double>::quiet_NaN());
    const std::size_t offsets = m_result->offsets.size();
    for (std::size_t c = 0; c < m_result->slides.size() && offsets > 0; ++c) {
        double& least = slides[c / offsets];
        const double s = m_result->slides[c];
        if (std::isfinite(s) && !(least <= s))
            least = s;
    }
    m_plot->setCurve(m_result->exits, m_result->costs, m_result->exit, std::move(slides));
    const model::TransitionCostTerms& c = m_result->terms;
    m_summary->setText(tr("Exit %1 s, offset %2 s: cost %3 = slide %4 + lunge/stall %5 + pop %6 + pose %7; "
                          "feet slide %8 cm per metre of leg in the blend (%9 candidates, %10 left out for a skip "
                          "step or a long flight%11, %12 ms)")
                           .arg(m_result->exit, 0, 'f', 3)
                           .arg(m_result->offset, 0, 'f', 3)
                           .arg(c.total, 0, 'g', 3)
                           .arg(c.slide, 0, 'g', 3)
                           .arg(c.speed, 0, 'g', 3)
                           .arg(c.pop, 0, 'g', 3)
                           .arg(c.pose, 0, 'g', 3)
                           .arg(m_result->footSlidePerLeg, 0, 'f', 1)
                           .arg(m_result->grid.size())
                           .arg(m_result->excluded)
                           .arg(m_result->allExcluded ? tr(": every one did, the least cost shown") : QString())
                           .arg(ms));
}

void FindBestBox::refresh()
{
    const model::Transition* t = m_preview->transition();
    m_button->setEnabled(t != nullptr && !m_job);
    m_plot->setCurrentExit(t ? std::optional(t->exit) : std::nullopt);
    if (!t)
        m_summary->clear();
}

} // namespace marrow::ui
