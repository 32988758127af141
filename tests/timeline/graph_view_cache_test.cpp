// SPDX-License-Identifier: MIT
// GraphView's caches: a key edit samples only the channel it changed, a
// playback tick samples and draws no plot again, and what the cached view
// shows (after a tick, a key selection or a key edit) is, pixel for pixel,
// what a freshly built view shows.
#include "graph_test_support.h"

#include <QImage>
#include <QWheelEvent>

#include <map>
#include <tuple>

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

// Where each curve's samples live, by joint, channel and component.
std::map<std::tuple<model::JointIndex, ChannelKind, int>, const double*> sampleBuffers(const ui::GraphView& view)
{
    std::map<std::tuple<model::JointIndex, ChannelKind, int>, const double*> out;
    for (const auto& c : view.curves())
        out[{c.joint, c.kind, c.component}] = c.times.data();
    return out;
}

TEST(GraphViewCache, AKeyEditSplitsOnlyTheEditedChannelsCurvesAgain)
{
    GraphFixture f;
    const model::JointIndex pelvis = f.strideWith("pelvis");
    const model::JointIndex forearm = f.joint("forearm_L");
    f.selection.setJoints({pelvis, forearm});
    QApplication::processEvents();
    picture(f.view);
    const auto before = sampleBuffers(f.view);
    ASSERT_EQ(before.size(), 20u);
    f.editTranslation(pelvis, [](anim::Vec3Channel& c) { c.values[3].y += 0.25f; });
    picture(f.view);
    const auto after = sampleBuffers(f.view);
    ASSERT_EQ(after.size(), before.size());
    for (const auto& [id, buffer] : after) {
        const bool edited = std::get<0>(id) == pelvis && std::get<1>(id) == ChannelKind::Translation;
        EXPECT_EQ(buffer == before.at(id), !edited)
            << "joint " << std::get<0>(id) << " channel " << static_cast<int>(std::get<1>(id)) << " component "
            << std::get<2>(id);
    }
    // An axis shown again comes back where it was, among the kept curves.
    f.view.setAxisShown(forearm, ChannelKind::Rotation, 1, false);
    picture(f.view);
    EXPECT_EQ(f.view.curves().size(), 19u);
    EXPECT_LT(f.curveIndex(forearm, ChannelKind::Rotation, 1), 0);
    f.view.setAxisShown(forearm, ChannelKind::Rotation, 1, true);
    const QImage shown = picture(f.view);
    EXPECT_EQ(sampleBuffers(f.view).size(), 20u);
    FreshView fresh(f);
    EXPECT_EQ(differingPixels(shown, picture(fresh.view)), 0);
}

TEST(GraphViewCache, AZoomStepTheCacheServesKeepsEveryCurve)
{
    GraphFixture f;
    f.strideWith("forearm_L");
    picture(f.view);
    int kept = 0;
    for (int notch = 0; notch < 4; ++notch) {
        const auto before = sampleBuffers(f.view);
        const auto sampled = f.view.cacheStats().channelsSampled;
        const QPointF at = f.view.plotRect().center();
        QWheelEvent wheel(at, f.view.mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::ControlModifier,
                          Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(&f.view, &wheel);
        picture(f.view);
        if (f.view.cacheStats().channelsSampled == sampled) {  // within an octave: no curve split again
            EXPECT_EQ(sampleBuffers(f.view), before) << "notch " << notch;
            ++kept;
        } else {
            EXPECT_NE(sampleBuffers(f.view), before) << "notch " << notch;
        }
    }
    EXPECT_GT(kept, 0) << "four notches, each a quarter of an octave or less, all crossed one";
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
