// SPDX-License-Identifier: MIT
// Renders the graph view as the editor shows it (the dark theme's palette)
// with cubic curves and the tangent handles of two selected keys, to
// /tmp/marrow-graph-view.png, for a person to look at.
#include "graph_test_support.h"

#include <QImage>

namespace marrow::test {
namespace {

// app/editor/dark_theme.cpp's colours for the roles the graph paints with.
QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(45, 47, 52));
    p.setColor(QPalette::WindowText, QColor(220, 223, 228));
    p.setColor(QPalette::Base, QColor(33, 35, 39));
    p.setColor(QPalette::Button, QColor(54, 57, 63));
    p.setColor(QPalette::Highlight, QColor(214, 128, 52));
    p.setColor(QPalette::PlaceholderText, QColor(120, 124, 130));
    p.setColor(QPalette::Shadow, QColor(15, 15, 17));
    return p;
}

TEST(GraphViewScreenshot, CubicCurvesWithHandles)
{
    GraphFixture f(QSize(1000, 460));
    f.view.setPalette(darkPalette());
    const model::JointIndex j = f.strideWith("pelvis");
    f.editTranslation(j, [](anim::Vec3Channel& c) {
        anim::setKeyInterpolation(c, allKeys(c.size()), anim::Interpolation::CubicSpline);
        anim::setKeyTangentMode(c, allKeys(c.size()), anim::TangentMode::AutoClamped);
    });
    const int tx = f.curveIndex(j, doc::ChannelKind::Translation, 0);
    const auto& keys = f.view.curves()[static_cast<std::size_t>(tx)].keys;
    f.keys.setKeys({{j, doc::ChannelKind::Translation, static_cast<float>(keys[3].time)},
                    {j, doc::ChannelKind::Translation, static_cast<float>(keys[6].time)}});
    f.playback.setTime(0.5);
    f.view.setFocus();
    QTest::keyClick(&f.view, Qt::Key_Home);
    ASSERT_TRUE(f.view.handlePosition(static_cast<std::size_t>(tx), 3, ui::graph::HandleSide::In));

    const QImage image = f.view.grab().toImage();
    const QString path = "/tmp/marrow-graph-view.png";
    ASSERT_TRUE(image.save(path)) << path.toStdString();
    // The plot is the dark theme's base colour, not a light default.
    const QColor corner = image.pixelColor(f.view.plotRect().bottomRight() - QPoint(3, 3));
    EXPECT_LT(corner.lightness(), 80);
}

} // namespace
} // namespace marrow::test
