// SPDX-License-Identifier: MIT
// glTF samplers have one mode: a channel mixing modes per key exports as
// LINEAR samples that pose like the document at every key and export frame.
#include "tiny_rigs.h"

#include "core/anim/channel_sampling.h"
#include "core/io/gltf_export.h"
#include "core/io/model_import.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <glm/geometric.hpp>

using namespace marrow;
using anim::Interpolation;

TEST(GltfExportMixed, MixedChannelsAreResampledAndPoseTheSame)
{
    model::Rig rig = test::fourVertexSkinRig();
    anim::Vec3Channel& ch = rig.clips[1].tracks[0].translation;  // "lift": shoulder translation
    ch.times = {0.f, .5f, 1.f, 2.f};
    ch.values = {{0, 1, 0}, {0, 2, 0}, {1, 2, 0}, {0, 3, 0}};
    ch.interpolations = {Interpolation::Step, Interpolation::CubicSpline, Interpolation::Linear, Interpolation::Linear};
    ch.inTangents = {{}, {0, 0, 0}, {4, -2, 0}, {}};
    ch.outTangents = {{}, {3, 1, 0}, {0, 0, 0}, {}};
    rig.clips[1].updateDuration();
    ASSERT_FALSE(rig.validate()) << *rig.validate();

    const auto path = std::filesystem::temp_directory_path() / "marrow_mixed_export.glb";
    io::GltfExportReport report;
    ASSERT_FALSE(io::exportGltf(rig, path.string(), {.sampleRate = 60.f}, &report));
    EXPECT_EQ(report.resampledChannels, 1u);
    const io::ImportResult back = io::importModel(path.string());
    ASSERT_TRUE(back.ok) << back.error;
    const anim::JointTrack* track = back.rig.clips[1].findTrack(0);
    ASSERT_TRUE(track);
    const anim::Vec3Channel& out = track->translation;
    EXPECT_EQ(out.uniformInterpolation(), Interpolation::Linear);

    auto sample = [](const anim::Vec3Channel& c, double t) {
        std::uint32_t cursor = 0;
        return anim::sampleChannel(c, t, cursor);
    };
    // Every key and every 60 fps frame.
    std::vector<double> times(ch.times.begin(), ch.times.end());
    for (int f = 0; f <= 120; ++f)
        times.push_back(f / 60.0);
    for (double t : times)
        EXPECT_LT(glm::distance(sample(out, t), sample(ch, t)), 1e-5f) << "t = " << t;
    // The Step segment stays a hold up to the next key and jumps there.
    EXPECT_EQ(sample(out, .4999).y, 1.f);
    EXPECT_EQ(sample(out, .5).y, 2.f);
    // A uniform channel is exact: the elbow rotation kept its keys and mode.
    EXPECT_EQ(back.rig.clips[0].findTrack(1)->rotation.times, rig.clips[0].findTrack(1)->rotation.times);
}
