// SPDX-License-Identifier: MIT
// An animation authored in the editor (keys at three frames, a Step key
// making the channel mixed) poses the same in marrow-cli from the saved
// .marrow, and its glTF export passes the Khronos validator and poses the
// same at every key time.
#include "tests/editor/editor_fixture.h"

#include "run_process.h"

#include "core/anim/key_ops.h"
#include "core/commands/animation_edit.h"
#include "core/document/document_io.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_editor.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"

#include <QApplication>
#include <glm/gtc/quaternion.hpp>

#include <fstream>
#include <sstream>
#include "shared_models.h"

using namespace marrow;

namespace {

std::vector<glm::vec3> objPositions(const std::string& path)
{
    std::ifstream in(path);
    std::vector<glm::vec3> out;
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("v ", 0) == 0) {
            std::istringstream s(line.substr(2));
            glm::vec3 p;
            s >> p.x >> p.y >> p.z;
            out.push_back(p);
        }
    return out;
}

class AuthoredExport : public test::EditorTest {
protected:
    std::vector<glm::vec3> editorPositions()
    {
        QApplication::processEvents();
        std::vector<glm::vec3> all;
        for (std::size_t m = 0; m < window().document().rig().meshes.size(); ++m) {
            const auto p = window().evaluator().skinnedPositions(static_cast<model::MeshId>(m));
            all.insert(all.end(), p.begin(), p.end());
        }
        return all;
    }
    std::vector<glm::vec3> cliPositions(const std::string& model, int clip, double time)
    {
        const std::string obj = m_out.filePath(QStringLiteral("pose.obj")).toStdString();
        const test::ProcessResult r = test::runProcess({(test::binDir() / "marrow-cli").string(), "pose", model, "--clip",
                                                        std::to_string(clip), "--time", std::to_string(time), "-o", obj});
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return objPositions(obj);
    }
    static float maxDistance(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b)
    {
        EXPECT_EQ(a.size(), b.size());
        float worst = 0.f;
        for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i)
            worst = std::max(worst, glm::distance(a[i], b[i]));
        return worst;
    }
    QTemporaryDir m_out;
};

} // namespace

TEST_F(AuthoredExport, CliPoseAndGltfExportMatchTheEditor)
{
    doc::Document& d = window().document();
    const model::JointIndex arm = d.rig().skeleton.find("upperarm_L").value_or(-1);
    const model::JointIndex spine = d.rig().skeleton.find("spine2").value_or(-1);
    ASSERT_GE(arm, 0);
    ASSERT_GE(spine, 0);
    window().selection().setJoints({arm, spine});
    const int clip = window().selection().activeClip();
    const long long frames[] = {0, 12, 24};
    const float degrees[] = {-20.f, 45.f, 10.f};
    for (int i = 0; i < 3; ++i) {
        window().playback().setFrame(frames[i]);
        for (model::JointIndex j : {arm, spine}) {
            math::Transform local = window().evaluator().locals()[static_cast<std::size_t>(j)];
            local.rotation = glm::angleAxis(glm::radians(degrees[i]), glm::normalize(glm::vec3(0.3f, 0.f, 1.f))) *
                             d.rig().skeleton.rest[static_cast<std::size_t>(j)].rotation;
            const ws::PoseEditor::JointPose p{j, local, anim::kRotationBit};
            window().poseEditor().applyPoses({&p, 1}, {}, "Pose");
        }
        ASSERT_TRUE(window().poseEditor().insertKeys({arm, spine}, anim::kTranslationBit | anim::kRotationBit |
                                                                        anim::kScaleBit));
    }
    // The arm's middle rotation key holds (Step): its channel mixes modes.
    {
        cmd::AnimationEdit edit(d, clip);
        anim::QuatChannel& ch = edit.track(arm)->rotation;
        const float t = static_cast<float>(frames[1]) / static_cast<float>(window().playback().fps());
        std::vector<std::size_t> at;
        for (std::size_t k = 0; k < ch.size(); ++k)
            if (std::abs(ch.times[k] - t) < 1e-4f)
                at.push_back(k);
        ASSERT_EQ(at.size(), 1u);
        anim::setKeyInterpolation(ch, at, anim::Interpolation::Step);
        d.undoStack()->push(edit.command(&d, "Set Interpolation").release());
    }
    ASSERT_TRUE(d.poseOverrides().empty()) << "every edit was keyed";

    const QString saved = m_out.filePath(QStringLiteral("authored.marrow"));
    ASSERT_FALSE(doc::saveDocument(d, saved));
    const std::string glb = m_out.filePath(QStringLiteral("authored.glb")).toStdString();
    const test::ProcessResult convert =
        test::runProcess({(test::binDir() / "marrow-cli").string(), "convert", saved.toStdString(), glb});
    ASSERT_EQ(convert.exitCode, 0) << convert.err;
    EXPECT_NE(convert.err.find("1 channel mixes interpolation modes"), std::string::npos) << convert.err;

    const double fps = window().playback().fps();
    for (double time : {0.0, 6 / fps, 12 / fps, 18 / fps, 24 / fps}) {
        window().playback().setTime(time);
        const std::vector<glm::vec3> editor = editorPositions();
        EXPECT_LT(maxDistance(editor, cliPositions(saved.toStdString(), clip, time)), 1e-5f) << "marrow at " << time;
        const bool keyTime = std::abs(time * fps - std::round(time * fps / 12) * 12) < 1e-9;
        if (keyTime) {
            EXPECT_LT(maxDistance(editor, cliPositions(glb, clip, time)), 1e-4f) << "glb at key time " << time;
        }
    }

#ifdef MARROW_VALIDATE_SCRIPT
    const test::ProcessResult valid = test::runProcess({MARROW_NODE_EXE, MARROW_VALIDATE_SCRIPT, glb});
    EXPECT_EQ(valid.exitCode, 0) << valid.out << valid.err;
#endif
}
