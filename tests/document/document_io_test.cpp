// SPDX-License-Identifier: MIT
// The native format: open, save, open, save gives identical bytes for every
// shared model; damaged files and hostile imports never touch the document.
#include "document_fixture.h"
#include "shared_models.h"
#include "test_names.h"
#include "tiny_rigs.h"

#include "core/commands/rename_joint_command.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <fstream>
#include <iterator>

using namespace marrow;

namespace {

std::string readAll(const QString& path)
{
    std::ifstream in(path.toStdString(), std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void writeAll(const QString& path, const std::string& bytes)
{
    std::ofstream out(path.toStdString(), std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

class NativeRoundTrip : public ::testing::TestWithParam<const char*> {};

} // namespace

TEST_P(NativeRoundTrip, OpenSaveOpenSaveIsByteIdentical)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    doc::Document d;
    std::vector<std::string> warnings;
    const QString source = QString::fromStdString(test::model(GetParam()));
    const auto err = doc::openDocument(d, source, &warnings);
    ASSERT_FALSE(err) << *err;
    EXPECT_TRUE(d.filePath().isEmpty()) << "an imported model has no native path yet";

    const QString first = dir.filePath("first.marrow");
    ASSERT_FALSE(doc::saveDocument(d, first));
    EXPECT_EQ(d.filePath(), first);
    EXPECT_TRUE(d.undoStack()->isClean());

    doc::Document reopened;
    ASSERT_FALSE(doc::openDocument(reopened, first));
    EXPECT_EQ(reopened.filePath(), first);
    EXPECT_TRUE(reopened.rig() == d.rig());
    const QString second = dir.filePath("second.marrow");
    ASSERT_FALSE(doc::saveDocument(reopened, second));

    doc::Document third;
    ASSERT_FALSE(doc::openDocument(third, second));
    const QString again = dir.filePath("third.marrow");
    ASSERT_FALSE(doc::saveDocument(third, again));

    const std::string a = readAll(first), b = readAll(second), c = readAll(again);
    ASSERT_FALSE(a.empty());
    EXPECT_TRUE(a == b) << "save after open differs";
    EXPECT_TRUE(b == c);
    EXPECT_EQ(a.substr(0, 6), "MARROW");
}

INSTANTIATE_TEST_SUITE_P(SharedModels, NativeRoundTrip,
                         ::testing::Values("ozz-animation/gltf/khronos/cesium_man.gltf",
                                           "ozz-animation/gltf/khronos/rigged_simple.gltf",
                                           "ozz-animation/gltf/khronos/box_animated.gltf",
                                           "assimp/models/glTF2/simple_skin/simple_skin.gltf",
                                           "assimp/models/glTF2/simple_skin/quad_skin.glb",
                                           "synthetic/public_rig.gltf",
                                           "assimp/models/FBX/animation_with_skeleton.fbx"),
                         [](const auto& p) { return test::indexedTestName(p.index, p.param); });

namespace {
class HostileOpen : public ::testing::TestWithParam<const char*> {};
} // namespace

TEST_P(HostileOpen, FailedOpenLeavesTheDocumentByteIdentical)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    d->setFilePath(QStringLiteral("/somewhere/arm.marrow"));
    d->undoStack()->push(new cmd::RenameJointCommand(d.get(), 1, "forearm"));
    const std::string before = test::bytesOf(*d);
    QSignalSpy replaced(d.get(), &doc::Document::rigReplaced);

    const std::string path = test::model(std::string("hostile/") + GetParam());
    const auto err = doc::openDocument(*d, QString::fromStdString(path));
    ASSERT_TRUE(err.has_value());
    EXPECT_TRUE(err->starts_with(path)) << "the message names the file: " << *err;
    EXPECT_TRUE(test::bytesOf(*d) == before);
    EXPECT_EQ(d->undoStack()->count(), 1);
    EXPECT_FALSE(d->undoStack()->isClean());
    EXPECT_EQ(d->filePath(), QStringLiteral("/somewhere/arm.marrow"));
    EXPECT_EQ(replaced.count(), 0);
}

INSTANTIATE_TEST_SUITE_P(Hostile, HostileOpen,
                         ::testing::Values("glb_truncated_in_header.glb", "json_syntax_error.gltf",
                                           "accessor_count_exceeds_buffer.gltf", "joints_index_out_of_range.gltf",
                                           "node_cycle.gltf", "anim_times_decreasing.gltf", "empty_0_bytes.glb",
                                           "fbx_truncated_mid.fbx", "dae_truncated.dae"),
                         [](const auto& p) { return test::indexedTestName(p.index, p.param); });

TEST(NativeFormat, HeaderLayout)
{
    const std::string bytes = doc::encodeDocument(test::fourVertexSkinRig());
    ASSERT_GT(bytes.size(), 36u);
    EXPECT_EQ(bytes.substr(0, 8), std::string("MARROW\x1A\n", 8));
    EXPECT_EQ(bytes[8], 2);  // version 2 (per-key interpolation), little-endian
    EXPECT_EQ(bytes.substr(9, 3), std::string(3, '\0'));
    EXPECT_EQ(bytes[12], 1);  // one section
    EXPECT_EQ(bytes.substr(16, 4), std::string("RIG\0", 4));
    EXPECT_EQ(bytes.substr(28, 8), "MRWRIG01");  // the rig codec's own header
    EXPECT_EQ(doc::encodeDocument(test::fourVertexSkinRig()), bytes) << "encoding is deterministic";
}

TEST(NativeFormat, RejectsDamageWithAReason)
{
    const model::Rig rig = test::fourVertexSkinRig();
    const std::string good = doc::encodeDocument(rig);
    model::Rig out;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(good, out, error)) << error;
    EXPECT_TRUE(out == rig);

    // Every truncation and every flipped byte is refused, never crashes.
    for (std::size_t n = 0; n < good.size(); n += 7)
        EXPECT_FALSE(doc::decodeDocument(std::string_view(good).substr(0, n), out, error)) << n;
    for (std::size_t i = 0; i < good.size(); i += 5) {
        std::string bad = good;
        bad[i] = static_cast<char>(bad[i] ^ 0x5A);
        EXPECT_FALSE(doc::decodeDocument(bad, out, error)) << i;
    }
    EXPECT_TRUE(out == rig) << "a failed decode leaves the output alone";

    EXPECT_FALSE(doc::decodeDocument("glTF....", out, error));
    EXPECT_EQ(error, "not a Marrow document (no MARROW header)");

    std::string newer = good;
    newer[8] = 4;
    EXPECT_FALSE(doc::decodeDocument(newer, out, error));
    EXPECT_EQ(error, "document format version 4 is not supported (this build reads 1 to 3)");

    std::string damaged = good;
    damaged[40] = static_cast<char>(damaged[40] ^ 1);
    EXPECT_FALSE(doc::decodeDocument(damaged, out, error));
    EXPECT_EQ(error, "the document is damaged or truncated (checksum mismatch)");
}

TEST(NativeFormat, DamagedNativeFileLeavesTheDocumentAlone)
{
    QTemporaryDir dir;
    auto d = test::documentWith(test::fourVertexSkinRig());
    const std::string before = test::bytesOf(*d);
    const QString path = dir.filePath("cut.marrow");
    writeAll(path, before.substr(0, before.size() / 2));
    const auto err = doc::openDocument(*d, path);
    ASSERT_TRUE(err.has_value());
    EXPECT_EQ(*err, path.toStdString() + ": the document is damaged or truncated (checksum mismatch)");
    EXPECT_TRUE(test::bytesOf(*d) == before);
}

TEST(NativeFormat, OpenClearsTheStackAndEmitsRigReplaced)
{
    QTemporaryDir dir;
    auto source = test::documentWith(test::fourVertexSkinRig());
    const QString path = dir.filePath("arm.MARROW");
    ASSERT_FALSE(doc::saveDocument(*source, path));
    doc::Document d;
    d.replaceRig(test::fourVertexSkinRig());
    d.undoStack()->push(new cmd::RenameJointCommand(&d, 0, "x"));
    d.setPoseOverride(0, test::trs({1, 2, 3}));
    QSignalSpy replaced(&d, &doc::Document::rigReplaced);
    ASSERT_FALSE(doc::openDocument(d, path));
    EXPECT_EQ(replaced.count(), 1);
    EXPECT_EQ(d.undoStack()->count(), 0);
    EXPECT_TRUE(d.undoStack()->isClean());
    EXPECT_TRUE(d.poseOverrides().empty());
    EXPECT_EQ(d.rig().skeleton.names[0], "shoulder");
}

TEST(NativeFormat, SaveFailureKeepsTheModifiedMark)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    d->undoStack()->push(new cmd::RenameJointCommand(d.get(), 0, "x"));
    const auto err = doc::saveDocument(*d, QStringLiteral("/nonexistent-dir/sub/arm.marrow"));
    ASSERT_TRUE(err.has_value());
    EXPECT_TRUE(d->isModified());
    EXPECT_TRUE(d->filePath().isEmpty());
}
