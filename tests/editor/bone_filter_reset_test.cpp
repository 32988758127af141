// SPDX-License-Identifier: MIT
// The Skeleton dock's filter belongs to the file it was typed for: opening
// another file clears it and shows the new rig's whole tree.
#include "editor_fixture.h"
#include "shared_models.h"
#include "widgets/bone_tree/bone_filter_proxy_model.h"
#include "widgets/bone_tree/bone_tree_view.h"

#include <QLineEdit>

namespace marrow::test {
namespace {

TEST_F(EditorTest, OpeningAnotherFileClearsTheBoneFilter)
{
    QLineEdit* filter = window().docks().boneFilterEdit;
    ASSERT_NE(filter, nullptr);
    filter->setFocus();
    QTest::keyClicks(filter, QStringLiteral("hand"));
    ASSERT_EQ(window().docks().boneFilter->nameFilter(), QStringLiteral("hand"));

    ASSERT_TRUE(window().openFile(QString::fromStdString(model("ozz-animation/gltf/khronos/cesium_man.gltf"))));
    EXPECT_TRUE(filter->text().isEmpty());
    EXPECT_TRUE(window().docks().boneFilter->nameFilter().isEmpty());
    // Every joint of the new rig has its row, and the small rig opens fully expanded.
    ui::BoneTreeView& tree = window().boneTree();
    const auto& parents = window().document().rig().skeleton.parents;
    for (std::size_t j = 0; j < parents.size(); ++j) {
        EXPECT_TRUE(tree.viewIndexForJoint(static_cast<model::JointIndex>(j)).isValid()) << j;
        if (parents[j] >= 0) {
            EXPECT_TRUE(tree.isExpanded(tree.viewIndexForJoint(parents[j]))) << parents[j];
        }
    }
}

} // namespace
} // namespace marrow::test
