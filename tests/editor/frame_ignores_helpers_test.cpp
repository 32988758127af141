// SPDX-License-Identifier: MIT
// Framing is the character's (issue 36): pab's jog.fbx (ozz-animation) has
// no mesh and no skin, and nodes Camera01, Sky01 and their targets hang off
// the scene root metres away. Framing them left a 20-pixel character.
#include "core/workspace/pose_evaluator.h"
#include "editor_fixture.h"
#include "tests/support/shared_models.h"
#include "widgets/viewport/viewport_widget.h"

#include <glm/glm.hpp>

#include <limits>

namespace marrow::test {
namespace {

using FrameIgnoresHelpers = EditorTest;

// The bounds of `root` and every joint below it, posed.
void subtreeBounds(const model::Rig& rig, std::span<const glm::mat4> worlds, anim::JointIndex root, glm::vec3& lo,
                   glm::vec3& hi)
{
    lo = glm::vec3(std::numeric_limits<float>::max());
    hi = -lo;
    for (std::size_t j = 0; j < rig.skeleton.size(); ++j) {
        bool under = false;
        for (anim::JointIndex a = static_cast<anim::JointIndex>(j); a >= 0 && !under; a = rig.skeleton.parents[static_cast<std::size_t>(a)])
            under = a == root;
        if (under) {
            lo = glm::min(lo, glm::vec3(worlds[j][3]));
            hi = glm::max(hi, glm::vec3(worlds[j][3]));
        }
    }
}

TEST_F(FrameIgnoresHelpers, PabJogIsFramedOnItsSkeletonNotItsCameras)
{
    for (const char* file : {"ozz-animation/fbx/pab/jog.fbx", "ozz-animation/fbx/pab/run.fbx"}) {
        ASSERT_TRUE(window().openFile(QString::fromStdString(model(file)))) << file;
        QApplication::processEvents();
        const model::Rig& rig = window().document().rig();
        const auto hips = rig.skeleton.find("Hips");
        ASSERT_TRUE(hips && rig.skeleton.find("Camera01")) << file;
        glm::vec3 lo, hi;
        subtreeBounds(rig, window().evaluator().worlds(), *hips, lo, hi);
        const float size = glm::length(hi - lo);
        ASSERT_GT(size, 0.f);
        const ui::OrbitCamera& camera = window().viewport().camera();
        for (const char* framing : {"on open", "Frame All"}) {
            if (framing[0] == 'F')
                window().viewport().frameAll();
            EXPECT_LT(camera.viewHalfHeight(), 1.5f * size) << file << ", " << framing << ": the character fills the view";
            EXPECT_LT(glm::distance(camera.target(), 0.5f * (lo + hi)), 0.25f * size) << file << ", " << framing;
        }
    }
}

} // namespace
} // namespace marrow::test
