// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/transition_search.h"

#include <QWidget>

#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class TransitionPreview;
}

namespace marrow::ui {

class CostCurvePlot;
class FindBestJob;

// Find best (motion matching's pose cost with a foot-phase term, then the
// cheapest candidates measured for foot slide: model::findBestTransition)
// over every exit time in A and offset into B for the previewed
// transition. The button starts the search on a worker (FindBestJob) with
// a progress bar and Cancel beside it; the result emits found(), which the
// panel applies as one undo entry. A change to the document or the chosen
// transition meanwhile stops the search: its answer would be for something
// no longer there. The cost curve over exit times and the result stay
// until another transition is chosen.
class FindBestBox : public QWidget {
    Q_OBJECT
public:
    FindBestBox(doc::Document* document, ws::TransitionPreview* preview, QWidget* parent = nullptr);

    QPushButton* button() const { return m_button; }
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }
    bool searching() const { return m_job != nullptr; }
    CostCurvePlot* plot() const { return m_plot; }
    QLabel* summary() const { return m_summary; }
    const std::optional<model::TransitionSearchResult>& result() const { return m_result; }

public slots:
    // Starts the search (nothing while one runs or no transition is chosen).
    void findBest();
    void cancel();

signals:
    // The exit and offset the search found for the previewed transition.
    void found(double exit, double offset);
    // A search ended: found, failed, cancelled or dropped.
    void searchEnded();

private:
    void refresh();
    void stale();
    void finish(std::optional<model::TransitionSearchResult> result, const QString& error);
    void showResult(const model::TransitionSearchResult& result, qint64 ms);

    doc::Document* m_document;
    ws::TransitionPreview* m_preview;
    QPushButton* m_button = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    CostCurvePlot* m_plot = nullptr;
    QLabel* m_summary = nullptr;
    std::optional<model::TransitionSearchResult> m_result;
    FindBestJob* m_job = nullptr;  // a child while it runs; deleted (later) when it ends
};

} // namespace marrow::ui
