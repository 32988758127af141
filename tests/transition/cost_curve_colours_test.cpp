// SPDX-License-Identifier: MIT
// Find best's two curves in their own colours (issue 37): the pose cost and
// the foot slide are both drawn, each in its colour, the two far apart and
// apart from the amber marks, and the legend names them.
#include "widgets/transitions/cost_curve_plot.h"

#include <QApplication>
#include <QImage>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace marrow;

namespace {

int distance(const QColor& a, const QColor& b)
{
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
}

// Pixels within a small distance of `colour` in `rect`.
int pixelsNear(const QImage& image, const QRect& rect, const QColor& colour)
{
    int n = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x)
            n += distance(image.pixelColor(x, y), colour) <= 30 ? 1 : 0;
    return n;
}

} // namespace

TEST(CostCurveColours, PoseCostAndFootSlideAreDrawnInDistinctColours)
{
    const QColor cost = ui::CostCurvePlot::costColour(), slide = ui::CostCurvePlot::slideColour();
    EXPECT_GT(distance(cost, slide), 150);
    for (const QColor& amber : {QColor(255, 176, 46)})
        EXPECT_GT(std::min(distance(cost, amber), distance(slide, amber)), 150) << "the found exit's line";

    ui::CostCurvePlot plot;
    std::vector<double> exits, costs, slides;
    for (int k = 0; k <= 40; ++k) {
        exits.push_back(k / 40.0);
        costs.push_back(1.0 + std::sin(k * 0.3));     // one wave...
        slides.push_back(2.0 + std::cos(k * 0.21));   // ...and another, apart from it
    }
    plot.setCurve(exits, costs, 0.5, slides);
    plot.resize(320, 110);
    plot.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&plot));
    const QImage image = plot.grab().toImage();
    // Over the plot (above the axis labels and the legend) each curve's
    // colour covers a line's worth of pixels across the width.
    const QRect curves(40, 0, image.width() - 50, image.height() - 2 * plot.fontMetrics().height() - 8);
    const int costPixels = pixelsNear(image, curves, cost), slidePixels = pixelsNear(image, curves, slide);
    EXPECT_GT(costPixels, curves.width() / 2) << "the pose-cost curve";
    EXPECT_GT(slidePixels, curves.width() / 2) << "the foot-slide curve";
    // The legend under the axis: a swatch of each.
    const QRect legend(0, curves.bottom() + 1, image.width(), image.height() - curves.bottom() - 1);
    EXPECT_GT(pixelsNear(image, legend, cost), 10);
    EXPECT_GT(pixelsNear(image, legend, slide), 10);
}
