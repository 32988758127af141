// SPDX-License-Identifier: MIT
// The every-model matrix, the Weights menu (issue 36): on every model, Bind
// to Skeleton when it has static meshes and bones, then each
// operation as Weights › … runs it (ws::applyWeightOperation on every
// skinned mesh, nothing selected), then Automatic Weights on the chosen
// (largest) mesh alone. After each: welded copies hold one row, rows sum to
// 1 within the limit, single-bone props stay on their bone (Automatic
// Weights leaves unchosen props alone), a Mirror of the mirrored side is
// symmetric, the edit is one undo entry that undoes byte for byte, and an
// operation that is already satisfied (a second Normalize, Limit, Clean,
// Quantize or Mirror) takes no entry.
#include "real_bench.h"
#include "real_invariants.h"

#include "core/mesh/vertex_mirror_map.h"
#include "core/mesh/bounds_tree.h"
#include "core/model/weight_mirror_plane.h"
#include "core/workspace/bind_meshes.h"
#include "core/workspace/weight_operations.h"
#include "real_poses.h"

#include <cstdio>

using namespace marrow;
using Kind = ws::WeightOperation::Kind;

namespace {

class WeightsMatrix : public ::testing::TestWithParam<test::RealModel> {};

struct NamedOperation {
    const char* name;
    ws::WeightOperation op;
    bool idempotent;  // a second run must change nothing
    int limit = 0;    // the influence limit the result keeps (0: the stride)
};

std::vector<NamedOperation> operations()
{
    return {{"Normalize All", {.kind = Kind::Normalize}, true},
            {"Limit 4", {.kind = Kind::Limit, .count = 4}, true, 4},
            {"Clean 0.01", {.kind = Kind::Clean, .value = .01f}, true},
            {"Quantize 8", {.kind = Kind::Quantize, .count = 8}, true},
            {"Smooth 2 x 0.5", {.kind = Kind::Smooth, .count = 2, .value = .5f}, false},
            {"Mirror +X", {.kind = Kind::Mirror, .axis = 0, .positive = true}, true},
            {"Automatic Weights", {.kind = Kind::Auto}, false}};
}

std::set<std::size_t> skinnedMeshes(const model::Rig& rig)
{
    std::set<std::size_t> out;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m)
        if (rig.meshes[m].skinned())
            out.insert(m);
    return out;
}

// After Mirror +X: every vertex on the + side with an exact twin across the
// mirror plane gives the twin its row, each joint taken to its mirror (when
// the joints pair both ways).
// Returns the twins that differ by more than 1e-5 in any weight.
std::size_t asymmetricTwins(const model::Rig& rig, std::size_t m)
{
    const mesh::Mesh& mesh = rig.meshes[m];
    const model::WeightMirrorSetup setup = model::weightMirrorSetup(rig, m, 0);
    const float diagonal = std::max(mesh::Aabb::of(mesh.positions).diagonal(), 1e-12f);
    for (std::size_t k = 0; k < setup.joints.size(); ++k) {
        const std::uint16_t j = setup.joints[k];
        if (j < setup.joints.size() && setup.joints[j] != k)
            return 0;  // the joints do not pair both ways (BCN_Epileptic's head): no mirror is symmetric
    }
    const mesh::VertexMirrorMap twins = mesh::VertexMirrorMap::build(mesh.positions, setup.plane);
    const mesh::SkinWeights& w = mesh.weights;
    std::size_t differ = 0;
    for (std::uint32_t v = 0; v < w.vertexCount(); ++v) {
        const std::uint32_t t = twins.partner[v];
        if (t == mesh::kNoMirror || t == v || setup.plane.signedDistance(mesh.positions[v]) <= 1e-5f * diagonal ||
            glm::distance(setup.plane.reflect(mesh.positions[v]), mesh.positions[t]) > 1e-6f * diagonal)
            continue;
        std::vector<std::pair<std::uint16_t, float>> mirrored;
        for (const auto& [k, weight] : test::rowOf(w, v))
            mirrored.emplace_back(k < setup.joints.size() ? setup.joints[k] : k, weight);
        std::sort(mirrored.begin(), mirrored.end());
        const auto twin = test::rowOf(w, t);
        bool same = twin.size() == mirrored.size();
        for (std::size_t i = 0; same && i < twin.size(); ++i)
            same = twin[i].first == mirrored[i].first && std::abs(twin[i].second - mirrored[i].second) <= 1e-5f;
        differ += same ? 0 : 1;
    }
    return differ;
}

// Weights › Bind to Skeleton (automatic weights) when the model has static
// meshes and bones: the character stays where it stood at rest, and the
// bound meshes' rows are whole.
void bindStaticMeshes(test::RealBench& b, const std::string& opened, int base)
{
    const model::Rig& rig = b.rig();
    const std::vector<std::uint8_t> bones = rig.boneMask();
    const bool hasBones = std::find(bones.begin(), bones.end(), 1) != bones.end();
    const bool hasStatic = std::any_of(rig.meshes.begin(), rig.meshes.end(), [](const mesh::Mesh& m) { return !m.skinned(); });
    if (!hasBones || !hasStatic)
        return;
    const std::string what = b.label + ": Bind to Skeleton";
    const std::vector<glm::vec3> rest = test::posedPoints(rig);
    ws::BindResult result;
    test::expectOneUndoEntry(b.document, [&] { result = ws::bindStaticMeshes(b.document, model::BindWeights::Automatic); }, what);
    EXPECT_LT(test::relativeGap(rest, test::posedPoints(b.rig())), 1e-5f)
        << what << ": Rest Position must show the character where it stood (" << result.message.toStdString() << ")";
    test::expectRowsWhole(b.rig(), what);
    test::undoTo(b.document, base, opened, what);
}

} // namespace

TEST_P(WeightsMatrix, EveryWeightOperationKeepsRowsWholeAndUndoesExactly)
{
    test::RealBench b(GetParam());
    if (!b.opened())
        return;
    doc::Document& d = b.document;
    const std::string opened = test::bytesOf(d);
    const int base = d.undoStack()->index();
    bindStaticMeshes(b, opened, base);
    // No active mesh: the Weights menu runs on every skinned mesh (the editor
    // opens with one active, and then runs on it alone).
    b.selection.setActiveMesh(-1);
    const std::set<std::size_t> skinned = skinnedMeshes(b.rig());
    if (skinned.empty())
        return;  // nothing to weight: the Weights menu is greyed out
    const std::vector<test::RigidProp> props = test::rigidProps(b.rig());
    const bool onlyProps = props.size() == skinned.size();
    int changed = 0;
    for (const NamedOperation& named : operations()) {
        const std::string what = b.label + ": " + named.name;
        ws::WeightOperationResult result;
        const bool did = test::expectOneUndoEntry(
            d, [&] { result = ws::applyWeightOperation(d, b.selection, ws::WeightSubset::All, named.op); }, what);
        EXPECT_EQ(did, result.changed > 0) << what << ": the result says " << result.message.toStdString();
        changed += did ? 1 : 0;
        test::expectRowsWhole(b.rig(), what, named.limit);
        // Every skinned mesh was targeted, but a one-bone mesh stays on its
        // bone under any of these; Automatic Weights keeps it when nothing was picked.
        if (named.op.kind != Kind::Mirror)
            test::expectPropsRigid(b.rig(), props, named.op.kind == Kind::Auto && onlyProps ? skinned : std::set<std::size_t>{},
                                   what);
        if (named.op.kind == Kind::Mirror) {
            for (const std::size_t m : skinned)
                EXPECT_EQ(asymmetricTwins(b.rig(), m), 0u) << what << ": mesh " << b.rig().meshes[m].name;
        }
        if (named.idempotent) {
            EXPECT_FALSE(test::expectOneUndoEntry(
                d, [&] { ws::applyWeightOperation(d, b.selection, ws::WeightSubset::All, named.op); }, what + " again"))
                << what << ": a second run changes more";
        }
        test::undoTo(d, base, opened, what);
    }

    // Automatic Weights on the chosen mesh only (the active mesh, as Blender
    // binds the selected objects): every other mesh keeps its rows.
    const std::size_t chosen = test::largestSkinnedMesh(b.rig());
    b.selection.chooseMesh(static_cast<model::MeshId>(chosen), false);
    const model::Rig before = b.rig();
    const std::string what = b.label + ": Automatic Weights on " + before.meshes[chosen].name;
    test::expectOneUndoEntry(
        d, [&] { ws::applyWeightOperation(d, b.selection, ws::WeightSubset::All, {.kind = Kind::Auto}); }, what);
    test::expectRowsWhole(b.rig(), what);
    for (const std::size_t m : skinned) {
        if (m != chosen) {
            EXPECT_TRUE(b.rig().meshes[m].weights.joints == before.meshes[m].weights.joints &&
                        b.rig().meshes[m].weights.weights == before.meshes[m].weights.weights)
                << what << ": unchosen mesh " << before.meshes[m].name << " was re-weighted";
        }
    }
    test::undoTo(d, base, opened, what);
    std::printf("[real weights] %-60s %zu skinned meshes, %zu props, %d of %zu operations changed it\n",
                b.label.c_str(), skinned.size(), props.size(), changed, operations().size());
}

INSTANTIATE_TEST_SUITE_P(Real, WeightsMatrix, ::testing::ValuesIn(test::realModels()), test::realModelTestName);
