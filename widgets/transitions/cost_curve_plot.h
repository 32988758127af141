// SPDX-License-Identifier: MIT
#pragma once
#include <QWidget>

#include <optional>
#include <vector>

namespace marrow::ui {

// Find best's cost curve: the lowest pose cost over offsets at each exit
// time of the search window (x: exit time in seconds, y: cost from 0 at
// the bottom to the highest at the top), the found exit as a vertical
// line and the transition's current exit as a dot on the curve. Empty
// until a search has run.
class CostCurvePlot : public QWidget {
    Q_OBJECT
public:
    explicit CostCurvePlot(QWidget* parent = nullptr);

    void setCurve(std::vector<double> exits, std::vector<double> costs, double found);
    void clear();
    void setCurrentExit(std::optional<double> exit);
    bool empty() const { return m_exits.empty(); }
    const std::vector<double>& exits() const { return m_exits; }
    const std::vector<double>& costs() const { return m_costs; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::vector<double> m_exits, m_costs;
    double m_found = 0.0;
    std::optional<double> m_current;
};

} // namespace marrow::ui
