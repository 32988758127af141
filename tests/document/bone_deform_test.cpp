// SPDX-License-Identifier: MIT
// The Deform flag is document data (issue 20): undoable byte for byte,
// saved and read back, refused when it names a joint the skeleton lacks;
// automatic weights leave a joint that does not deform without weight.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/set_bone_deform_command.h"
#include "core/io/deform_section.h"
#include "core/workspace/selection.h"
#include "core/workspace/weight_operations.h"

#include <QSignalSpy>

using namespace marrow;

TEST(BoneDeform, DefaultsToTheWeightedBonesAndTogglesUndoably)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    EXPECT_EQ(d->deformMask(), (std::vector<std::uint8_t>{1, 1})) << "both joints carry weight";
    QSignalSpy changed(d.get(), &doc::Document::deformChanged);
    test::expectDoUndoRedo(*d, new cmd::SetBoneDeformCommand(d.get(), {1}, false));
    EXPECT_EQ(d->undoStack()->text(0).toStdString(), "No Deform " + d->rig().skeleton.names[1]);
    EXPECT_EQ(d->deformMask(), (std::vector<std::uint8_t>{1, 0}));
    EXPECT_GE(changed.count(), 1);
    // Asking for what a joint already is, by the user's flag, adds nothing.
    d->undoStack()->push(new cmd::SetBoneDeformCommand(d.get(), {1}, false));
    EXPECT_EQ(d->undoStack()->count(), 1);
    // Undo gives back the default (no flag at all), not an explicit "deforms".
    d->undoStack()->undo();
    EXPECT_TRUE(d->deformFlags().empty());
}

TEST(BoneDeform, FlagsAreSavedAndRead)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    const std::string plain = test::bytesOf(*d);
    d->undoStack()->push(new cmd::SetBoneDeformCommand(d.get(), {0}, false));
    const std::string flagged = test::bytesOf(*d);
    EXPECT_NE(flagged, plain);
    model::Rig rig;
    doc::DocumentExtras extras;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(flagged, rig, error, &extras)) << error;
    EXPECT_EQ(extras.deform, (doc::DeformFlags{{0, false}}));
    auto reopened = std::make_unique<doc::Document>();
    ASSERT_FALSE(reopened->replaceRig(std::move(rig), extras).has_value());
    EXPECT_EQ(test::bytesOf(*reopened), flagged);
    d->undoStack()->undo();
    EXPECT_EQ(test::bytesOf(*d), plain) << "no flag: the bytes of a document from before the section";
}

TEST(BoneDeform, ABadDeformSectionIsRefusedWithTheReason)
{
    doc::DeformFlags out;
    std::string error;
    EXPECT_FALSE(doc::decodeDeformSection(doc::encodeDeformSection({{5, true}}), 2, out, error));
    EXPECT_NE(error.find("joint 5 is out of range"), std::string::npos) << error;
    std::string flag = doc::encodeDeformSection({{1, true}});
    flag[8] = '\x07';
    EXPECT_FALSE(doc::decodeDeformSection(flag, 2, out, error));
    EXPECT_NE(error.find("flag 7"), std::string::npos) << error;
    EXPECT_FALSE(doc::decodeDeformSection(std::string_view("\x02\0\0\0", 4), 2, out, error));
    EXPECT_TRUE(out.empty());
    auto d = test::documentWith(test::fourVertexSkinRig());
    doc::DocumentExtras bad;
    bad.deform = {{9, false}};
    EXPECT_TRUE(d->replaceRig(test::fourVertexSkinRig(), bad).has_value());
}

TEST(BoneDeform, AutomaticWeightsLeaveANonDeformingBoneOut)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    d->undoStack()->push(new cmd::SetBoneDeformCommand(d.get(), {1}, false));
    ws::Selection selection(d.get());
    ws::applyWeightOperation(*d, selection, ws::WeightSubset::All, {.kind = ws::WeightOperation::Kind::Auto});
    const mesh::SkinWeights& w = d->rig().meshes[0].weights;
    for (std::size_t v = 0; v < w.vertexCount(); ++v) {
        EXPECT_EQ(w.jointRow(v)[0], 0) << v;
        EXPECT_EQ(w.weightRow(v)[0], 1.f) << "only the shoulder deforms: vertex " << v;
    }
}
