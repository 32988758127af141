// SPDX-License-Identifier: MIT
// The Weights menu's operations on a document (issue 20): each is one undo
// entry named after it, undo gives back the document byte for byte and
// redo the state after the first do; the subset, locks and the active bone
// reach the core functions.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/workspace/selection.h"
#include "core/skin/weight_row.h"
#include "core/workspace/weight_operations.h"

#include <cmath>

using namespace marrow;

namespace {

// A 7 x 4 grid in the XY plane (x in -3..3, y in 0..3) skinned to a spine
// (x = 0) and two arms (x = +-2), weighted lopsidedly so every operation
// has something to change.
model::Rig armsRig()
{
    model::Rig rig;
    rig.skeleton.names = {"spine", "arm_L", "arm_R"};
    rig.skeleton.parents = {anim::kNoParent, 0, 0};
    rig.skeleton.rest = {test::trs({0.f, 0.f, 0.f}), test::trs({2.f, 1.5f, 0.f}), test::trs({-2.f, 1.5f, 0.f})};
    model::Skin skin;
    skin.joints = {0, 1, 2};
    skin.inverseBind = {glm::mat4(1.f), glm::translate(glm::mat4(1.f), glm::vec3(-2.f, -1.5f, 0.f)),
                        glm::translate(glm::mat4(1.f), glm::vec3(2.f, -1.5f, 0.f))};
    rig.skins.push_back(skin);
    mesh::Mesh m;
    m.name = "grid";
    m.skin = 0;
    std::vector<std::vector<mesh::SkinWeightsBuilder::Influence>> rows;
    for (int y = 0; y <= 3; ++y)
        for (int x = -3; x <= 3; ++x) {
            m.positions.emplace_back(static_cast<float>(x), static_cast<float>(y), 0.f);
            const float side = std::min(std::abs(static_cast<float>(x)) / 3.f, 1.f);
            const std::uint32_t arm = x > 0 ? 1u : 2u;
            rows.push_back(x == 0 ? std::vector<mesh::SkinWeightsBuilder::Influence>{{0, 1.f}}
                                  : std::vector<mesh::SkinWeightsBuilder::Influence>{
                                        {0, 1.f - side * (x > 0 ? 0.9f : 0.6f)}, {arm, side * (x > 0 ? 0.9f : 0.6f)},
                                        {x > 0 ? 2u : 1u, 0.004f}});
        }
    for (std::uint32_t y = 0; y < 3; ++y)
        for (std::uint32_t x = 0; x < 6; ++x) {
            const std::uint32_t a = y * 7 + x, b = a + 1, c = a + 7, d = c + 1;
            m.indices.insert(m.indices.end(), {a, b, d, a, d, c});
        }
    mesh::SkinWeightsBuilder::Report report;
    m.weights = mesh::SkinWeightsBuilder::build(rows, report);
    for (float& w : m.weights.weights)
        w *= 0.99996f;  // rows a little short of 1, as files give them: Normalize All has work

    rig.meshes.push_back(std::move(m));
    return rig;
}

using Kind = ws::WeightOperation::Kind;

struct OperationCase {
    const char* name;  // the undo text
    ws::WeightOperation op;
};

class WeightOperationUndo : public ::testing::TestWithParam<OperationCase> {};

TEST_P(WeightOperationUndo, IsOneEntryAndUndoRestoresTheBytes)
{
    auto d = test::documentWith(armsRig());
    ws::Selection selection(d.get());
    selection.selectJoint(1);  // arm_L active (Invert, Flood)
    const std::string before = test::bytesOf(*d);
    const ws::WeightOperationResult r = ws::applyWeightOperation(*d, selection, ws::WeightSubset::All, GetParam().op);
    EXPECT_EQ(r.meshes, 1);
    ASSERT_EQ(d->undoStack()->count(), 1) << r.message.toStdString();
    EXPECT_EQ(d->undoStack()->text(0).toStdString(), GetParam().name);
    EXPECT_FALSE(d->rig().validate()) << *d->rig().validate();
    const std::string after = test::bytesOf(*d);
    EXPECT_NE(after, before);
    d->undoStack()->undo();
    EXPECT_TRUE(test::bytesOf(*d) == before) << "undo restores the document byte for byte";
    d->undoStack()->redo();
    EXPECT_TRUE(test::bytesOf(*d) == after) << "redo gives the state after the first do";
}

INSTANTIATE_TEST_SUITE_P(
    Menu, WeightOperationUndo,
    ::testing::Values(OperationCase{"Automatic Weights", {.kind = Kind::Auto}},
                      OperationCase{"Normalize All", {.kind = Kind::Normalize}},
                      OperationCase{"Limit Total 2", {.kind = Kind::Limit, .count = 2}},
                      OperationCase{"Clean 0.01", {.kind = Kind::Clean, .value = 0.01f}},
                      OperationCase{"Quantize 8-bit", {.kind = Kind::Quantize, .count = 8}},
                      OperationCase{"Smooth 2 x 0.5", {.kind = Kind::Smooth, .count = 2, .value = 0.5f}},
                      OperationCase{"Mirror Weights +X", {.kind = Kind::Mirror, .axis = 0, .positive = true}},
                      OperationCase{"Invert Weights", {.kind = Kind::Invert}},
                      OperationCase{"Flood 0.25", {.kind = Kind::Flood, .value = 0.25f}}),
    [](const ::testing::TestParamInfo<OperationCase>& param) {
        std::string name = param.param.name;
        for (char& c : name)
            if (!std::isalnum(static_cast<unsigned char>(c)))
                c = '_';
        return name;
    });

TEST(WeightOperations, NothingToChangeLeavesNoEntry)
{
    auto d = test::documentWith(armsRig());
    ws::Selection selection(d.get());
    ws::applyWeightOperation(*d, selection, ws::WeightSubset::All, {.kind = Kind::Limit, .count = 8});
    EXPECT_EQ(d->undoStack()->count(), 0);
}

TEST(WeightOperations, LockedAndOutOfSubsetBonesKeepTheirWeights)
{
    auto d = test::documentWith(armsRig());
    ws::Selection selection(d.get());
    ASSERT_TRUE(d->setJointsLocked({0}, true));  // the spine
    const mesh::SkinWeights before = d->rig().meshes[0].weights;
    ws::applyWeightOperation(*d, selection, ws::WeightSubset::All, {.kind = Kind::Smooth, .count = 3, .value = 1.f});
    const mesh::SkinWeights& after = d->rig().meshes[0].weights;
    const auto spine = [](const mesh::SkinWeights& w, std::size_t v) {
        for (std::size_t k = 0; k < static_cast<std::size_t>(w.stride); ++k)
            if (w.jointRow(v)[k] == 0 && w.weightRow(v)[k] > 0.f)
                return w.weightRow(v)[k];
        return 0.f;
    };
    for (std::size_t v = 0; v < before.vertexCount(); ++v)
        EXPECT_EQ(spine(after, v), spine(before, v)) << v;
    ASSERT_TRUE(d->setJointsLocked({0}, false));
    // Mirror +X with the arms selected: the -X side takes arm_L's weights as
    // arm_R's; the spine, outside the subset, keeps its weights everywhere.
    selection.setJoints({1, 2});
    const mesh::SkinWeights beforeMirror = d->rig().meshes[0].weights;
    const ws::WeightOperationResult r =
        ws::applyWeightOperation(*d, selection, ws::WeightSubset::Selected, {.kind = Kind::Mirror, .positive = true});
    SCOPED_TRACE(r.message.toStdString());
    const mesh::SkinWeights& mirrored = d->rig().meshes[0].weights;
    EXPECT_FALSE(mirrored == beforeMirror);
    for (std::size_t v = 0; v < before.vertexCount(); ++v)
        EXPECT_EQ(spine(mirrored, v), spine(beforeMirror, v)) << v;
    EXPECT_FALSE(d->rig().validate());
}

} // namespace

namespace {

// Transfer: a second mesh (a sleeve just outside the grid) takes the grid's weights.
TEST(WeightOperations, TransferGivesTheActiveMeshTheClosestSurfacesWeights)
{
    model::Rig rig = armsRig();
    mesh::Mesh sleeve = rig.meshes[0];
    sleeve.name = "sleeve";
    for (glm::vec3& p : sleeve.positions)
        p.z += 0.05f;  // just off the grid's surface
    sleeve.weights = skin::packRows(std::vector<skin::WeightRow>(sleeve.vertexCount(), {{0, 1.f}}), 4);
    rig.meshes.push_back(sleeve);
    auto d = test::documentWith(rig);
    ws::Selection selection(d.get());
    selection.setActiveMesh(1);
    const mesh::SkinWeights grid = d->rig().meshes[0].weights;
    const ws::WeightOperationResult r =
        ws::applyWeightOperation(*d, selection, ws::WeightSubset::All, {.kind = Kind::Transfer, .source = 0});
    ASSERT_EQ(d->undoStack()->count(), 1) << r.message.toStdString();
    EXPECT_EQ(d->undoStack()->text(0), QStringLiteral("Transfer Weights"));
    EXPECT_TRUE(d->rig().meshes[0].weights == grid) << "the source keeps its weights";
    const mesh::SkinWeights& took = d->rig().meshes[1].weights;
    for (std::size_t v = 0; v < took.vertexCount(); ++v) {
        skin::WeightRow a = skin::readRow(took, v), b = skin::readRow(grid, v);
        skin::sortRow(a);
        skin::sortRow(b);
        ASSERT_EQ(a.size(), b.size()) << v;
        for (std::size_t k = 0; k < a.size(); ++k) {
            EXPECT_EQ(a[k].joint, b[k].joint) << v;
            EXPECT_NEAR(a[k].weight, b[k].weight, 1e-4f) << v;  // the grid rows sum to 0.99996; transfer normalises
        }
    }
    d->undoStack()->undo();
    EXPECT_TRUE(d->rig().meshes[1].weights == rig.meshes[1].weights);
}

} // namespace

namespace {

// Issue 36 item 8: Mirror +X with the spine locked leaves the -X side unlike
// the +X side's mirror, and says how many rows the lock kept.
TEST(WeightOperations, MirrorSaysHowManyRowsLocksKeptFromMirroring)
{
    auto d = test::documentWith(armsRig());
    ws::Selection selection(d.get());
    ASSERT_TRUE(d->setJointsLocked({0}, true));  // the spine
    const ws::WeightOperationResult r =
        ws::applyWeightOperation(*d, selection, ws::WeightSubset::All, {.kind = Kind::Mirror, .positive = true});
    const mesh::SkinWeights& w = d->rig().meshes[0].weights;
    std::size_t unlike = 0;  // -X vertices whose row is not the +X twin's with arms swapped
    for (std::size_t v = 0; v < w.vertexCount(); ++v) {
        const std::size_t column = v % 7, twin = v - column + (6 - column);
        if (column >= 3)
            continue;
        const std::uint16_t swap[3] = {0, 2, 1};
        bool off = false;
        for (std::uint16_t j = 0; j < 3; ++j)
            off = off || std::abs(skin::weightOf(w, v, j) - skin::weightOf(w, twin, swap[j])) > 1e-5f;
        unlike += off;
    }
    EXPECT_EQ(unlike, 12u);
    EXPECT_EQ(r.bulk.rowsKeptByLocks, 12u);
    EXPECT_TRUE(r.message.contains(QStringLiteral("12 rows kept from mirroring by locked bones"))) << r.message.toStdString();
    // Unlocked, every row mirrors: nothing to report.
    d->undoStack()->undo();
    ASSERT_TRUE(d->setJointsLocked({0}, false));
    const ws::WeightOperationResult free =
        ws::applyWeightOperation(*d, selection, ws::WeightSubset::All, {.kind = Kind::Mirror, .positive = true});
    EXPECT_EQ(free.bulk.rowsKeptByLocks, 0u);
    EXPECT_FALSE(free.message.contains(QStringLiteral("locked"))) << free.message.toStdString();
}

// A mask on the +X side only: Mirror +X writes nothing, and says the mask is why.
TEST(WeightOperations, MaskedMirrorThatChangesNothingSaysTheMaskExcludesTheOtherSide)
{
    auto d = test::documentWith(armsRig());
    ws::Selection selection(d.get());
    std::vector<std::uint8_t> mask(d->rig().meshes[0].vertexCount(), 0);
    for (std::size_t v = 0; v < mask.size(); ++v)
        mask[v] = v % 7 > 3 ? 1 : 0;
    const ws::WeightOperationResult r = ws::applyWeightOperation(
        *d, selection, ws::WeightSubset::All, {.kind = Kind::Mirror, .positive = true},
        [&](model::MeshId) { return &mask; });
    EXPECT_EQ(d->undoStack()->count(), 0);
    EXPECT_TRUE(r.message.contains(QStringLiteral("no vertex on the -X side"))) << r.message.toStdString();
    // Mirror -X writes the +X side, which the mask holds.
    const ws::WeightOperationResult back = ws::applyWeightOperation(
        *d, selection, ws::WeightSubset::All, {.kind = Kind::Mirror, .positive = false},
        [&](model::MeshId) { return &mask; });
    EXPECT_EQ(d->undoStack()->count(), 1) << back.message.toStdString();
    EXPECT_FALSE(back.message.contains(QStringLiteral("no vertex"))) << back.message.toStdString();
}

} // namespace
