// SPDX-License-Identifier: MIT
// Issue 17 item 5 in the editor: the inspector's Mode box switches a bone to
// XYZ Euler, the timeline's selector shows the Graph Editor, and a vertical
// drag of one angle key there changes that angle alone by the dragged
// degrees, in one undo entry. With MARROW_TEST_SHOTS set, the window is
// saved there as graph_euler_edit.png after the drag.
#include "tests/editor/editor_fixture.h"

#include "core/workspace/key_selection.h"
#include "core/workspace/selection.h"
#include "widgets/inspector/rotation_mode_box.h"
#include "widgets/timeline/graph/graph_view.h"
#include "widgets/timeline/timeline_widget.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>

#include <glm/gtc/constants.hpp>

using namespace marrow;

namespace {

class GraphEulerEditorTest : public test::EditorTest {
protected:
    const anim::Vec3Channel& euler(model::JointIndex j)
    {
        const auto& clip = window().document().rig().clips[static_cast<std::size_t>(window().selection().activeClip())];
        return clip.findTrack(j)->euler;
    }
    void shoot(const char* name)
    {
        const QString dir = qEnvironmentVariable("MARROW_TEST_SHOTS");
        if (!dir.isEmpty()) {
            EXPECT_TRUE(window().grab().save(QDir(dir).filePath(QString::fromLatin1(name))));
        }
    }
};

// The key of the curves drawn furthest from every other key, so a press there means it.
std::pair<std::size_t, std::size_t> loneKey(const ui::GraphView& graph)
{
    std::pair<std::size_t, std::size_t> best{0, 0};
    double bestGap = -1.0;
    const auto& curves = graph.curves();
    for (std::size_t c = 0; c < curves.size(); ++c)
        for (std::size_t k = 1; k + 1 < curves[c].keys.size(); ++k) {
            double gap = 1e9;
            for (std::size_t o = 0; o < curves.size(); ++o)
                for (std::size_t ok = 0; ok < curves[o].keys.size(); ++ok)
                    if (o != c || ok != k)
                        gap = std::min(gap, QLineF(graph.keyPosition(c, k), graph.keyPosition(o, ok)).length());
            if (gap > bestGap && graph.plotRect().adjusted(8, 60, -8, -8).contains(graph.keyPosition(c, k).toPoint())) {
                bestGap = gap;
                best = {c, k};
            }
        }
    return best;
}

} // namespace

TEST_F(GraphEulerEditorTest, AnAngleKeyDraggedInTheGraphEditorChangesThatAngle)
{
    const auto& clips = window().document().rig().clips;
    for (std::size_t i = 0; i < clips.size(); ++i)
        if (clips[i].name == "stride")
            window().selection().setActiveClip(static_cast<model::ClipId>(i));
    const auto found = window().document().rig().skeleton.find("forearm_L");
    ASSERT_TRUE(found.has_value());
    const model::JointIndex j = *found;
    window().selection().selectJoint(j);
    QApplication::processEvents();

    // The inspector's Mode box, as a user picks from it.
    auto* mode = window().findChild<ui::RotationModeBox*>();
    ASSERT_NE(mode, nullptr);
    const int xyz = mode->findData(static_cast<int>(anim::RotationMode::EulerXYZ));
    ASSERT_GE(xyz, 0);
    mode->setCurrentIndex(xyz);
    emit mode->activated(xyz);
    QApplication::processEvents();
    ASSERT_EQ(window().document().rig().rotationModeOf(j), anim::RotationMode::EulerXYZ);

    window().timeline().viewSelector()->setCurrentIndex(1);
    // A taller timeline, so the curves read well in the picture.
    QWidget* dock = &window().timeline();
    while (dock && !qobject_cast<QDockWidget*>(dock))
        dock = dock->parentWidget();
    if (auto* d = qobject_cast<QDockWidget*>(dock))
        window().resizeDocks({d}, {380}, Qt::Vertical);
    QApplication::processEvents();
    auto* graph = window().findChild<ui::GraphView*>();
    ASSERT_NE(graph, nullptr);
    ASSERT_TRUE(graph->isVisible()) << "the selector shows the Graph Editor";
    graph->setChannelShown(j, doc::ChannelKind::Translation, false);
    graph->setChannelShown(j, doc::ChannelKind::Scale, false);
    graph->frameAll();
    graph->repaint();
    ASSERT_EQ(graph->curves().size(), 3u) << "X, Y, Z angles";

    const auto [curve, key] = loneKey(*graph);
    const int axis = graph->curves()[curve].component;
    const std::size_t index = graph->curves()[curve].keys[key].index;
    const anim::Vec3Channel before = euler(j);
    const int entries = window().document().undoStack()->count();
    const QPoint press = graph->keyPosition(curve, key).toPoint();
    const QPoint to = press + QPoint(0, -40);
    QTest::mousePress(graph, Qt::LeftButton, {}, press);
    for (int i = 1; i <= 4; ++i) {
        QMouseEvent move(QEvent::MouseMove, QPointF(press + (to - press) * i / 4), graph->mapToGlobal(QPointF(press)),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(graph, &move);
    }
    QTest::mouseRelease(graph, Qt::LeftButton, {}, to);
    QApplication::processEvents();

    EXPECT_EQ(window().document().undoStack()->count(), entries + 1);
    EXPECT_EQ(window().document().undoStack()->undoText(), QStringLiteral("Move Keys"));
    const double degrees = 40.0 / graph->valueAxis().pixelsPerUnit();
    const anim::Vec3Channel& after = euler(j);
    EXPECT_NEAR(glm::degrees(after.values[index][axis] - before.values[index][axis]), degrees, 1e-3 * degrees + 1e-4);
    for (int other = 0; other < 3; ++other)
        if (other != axis) {
            EXPECT_EQ(after.values[index][other], before.values[index][other]);
        }
    graph->repaint();
    shoot("graph_euler_edit.png");
}
