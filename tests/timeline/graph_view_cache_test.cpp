// SPDX-License-Identifier: MIT
// GraphView's caches: a key edit samples only the channel it changed, a
// playback tick samples and draws no plot again, and what the cached view
// shows (after a tick, a key selection or a key edit) is, pixel for pixel,
// what a freshly built view shows.
#include "graph_test_support.h"

#include <QImage>

namespace marrow::test {
namespace {

using doc::ChannelKind;

// The view as QWidget::render draws it, at one device pixel per pixel.
QImage picture(ui::GraphView& view)
{
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::black);
    view.render(&image);
    return image;
}

int differingPixels(const QImage& a, const QImage& b)
{
    if (a.size() != b.size())
        return -1;
    int n = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x)
            n += a.pixel(x, y) != b.pixel(x, y) ? 1 : 0;
    return n;
}

// A second view of the fixture's document and workspace, shown at the same size.
struct FreshView {
    ui::GraphView view;
    explicit FreshView(GraphFixture& f)
        : view(f.document.get(), &f.selection, &f.playback, &f.keys, nullptr)
    {
        view.resize(f.view.size());
        view.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&view));
    }
};

TEST(GraphViewCache, AKeyEditSamplesOnlyTheChannelItChanged)
{
    GraphFixture f;
    const model::JointIndex pelvis = f.strideWith("pelvis");
    f.selection.setJoints({pelvis, f.joint("forearm_L")});
    QApplication::processEvents();
    picture(f.view);
    ASSERT_EQ(f.view.curves().size(), 20u);
    const auto before = f.view.cacheStats();
    f.editTranslation(pelvis, [](anim::Vec3Channel& c) { c.values[3].y += 0.25f; });
    picture(f.view);
    const auto edited = f.view.cacheStats();
    EXPECT_EQ(edited.channelsSampled - before.channelsSampled, 1u) << "the pelvis translation alone";
    EXPECT_EQ(edited.plotRenders - before.plotRenders, 1u);
    f.document->undoStack()->undo();
    picture(f.view);
    EXPECT_EQ(f.view.cacheStats().channelsSampled - edited.channelsSampled, 1u);
}

TEST(GraphViewCache, APlaybackTickOnlyMovesThePlayhead)
{
    GraphFixture f;
    f.strideWith("forearm_L");
    f.playback.setTime(0.1);
    picture(f.view);
    const auto before = f.view.cacheStats();
    f.playback.setTime(0.4);
    const QImage ticked = picture(f.view);
    const auto after = f.view.cacheStats();
    EXPECT_EQ(after.channelsSampled, before.channelsSampled);
    EXPECT_EQ(after.plotRenders, before.plotRenders);
    // A view built now, at this time, draws everything afresh: the same picture.
    FreshView fresh(f);
    EXPECT_EQ(differingPixels(ticked, picture(fresh.view)), 0);
}

TEST(GraphViewCache, SelectingAKeyDrawsThePlotAgain)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("forearm_L");
    picture(f.view);
    const auto before = f.view.cacheStats();
    const auto& key = f.view.curves().front().keys[4];
    f.keys.setKeys({{j, f.view.curves().front().kind, static_cast<float>(key.time)}});
    const QImage selected = picture(f.view);
    EXPECT_EQ(f.view.cacheStats().plotRenders - before.plotRenders, 1u);
    EXPECT_EQ(f.view.cacheStats().channelsSampled, before.channelsSampled);
    FreshView fresh(f);
    EXPECT_EQ(differingPixels(selected, picture(fresh.view)), 0);
}

TEST(GraphViewCache, AHighDensityPictureDrawsKeysWhereTheyAre)
{
    GraphFixture f;
    f.strideWith("forearm_L");
    QImage image(f.view.size() * 2, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(2.0);
    image.fill(Qt::black);
    f.view.render(&image);
    const QColor base = f.view.palette().color(QPalette::Base);
    for (std::size_t c = 0; c < f.view.curves().size(); ++c) {
        const QPointF p = f.view.keyPosition(c, 4) * 2.0;
        EXPECT_NE(image.pixelColor(p.toPoint()), base) << "curve " << c;
    }
    // The plot image covers the whole plot: its far corner is as at one pixel per pixel.
    const QPoint corner = f.view.plotRect().bottomRight();
    EXPECT_EQ(image.pixelColor(corner * 2 + QPoint(1, 1)), picture(f.view).pixelColor(corner));
}

TEST(GraphViewCache, AfterAKeyEditThePictureIsAFreshViews)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    f.playback.setTime(0.3);
    picture(f.view);
    f.editTranslation(j, [](anim::Vec3Channel& c) {
        anim::setKeyInterpolation(c, allKeys(c.size()), anim::Interpolation::CubicSpline);
        anim::setKeyTangentMode(c, allKeys(c.size()), anim::TangentMode::AutoClamped);
        c.values[4].x += 0.3f;
    });
    f.editRotation(j, [](anim::QuatChannel& c) { c.values[2] = glm::angleAxis(0.8f, glm::vec3(0, 0, 1)); });
    // A selected cubic key shows its handles.
    const int tx = f.curveIndex(j, ChannelKind::Translation, 0);
    ASSERT_GE(tx, 0);
    const auto& keys = f.view.curves()[static_cast<std::size_t>(tx)].keys;
    f.keys.setKeys({{j, ChannelKind::Translation, static_cast<float>(keys[5].time)}});
    ASSERT_TRUE(f.view.handlePosition(static_cast<std::size_t>(tx), 5, ui::graph::HandleSide::Out));
    // Both frame the same curves, so both show the same ranges.
    f.view.frameAll();
    const QImage edited = picture(f.view);
    FreshView fresh(f);
    picture(fresh.view);
    fresh.view.frameAll();
    EXPECT_EQ(differingPixels(edited, picture(fresh.view)), 0);
}

} // namespace
} // namespace marrow::test
