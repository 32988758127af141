// SPDX-License-Identifier: MIT
// Edit Skeleton on every shared model in one session (issue 22, label rig),
// as a new user would try it: open, Tab, grab a skinned joint with a typed
// offset (the joint moves, the skinned meshes stay), extrude a child, delete
// the joint (weights stay valid), then undo all three: the document is back
// byte for byte. FBX, Collada, MD5 and glTF characters alike.
#include "rig_fixture.h"

#include "every_model.h"

#include <QMessageBox>

#include <algorithm>

using namespace marrow;

namespace {

using EditEveryModel = test::RigEditTest;

} // namespace

TEST_F(EditEveryModel, GrabExtrudeDeleteAndUndoOnEachCharacter)
{
    int tried = 0;
    for (const std::string& file : test::everyModelFile()) {
        SCOPED_TRACE(file);
        if (!window().openFile(QString::fromStdString(file))) {
            // What cannot open is open_every_model_test's business: OK its message.
            for (QMessageBox* box : window().findChildren<QMessageBox*>())
                box->close();
            QApplication::processEvents();
            continue;
        }
        const model::Rig& rig = document().rig();
        if (rig.skins.empty() || rig.skins[0].joints.size() < 3)
            continue;
        // A skinned joint in the middle of the skin, with a parent.
        const auto& skinJoints = rig.skins[0].joints;
        anim::JointIndex j = skinJoints[skinJoints.size() / 2];
        if (rig.skeleton.parents[static_cast<std::size_t>(j)] == anim::kNoParent)
            continue;
        focusViewport();
        key(Qt::Key_Tab);
        ASSERT_TRUE(editing());
        const std::vector<glm::vec3> mesh = skinnedPositions();  // the rest pose
        glm::vec3 lo(1e30f), hi(-1e30f);
        for (const glm::vec3& p : mesh) {
            lo = glm::min(lo, p);
            hi = glm::max(hi, p);
        }
        const float size = mesh.empty() ? 1.f : std::max(glm::length(hi - lo), 1e-3f);
        const std::string before = test::bytesOf(document());
        const std::size_t joints = rig.skeleton.size();
        const std::string name = rig.skeleton.names[static_cast<std::size_t>(j)];

        const glm::vec3 at = restAt(j);
        moveTo(j, at + glm::vec3(.05f * size, 0.f, 0.f));
        EXPECT_NEAR(restAt(j).x - at.x, .05f * size, 2e-3f * size) << name;
        const std::vector<glm::vec3> after = skinnedPositions();
        float worst = 0.f;
        for (std::size_t v = 0; v < std::min(after.size(), mesh.size()); ++v)
            worst = std::max(worst, glm::distance(after[v], mesh[v]));
        EXPECT_LT(worst, 1e-3f * size) << "the skinned meshes stay where they are";

        window().selection().selectJoint(j);
        key(Qt::Key_E);
        key(Qt::Key_Return);
        EXPECT_EQ(document().rig().skeleton.size(), joints + 1);
        window().selection().selectJoint(j);
        key(Qt::Key_X);
        EXPECT_FALSE(document().rig().skeleton.find(name)) << "X deleted " << name;
        for (const mesh::Mesh& m : document().rig().meshes)
            if (m.skinned()) {
                EXPECT_FALSE(m.weights.validate(document().rig().skins[static_cast<std::size_t>(m.skin)].joints.size()))
                    << m.name;
            }
        for (int k = 0; k < 3; ++k)
            key(Qt::Key_Z, Qt::ControlModifier);
        EXPECT_EQ(test::bytesOf(document()), before) << "three undos give the document back";
        key(Qt::Key_Tab);
        EXPECT_FALSE(editing());
        ++tried;
    }
    RecordProperty("characters", tried);
    EXPECT_GE(tried, 8) << "the shared characters were tried";
}
