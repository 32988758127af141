// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/transition_search.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class TransitionPreview;
}

namespace marrow::ui {

class CostCurvePlot;

// Find best (motion matching's pose cost with a foot-phase term, then the
// cheapest candidates measured for foot slide: model::findBestTransition)
// over every exit time in A and offset into B for the previewed
// transition. The button searches and emits found(); the panel applies
// it as one undo entry. The cost curve over exit times and the result stay
// until another transition is chosen.
class FindBestBox : public QWidget {
    Q_OBJECT
public:
    FindBestBox(doc::Document* document, ws::TransitionPreview* preview, QWidget* parent = nullptr);

    QPushButton* button() const { return m_button; }
    CostCurvePlot* plot() const { return m_plot; }
    QLabel* summary() const { return m_summary; }
    const std::optional<model::TransitionSearchResult>& result() const { return m_result; }

public slots:
    void findBest();

signals:
    // The exit and offset the search found for the previewed transition.
    void found(double exit, double offset);

private:
    void refresh();

    doc::Document* m_document;
    ws::TransitionPreview* m_preview;
    QPushButton* m_button = nullptr;
    CostCurvePlot* m_plot = nullptr;
    QLabel* m_summary = nullptr;
    std::optional<model::TransitionSearchResult> m_result;
};

} // namespace marrow::ui
