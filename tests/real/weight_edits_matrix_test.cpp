// SPDX-License-Identifier: MIT
// The every-model matrix, hand edits of weights (issue 36): on the largest
// skinned mesh of every model, with X-Mirror on, a linear gradient for its
// heaviest bone over the vertices that bone leads (masked, V), a typed
// weight-table value, and Transfer Weights from another skinned mesh. After
// each: every copy of a welded position holds one row, rows sum to 1, no
// other mesh changes, the masked gradient's mirror positions hold the
// mirrored rows, and the edit is one undo entry that undoes byte for byte.
#include "real_bench.h"
#include "real_invariants.h"

#include "core/model/mirror_map.h"
#include "core/model/weight_mirror_plane.h"
#include "core/workspace/weight_operations.h"
#include "core/workspace/weight_table_edits.h"
#include "pose_worlds.h"

#include <cstdio>
#include <map>

using namespace marrow;

namespace {

class WeightEditsMatrix : public ::testing::TestWithParam<test::RealModel> {};

// The skin joint that leads (holds the first, heaviest entry of) the most rows.
std::uint16_t leadingSkinJoint(const mesh::SkinWeights& w, std::size_t joints)
{
    std::vector<std::size_t> leads(joints + 1, 0);
    for (std::uint32_t v = 0; v < w.vertexCount(); ++v)
        ++leads[std::min<std::size_t>(w.jointRow(v)[0], joints)];
    return static_cast<std::uint16_t>(std::max_element(leads.begin(), leads.end() - 1) - leads.begin());
}

// Every mesh but `edited` holds the rows it held.
void expectOthersUntouched(const model::Rig& before, const model::Rig& after, std::size_t edited, const std::string& what)
{
    for (std::size_t m = 0; m < before.meshes.size(); ++m) {
        if (m != edited && before.meshes[m].skinned()) {
            EXPECT_TRUE(before.meshes[m].weights.joints == after.meshes[m].weights.joints &&
                        before.meshes[m].weights.weights == after.meshes[m].weights.weights)
                << what << ": mesh " << before.meshes[m].name << " changed";
        }
    }
}

// Masked positions whose mirror position outside the mask does not hold the
// mirrored row (each weight there equals its mirror joint's here, 1e-5).
std::size_t unmirrored(const test::RealBench& b, std::size_t m, const std::vector<std::uint8_t>& mask)
{
    const model::Rig& rig = b.rig();
    const mesh::Mesh& mesh = rig.meshes[m];
    model::MirrorSettings settings;
    settings.mode = b.brush.mirrorMode();
    const model::MirrorMap map = model::MirrorMap::build(rig, m, settings);
    const auto joints = model::skinJointMirror(rig, static_cast<std::size_t>(mesh.skin), map.joints);
    const mesh::VertexWeld weld = mesh::VertexWeld::build(mesh.positions);
    std::vector<std::uint8_t> masked(mask.size(), 0);
    for (std::uint32_t v = 0; v < mask.size(); ++v)
        masked[weld.representative(v)] |= mask[v];
    std::size_t differ = 0;
    for (std::uint32_t p = 0; p < mask.size(); ++p) {
        const std::uint32_t partner = map.vertices.partner[p];
        if (!masked[p] || weld.representative(p) != p || partner == mesh::kNoMirror || masked[weld.representative(partner)])
            continue;
        // p's row with each joint taken to its mirror (joints that share a mirror add up).
        std::map<std::uint16_t, float> want;
        for (const auto& [j, x] : test::rowOf(mesh.weights, p))
            want[j < joints.size() ? joints[j] : j] += x;
        const auto got = test::rowOf(mesh.weights, partner);
        bool same = got.size() == want.size();
        for (const auto& [j, x] : got)
            same = same && want.count(j) && std::abs(want[j] - x) <= 1e-5f;
        differ += same ? 0 : 1;
    }
    return differ;
}

} // namespace

TEST_P(WeightEditsMatrix, GradientTableEditAndTransferWriteWholeMirroredRows)
{
    test::RealBench b(GetParam());
    if (!b.opened())
        return;
    const std::size_t m = test::largestSkinnedMesh(b.rig());
    if (m == b.rig().meshes.size())
        return;  // nothing to paint
    doc::Document& d = b.document;
    const std::string opened = test::bytesOf(d);
    const int base = d.undoStack()->index();
    const model::Rig before = b.rig();
    const mesh::Mesh& mesh = before.meshes[m];
    const model::Skin& skin = before.skins[static_cast<std::size_t>(mesh.skin)];
    const std::uint16_t k = leadingSkinJoint(mesh.weights, skin.joints.size());
    const model::JointIndex bone = skin.joints[k];
    skin::BrushSettings settings = b.brush.settings();
    settings.xMirror = true;
    settings.weight = 1.f;
    settings.strength = 1.f;
    settings.falloff = skin::FalloffPreset::Linear;
    b.brush.setSettings(settings);
    b.selection.setActiveMesh(static_cast<model::MeshId>(m));
    b.selection.selectJoint(bone);

    // The gradient, masked to the vertices the bone leads, in a front view.
    std::vector<std::uint8_t> mask(mesh.vertexCount(), 0);
    for (std::uint32_t v = 0; v < mask.size(); ++v)
        mask[v] = mesh.weights.jointRow(v)[0] == k ? 1 : 0;
    ASSERT_TRUE(b.vertices.setVertices(static_cast<model::MeshId>(m), mask)) << b.label;
    b.vertices.setMasking(true);
    {
        const std::string what = b.label + ": masked mirrored Gradient";
        ASSERT_TRUE(b.session.beginStroke(static_cast<model::MeshId>(m))) << what << ": " << b.session.lastError().toStdString();
        std::vector<glm::vec2> projected;
        glm::vec2 lo(1e30f), hi(-1e30f);
        for (const glm::vec3& p : b.session.surface(static_cast<model::MeshId>(m))->positions()) {
            projected.emplace_back(p.x, -p.y);
            if (mask[projected.size() - 1]) {
                lo = glm::min(lo, projected.back());
                hi = glm::max(hi, projected.back());
            }
        }
        test::expectOneUndoEntry(
            d,
            [&] {
                b.session.gradient({lo, hi, false}, projected, b.tracker);
                b.session.endStroke();
                b.tracker.end();
            },
            what);
        test::expectRowsWhole(b.rig(), what);
        EXPECT_EQ(unmirrored(b, m, mask), 0u) << what << ": mirror positions without the mirrored row";
        expectOthersUntouched(before, b.rig(), m, what);
        test::undoTo(d, base, opened, what);
    }
    b.vertices.setMasking(false);

    // A typed weight-table value on the last copy of the most copied position.
    {
        const std::string what = b.label + ": Weight Table edit";
        const mesh::VertexWeld weld = mesh::VertexWeld::build(mesh.positions);
        std::uint32_t vertex = 0;
        for (std::uint32_t v = 0; v < mesh.vertexCount(); ++v)
            vertex = weld.copiesOf(v).size() > weld.copiesOf(vertex).size() ? v : vertex;
        vertex = weld.copiesOf(vertex).back();
        const skin::CellEdit cell{vertex, k, .3f};
        test::expectOneUndoEntry(
            d, [&] { ws::applyWeightTableEdits(d, static_cast<model::MeshId>(m), {&cell, 1}, QStringLiteral("Edit Weight"), ws::xMirrorOf(&b.brush)); },
            what);
        test::expectRowsWhole(b.rig(), what);
        expectOthersUntouched(before, b.rig(), m, what);
        test::undoTo(d, base, opened, what);
    }

    // Transfer Weights onto the largest mesh from the next skinned mesh.
    for (std::size_t s = 0; s < before.meshes.size(); ++s) {
        if (s == m || !before.meshes[s].skinned())
            continue;
        const std::string what = b.label + ": Transfer Weights from " + before.meshes[s].name;
        test::expectOneUndoEntry(
            d,
            [&] {
                ws::applyWeightOperation(d, b.selection, ws::WeightSubset::All,
                                         {.kind = ws::WeightOperation::Kind::Transfer, .source = static_cast<model::MeshId>(s)});
            },
            what);
        test::expectRowsWhole(b.rig(), what);
        expectOthersUntouched(before, b.rig(), m, what);
        test::undoTo(d, base, opened, what);
        break;
    }
    std::printf("[real weight edits] %-58s mesh %s (%zu vertices), bone %s\n", b.label.c_str(), mesh.name.c_str(),
                mesh.vertexCount(), before.skeleton.names[static_cast<std::size_t>(bone)].c_str());
}

INSTANTIATE_TEST_SUITE_P(Real, WeightEditsMatrix, ::testing::ValuesIn(test::realModels()), test::realModelTestName);
