// SPDX-License-Identifier: MIT
// A bone in an Euler mode exports as glTF quaternions that pose it as the
// Euler keys do: exact at keys, within 1e-5 radians between them.
#include "rotation_angle.h"
#include "gltf_export_fixture.h"

#include "core/anim/track_rotation_mode.h"

#include <glm/gtc/quaternion.hpp>

namespace marrow::export_test {

class ExportEuler : public ExportTest {};

TEST_F(ExportEuler, AnEulerBonePosesAsItsKeysAfterARoundTrip)
{
    io::ImportResult in = io::importModel(test::model("synthetic/public_rig.gltf"));
    ASSERT_TRUE(in.ok) << in.error;
    model::Rig rig = std::move(in.rig);
    // The first rotated joint goes Euler (ZXY), and its X angle swings wide on
    // top, so slerp between its keys would miss the curve.
    anim::JointIndex joint = -1;
    for (const anim::JointTrack& t : rig.clips[0].tracks)
        if (t.rotation.size() > 2 && joint < 0)
            joint = t.joint;
    ASSERT_GE(joint, 0);
    rig.rotationModes.assign(rig.skeleton.size(), anim::RotationMode::Quaternion);
    rig.rotationModes[static_cast<std::size_t>(joint)] = anim::RotationMode::EulerZXY;
    for (anim::Clip& clip : rig.clips)
        if (anim::JointTrack* t = clip.findTrack(joint)) {
            anim::convertRotationMode(*t, anim::RotationMode::EulerZXY);
            for (std::size_t k = 0; k < t->euler.size(); ++k)
                t->euler.values[k].x += (k % 2 ? 1.2f : -1.2f);
        }
    ASSERT_FALSE(rig.validate());

    const std::string file = path("euler.glb");
    ASSERT_FALSE(io::exportGltf(rig, file));
    io::ImportResult back = io::importModel(file);
    ASSERT_TRUE(back.ok) << back.error;
    const auto name = rig.skeleton.names[static_cast<std::size_t>(joint)];
    const auto joint2 = back.rig.skeleton.find(name);
    ASSERT_TRUE(joint2);
    ASSERT_EQ(back.rig.clips.size(), rig.clips.size());
    model::PosePipeline original(rig), exported(back.rig);
    for (std::size_t c = 0; c < rig.clips.size(); ++c) {
        if (!rig.clips[c].findTrack(joint))
            continue;
        double worst = 0.0;
        for (int i = 0; i <= 600; ++i) {
            model::PoseRequest r;
            r.clip = static_cast<int>(c);
            r.time = rig.clips[c].duration * i / 600.0;
            ASSERT_TRUE(original.evaluate(r));
            ASSERT_TRUE(exported.evaluate(r));
            worst = std::max(worst, test::rotationAngle(original.locals()[static_cast<std::size_t>(joint)].rotation,
                                                 exported.locals()[static_cast<std::size_t>(*joint2)].rotation));
        }
        EXPECT_LT(worst, 3e-5) << "clip " << c;
    }
}

} // namespace marrow::export_test
