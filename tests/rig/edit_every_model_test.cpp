// SPDX-License-Identifier: MIT
// Edit Skeleton on every shared model in one session (issue 22, label rig),
// as a new user would try it: open, Tab, grab a skinned joint with a typed
// offset (the joint moves, the skinned meshes stay), extrude a child, delete
// the joint (weights stay valid), then undo all three: the document is back
// byte for byte. FBX, Collada, MD5 and glTF characters alike.
#include "rig_fixture.h"

#include "shared_models.h"

#include <QMessageBox>

#include <algorithm>
#include <filesystem>
#include <set>

using namespace marrow;

namespace {

std::vector<std::string> everyModelFile()
{
    static const std::set<std::string> suffixes = {".gltf", ".glb", ".fbx", ".dae", ".md5mesh", ".x"};
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(test::sharedModels())) {
        std::string suffix = entry.path().extension().string();
        std::transform(suffix.begin(), suffix.end(), suffix.begin(), [](unsigned char c) { return std::tolower(c); });
        if (entry.is_regular_file() && suffixes.count(suffix) && entry.path().string().find("/hostile/") == std::string::npos)
            files.push_back(entry.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

using EditEveryModel = test::RigEditTest;

std::vector<glm::vec3> skinnedNow(app::MainWindow& w)
{
    QApplication::processEvents();
    std::vector<glm::vec3> all;
    const auto& meshes = w.document().rig().meshes;
    for (std::size_t m = 0; m < meshes.size(); ++m)
        if (meshes[m].skinned()) {
            const auto p = w.evaluator().skinnedPositions(static_cast<model::MeshId>(m));
            all.insert(all.end(), p.begin(), p.end());
        }
    return all;
}

} // namespace

TEST_F(EditEveryModel, GrabExtrudeDeleteAndUndoOnEachCharacter)
{
    int tried = 0;
    for (const std::string& file : everyModelFile()) {
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
        const std::vector<glm::vec3> mesh = skinnedNow(window());  // the rest pose
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
        const std::vector<glm::vec3> after = skinnedNow(window());
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
