// SPDX-License-Identifier: MIT
// What the viewport shows around the brush (issue 18): Show Zero Weights is
// off by default, so unweighted parts read as the ramp's blue with their
// shape; the brush circle follows a wheel zoom at once and the vertex
// readout follows a pan, both without a mouse move; and a stroke never
// leaves "0 fps" in the status bar (the rate shows only while playing or
// moving the view).
#include "paint_fixture.h"

#include "app/editor/editor_actions.h"
#include "app/editor/editor_docks.h"
#include "app/editor/status_bar_presenter.h"
#include "widgets/weight_paint/brush_options_box.h"
#include "widgets/weight_paint/weight_paint_panel.h"

#include <QCheckBox>
#include <QImage>
#include <QLabel>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

using namespace marrow;

namespace {

class PaintView : public test::PaintTest {
protected:
    // A real paint per event, as a user's moves are spaced in time.
    void sendMouse(QEvent::Type type, QPointF at, Qt::MouseButton button, Qt::MouseButtons buttons,
                   Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QMouseEvent e(type, at, viewport().mapToGlobal(at), button, buttons, modifiers);
        QApplication::sendEvent(&viewport(), &e);
    }
    void wheel(QPointF at, int notches)
    {
        QWheelEvent e(at, viewport().mapToGlobal(at), QPoint(), QPoint(0, 120 * notches), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
        QApplication::sendEvent(&viewport(), &e);
    }
    void frameGap()
    {
        QApplication::processEvents();
        QTest::qWait(20);
    }

    // The brush circle as drawn this frame: its centre and largest radius on screen.
    struct ScreenCircle {
        QPointF centre;
        double radius = 0.;
        bool drawn = false;
    };
    ScreenCircle brushCircle()
    {
        std::vector<gl::OverlayVertex> lines;
        window().brushTool().overlay(viewport().tools().context(), lines);
        ScreenCircle c;
        if (lines.empty())
            return c;
        // The first ring is the brush (the strength ring comes after it, inside).
        std::vector<QPointF> ring;
        glm::vec3 sum(0.f);
        std::size_t count = 0;
        for (const auto& v : lines) {
            if (v.colour != lines.front().colour)
                break;
            sum += v.position;
            ++count;
            ring.push_back(toScreen(v.position));
        }
        c.centre = toScreen(sum / static_cast<float>(count));
        for (const QPointF& p : ring)
            c.radius = std::max(c.radius, std::hypot(p.x() - c.centre.x(), p.y() - c.centre.y()));
        c.drawn = true;
        return c;
    }
    static double distance(QPointF a, QPointF b) { return std::hypot(a.x() - b.x(), a.y() - b.y()); }
    // A point on the left thigh, well off the view's centre (a zoom moves it).
    QPointF thigh() { return toScreen((jointWorld("thigh_L") + jointWorld("shin_L")) * .5f); }
};

TEST_F(PaintView, ShowZeroWeightsIsOffByDefaultSoUnweightedPartsReadBlue)
{
    EXPECT_FALSE(brush().showZeroWeights()) << "Blender's default";
    const app::EditorDocks& docks = window().docks();
    EXPECT_FALSE(docks.weightPaintPanel->options()->showZeroWeights()->isChecked());

    paintMode("upperarm_L", 20.f);
    window().actions().bones->setChecked(false);
    window().actions().grid->setChecked(false);
    settle();
    // The legs have no upperarm_L weight: the ramp's blue, lit (not near-black).
    const QImage frame = viewport().grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    const qreal dpr = viewport().devicePixelRatioF();
    const auto posed = window().evaluator().skinnedPositions(0);
    const std::uint16_t arm = skinJoint(joint("upperarm_L"));
    int blue = 0, black = 0, samples = 0;
    const float kneeHeight = jointWorld("shin_L").y;
    for (std::uint32_t v = 0; v < posed.size(); v += 7) {
        if (posed[v].y > kneeHeight || weight(mesh0().weights, v, arm) > 0.f)
            continue;
        const QPointF s = toScreen(posed[v]) * dpr;
        if (!frame.rect().contains(s.toPoint()))
            continue;
        const QRgb p = frame.pixel(s.toPoint());
        ++samples;
        blue += qBlue(p) > 80 && qBlue(p) > qRed(p) + 50 && qBlue(p) > qGreen(p) + 50;
        black += std::max({qRed(p), qGreen(p), qBlue(p)}) < 40;
    }
    ASSERT_GT(samples, 40);
    // A few samples fall just off the silhouette, on the background.
    EXPECT_GE(blue * 100, samples * 85) << blue << " of " << samples << " leg pixels blue";
    EXPECT_EQ(black, 0) << "no near-black zero weights";
}

TEST_F(PaintView, TheBrushCircleFollowsAWheelZoomAtOnce)
{
    paintMode("upperarm_L", 30.f);
    const QPointF at = thigh();
    sendMouse(QEvent::MouseMove, at, Qt::NoButton, Qt::NoButton);
    ScreenCircle c = brushCircle();
    ASSERT_TRUE(c.drawn) << "the brush circle is on the thigh";
    EXPECT_LT(distance(c.centre, at), 2.);
    EXPECT_NEAR(c.radius, 30., 4.);

    // Two notches in, the mouse still: the circle is under the cursor again,
    // still 30 px, and a repaint is on its way.
    wheel(at, 2);
    c = brushCircle();
    ASSERT_TRUE(c.drawn);
    EXPECT_LT(distance(c.centre, at), 2.) << "centre at " << c.centre.x() << "," << c.centre.y() << ", cursor at "
                                          << at.x() << "," << at.y();
    EXPECT_NEAR(c.radius, 30., 4.);
    // And out again.
    wheel(at, -3);
    c = brushCircle();
    ASSERT_TRUE(c.drawn);
    EXPECT_LT(distance(c.centre, at), 2.);
    EXPECT_NEAR(c.radius, 30., 4.);
}

TEST_F(PaintView, TheReadoutFollowsAPan)
{
    paintMode("upperarm_L", 20.f);
    const QPointF at = toScreen(jointWorld("spine2"));
    sendMouse(QEvent::MouseMove, at, Qt::NoButton, Qt::NoButton);
    auto label = window().brushTool().label();
    ASSERT_TRUE(label.has_value()) << "the readout beside the cursor";
    const QPointF offset = label->at - at;

    // Shift+middle drag pans; the cursor moves, the readout goes with it.
    const QPointF to = at + QPointF(40., 25.);
    sendMouse(QEvent::MouseButtonPress, at, Qt::MiddleButton, Qt::MiddleButton, Qt::ShiftModifier);
    for (const QPointF& p : line(at, to, 6)) {
        sendMouse(QEvent::MouseMove, p, Qt::NoButton, Qt::MiddleButton, Qt::ShiftModifier);
        frameGap();
    }
    label = window().brushTool().label();
    ASSERT_TRUE(label.has_value()) << "still over the body after the pan";
    EXPECT_LT(distance(label->at, to + offset), 1.) << "readout at " << label->at.x() << "," << label->at.y();
    EXPECT_LT(distance(brushCircle().centre, to), 2.) << "and the brush circle";
    sendMouse(QEvent::MouseButtonRelease, to, Qt::MiddleButton, Qt::NoButton, Qt::ShiftModifier);
    EXPECT_EQ(document().undoStack()->count(), 0) << "a pan paints nothing";
}

TEST_F(PaintView, AStrokeNeverLeavesAFrameRateInTheStatusBar)
{
    paintMode("upperarm_L", 24.f);
    QLabel* fps = window().statusPresenter().fpsLabel();
    // Idle first, as a user looks before painting.
    QTest::qWait(1200);
    const QPointF a = toScreen(jointWorld("upperarm_L")), b = toScreen(jointWorld("forearm_L"));
    const std::vector<QPointF> path = line(a + (b - a) * .3, a + (b - a) * .8, 14);
    sendMouse(QEvent::MouseMove, path.front(), Qt::NoButton, Qt::NoButton);
    sendMouse(QEvent::MouseButtonPress, path.front(), Qt::LeftButton, Qt::LeftButton);
    for (const QPointF& p : path) {
        sendMouse(QEvent::MouseMove, p, Qt::NoButton, Qt::LeftButton);
        frameGap();
        EXPECT_FALSE(fps->isVisible()) << "during the stroke: " << fps->text().toStdString();
    }
    sendMouse(QEvent::MouseButtonRelease, path.back(), Qt::LeftButton, Qt::NoButton);
    frameGap();
    ASSERT_EQ(document().undoStack()->count(), 1) << "the stroke painted";
    EXPECT_FALSE(fps->isVisible()) << "after the stroke: " << fps->text().toStdString();

    // A wheel zoom moves the view: the rate shows, and it is never 0.
    for (int i = 0; i < 8; ++i) {
        wheel(a, i < 4 ? 1 : -1);
        frameGap();
    }
    EXPECT_TRUE(fps->isVisible());
    EXPECT_FALSE(fps->text().startsWith(QStringLiteral("0 "))) << fps->text().toStdString();
    QTest::qWait(1300);
    EXPECT_FALSE(fps->isVisible()) << "gone once the view stops";
}

} // namespace
