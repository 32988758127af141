// SPDX-License-Identifier: MIT
// The every-model matrix, files (issue 36): on every model, File › Export
// with the document's options (io::encodeExport, then the atomic write) read
// back by the glTF importer poses as the document at rest, at key times and
// between keys of each clip (1e-5 of the character's diagonal); Save as
// .marrow then Open gives the document back byte for byte, after an edit as
// before one; and an export is no edit (no undo entry, not modified).
#include "real_bench.h"
#include "real_invariants.h"
#include "real_poses.h"

#include "core/io/gltf_export.h"
#include "core/io/gltf_import.h"
#include "core/io/model_export.h"
#include "core/workspace/weight_operations.h"

#include <QTemporaryDir>

#include <cstdio>

using namespace marrow;

namespace {

class FilesMatrix : public ::testing::TestWithParam<test::RealModel> {};

// Times a person scrubs to: each clip's rest, up to four keys of its most
// keyed channel and the midpoints between them, and its end.
std::vector<model::PoseRequest> posesToCompare(const model::Rig& rig)
{
    std::vector<model::PoseRequest> out(1);  // the rest
    const std::size_t clips = std::min<std::size_t>(rig.clips.size(), 3);
    for (std::size_t c = 0; c < clips; ++c) {
        const anim::Clip& clip = rig.clips[c];
        std::vector<float> times;
        for (const anim::JointTrack& track : clip.tracks)
            if (track.rotation.times.size() > times.size())
                times = track.rotation.times;
        if (times.size() > 4)
            times = {times[0], times[times.size() / 3], times[2 * times.size() / 3], times.back()};
        const std::size_t keys = times.size();
        for (std::size_t k = 0; k + 1 < keys; ++k)
            times.push_back(.5f * (times[k] + times[k + 1]));
        times.push_back(clip.duration);
        for (const float t : times)
            out.push_back({.clip = static_cast<int>(c), .time = t});
    }
    return out;
}

// Saves and opens `d` as .marrow: the document opened is `d` byte for byte.
void expectNativeRoundTrip(doc::Document& d, const QString& path, const std::string& what)
{
    ASSERT_FALSE(doc::saveDocument(d, path).has_value()) << what;
    EXPECT_FALSE(d.isModified()) << what << ": saved, yet modified";
    doc::Document reopened;
    const auto err = doc::openDocument(reopened, path);
    ASSERT_FALSE(err.has_value()) << what << ": " << err.value_or("");
    EXPECT_TRUE(test::bytesOf(reopened) == test::bytesOf(d)) << what << ": Save then Open changes the document";
}

} // namespace

TEST_P(FilesMatrix, ExportReadsBackPosedAsTheDocumentAndSaveOpenIsExact)
{
    test::RealBench b(GetParam());
    if (!b.opened())
        return;
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    doc::Document& d = b.document;
    const model::Rig& rig = b.rig();

    // File › Export, as the dialog's Export does with the document's options.
    const std::string glb = dir.filePath(QStringLiteral("export.glb")).toStdString();
    io::ExportRequest request;
    request.settings = d.exportSettings();
    request.profile = d.exportProfile();
    request.fps = b.fps();
    io::EncodedExport encoded;
    const int entries = d.undoStack()->count();
    const auto err = io::encodeExport(rig, d.gltfSource().get(), request, glb, b.label, encoded);
    ASSERT_FALSE(err.has_value()) << b.label << ": " << err.value_or("");
    ASSERT_FALSE(io::writeGltfFile(encoded.file, glb).has_value()) << b.label;
    EXPECT_EQ(d.undoStack()->count(), entries) << b.label << ": an export is no edit";
    EXPECT_FALSE(d.isModified()) << b.label << ": an export is no edit";
    const io::ImportResult back = io::importGltf(glb);
    ASSERT_TRUE(back.ok) << b.label << ": " << back.error;
    ASSERT_EQ(back.rig.meshes.size(), rig.meshes.size()) << b.label;
    ASSERT_EQ(back.rig.clips.size(), rig.clips.size()) << b.label;
    float worst = 0.f;
    const std::vector<model::PoseRequest> poses = posesToCompare(rig);
    for (const model::PoseRequest& pose : poses) {
        const float gap = test::relativeGap(test::posedPoints(rig, pose), test::posedPoints(back.rig, pose));
        EXPECT_LT(gap, 1e-5f) << b.label << ": exported and read back, clip " << pose.clip << " at " << pose.time;
        worst = std::max(worst, gap);
    }

    // Save as .marrow, then Open: the same document, before and after an edit.
    expectNativeRoundTrip(d, dir.filePath(QStringLiteral("opened.marrow")), b.label + ": as opened");
    const ws::WeightOperationResult smoothed = ws::applyWeightOperation(
        d, b.selection, ws::WeightSubset::All, {.kind = ws::WeightOperation::Kind::Smooth, .count = 1, .value = .5f});
    EXPECT_EQ(d.isModified(), smoothed.changed > 0) << b.label;
    expectNativeRoundTrip(d, dir.filePath(QStringLiteral("edited.marrow")), b.label + ": after Smooth");
    std::printf("[real files] %-60s %zu poses compared, worst %.1e of the diagonal\n", b.label.c_str(), poses.size(),
                worst);
}

INSTANTIATE_TEST_SUITE_P(Real, FilesMatrix, ::testing::ValuesIn(test::realModels()), test::realModelTestName);
