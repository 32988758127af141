// SPDX-License-Identifier: MIT
// Bones stay visible over the heat map: every bone, selected or not, has a
// dark band at least two pixels wide between its fill and the shaded mesh
// (a light blue selected bone once vanished on the blue of zero weight).
#include "app/editor/document_controller.h"
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "widgets/viewport/viewport_widget.h"

#include <QImage>

#include <cmath>

namespace marrow::test {
namespace {

int maxChannel(QRgb c)
{
    return std::max({qRed(c), qGreen(c), qBlue(c)});
}

int minChannel(QRgb c)
{
    return std::min({qRed(c), qGreen(c), qBlue(c)});
}

// Walks out from a bone's middle along `dir` to the first pixel of shaded
// mesh (a saturated heat-map colour: the fills are light grey, blue or
// orange, the outline dark) and returns how many dark pixels come right
// before it, or -1 when the ray meets no mesh within the limit.
int darkBandBeforeMesh(const QImage& image, QPointF from, QPointF dir)
{
    int dark = 0;
    for (int step = 0; step < 40; ++step) {
        const QPoint p = (from + dir * step).toPoint();
        if (!image.rect().contains(p))
            return -1;
        const QRgb c = image.pixel(p);
        const bool mesh = maxChannel(c) - minChannel(c) > 120 && maxChannel(c) > 140 && qRed(c) < 200;
        if (mesh)
            return step == 0 ? -1 : dark;
        dark = maxChannel(c) < 70 ? dark + 1 : 0;
    }
    return -1;
}

TEST_F(EditorTest, SelectedBonesHaveADarkOutlineOverTheHeatMap)
{
    ui::ViewportWidget& viewport = window().viewport();
    viewport.setHeatMap(true);
    // The ramp's blue for zero is the hard case; "Show Zero Weights" would
    // paint zero near-black, where the fills stand out anyway.
    viewport.setShowZeroWeights(false);
    const auto& skeleton = window().document().rig().skeleton;
    const auto spine = skeleton.find("spine2");
    const auto thigh = skeleton.find("thigh_R");
    const auto hand = skeleton.find("hand_L");
    ASSERT_TRUE(spine && thigh && hand);
    // hand_L is active: the heat map is its weights, blue (zero) over the
    // torso and legs where the selected spine2 and thigh_R bones lie.
    window().selection().setJoints({*spine, *thigh, *hand});
    QApplication::processEvents();
    const QImage frame = viewport.grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    const qreal dpr = viewport.devicePixelRatioF();
    for (const auto joint : {*spine, *thigh}) {
        const auto where = viewport.boneScreenPosition(joint);
        ASSERT_TRUE(where.has_value());
        const QPointF centre = *where * dpr;
        int outlined = 0, rays = 0;
        for (int k = 0; k < 16; ++k) {
            const double a = k * M_PI / 8.0;
            const int band = darkBandBeforeMesh(frame, centre, QPointF(std::cos(a), std::sin(a)));
            if (band < 0)
                continue;
            ++rays;
            outlined += band >= 2 ? 1 : 0;
        }
        ASSERT_GE(rays, 4) << "joint " << joint;
        EXPECT_GE(outlined * 4, rays * 3) << "joint " << joint << ": " << outlined << " of " << rays
                                          << " rays cross a dark band of 2+ px";
    }
}

} // namespace
} // namespace marrow::test
