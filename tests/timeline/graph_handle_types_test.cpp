// SPDX-License-Identifier: MIT
// GraphView and Blender's handle types: a Free handle moves alone, an
// Aligned one takes the other side with it, an Auto key's handle drag makes
// it Aligned, and V sets the selected keys' type from a menu in one undo entry.
#include "graph_test_support.h"

#include <QMenu>

namespace marrow::test {
namespace {

using anim::TangentMode;
using doc::ChannelKind;
using ui::graph::HandleSide;

struct HandleFixture : GraphFixture {
    model::JointIndex j = strideWith("pelvis");
    std::size_t curve = 0, key = 0, index = 0;
    int component = 0;

    // The pelvis translation cubic, every key `mode` with in 1, out -1 per
    // second, and one isolated key selected.
    explicit HandleFixture(TangentMode mode)
    {
        editTranslation(j, [&](anim::Vec3Channel& c) {
            anim::setKeyInterpolation(c, allKeys(c.size()), anim::Interpolation::CubicSpline);
            c.inTangents.assign(c.size(), glm::vec3(1.f));
            c.outTangents.assign(c.size(), glm::vec3(-1.f));
            c.tangentModes.assign(c.size(), mode);
        });
        showOnly(j, ChannelKind::Translation);
        const auto [c, k] = isolatedKey(j, ChannelKind::Translation);
        curve = static_cast<std::size_t>(c);
        key = k;
        component = view.curves()[curve].component;
        index = view.curves()[curve].keys[k].index;
        keys.setKeys({view.curves()[curve].keyId(view.curves()[curve].keys[k])});
        view.repaint();
    }

    const anim::Vec3Channel& channel() const { return track(j).translation; }

    // Drags a handle of the selected key by `by` pixels; returns the slope dropped.
    double drag(HandleSide side, QPoint by)
    {
        const auto handle = view.handlePosition(curve, key, side);
        EXPECT_TRUE(handle.has_value());
        if (!handle)
            return 0.0;
        const QPoint start = handle->toPoint(), end = start + by;
        QTest::mousePress(&view, Qt::LeftButton, {}, start);
        dragTo(&view, start + by / 2, Qt::LeftButton);
        dragTo(&view, end, Qt::LeftButton);
        QTest::mouseRelease(&view, Qt::LeftButton, {}, end);
        const ui::graph::HandleScales scales{view.timeAxis().pixelsPerSecond(), view.valueAxis().pixelsPerUnit()};
        const QPointF at = view.keyPosition(curve, key);
        return ui::graph::slopeFromHandle({end.x() - at.x(), end.y() - at.y()}, side, scales);
    }
};

TEST(GraphHandleTypes, AFreeHandleMovesThatSideOnly)
{
    HandleFixture f(TangentMode::Free);
    const int entries = f.document->undoStack()->count();
    const double slope = f.drag(HandleSide::Out, QPoint(0, -20));
    EXPECT_EQ(f.document->undoStack()->count(), entries + 1);
    EXPECT_NEAR(f.channel().outTangents[f.index][f.component], slope, 1e-3 * std::abs(slope) + 1e-4);
    EXPECT_EQ(f.channel().inTangents[f.index], glm::vec3(1.f)) << "the other side stays";
    EXPECT_EQ(f.channel().tangentMode(f.index), TangentMode::Free);
}

TEST(GraphHandleTypes, AnAlignedHandleKeepsBothSidesSlopesEqual)
{
    HandleFixture f(TangentMode::Aligned);
    const double slope = f.drag(HandleSide::In, QPoint(0, 25));
    const anim::Vec3Channel& c = f.channel();
    EXPECT_NEAR(c.inTangents[f.index][f.component], slope, 1e-3 * std::abs(slope) + 1e-4);
    EXPECT_EQ(c.outTangents[f.index][f.component], c.inTangents[f.index][f.component]) << "collinear";
    EXPECT_EQ(c.outTangents[f.index][(f.component + 1) % 3], -1.f) << "other components keep theirs";
    EXPECT_EQ(c.tangentMode(f.index), TangentMode::Aligned);
    // Drawn so: the two handles of the key lie on one line through it.
    const QPointF at = f.view.keyPosition(f.curve, f.key);
    const QPointF in = *f.view.handlePosition(f.curve, f.key, HandleSide::In) - at;
    const QPointF out = *f.view.handlePosition(f.curve, f.key, HandleSide::Out) - at;
    EXPECT_NEAR(in.x() * out.y() - in.y() * out.x(), 0.0, 1e-6 * (1.0 + QPointF::dotProduct(in, in)));
}

TEST(GraphHandleTypes, DraggingAnAutoOrVectorHandleMakesTheKeyAligned)
{
    for (const TangentMode mode : {TangentMode::AutoClamped, TangentMode::Vector}) {
        HandleFixture f(mode);
        const double slope = f.drag(HandleSide::Out, QPoint(0, -20));
        EXPECT_EQ(f.channel().tangentMode(f.index), TangentMode::Aligned) << anim::tangentModeName(mode);
        EXPECT_NEAR(f.channel().inTangents[f.index][f.component], slope, 1e-3 * std::abs(slope) + 1e-4);
    }
}

TEST(GraphHandleTypes, VSetsTheSelectedKeysHandleTypeInOneUndoEntry)
{
    HandleFixture f(TangentMode::Free);
    // Three keys of the channel selected. A copy of the curve: the view
    // rebuilds its curves when the edit repaints it.
    const auto c = f.view.curves()[f.curve];
    f.keys.setKeys({c.keyId(c.keys[2]), c.keyId(c.keys[3]), c.keyId(c.keys[4])});
    const anim::JointTrack before = f.track(f.j);
    const int entries = f.document->undoStack()->count();
    f.view.setFocus();
    QTest::keyClick(&f.view, Qt::Key_V);
    auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
    ASSERT_NE(menu, nullptr) << "V opens the Handle Type menu";
    QStringList names;
    QAction* vector = nullptr;
    for (QAction* a : menu->actions())
        if (!a->isSeparator()) {
            names << a->text();
            if (a->text() == "Vector")
                vector = a;
        }
    EXPECT_EQ(names, (QStringList{"Free", "Aligned", "Vector", "Automatic"}));
    ASSERT_NE(vector, nullptr);
    vector->trigger();
    menu->close();
    QApplication::processEvents();

    EXPECT_EQ(f.document->undoStack()->count(), entries + 1);
    const anim::Vec3Channel& ch = f.channel();
    for (std::size_t i = 0; i < ch.size(); ++i) {
        const bool chosen = i >= c.keys[2].index && i <= c.keys[4].index;
        EXPECT_EQ(ch.tangentMode(i), chosen ? TangentMode::Vector : TangentMode::Free) << "key " << i;
    }
    // Vector slopes are the secants to the neighbouring keys.
    const std::size_t i = c.keys[3].index;
    const glm::vec3 left = (ch.values[i] - ch.values[i - 1]) / (ch.times[i] - ch.times[i - 1]);
    const glm::vec3 right = (ch.values[i + 1] - ch.values[i]) / (ch.times[i + 1] - ch.times[i]);
    for (int k = 0; k < 3; ++k) {
        EXPECT_NEAR(ch.inTangents[i][k], left[k], 1e-5);
        EXPECT_NEAR(ch.outTangents[i][k], right[k], 1e-5);
    }
    f.document->undoStack()->undo();
    EXPECT_EQ(f.track(f.j), before);
}

} // namespace
} // namespace marrow::test
