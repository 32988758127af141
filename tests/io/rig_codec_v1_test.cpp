// SPDX-License-Identifier: MIT
// Version 2 of the rig codec stores modes per key; version 1 still decodes.
#include "shared_models.h"
#include "tiny_rigs.h"

#include "core/io/model_import.h"
#include "core/io/rig_codec.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

using namespace marrow;

namespace {

// The RIG section of a .marrow container: after the 16-byte header and the
// section's 4-byte tag and 8-byte length (the first section is the rig).
std::string rigSectionOf(const std::string& document)
{
    std::uint64_t length = 0;
    for (int i = 0; i < 8; ++i)
        length |= static_cast<std::uint64_t>(static_cast<unsigned char>(document[16 + 4 + i])) << (8 * i);
    return document.substr(16 + 12, static_cast<std::size_t>(length));
}

} // namespace

TEST(RigCodecV2, PerKeyModesAndTangentModesRoundTripExactly)
{
    model::Rig rig = test::fourVertexSkinRig();
    anim::Vec3Channel& ch = rig.clips[1].tracks[0].translation;
    ch.interpolations = {anim::Interpolation::CubicSpline, anim::Interpolation::Step};
    ch.inTangents = {{1, 2, 3}, {4, 5, 6}};
    ch.outTangents = {{-1, 0, 0}, {0, 0, 1}};
    ch.tangentModes = {anim::TangentMode::AutoClamped, anim::TangentMode::Flat};
    ASSERT_FALSE(rig.validate()) << *rig.validate();
    const std::string bytes = io::encodeRig(rig);
    model::Rig back;
    std::string error;
    ASSERT_TRUE(io::decodeRig(bytes, back, error)) << error;
    EXPECT_TRUE(back == rig);
    EXPECT_EQ(io::encodeRig(back), bytes);
}

TEST(RigCodecV2, AlignedAndVectorHandlesRoundTripAndLaterModesAreRefused)
{
    model::Rig rig = test::fourVertexSkinRig();
    anim::Vec3Channel& ch = rig.clips[1].tracks[0].translation;
    ch.interpolations = {anim::Interpolation::CubicSpline, anim::Interpolation::CubicSpline};
    ch.inTangents = {{1, 2, 3}, {4, 5, 6}};
    ch.outTangents = {{1, 2, 3}, {0, 0, 1}};
    ch.tangentModes = {anim::TangentMode::Aligned, anim::TangentMode::Vector};
    ASSERT_FALSE(rig.validate()) << *rig.validate();
    const std::string bytes = io::encodeRig(rig);
    model::Rig back;
    std::string error;
    ASSERT_TRUE(io::decodeRig(bytes, back, error)) << error;
    EXPECT_TRUE(back == rig);
    // A mode past Vector (a newer file's) is refused, not read as something else.
    ch.tangentModes[1] = static_cast<anim::TangentMode>(5);
    EXPECT_FALSE(io::decodeRig(io::encodeRig(rig), back, error));
}

TEST(RigCodecV2, AVersionOneDocumentDecodesToTheSameRigAsItsSource)
{
    std::ifstream in(MARROW_TEST_DATA_DIR "/public_rig_v1.marrow", std::ios::binary);
    ASSERT_TRUE(in) << "tests/data/public_rig_v1.marrow";
    const std::string document((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string rigBytes = rigSectionOf(document);
    ASSERT_EQ(rigBytes.substr(0, 8), "MRWRIG01");
    ASSERT_EQ(static_cast<unsigned char>(rigBytes[8]), 1u) << "encoded with version 1";
    model::Rig v1;
    std::string error;
    ASSERT_TRUE(io::decodeRig(rigBytes, v1, error)) << error;
    const io::ImportResult source = io::importModel(test::model("synthetic/public_rig.gltf"));
    ASSERT_TRUE(source.ok) << source.error;
    // Every key takes its channel's one mode; imported cubic tangents are Free (kept exactly).
    for (anim::Clip& clip : v1.clips)
        for (anim::JointTrack& t : clip.tracks)
            for (anim::Vec3Channel* c : {&t.translation, &t.scale})
                if (c->anyCubic())
                    c->tangentModes.assign(c->size(), anim::TangentMode::Free);
    for (anim::Clip& clip : v1.clips)
        for (anim::JointTrack& t : clip.tracks)
            if (t.rotation.anyCubic())
                t.rotation.tangentModes.assign(t.rotation.size(), anim::TangentMode::Free);
    EXPECT_TRUE(v1 == source.rig) << "the v1 meaning is unchanged";
    bool cubic = false, step = false;
    for (const anim::Clip& clip : v1.clips)
        for (const anim::JointTrack& t : clip.tracks) {
            cubic |= t.translation.anyCubic() || t.rotation.anyCubic() || t.scale.anyCubic();
            step |= t.rotation.segment(0) == anim::Interpolation::Step || t.translation.segment(0) == anim::Interpolation::Step;
        }
    EXPECT_TRUE(cubic && step) << "the file covers cubic and step channels";
}
