// SPDX-License-Identifier: MIT
// A bone's rotation mode in the document: one undo entry that converts its
// keys in every clip and keeps the pose at each key, saved in the ROTM
// section (format version 3 only when needed), and clips added later take
// the bone's mode.
#include "rotation_angle.h"
#include "document_fixture.h"
#include "shared_models.h"
#include "tiny_rigs.h"

#include "core/commands/set_rotation_mode_command.h"
#include "core/io/document_codec.h"
#include "core/io/model_import.h"
#include "core/io/rig_codec.h"
#include "core/model/pose_pipeline.h"
#include "core/model/skeleton_edit.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

using namespace marrow;
using anim::RotationMode;

namespace {

model::Rig publicRig()
{
    io::ImportResult imported = io::importModel(test::model("synthetic/public_rig.gltf"));
    EXPECT_TRUE(imported.ok) << imported.error;
    return std::move(imported.rig);
}

// The first joint with rotation keys in every clip that animates anything.
anim::JointIndex rotatedJoint(const model::Rig& rig)
{
    for (const anim::JointTrack& t : rig.clips[0].tracks)
        if (t.rotation.size() > 2)
            return t.joint;
    return -1;
}

// Every joint's local rotation at every key time of `joint` in every clip.
std::vector<glm::quat> posesAtKeys(const model::Rig& rig, anim::JointIndex joint)
{
    model::PosePipeline pipeline(rig);
    std::vector<glm::quat> out;
    for (std::size_t c = 0; c < rig.clips.size(); ++c) {
        const anim::JointTrack* t = rig.clips[c].findTrack(joint);
        if (!t)
            continue;
        const auto& times = anim::isEuler(t->rotationMode) ? t->euler.times : t->rotation.times;
        for (float time : times) {
            model::PoseRequest r;
            r.clip = static_cast<int>(c);
            r.time = time;
            EXPECT_TRUE(pipeline.evaluate(r));
            out.push_back(pipeline.locals()[static_cast<std::size_t>(joint)].rotation);
        }
    }
    return out;
}

} // namespace

TEST(RotationModeDocument, SwitchingABoneIsOneEntryThatKeepsEveryKeyPose)
{
    auto d = test::documentWith(publicRig());
    const anim::JointIndex joint = rotatedJoint(d->rig());
    ASSERT_GE(joint, 0);
    const auto before = posesAtKeys(d->rig(), joint);
    ASSERT_FALSE(before.empty());
    EXPECT_EQ(static_cast<unsigned char>(test::bytesOf(*d)[8]), 2u) << "no Euler bone: version 2, as always";

    test::expectDoUndoRedo(*d, new cmd::SetRotationModeCommand(d.get(), joint, RotationMode::EulerYZX));
    EXPECT_EQ(d->rig().rotationModeOf(joint), RotationMode::EulerYZX);
    EXPECT_FALSE(d->rig().validate());
    const auto after = posesAtKeys(d->rig(), joint);
    ASSERT_EQ(after.size(), before.size());
    for (std::size_t k = 0; k < before.size(); ++k)
        EXPECT_LT(test::rotationAngle(after[k], before[k]), 2e-5f) << "key " << k;
    EXPECT_EQ(d->undoStack()->text(d->undoStack()->count() - 1).toStdString().rfind("Rotation Mode", 0), 0u);

    // Already in that mode: nothing to do, no entry.
    const int entries = d->undoStack()->count();
    d->undoStack()->push(new cmd::SetRotationModeCommand(d.get(), joint, RotationMode::EulerYZX));
    EXPECT_EQ(d->undoStack()->count(), entries);
}

TEST(RotationModeDocument, EulerKeysSurviveSaveAndOpenByteForByte)
{
    auto d = test::documentWith(publicRig());
    const anim::JointIndex joint = rotatedJoint(d->rig());
    d->undoStack()->push(new cmd::SetRotationModeCommand(d.get(), joint, RotationMode::EulerZXY));
    const std::string bytes = test::bytesOf(*d);
    EXPECT_EQ(static_cast<unsigned char>(bytes[8]), doc::kDocumentFormatVersion) << "older builds must refuse it";
    model::Rig reopened;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(bytes, reopened, error)) << error;
    EXPECT_TRUE(reopened == d->rig());
    EXPECT_EQ(doc::encodeDocument(reopened), bytes);

    // Back to Quaternion everywhere: the document is a version 2 one again.
    d->undoStack()->push(new cmd::SetRotationModeCommand(d.get(), joint, RotationMode::Quaternion));
    EXPECT_TRUE(d->rig().rotationModes.empty());
    EXPECT_EQ(static_cast<unsigned char>(test::bytesOf(*d)[8]), 2u);
}

// A bone in an Euler mode that no clip animates has no Euler keys to write:
// the section's clip count is then followed by nothing, and the file must
// still open. It did not ("rotation section: clip count 2 exceeds the
// remaining data"): the reader wanted 4 bytes per clip. Found by the undo
// property test (tests/property, seed 58: its save and open at step 500).
TEST(RotationModeDocument, AnEulerBoneWithoutKeysSavesAndOpens)
{
    model::Rig rig = test::fourVertexSkinRig();
    const auto hand = model::addJoint(rig, 1, "hand", test::trs({1.f, 0.f, 0.f}));  // in no clip
    ASSERT_TRUE(hand);
    auto d = test::documentWith(rig);
    test::expectDoUndoRedo(*d, new cmd::SetRotationModeCommand(d.get(), *hand, RotationMode::EulerXYZ));
    ASSERT_EQ(d->rig().rotationModeOf(*hand), RotationMode::EulerXYZ);
    const std::string bytes = test::bytesOf(*d);
    model::Rig read;
    doc::DocumentExtras extras;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(bytes, read, error, &extras)) << error;
    EXPECT_EQ(read.rotationModeOf(*hand), RotationMode::EulerXYZ);
    doc::Document reopened;
    ASSERT_FALSE(reopened.replaceRig(std::move(read), std::move(extras)));
    EXPECT_TRUE(test::bytesOf(reopened) == bytes) << "open then save gives the same bytes";
}

TEST(RotationModeDocument, ARotationSectionThatDoesNotFitTheRigIsRefused)
{
    auto d = test::documentWith(publicRig());
    const anim::JointIndex joint = rotatedJoint(d->rig());
    d->undoStack()->push(new cmd::SetRotationModeCommand(d.get(), joint, RotationMode::EulerXYZ));
    std::string bytes = test::bytesOf(*d);
    // One joint more in the section than the rig has, the file's hash made good again.
    const std::size_t tag = bytes.find("ROTM");
    ASSERT_NE(tag, std::string::npos);
    bytes[tag + 12] = static_cast<char>(bytes[tag + 12] + 1);
    const std::uint64_t hash = io::fnv1a(std::string_view(bytes).substr(0, bytes.size() - 8));
    for (int i = 0; i < 8; ++i)
        bytes[bytes.size() - 8 + static_cast<std::size_t>(i)] = static_cast<char>((hash >> (8 * i)) & 0xff);
    model::Rig out;
    std::string error;
    EXPECT_FALSE(doc::decodeDocument(bytes, out, error));
    EXPECT_NE(error.find("rotation"), std::string::npos) << error;
}

TEST(RotationModeDocument, AClipAddedLaterTakesTheBonesMode)
{
    auto d = test::documentWith(publicRig());
    const anim::JointIndex joint = rotatedJoint(d->rig());
    anim::Clip copy = d->rig().clips[0];  // quaternion keys, as an import brings them
    d->undoStack()->push(new cmd::SetRotationModeCommand(d.get(), joint, RotationMode::EulerXZY));
    ASSERT_TRUE(d->addClip(static_cast<model::ClipId>(d->rig().clips.size()), copy));
    const anim::JointTrack* t = d->rig().clips.back().findTrack(joint);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->rotationMode, RotationMode::EulerXZY);
    EXPECT_TRUE(t->rotation.empty());
    EXPECT_FALSE(d->rig().validate());
}
