// SPDX-License-Identifier: MIT
// Select All in Edit Skeleton before a bind (issue 36): a static mesh with
// joints added but no skin yet has no "bones" by the skins' count, and A
// selected nothing. It selects every joint made, and not the node that
// holds the mesh (moving that would move the statue).
#include "rig_fixture.h"

#include "core/io/gltf_export.h"

#include <QTemporaryDir>

using namespace marrow;

namespace {

using SelectAllBeforeBind = test::RigEditTest;

TEST_F(SelectAllBeforeBind, ASelectsEveryJointMadeOnAStaticMesh)
{
    ASSERT_TRUE(window().openFile(app::bundledSamplePath(QStringLiteral("marrow_character.gltf"))));
    model::Rig statue;
    statue.skeleton.names = {"statue"};
    statue.skeleton.parents = {anim::kNoParent};
    statue.skeleton.rest = {math::Transform{}};
    mesh::Mesh body = document().rig().meshes.front();
    body.skin = -1;
    body.weights = {};
    body.node = 0;
    body.material = -1;
    statue.meshes.push_back(std::move(body));
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("statue.gltf"));
    ASSERT_FALSE(io::exportGltf(statue, file.toStdString()));
    ASSERT_TRUE(window().openFile(file)) << window().files().lastError().toStdString();
    focusViewport();

    key(Qt::Key_Tab);
    ASSERT_TRUE(editing());
    window().selection().clearJoints();
    key(Qt::Key_A, Qt::ShiftModifier);
    key(Qt::Key_E);
    key(Qt::Key_Return);
    key(Qt::Key_E);
    key(Qt::Key_Return);
    ASSERT_EQ(document().rig().skeleton.size(), 4u) << "the holder, a root and two extrusions";
    ASSERT_TRUE(document().rig().skins.empty()) << "not bound yet";
    window().selection().clearJoints();
    key(Qt::Key_A);
    QList<anim::JointIndex> selected = window().selection().joints();
    std::sort(selected.begin(), selected.end());
    EXPECT_EQ(selected, (QList<anim::JointIndex>{1, 2, 3})) << "every joint made, not the statue's node";
    key(Qt::Key_A, Qt::AltModifier);
    EXPECT_TRUE(window().selection().joints().isEmpty());
}

} // namespace
