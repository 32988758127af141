// SPDX-License-Identifier: MIT
#include "paint_fixture.h"

#include "shared_models.h"

#include "core/mesh/vertex_weld.h"
#include "core/model/mirror_map.h"
#include "core/workspace/playback.h"
#include "core/workspace/weight_paint_session.h"

using namespace marrow;

class PaintPoseMirror : public test::PaintSampleTest {};
MARROW_PAINT_ON_BOTH_SAMPLES(PaintPoseMirror);
class PaintAxisMirror : public test::PaintTest {};

TEST_P(PaintPoseMirror, PaintingAtAPosedTimePaintsThePosedPictureNotTheRest)
{
    // The run clip at a time where the left forearm is far from its T-pose place.
    const int run = document().rig().findClip("run");
    ASSERT_GE(run, 0);
    window().selection().setActiveClip(run);
    window().playback().setTime(.2);
    QApplication::processEvents();
    paintMode("forearm_L", 16.f);
    const QPointF a = toScreen(jointWorld("forearm_L")), b = toScreen(jointWorld("hand_L"));
    const std::vector<QPointF> path = line(a + (b - a) * .25, a + (b - a) * .75, 10);
    const mesh::SkinWeights before = mesh0().weights;
    drag(path);
    const auto changed = changedRows(before, mesh0().weights);
    ASSERT_GT(changed.size(), 10u);
    const auto posed = window().evaluator().skinnedPositions(0);
    std::size_t awayAtRest = 0;
    for (std::uint32_t v : changed) {
        EXPECT_LE(distanceToPath(toScreen(posed[v]), path), 16. * 1.35 + 2.) << "vertex " << v;
        awayAtRest += distanceToPath(toScreen(mesh0().positions[v]), path) > 40.;
    }
    EXPECT_EQ(awayAtRest, changed.size()) << "in the rest picture these vertices lie elsewhere";
    EXPECT_EQ(document().undoStack()->count(), 1) << "painting keeps the pose: nothing dropped";
}

TEST_P(PaintPoseMirror, XMirrorOnTheSymmetricCharacterGivesSymmetricWeights)
{
    paintMode("forearm_L", 28.f);
    skin::BrushSettings s = brush().settings();
    s.xMirror = true;
    s.weight = .2f;
    s.strength = .8f;
    brush().setSettings(s);
    const mesh::SkinWeights before = mesh0().weights;
    const QPointF a = toScreen(jointWorld("forearm_L")), b = toScreen(jointWorld("hand_L"));
    drag(line(a + (b - a) * .2, a + (b - a) * .8, 12));
    const auto changed = changedRows(before, mesh0().weights);
    ASSERT_GT(changed.size(), 20u);

    const model::MirrorMap map = model::MirrorMap::build(document().rig(), 0);
    EXPECT_EQ(map.vertices.unpaired, 0u) << "the sample is symmetric";
    const std::uint16_t left = skinJoint(joint("forearm_L")), right = skinJoint(joint("forearm_R"));
    std::size_t compared = 0, sides = 0;
    for (std::uint32_t v : changed) {
        const std::uint32_t m = map.vertices.partner[v];
        ASSERT_NE(m, mesh::kNoMirror);
        sides += std::find(changed.begin(), changed.end(), m) != changed.end();
        // Rows that were mirror images before the stroke are mirror images after it.
        if (std::abs(weight(before, v, left) - weight(before, m, right)) > 1e-6f)
            continue;
        ++compared;
        EXPECT_NEAR(weight(mesh0().weights, v, left), weight(mesh0().weights, m, right), 1e-5f) << v << " / " << m;
    }
    EXPECT_GT(compared, changed.size() / 2);
    EXPECT_EQ(sides, changed.size()) << "every painted vertex has its painted twin";
    EXPECT_EQ(document().undoStack()->count(), 1);

    // Split vertices (every face's own on the flat sample) move as one: every
    // copy of a position has one row, so the posed mesh shows no crack.
    const mesh::VertexWeld weld = mesh::VertexWeld::build(mesh0().positions);
    EXPECT_EQ(weld.trivial(), !flat());
    QApplication::processEvents();
    const auto posed = window().evaluator().skinnedPositions(0);
    std::size_t splitRows = 0;
    float crack = 0.f;
    for (std::uint32_t v = 0; v < weld.vertexCount(); ++v) {
        const std::uint32_t r = weld.representative(v);
        const mesh::SkinWeights& w = mesh0().weights;
        splitRows += !(std::equal(w.weightRow(v).begin(), w.weightRow(v).end(), w.weightRow(r).begin())
                       && std::equal(w.jointRow(v).begin(), w.jointRow(v).end(), w.jointRow(r).begin()));
        crack = std::max(crack, glm::distance(posed[v], posed[r]));
    }
    EXPECT_EQ(splitRows, 0u);
    EXPECT_LT(crack, 1e-5f) << "copies of one position pulled apart in the pose";
}

TEST_F(PaintAxisMirror, CesiumManMirrorsAcrossItsAxisWithUnnamedJoints)
{
    open(QString::fromStdString(test::model("ozz-animation/gltf/khronos/cesium_man.gltf")));
    const model::Rig& rig = document().rig();
    const model::MirrorMap map = model::MirrorMap::build(rig, 0);
    EXPECT_NE(map.source, model::MirrorPlaneMode::FitJoints) << "no L/R names: an axis plane";
    // A skin joint with a twin elsewhere, and the vertex it weighs most.
    const auto& skinJoints = rig.skins[0].joints;
    std::optional<std::uint16_t> bone;
    for (std::size_t k = 0; k < skinJoints.size() && !bone; ++k)
        if (map.joints[static_cast<std::size_t>(skinJoints[k])] != skinJoints[k])
            bone = static_cast<std::uint16_t>(k);
    ASSERT_TRUE(bone);
    const mesh::SkinWeights& w = mesh0().weights;
    std::uint32_t centre = 0;
    for (std::uint32_t v = 0; v < w.vertexCount(); ++v)
        if (weight(w, v, *bone) > weight(w, centre, *bone))
            centre = v;
    const mesh::SkinWeights before = w;
    window().selection().selectJoint(skinJoints[*bone]);
    skin::BrushSettings s = brush().settings();
    s.xMirror = true;
    s.frontFacesOnly = false;
    s.weight = 0.f;  // Mix towards 0 where the joint weighs most: a big, visible change
    brush().setSettings(s);
    ws::WeightPaintSession& session = window().paintSession();
    ASSERT_TRUE(session.beginStroke(0)) << session.lastError().toStdString();
    ws::WeightPaintSession::DabRegion region;
    region.center = window().evaluator().skinnedPositions(0)[centre];
    region.radius = .1f * glm::distance(region.center, glm::vec3(window().evaluator().worlds()[0][3]) + glm::vec3(1e-3f));
    session.dab(region, {}, viewport().tools().interaction());
    session.endStroke();
    const auto changed = changedRows(before, mesh0().weights);
    ASSERT_GT(changed.size(), 5u);
    const std::uint16_t twin = static_cast<std::uint16_t>(
        std::find(skinJoints.begin(), skinJoints.end(), map.joints[static_cast<std::size_t>(skinJoints[*bone])]) - skinJoints.begin());
    std::size_t compared = 0;
    for (std::uint32_t v : changed) {
        const std::uint32_t m = map.vertices.partner[v];
        if (m == mesh::kNoMirror || std::abs(weight(before, v, *bone) - weight(before, m, twin)) > 1e-6f)
            continue;
        ++compared;
        EXPECT_NEAR(weight(mesh0().weights, v, *bone), weight(mesh0().weights, m, twin), 1e-5f) << v << " / " << m;
    }
    EXPECT_GT(compared, 5u);
}

TEST_P(PaintPoseMirror, PaintingWhilePlayingPaintsOneEntryOnThePoseOfThePress)
{
    const int walk = document().rig().findClip("walk");
    ASSERT_GE(walk, 0);
    window().selection().setActiveClip(walk);
    paintMode("upperarm_L", 20.f);
    window().playback().setLoop(true);
    window().playback().play();
    QTest::qWait(80);  // a few frames go by
    const mesh::SkinWeights before = mesh0().weights;
    const double startedAt = window().playback().time();
    const QPointF a = toScreen(jointWorld("upperarm_L")), b = toScreen(jointWorld("forearm_L"));
    const auto path = line(a + (b - a) * .3, a + (b - a) * .7, 12);
    auto send = [&](QEvent::Type type, QPointF at, Qt::MouseButton button, Qt::MouseButtons buttons) {
        QMouseEvent e(type, at, viewport().mapToGlobal(at), button, buttons, Qt::NoModifier);
        QApplication::sendEvent(&viewport(), &e);
    };
    const auto atPress = window().evaluator().skinnedPositions(0);
    const std::vector<glm::vec3> pressPose(atPress.begin(), atPress.end());
    send(QEvent::MouseButtonPress, path[0], Qt::LeftButton, Qt::LeftButton);
    for (std::size_t i = 1; i < path.size(); ++i) {
        send(QEvent::MouseMove, path[i], Qt::NoButton, Qt::LeftButton);
        QTest::qWait(10);  // playback ticks between the dabs
    }
    send(QEvent::MouseButtonRelease, path.back(), Qt::LeftButton, Qt::NoButton);
    EXPECT_TRUE(window().playback().isPlaying());
    EXPECT_NE(window().playback().time(), startedAt) << "time moved during the stroke";
    window().playback().pause();
    const auto changed = changedRows(before, mesh0().weights);
    EXPECT_GT(changed.size(), 10u);
    for (std::uint32_t v : changed)  // the stroke painted the picture of its press
        EXPECT_LE(distanceToPath(toScreen(pressPose[v]), path), 20. * 1.35 + 2.) << "vertex " << v;
    EXPECT_EQ(document().undoStack()->count(), 1) << "one Paint Weights entry, no Drop Pose";
    EXPECT_FALSE(mesh0().weights.validate(document().rig().skins[0].joints.size()));
}
