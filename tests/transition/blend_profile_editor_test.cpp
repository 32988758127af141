// SPDX-License-Identifier: MIT
// The blend-profile tree follows the skeleton it is given: a rig opened in
// place of another (the document keeps one Skeleton object, so the address
// is the same) with as many joints under other names shows the new names,
// and a numbers-only change keeps the tree (and what the user expanded).
#include "widgets/transitions/blend_profile_editor.h"

#include <gtest/gtest.h>

#include <QTreeWidget>
#include <QTreeWidgetItemIterator>

using namespace marrow;

namespace {

anim::Skeleton chain(std::vector<std::string> names)
{
    anim::Skeleton s;
    for (std::size_t j = 0; j < names.size(); ++j) {
        s.names.push_back(names[j]);
        s.parents.push_back(static_cast<anim::JointIndex>(j) - 1);
        s.rest.push_back(math::Transform{});
    }
    return s;
}

QStringList shownNames(QTreeWidget* tree)
{
    QStringList names;
    for (QTreeWidgetItemIterator it(tree); *it; ++it)
        names << (*it)->text(0);
    return names;
}

} // namespace

TEST(BlendProfileEditor, ANewRigWithAsManyJointsShowsItsOwnNames)
{
    ui::BlendProfileEditor editor;
    anim::Skeleton skeleton = chain({"hips", "spine", "head"});
    editor.setProfile(skeleton, {});
    EXPECT_EQ(shownNames(editor.tree()), (QStringList{"hips", "spine", "head"}));

    skeleton = chain({"Root", "Pelvis", "Neck"});  // same object, same size
    editor.setProfile(skeleton, {});
    EXPECT_EQ(shownNames(editor.tree()), (QStringList{"Root", "Pelvis", "Neck"}));
}

TEST(BlendProfileEditor, ANumbersOnlyChangeKeepsTheTreeItems)
{
    ui::BlendProfileEditor editor;
    const anim::Skeleton skeleton = chain({"hips", "spine", "head"});
    editor.setProfile(skeleton, {});
    QTreeWidgetItem* spine = editor.tree()->topLevelItem(0)->child(0);
    ASSERT_NE(spine, nullptr);
    const std::vector<float> profile = {1.f, 0.5f, 2.f};
    editor.setProfile(skeleton, profile);
    EXPECT_EQ(editor.tree()->topLevelItem(0)->child(0), spine);  // the same item, not a rebuilt tree
    EXPECT_EQ(spine->text(1), "0.5");
    EXPECT_TRUE(spine->font(1).bold());
}
