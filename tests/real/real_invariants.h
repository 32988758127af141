// SPDX-License-Identifier: MIT
#pragma once
// The invariants the every-model matrix checks after each operation, on any
// model (issue 36): welded copies hold one row, rows sum to 1 within the
// limit, single-bone props stay on their bone, and each edit is one undo
// entry that gives the document back byte for byte (none when it changes
// nothing).
#include "tests/document/document_fixture.h"

#include "core/mesh/vertex_weld.h"
#include "core/model/rig.h"
#include "core/skin/weight_row.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace marrow::test {

// A skinned mesh's rows as (joint, weight) pairs with weight > 0, sorted by joint.
inline std::vector<std::pair<std::uint16_t, float>> rowOf(const mesh::SkinWeights& w, std::uint32_t v)
{
    std::vector<std::pair<std::uint16_t, float>> row;
    const auto joints = w.jointRow(v);
    const auto weights = w.weightRow(v);
    for (std::size_t i = 0; i < joints.size(); ++i)
        if (weights[i] > 0.f)
            row.emplace_back(joints[i], weights[i]);
    std::sort(row.begin(), row.end());
    return row;
}

// Every copy of a welded position holds the same row (bit for bit); every
// row with weight sums to 1 (1e-4) with at most `limit` influences (0: the
// stride). Returns the number of positions whose copies disagree.
inline std::size_t expectRowsWhole(const model::Rig& rig, const std::string& what, int limit = 0)
{
    std::size_t cracked = 0, unnormalised = 0, over = 0;
    for (const mesh::Mesh& m : rig.meshes) {
        if (!m.skinned())
            continue;
        const mesh::VertexWeld weld = mesh::VertexWeld::build(m.positions);
        const mesh::SkinWeights& w = m.weights;
        const auto cap = static_cast<std::size_t>(limit > 0 ? limit : w.stride);
        for (std::uint32_t v = 0; v < w.vertexCount(); ++v) {
            const auto row = rowOf(w, v);
            double sum = 0.0;
            for (const auto& [joint, weight] : row)
                sum += weight;
            unnormalised += !row.empty() && std::abs(sum - 1.0) > 1e-4 ? 1 : 0;
            over += row.size() > cap ? 1 : 0;
            if (weld.representative(v) == v) {
                bool same = true;
                for (const std::uint32_t u : weld.copiesOf(v))
                    same = same && rowOf(w, u) == row;
                cracked += same ? 0 : 1;
            }
        }
    }
    EXPECT_EQ(cracked, 0u) << what << ": welded positions whose copies hold different rows";
    EXPECT_EQ(unnormalised, 0u) << what << ": rows not summing to 1";
    EXPECT_EQ(over, 0u) << what << ": rows over the influence limit";
    return cracked;
}

// A skinned mesh every vertex of which the file weights wholly to one joint.
struct RigidProp {
    std::size_t mesh = 0;
    std::uint16_t skinJoint = 0;
};

inline std::vector<RigidProp> rigidProps(const model::Rig& rig)
{
    std::vector<RigidProp> out;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        const mesh::Mesh& mesh = rig.meshes[m];
        if (!mesh.skinned() || mesh.vertexCount() < 2)
            continue;
        std::optional<std::uint16_t> only;
        bool rigid = true;
        for (std::uint32_t v = 0; v < mesh.vertexCount() && rigid; ++v) {
            const auto row = rowOf(mesh.weights, v);
            rigid = row.size() == 1 && row[0].second == 1.f && (!only || *only == row[0].first);
            only = row.empty() ? only : std::optional(row[0].first);
        }
        if (rigid && only)
            out.push_back({m, *only});
    }
    return out;
}

// The props stay wholly on their joint, except the meshes in `targeted`.
inline void expectPropsRigid(const model::Rig& rig, const std::vector<RigidProp>& props,
                             const std::set<std::size_t>& targeted, const std::string& what)
{
    for (const RigidProp& prop : props) {
        if (targeted.count(prop.mesh))
            continue;
        const mesh::SkinWeights& w = rig.meshes[prop.mesh].weights;
        std::size_t moved = 0;
        for (std::uint32_t v = 0; v < w.vertexCount(); ++v) {
            const auto row = rowOf(w, v);
            moved += row.size() == 1 && row[0].first == prop.skinJoint && row[0].second == 1.f ? 0 : 1;
        }
        EXPECT_EQ(moved, 0u) << what << ": prop mesh " << rig.meshes[prop.mesh].name << " left its bone";
    }
}

// Runs `op`. When it changed the saved document it must be exactly one undo
// entry whose undo gives the bytes back and whose redo gives the result;
// when it did not, no entry and no change. Leaves the result in place.
// Returns whether it changed the document.
inline bool expectOneUndoEntry(doc::Document& d, const std::function<void()>& op, const std::string& what)
{
    QUndoStack* stack = d.undoStack();
    const int index = stack->index();
    const std::string before = bytesOf(d);
    op();
    const std::string after = bytesOf(d);
    if (after == before) {
        EXPECT_EQ(stack->index(), index) << what << ": changed nothing, yet took an undo entry";
        return false;
    }
    EXPECT_EQ(stack->index(), index + 1) << what << ": one undo entry";
    if (stack->index() != index + 1)
        return true;
    stack->undo();
    EXPECT_TRUE(bytesOf(d) == before) << what << ": undo does not give the document back byte for byte";
    stack->redo();
    EXPECT_TRUE(bytesOf(d) == after) << what << ": redo does not give the result back";
    return true;
}

// Takes back the entries pushed since `count`, so the next operation starts
// from the file as opened, and checks that it is the file as opened.
inline void undoTo(doc::Document& d, int count, const std::string& opened, const std::string& what)
{
    while (d.undoStack()->index() > count)
        d.undoStack()->undo();
    EXPECT_TRUE(bytesOf(d) == opened) << what << ": undoing back does not give the opened document";
}

} // namespace marrow::test
