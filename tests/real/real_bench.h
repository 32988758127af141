// SPDX-License-Identifier: MIT
#pragma once
// The every-model matrix (ctest label `real`, issue 36): every model file in
// ../shared/models (the ones the editor refuses assert their error), the
// bundled character and every sample the build generates (build/samples:
// flat-shaded, Mixamo traits, rolled .L/.R bones, and any added later), each
// opened as the editor opens it (doc::openDocument) into the workspace the
// editor puts around a document. The operations run through the functions
// the editor's actions call.
#include "every_model.h"
#include "shared_models.h"
#include "test_names.h"

#include "core/commands/interaction_tracker.h"
#include "core/document/document.h"
#include "core/document/document_io.h"
#include "core/model/bone_role.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/paint_selection.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_editor.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "core/workspace/weight_paint_session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace marrow::test {

struct RealModel {
    std::string path;
    std::string label;  // the path under ../shared/models, or the sample's file name
};

// The bundled character, in the checkout.
inline std::filesystem::path bundledCharacterPath()
{
    return bundledCharacter();
}

// The models, in a fixed order: shared files, the bundled character, then
// the generated samples (sorted).
inline std::vector<RealModel> realModels()
{
    std::vector<RealModel> out;
    for (const std::string& path : everyModelFile())
        out.push_back({path, std::filesystem::relative(path, sharedModels()).string()});
    const std::filesystem::path build = binDir().parent_path();
    const std::filesystem::path bundled = bundledCharacterPath();
    if (std::filesystem::exists(bundled))
        out.push_back({bundled.string(), "bundled marrow_character.gltf"});
    std::vector<RealModel> generated;
    if (std::filesystem::is_directory(build / "samples"))
        for (const auto& entry : std::filesystem::directory_iterator(build / "samples"))
            if (entry.path().extension() == ".gltf" || entry.path().extension() == ".glb")
                generated.push_back({entry.path().string(), "generated " + entry.path().filename().string()});
    std::sort(generated.begin(), generated.end(), [](const RealModel& a, const RealModel& b) { return a.path < b.path; });
    out.insert(out.end(), generated.begin(), generated.end());
    return out;
}

// gtest prints a failing parameter with this, not as bytes.
inline void PrintTo(const RealModel& model, std::ostream* out)
{
    *out << model.label;
}

inline std::string realModelTestName(const ::testing::TestParamInfo<RealModel>& info)
{
    return indexedTestName(info.index, std::filesystem::path(info.param.path).stem().string());
}

// The largest skinned mesh (the one a file opens on); meshes.size() when none is skinned.
inline std::size_t largestSkinnedMesh(const model::Rig& rig)
{
    std::size_t best = rig.meshes.size(), vertices = 0;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m)
        if (rig.meshes[m].skinned() && rig.meshes[m].vertexCount() > vertices) {
            best = m;
            vertices = rig.meshes[m].vertexCount();
        }
    return best;
}

// What doc::readRigFile reads from a model, read once per process: a test
// binary runs all its suites in one process (MARROW_TEST_PER_BINARY), and
// reading each model again for every suite (FBX through the import worker's
// process) was a large part of the matrix's time under the sanitizers.
struct ReadModel {
    std::optional<std::string> error;
    model::Rig rig;
    doc::DocumentExtras extras;
};

inline const ReadModel& readModelOnce(const std::string& path)
{
    static std::map<std::string, ReadModel> read;
    auto it = read.find(path);
    if (it == read.end()) {
        ReadModel model;
        model.error = doc::readRigFile(QString::fromStdString(path), model.rig, nullptr, &model.extras);
        it = read.emplace(path, std::move(model)).first;
    }
    return it->second;
}

// A document opened as the editor opens it (doc::openDocument: the file
// read, then adopted), with the editor's workspace.
struct RealBench {
    explicit RealBench(const RealModel& model)
        : label(model.label)
    {
        const ReadModel& read = readModelOnce(model.path);
        openError = read.error ? read.error
                               : doc::adoptRigFile(document, QString::fromStdString(model.path), read.rig, read.extras);
        playback.setFps(fps());
        session.setPaintSelection(&vertices);
    }
    // False (with the reason checked) when the editor refuses the file; the
    // test then has nothing more to try on it.
    bool opened() const
    {
        if (openError) {
            EXPECT_FALSE(openError->empty()) << label << ": a refused file says why";
        }
        return !openError;
    }
    const model::Rig& rig() const { return document.rig(); }
    // The document's frame rate, or the preference's default (30) for one
    // that never set one, as the editor's playback runs.
    double fps() const { return document.fps() > 0.0 ? document.fps() : 30.0; }

    std::string label;
    std::optional<std::string> openError;
    doc::Document document;
    ws::Selection selection{&document};
    ws::Playback playback;
    ws::PoseEvaluator evaluator{&document, &playback, &selection};
    ws::BrushState brush;
    ws::WeightPaintSession session{&document, &evaluator, &selection, &brush};
    ws::PaintSelection vertices{&document};
    cmd::InteractionTracker tracker{&document};
    ws::PoseEditor poses{&document, &playback, &selection, &evaluator};
};

// The first joint (in skeleton order, so the shallowest) named as playing
// `part` on `side` (model::boneRoleOf), or -1: a foot control named FootL
// included, which model::bodyJoint passes over.
inline anim::JointIndex jointNamedAs(const anim::Skeleton& s, model::BodyPart part, model::BodySide side)
{
    for (std::size_t j = 0; j < s.size(); ++j)
        if (const auto r = model::boneRoleOf(s.names[j]); r && r->part == part && r->side == side)
            return static_cast<anim::JointIndex>(j);
    return -1;
}

// The bundled character's rig as the editor opens it, for operations that
// take another file's skeleton (the bone map, retargeting).
inline std::optional<model::Rig> bundledRig()
{
    RealBench b({bundledCharacterPath().string(), "bundled"});
    if (!b.opened())
        return std::nullopt;
    return b.rig();
}

} // namespace marrow::test
