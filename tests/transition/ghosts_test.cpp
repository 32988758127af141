// SPDX-License-Identifier: MIT
// Ghosts: with the toggle on, clip A (blue) and clip B (orange) are drawn
// beside the blended character; off, or out of transition mode, they are
// gone. The ghost poses are exactly each side's pose, moved sideways; with
// Sync, B's ghost holds its entry pose until the exit, as in a crossfade.
#include "transition_fixture.h"

#include "core/workspace/ghost_poses.h"
#include "core/workspace/pose_evaluator.h"
#include "widgets/viewport/viewport_widget.h"

#include <QCheckBox>

using namespace marrow;

namespace {

using GhostsTest = test::TransitionEditorTest;

// Pixels whose colour leans clearly to the blue or the orange ghost tint.
struct TintCount {
    int blue = 0, orange = 0;
};

TintCount countTints(ui::ViewportWidget& viewport)
{
    const QImage frame = viewport.grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    if (qEnvironmentVariableIsSet("MARROW_GHOST_SHOTS"))
        frame.save(qEnvironmentVariable("MARROW_GHOST_SHOTS") + QString::number(frame.cacheKey()) + ".png");
    TintCount c;
    for (int y = 0; y < frame.height(); ++y)
        for (int x = 0; x < frame.width(); ++x) {
            const QColor p = frame.pixelColor(x, y);
            if (p.blue() > p.red() + 25 && p.blue() > p.green() + 5)
                ++c.blue;
            if (p.red() > p.blue() + 40 && p.green() > p.blue() + 10 && p.red() > p.green())
                ++c.orange;
        }
    return c;
}

} // namespace

TEST_F(GhostsTest, TheToggleShowsAAndBTintedBesideTheBlend)
{
    const int index = makeIdleToStride();
    const model::Transition t = window().document().rig().transitions[static_cast<std::size_t>(index)];
    window().playback().setTime(t.exit + t.duration / 2.0);
    window().viewport().frameAll();
    const TintCount off = countTints(window().viewport());
    QTest::mouseClick(panel().ghostsBox(), Qt::LeftButton);
    ASSERT_TRUE(preview().ghostsVisible());
    const TintCount on = countTints(window().viewport());
    EXPECT_GT(on.blue, off.blue + 500) << "clip A's ghost";
    EXPECT_GT(on.orange, off.orange + 500) << "clip B's ghost";
    // Back to the clips: no ghosts, though the toggle stays on.
    preview().setActive(-1);
    const TintCount clipMode = countTints(window().viewport());
    EXPECT_LT(clipMode.blue, off.blue + 100);
    EXPECT_LT(clipMode.orange, off.orange + 100);
}

TEST_F(GhostsTest, GhostPosesAreEachSidesPoseMovedSideways)
{
    makeIdleToStride();
    const doc::Document& d = window().document();
    ws::GhostPoses ghosts(&window().document(), &window().playback(), &preview());
    preview().setGhostsVisible(true);
    window().playback().setTime(0.7);
    ASSERT_TRUE(ghosts.visible());
    const model::Rig& rig = d.rig();
    std::vector<math::Transform> locals(rig.skeleton.size());
    model::PosePipeline pipeline(rig);
    for (auto side : {ws::GhostPoses::A, ws::GhostPoses::B}) {
        ASSERT_TRUE(preview().poseSide(0.7, side == ws::GhostPoses::A ? anim::TransitionPoser::Side::A
                                                                        : anim::TransitionPoser::Side::B,
                                       locals));
        model::PoseRequest request;
        request.locals = locals;
        ASSERT_TRUE(pipeline.evaluate(request));
        const glm::vec3 shift = ghosts.offset(side);
        EXPECT_GT(std::abs(shift.x), 0.1f);
        const auto worlds = ghosts.worlds(side);
        for (std::size_t j = 0; j < worlds.size(); ++j)
            EXPECT_LT(glm::distance(glm::vec3(worlds[j][3]), glm::vec3(pipeline.worlds()[j][3]) + shift), 1e-5f) << j;
    }
    EXPECT_LT(ghosts.offset(ws::GhostPoses::A).x, 0.f);  // A on the left, B on the right
    EXPECT_GT(ghosts.offset(ws::GhostPoses::B).x, 0.f);
    preview().setGhostsVisible(false);
    EXPECT_FALSE(ghosts.visible());
}

TEST_F(GhostsTest, WithSyncBsGhostIsHeldAtItsEntryPoseBeforeTheExit)
{
    const int index = makeIdleToStride();
    doc::Document& d = window().document();
    ui::TransitionFields* fields = panel().fields();
    for (QCheckBox* box : {fields->cycleABox(), fields->cycleBBox(), fields->syncBox()})
        if (!box->isChecked())
            box->setChecked(true);
    const model::Transition& t = d.rig().transitions[static_cast<std::size_t>(index)];
    ASSERT_TRUE(t.sync && t.cycleA && t.cycleB);
    ASSERT_GT(t.exit, 0.2);
    ws::GhostPoses ghosts(&d, &window().playback(), &preview());
    preview().setGhostsVisible(true);
    const auto bWorlds = [&](double time) {
        window().playback().setTime(time);
        const auto w = ghosts.worlds(ws::GhostPoses::B);
        return std::vector<glm::mat4>(w.begin(), w.end());
    };
    const std::vector<glm::mat4> entry = bWorlds(t.exit);
    ASSERT_FALSE(entry.empty());
    for (double time : {0.0, t.exit / 2.0, t.exit - 1.0 / 30.0}) {
        const std::vector<glm::mat4> before = bWorlds(time);
        ASSERT_EQ(before.size(), entry.size());
        for (std::size_t j = 0; j < entry.size(); ++j)
            EXPECT_LT(glm::distance(glm::vec3(before[j][3]), glm::vec3(entry[j][3])), 1e-5f) << time << " " << j;
    }
    // From the exit on it plays (the stride moves its joints).
    const std::vector<glm::mat4> later = bWorlds(t.exit + t.duration);
    float moved = 0.f;
    for (std::size_t j = 0; j < entry.size(); ++j)
        moved = std::max(moved, glm::distance(glm::vec3(later[j][3]), glm::vec3(entry[j][3])));
    EXPECT_GT(moved, 1e-3f);
}
