// SPDX-License-Identifier: MIT
#pragma once
#include <QWidget>

#include <optional>
#include <vector>

namespace marrow::ui {

// Find best's curves over the exit times of the search window (x: exit
// time in seconds): the lowest pose cost over offsets at each (blue, y
// from 0 to its highest) and the least foot slide during the blend
// (green, from 0 to its own highest; what the search weighs first), each
// named in a legend under the axis, the found exit as a dashed amber line
// and the transition's current exit as an amber dot on the cost curve.
// Empty until a search has run.
class CostCurvePlot : public QWidget {
    Q_OBJECT
public:
    explicit CostCurvePlot(QWidget* parent = nullptr);

    void setCurve(std::vector<double> exits, std::vector<double> costs, double found,
                  std::vector<double> slides = {});
    void clear();
    void setCurrentExit(std::optional<double> exit);
    bool empty() const { return m_exits.empty(); }
    const std::vector<double>& exits() const { return m_exits; }
    const std::vector<double>& costs() const { return m_costs; }
    const std::vector<double>& slides() const { return m_slides; }

    // The curves' colours: fixed, not the palette's, so they never meet
    // the amber marks or each other whatever the theme.
    static QColor costColour();
    static QColor slideColour();

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::vector<double> m_exits, m_costs, m_slides;
    double m_found = 0.0;
    std::optional<double> m_current;
};

} // namespace marrow::ui
