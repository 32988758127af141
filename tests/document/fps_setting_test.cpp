// SPDX-License-Identifier: MIT
// The document's frame rate: saved in a settings section (absent when
// unset, so older files keep their bytes), checked on read, undoable.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/set_fps_command.h"
#include "core/io/document_codec.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(DocumentFps, RoundTripsThroughTheContainer)
{
    doc::DocumentExtras extras;
    extras.fps = 24.0;
    const std::string bytes = doc::encodeDocument(test::fourVertexSkinRig(), extras);
    model::Rig rig;
    std::string error;
    doc::DocumentExtras read;
    ASSERT_TRUE(doc::decodeDocument(bytes, rig, error, &read)) << error;
    EXPECT_EQ(read.fps, 24.0);
    // Unset: no section, the same bytes as before settings existed.
    EXPECT_LT(doc::encodeDocument(test::fourVertexSkinRig()).size(), bytes.size());
}

TEST(DocumentFps, SetFpsIsUndoableAndSaved)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    EXPECT_EQ(d->fps(), 0.0);
    test::expectDoUndoRedo(*d, cmd::makeSetFpsCommand(d.get(), 25.0).release());
    EXPECT_EQ(d->fps(), 25.0);
    model::Rig rig;
    std::string error;
    doc::DocumentExtras read;
    ASSERT_TRUE(doc::decodeDocument(test::bytesOf(*d), rig, error, &read)) << error;
    EXPECT_EQ(read.fps, 25.0);
}

TEST(DocumentFps, RefusesNonsense)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    EXPECT_FALSE(d->setFps(-1.0));
    EXPECT_FALSE(d->setFps(std::numeric_limits<double>::quiet_NaN()));
    EXPECT_EQ(d->fps(), 0.0);
    doc::DocumentExtras extras;
    extras.fps = 1e9;  // written by something else
    const std::string bytes = doc::encodeDocument(test::fourVertexSkinRig(), extras);
    model::Rig rig;
    std::string error;
    EXPECT_FALSE(doc::decodeDocument(bytes, rig, error));
    EXPECT_NE(error.find("frame rate"), std::string::npos) << error;
}
