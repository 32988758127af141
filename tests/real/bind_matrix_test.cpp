// SPDX-License-Identifier: MIT
// The every-model matrix, rigging a static mesh (issue 36): into every model
// with joints, File › Import Mesh brings the generated static character (a
// mesh under non-uniformly scaled, moved nodes), then Weights › Bind to
// Skeleton binds it (automatic weights, the imported mesh chosen). The
// mesh lands where its own file shows it, the bind keeps it there at rest
// (Rest Position shows what was shown), every other mesh keeps its rows,
// the bound rows are whole, and each step is one undo entry that undoes
// byte for byte.
#include "generated_models.h"
#include "real_bench.h"
#include "real_invariants.h"
#include "real_poses.h"

#include "core/commands/restructure_rig_command.h"
#include "core/model/mesh_append.h"
#include "core/workspace/bind_meshes.h"

#include <cstdio>

using namespace marrow;

namespace {

class BindMatrix : public ::testing::TestWithParam<test::RealModel> {};

} // namespace

TEST_P(BindMatrix, AnImportedStaticMeshBindsWhereItStands)
{
    test::RealBench b(GetParam());
    if (!b.opened())
        return;
    doc::Document& d = b.document;
    if (b.rig().skeleton.size() < 2)
        return;  // no skeleton to bind to
    model::Rig statue;
    const QString path = QString::fromStdString(test::generatedModel("marrow_character_static.gltf"));
    ASSERT_FALSE(doc::readRigFile(path, statue).has_value()) << path.toStdString();
    const std::vector<glm::vec3> shown = test::posedPoints(statue);
    const std::string opened = test::bytesOf(d);
    const int base = d.undoStack()->index();
    const model::Rig before = b.rig();

    const std::string what = b.label + ": Import Mesh, Bind to Skeleton";
    std::string error;
    std::optional<model::Rig> joined = model::appendMeshes(before, statue, "marrow_character_static", error);
    ASSERT_TRUE(joined) << what << ": " << error;
    test::expectOneUndoEntry(
        d, [&] { d.undoStack()->push(new cmd::RestructureRigCommand(&d, std::move(*joined), QStringLiteral("Import Mesh"))); },
        what + " (import)");
    ASSERT_EQ(b.rig().meshes.size(), before.meshes.size() + 1) << what;
    const auto imported = static_cast<model::MeshId>(before.meshes.size());
    const std::vector<glm::vec3> all = test::posedPoints(b.rig());
    const std::vector<glm::vec3> landed(all.end() - static_cast<std::ptrdiff_t>(shown.size()), all.end());
    EXPECT_LT(test::relativeGap(shown, landed), 1e-5f) << what << ": the imported mesh is not where its file shows it";

    ws::BindResult bound;
    test::expectOneUndoEntry(
        d, [&] { bound = ws::bindStaticMeshes(d, model::BindWeights::Automatic, model::BoneSegments::EachChild, {imported}); },
        what);
    EXPECT_FALSE(bound.message.isEmpty()) << what;
    // A rig made to bind the statue to (the generated static pair) must take it.
    if (b.label.find("static_rig") != std::string::npos) {
        EXPECT_EQ(bound.meshes, 1) << what << ": " << bound.message.toStdString();
    }
    if (bound.meshes == 0) {
        test::undoTo(d, base, opened, what);
        return;  // the message says why (a skeleton of helper nodes only)
    }
    EXPECT_TRUE(b.rig().meshes[static_cast<std::size_t>(imported)].skinned()) << what;
    EXPECT_LT(test::relativeGap(all, test::posedPoints(b.rig())), 1e-5f)
        << what << ": Rest Position must show the bound mesh where it stood";
    test::expectRowsWhole(b.rig(), what);
    for (std::size_t m = 0; m < before.meshes.size(); ++m) {
        EXPECT_TRUE(b.rig().meshes[m].weights.joints == before.meshes[m].weights.joints &&
                    b.rig().meshes[m].weights.weights == before.meshes[m].weights.weights)
            << what << ": mesh " << before.meshes[m].name << " changed";
    }
    test::undoTo(d, base, opened, what);
    std::printf("[real bind] %-60s %s\n", b.label.c_str(), bound.message.toStdString().c_str());
}

INSTANTIATE_TEST_SUITE_P(Real, BindMatrix, ::testing::ValuesIn(test::realModels()), test::realModelTestName);
