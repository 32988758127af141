// SPDX-License-Identifier: MIT
#include "widgets/transitions/find_best_box.h"

#include "core/document/document.h"
#include "core/workspace/transition_preview.h"
#include "widgets/transitions/cost_curve_plot.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
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
    m_plot = new CostCurvePlot(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_button);
    layout->addWidget(m_plot);
    layout->addWidget(m_summary);
    connect(m_button, &QPushButton::clicked, this, &FindBestBox::findBest);
    connect(m_preview, &ws::TransitionPreview::activeChanged, this, [this] {
        m_result.reset();
        m_plot->clear();
        refresh();
    });
    connect(m_preview, &ws::TransitionPreview::previewChanged, this, &FindBestBox::refresh);
    refresh();
}

void FindBestBox::findBest()
{
    const model::Transition* t = m_preview->transition();
    if (!t)
        return;
    model::TransitionSearchOptions options;
    options.contactHeight = m_preview->contactHeight();
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QElapsedTimer timer;
    timer.start();
    std::string error;
    auto result = model::findBestTransition(m_document->rig(), *t, options, &error);
    const qint64 ms = timer.elapsed();
    QApplication::restoreOverrideCursor();
    if (!result) {
        m_summary->setText(tr("Find Best: %1").arg(QString::fromStdString(error)));
        return;
    }
    m_result = std::move(result);
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
    m_summary->setText(tr("Exit %1 s, offset %2 s: pose cost %3, feet slide %4 in the blend (%5 candidates, %6 ms)")
                           .arg(m_result->exit, 0, 'f', 3)
                           .arg(m_result->offset, 0, 'f', 3)
                           .arg(m_result->cost, 0, 'g', 3)
                           .arg(m_result->footSlide, 0, 'g', 3)
                           .arg(m_result->grid.size())
                           .arg(ms));
    emit found(m_result->exit, m_result->offset);
}

void FindBestBox::refresh()
{
    const model::Transition* t = m_preview->transition();
    m_button->setEnabled(t != nullptr);
    m_plot->setCurrentExit(t ? std::optional(t->exit) : std::nullopt);
    if (!t)
        m_summary->clear();
}

} // namespace marrow::ui
