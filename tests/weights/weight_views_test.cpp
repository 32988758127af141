// SPDX-License-Identifier: MIT
// View › Weights (issue 23, label weights) on the test sample, whose body
// has up to 8 influences: Influence Count paints red the vertices above a
// 4-influence profile and none under an 8-influence one; As Exported is
// exactly zero for 8 influences in float and not for 4 in u8; the Health
// dock's Show selector and the menu stay in step.
#include "tests/editor/editor_fixture.h"

#include "app/editor/weight_view_menu.h"
#include "app/editor/weights_menu.h"
#include "core/document/document.h"
#include "core/model/export_profile.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "app/editor/editor_actions.h"
#include "widgets/viewport/renderer/renderer.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QComboBox>
#include <QImage>

using namespace marrow;

namespace {

class WeightViewsTest : public test::EditorTest {
protected:
    // Pixels whose colour is clearly red (the ramp's top, lit or shaded).
    int redPixels() { return pixels([](const QColor& c) { return c.red() > 60 && c.red() > 3 * c.green() && c.red() > 3 * c.blue(); }); }
    // Pixels up the ramp from its blue (cyan, green, yellow): something moved.
    int rampPixels() { return pixels([](const QColor& c) { return c.green() > 100 && c.green() > c.blue() / 2; }); }
    template <class Test>
    int pixels(Test test)
    {
        QApplication::processEvents();
        const QImage image = window().viewport().grabFramebuffer();
        if (qEnvironmentVariableIsSet("MARROW_VIEW_SHOT"))
            image.save(qEnvironmentVariable("MARROW_VIEW_SHOT"));
        const QRect legend = window().viewport().legendRect();  // the mesh's pixels only
        int count = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                count += !legend.contains(x, y) && test(image.pixelColor(x, y)) ? 1 : 0;
        return count;
    }
};

} // namespace

TEST_F(WeightViewsTest, InfluenceCountIsRedAboveTheProfilesLimit)
{
    app::WeightViewMenu& views = window().weightViews();
    const int before = redPixels();
    views.action(app::WeightViewMenu::View::InfluenceCount)->trigger();
    EXPECT_EQ(window().viewport().renderer().weightView(), gl::WeightView::InfluenceCount);
    EXPECT_TRUE(window().actions().heatMap->isChecked()) << "the views are the heat map's";
    const int eight = redPixels();
    window().weightsMenu().exportProfile.four->trigger();
    const int four = redPixels();
    EXPECT_GT(four, 200) << "the body's 5-to-8-influence vertices are red under 4";
    EXPECT_LE(eight, before) << "under 8 none is above the limit";
}

TEST_F(WeightViewsTest, AsExportedIsZeroForEightFloatsAndNotForFourBytes)
{
    app::WeightViewMenu& views = window().weightViews();
    views.action(app::WeightViewMenu::View::AsExported)->trigger();
    EXPECT_EQ(views.largestExportedDisplacement(), 0.f) << "8 influences in float store the weights as they are";
    const int still = rampPixels();
    window().weightsMenu().exportProfile.four->trigger();
    window().weightsMenu().exportProfile.as8->trigger();
    QTest::qWait(50);
    QApplication::processEvents();
    EXPECT_GT(views.largestExportedDisplacement(), 0.f);
    EXPECT_LT(views.largestExportedDisplacement(), 0.05f) << "millimetres, not a broken mesh";
    EXPECT_GT(rampPixels(), still + 50) << "the moved vertices climb the ramp";
}

TEST_F(WeightViewsTest, TheWorstOverTheClipIsMeasuredInTheBackgroundAndFramed)
{
    app::WeightViewMenu& views = window().weightViews();
    window().weightsMenu().exportProfile.four->trigger();
    window().weightsMenu().exportProfile.as8->trigger();
    const int clip = window().selection().activeClip();
    ASSERT_GE(clip, 0);
    views.worstOverClipAction()->trigger();
    EXPECT_TRUE(views.measuring()) << "on a worker thread: the editor stays live";
    for (int i = 0; i < 400 && views.measuring(); ++i)
        QTest::qWait(25);
    ASSERT_FALSE(views.measuring());
    ASSERT_TRUE(views.worst());
    const doc::Document& d = window().document();
    const double fps = d.fps() > 0.0 ? d.fps() : window().playback().fps();
    const int clips[] = {clip};
    const auto expected = model::profileDisplacementOverClips(d.rig(), d.exportProfile(), clips, fps);
    ASSERT_TRUE(expected);
    EXPECT_EQ(views.worst()->largest, expected->largest);
    EXPECT_EQ(views.worst()->vertex, expected->vertex);
    EXPECT_EQ(views.largestExportedDisplacement(), expected->largest) << "the heat map's red is the worst";
    ASSERT_TRUE(views.frameLargestAction()->isEnabled());
    views.frameLargestAction()->trigger();
    EXPECT_NEAR(window().playback().time(), expected->time, 1e-6) << "at the worst frame";
}

TEST_F(WeightViewsTest, TheHealthDocksSelectorAndTheMenuAgree)
{
    app::WeightViewMenu& views = window().weightViews();
    auto* box = window().findChild<QComboBox*>(QStringLiteral("WeightViewSelector"));
    ASSERT_NE(box, nullptr) << "the Weight Health dock's Show selector";
    EXPECT_EQ(box->count(), 6);
    EXPECT_EQ(box->currentIndex(), static_cast<int>(app::WeightViewMenu::View::Weight));
    // The selector drives the menu and the viewport...
    box->activated(static_cast<int>(app::WeightViewMenu::View::SymmetryError));
    EXPECT_EQ(views.view(), app::WeightViewMenu::View::SymmetryError);
    EXPECT_TRUE(views.action(app::WeightViewMenu::View::SymmetryError)->isChecked());
    EXPECT_EQ(window().viewport().renderer().weightView(), gl::WeightView::Scalar);
    // ...and the menu drives the selector.
    views.action(app::WeightViewMenu::View::InfluenceCount)->trigger();
    EXPECT_EQ(box->currentIndex(), static_cast<int>(app::WeightViewMenu::View::InfluenceCount));
    window().actions().heatMap->trigger();  // the heat map off: back to Weight
    EXPECT_EQ(box->currentIndex(), static_cast<int>(app::WeightViewMenu::View::Weight));
    EXPECT_TRUE(views.action(app::WeightViewMenu::View::Weight)->isChecked());
}

// Issue 36 item 8: the heat map and each View › Weights map name themselves
// in the viewport's corner with their legend; the legend's colours are the
// shader's and its pixels are drawn there.
TEST_F(WeightViewsTest, EachMapIsNamedInTheCornerWithItsLegend)
{
    ui::ViewportWidget& viewport = window().viewport();
    app::WeightViewMenu& views = window().weightViews();
    window().actions().heatMap->setChecked(false);
    QApplication::processEvents();
    EXPECT_FALSE(viewport.shownLegend()) << "no heat map, no legend";
    const model::Rig& rig = window().document().rig();
    const model::JointIndex bone = rig.skins.at(0).joints.at(0);
    window().selection().selectJoint(bone);
    window().actions().heatMap->setChecked(true);
    QApplication::processEvents();
    ASSERT_TRUE(viewport.shownLegend());
    EXPECT_EQ(viewport.shownLegend()->title,
              QStringLiteral("Weight: %1").arg(QString::fromStdString(rig.skeleton.names[static_cast<std::size_t>(bone)])));
    EXPECT_EQ(ui::heatRampColour(0.f), QColor(0, 0, 255));
    EXPECT_EQ(ui::heatRampColour(0.5f), QColor(0, 255, 0));
    EXPECT_EQ(ui::heatRampColour(1.f), QColor(255, 0, 0));

    views.action(app::WeightViewMenu::View::InfluenceCount)->trigger();
    ASSERT_TRUE(viewport.shownLegend());
    const ui::HeatLegend count = *viewport.shownLegend();
    EXPECT_EQ(count.title, QStringLiteral("Influence Count"));
    ASSERT_FALSE(count.marks.empty());
    EXPECT_EQ(count.marks.front().label, QStringLiteral("1"));
    EXPECT_EQ(count.marks.back().label, QStringLiteral("> %1").arg(window().document().exportProfile().maxInfluences));
    EXPECT_FLOAT_EQ(count.marks.back().at, 1.f) << "red above the limit";

    views.action(app::WeightViewMenu::View::Normalisation)->trigger();
    EXPECT_EQ(viewport.shownLegend()->title, QStringLiteral("Normalisation"));
    views.action(app::WeightViewMenu::View::SymmetryError)->trigger();
    EXPECT_EQ(viewport.shownLegend()->title, QStringLiteral("Symmetry Error"));
    EXPECT_TRUE(viewport.shownLegend()->note.contains(QStringLiteral("no twin")));

    // Drawn: the legend's box holds its red swatch and its light title text.
    const QRect box = viewport.legendRect();
    ASSERT_FALSE(box.isEmpty());
    const QImage image = viewport.grabFramebuffer();
    int red = 0, light = 0;
    for (int y = box.top(); y <= box.bottom(); ++y)
        for (int x = box.left(); x <= box.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            red += c.red() > 200 && c.green() < 60 && c.blue() < 60;
            light += c.red() > 180 && c.green() > 180 && c.blue() > 180;
        }
    EXPECT_GT(red, 20);
    EXPECT_GT(light, 20);
}
