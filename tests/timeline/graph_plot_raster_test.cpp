// SPDX-License-Identifier: MIT
// graph::PlotRaster: a polyline is one span per pixel column, its ends
// blended by coverage; a stamp blends over what is there.
#include "widgets/timeline/graph/plot_raster.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace marrow::test {
namespace {

QImage blank()
{
    QImage image(20, 10, QImage::Format_RGB32);
    image.fill(QColor(0, 0, 0));
    return image;
}

TEST(GraphPlotRaster, AHorizontalLineCoversItsRowsByCoverage)
{
    QImage image = blank();
    ui::graph::PlotRaster raster(image);
    // y = 5, 1.5 wide: [4.25, 5.75] covers three quarters of rows 4 and 5.
    const std::vector<double> xs{-5.0, 25.0}, ys{5.0, 5.0};
    raster.polyline(xs, ys, qRgb(200, 0, 0), 1.5);
    for (int x = 0; x < image.width(); ++x) {
        EXPECT_EQ(qRed(image.pixel(x, 3)), 0) << x;
        EXPECT_NEAR(qRed(image.pixel(x, 4)), 200 * 0.75, 1.0) << x;
        EXPECT_NEAR(qRed(image.pixel(x, 5)), 200 * 0.75, 1.0) << x;
        EXPECT_EQ(qRed(image.pixel(x, 6)), 0) << x;
        EXPECT_EQ(qAlpha(image.pixel(x, 4)), 255);
    }
}

TEST(GraphPlotRaster, AJumpFillsItsColumnAndOffImagePointsAreClipped)
{
    QImage image = blank();
    ui::graph::PlotRaster raster(image);
    // A hold at y = 2 to x = 10.5, a jump to y = 1e9 (far below), a hold there.
    const std::vector<double> xs{0.0, 10.5, 10.5, 30.0}, ys{2.5, 2.5, 1.0e9, 1.0e9};
    raster.polyline(xs, ys, qRgb(0, 255, 0), 1.0);
    for (int y = 2; y < image.height(); ++y)
        EXPECT_EQ(qGreen(image.pixel(10, y)), 255) << "the jump's column, row " << y;
    EXPECT_EQ(qGreen(image.pixel(3, 2)), 255) << "the hold";
    EXPECT_EQ(qGreen(image.pixel(3, 5)), 0);
    EXPECT_EQ(qGreen(image.pixel(12, 5)), 0) << "the far hold lies off the image";
}

TEST(GraphPlotRaster, AStampBlendsCentredOnItsCorner)
{
    QImage image = blank();
    image.setPixel(6, 6, qRgb(200, 0, 0));
    QImage stamp(4, 4, QImage::Format_ARGB32_Premultiplied);
    stamp.fill(Qt::transparent);
    stamp.setPixel(1, 1, qRgba(0, 0, 255, 255));
    stamp.setPixel(2, 2, qRgba(0, 0, 64, 128));  // premultiplied: blue, half covering
    ui::graph::PlotRaster raster(image);
    raster.stamp(stamp, 6, 6);  // its top-left lands at (4, 4)
    EXPECT_EQ(image.pixel(5, 5), qRgb(0, 0, 255));
    EXPECT_EQ(image.pixel(4, 4), qRgb(0, 0, 0)) << "transparent stamp pixels leave the image as it was";
    EXPECT_NEAR(qRed(image.pixel(6, 6)), 100, 1) << "half of the red shows through";
    EXPECT_EQ(qBlue(image.pixel(6, 6)), 64);
    EXPECT_EQ(qAlpha(image.pixel(6, 6)), 255);
    raster.stamp(stamp, 0, 0);  // mostly off the image: only its (2, 2) lands, on (0, 0)
    EXPECT_EQ(image.pixel(0, 0), qRgb(0, 0, 64));
}

TEST(GraphPlotRaster, EachColumnIsWhatThatColumnAloneGets)
{
    // A wide image fills four columns at a time; an image one column wide
    // fills its column alone. Every column of a wavy, jumping, partly
    // off-image curve comes out the same both ways.
    constexpr int kWidth = 61, kHeight = 40;
    std::vector<double> xs, ys;
    for (int i = 0; i <= 30; ++i) {
        // Holds two columns long on quarter pixels (span ends on half
        // pixels: coverage 128), joined by slopes and one far jump.
        const double y = std::round(4.0 * (20.0 + 24.0 * std::sin(0.61 * i))) / 4.0 + (i == 17 ? 300.0 : 0.0);
        xs.insert(xs.end(), {-3.0 + 2.5 * i, -1.0 + 2.5 * i});
        ys.insert(ys.end(), {y, y});
    }
    const auto background = [](QImage& image) {
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                image.setPixel(x, y, qRgb((x * 37) % 256, (y * 53) % 256, 90));
    };
    QImage wide(kWidth, kHeight, QImage::Format_RGB32);
    background(wide);
    ui::graph::PlotRaster(wide).polyline(xs, ys, qRgb(250, 200, 10), 1.5);
    for (int column = 0; column < kWidth; ++column) {
        QImage one(1, kHeight, QImage::Format_RGB32);
        for (int y = 0; y < kHeight; ++y)
            one.setPixel(0, y, qRgb((column * 37) % 256, (y * 53) % 256, 90));
        std::vector<double> shifted;
        for (const double x : xs)
            shifted.push_back(x - column);
        ui::graph::PlotRaster(one).polyline(shifted, ys, qRgb(250, 200, 10), 1.5);
        for (int y = 0; y < kHeight; ++y)
            ASSERT_EQ(wide.pixel(column, y), one.pixel(0, y)) << "column " << column << ", row " << y;
    }
    int columnsDrawn = 0;
    for (int x = 0; x < kWidth; ++x) {
        bool drawn = false;
        for (int y = 0; y < kHeight; ++y)
            drawn = drawn || wide.pixel(x, y) != qRgb((x * 37) % 256, (y * 53) % 256, 90);
        columnsDrawn += drawn ? 1 : 0;
    }
    EXPECT_GE(columnsDrawn, kWidth / 2) << "the curve crosses most columns (some lie above or below)";
}

} // namespace
} // namespace marrow::test
