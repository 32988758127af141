// SPDX-License-Identifier: MIT
// Issue 36 item 2: Automatic Weights keeps rigid props rigid. A mesh or a
// loose shell the file weights wholly to one bone stays on it unless the
// user targets it; Rigid Islands binds every separate mesh and loose shell
// to the bone nearest its centroid and counts them.
#include "soldier_props.h"

#include "core/model/auto_weights.h"
#include "core/skin/rigid_shells.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <set>

using namespace marrow;
namespace soldier = test::soldier;

namespace {

enum Mesh : std::size_t { Body, Helmet, Shield, Spear };

// Automatic Weights as the editor and the CLI run it on `meshes`.
model::Rig autoWeighted(model::Rig r, std::vector<std::size_t> meshes, bool chosen, bool rigidIslands = false,
                        std::size_t* rigidShells = nullptr, std::size_t* kept = nullptr)
{
    const std::vector<model::AutoWeightTarget> targets = model::autoWeightTargets(r, meshes, chosen, rigidIslands);
    std::vector<mesh::SkinWeights> out;
    for (const model::AutoWeightTarget& t : targets) {
        model::AutoWeightOptions options;
        options.rigidIslands = rigidIslands;
        options.rigidWhole = t.rigidWhole;
        options.keepPropMesh = t.keepPropMesh;
        const model::AutoWeightResult a = model::autoWeights(r, t.mesh, options);
        out.push_back(a.weights);
        if (rigidShells)
            *rigidShells += a.heat.rigidShells;
        if (kept)
            *kept += a.propShellsKept + (a.propMeshKept ? 1 : 0);
    }
    for (std::size_t k = 0; k < targets.size(); ++k)
        r.meshes[targets[k].mesh].weights = out[k];
    return r;
}

std::set<std::uint16_t> bonesOf(const mesh::Mesh& m, const std::vector<std::size_t>& which = {})
{
    std::set<std::uint16_t> bones;
    const std::vector<skin::WeightRow> rows = skin::readRows(m.weights);
    for (std::size_t v = 0; v < rows.size(); ++v)
        if (which.empty() || std::find(which.begin(), which.end(), v) != which.end())
            for (const skin::Influence& i : rows[v])
                if (i.weight > 0.f)
                    bones.insert(i.joint);
    return bones;
}

std::vector<std::size_t> buckle(const mesh::Mesh& body)
{
    std::vector<std::size_t> out;
    for (std::size_t v = body.positions.size() - soldier::kBuckleVertices; v < body.positions.size(); ++v)
        out.push_back(v);
    return out;
}

} // namespace

TEST(RigidProps, FindsWholeMeshPropsAndPropShellsFromTheFilesWeights)
{
    const model::Rig r = soldier::rig();
    const mesh::Mesh& spear = r.meshes[Spear];
    const skin::RigidProps s = skin::findRigidProps(spear.positions, spear.indices, skin::readRows(spear.weights));
    EXPECT_TRUE(s.wholeMesh());
    EXPECT_EQ(s.meshBone, soldier::skinJoint(soldier::Hand));
    EXPECT_EQ(s.propShells(), 0u);
    const mesh::Mesh& body = r.meshes[Body];
    const skin::RigidProps b = skin::findRigidProps(body.positions, body.indices, skin::readRows(body.weights));
    EXPECT_FALSE(b.wholeMesh());
    ASSERT_EQ(b.shellBone.size(), 3u) << "torso, arm, buckle";
    EXPECT_EQ(b.propShells(), 1u) << "the buckle alone";
    const std::vector<std::size_t> v = buckle(body);
    ASSERT_FALSE(v.empty());
    EXPECT_TRUE(b.propVertex(v.front()));
    EXPECT_EQ(b.shellBone[b.shell[v.front()]], soldier::skinJoint(soldier::Hips));
    EXPECT_FALSE(b.propVertex(0));
    // A row of two bones, even 0.99999 / 0.00001, is not wholly one bone.
    std::vector<skin::WeightRow> rows = skin::readRows(spear.weights);
    rows[3] = {{soldier::skinJoint(soldier::Hand), .9f}, {soldier::skinJoint(soldier::Forearm), .1f}};
    EXPECT_FALSE(skin::findRigidProps(spear.positions, spear.indices, rows).wholeMesh());
}

TEST(RigidProps, AutomaticWeightsOnEveryMeshKeepsThePropsRigid)
{
    const model::Rig before = soldier::rig();
    std::size_t kept = 0;
    const model::Rig after = autoWeighted(before, {Body, Helmet, Shield, Spear}, false, false, nullptr, &kept);
    EXPECT_EQ(kept, 4u) << "three prop meshes and the buckle";
    for (std::size_t m : {Helmet, Shield, Spear}) {
        const std::vector<glm::vec3> rest = after.meshes[m].positions;
        EXPECT_LE(soldier::bend(rest, soldier::posed(after, m)), 1e-5f) << after.meshes[m].name;
        EXPECT_EQ(bonesOf(after.meshes[m]).size(), 1u) << after.meshes[m].name;
        EXPECT_EQ(after.meshes[m].weights, before.meshes[m].weights) << after.meshes[m].name;
    }
    const std::vector<std::size_t> b = buckle(after.meshes[Body]);
    EXPECT_LE(soldier::bend(after.meshes[Body].positions, soldier::posed(after, Body), b), 1e-5f);
    EXPECT_EQ(bonesOf(after.meshes[Body], b), (std::set<std::uint16_t>{soldier::skinJoint(soldier::Hips)}));
    EXPECT_NE(after.meshes[Body].weights, before.meshes[Body].weights) << "the body is weighted by heat";
}

TEST(RigidProps, TheBodyChosenAloneKeepsItsLooseShellPropRigid)
{
    const model::Rig after = autoWeighted(soldier::rig(), {Body}, true);
    const std::vector<std::size_t> b = buckle(after.meshes[Body]);
    EXPECT_LE(soldier::bend(after.meshes[Body].positions, soldier::posed(after, Body), b), 1e-5f);
    EXPECT_EQ(bonesOf(after.meshes[Body], b).size(), 1u);
}

TEST(RigidProps, APropChosenExplicitlyIsReweighted)
{
    const model::Rig before = soldier::rig();
    const float rigid = soldier::bend(before.meshes[Spear].positions, soldier::posed(before, Spear));
    const model::Rig after = autoWeighted(before, {Spear}, true);
    const float fold = soldier::bend(after.meshes[Spear].positions, soldier::posed(after, Spear));
    std::printf("spear bend in the pose: file %.2e, chosen and re-weighted by heat %.3f of its length\n",
                static_cast<double>(rigid), static_cast<double>(fold));
    EXPECT_GT(bonesOf(after.meshes[Spear]).size(), 1u);
    EXPECT_GT(fold, .01f) << "bone heat bends a spear held across the wrist";
    // Every mesh a prop and none chosen: they are what there is to weight.
    model::Rig propsOnly = before;
    propsOnly.meshes.erase(propsOnly.meshes.begin());
    const model::Rig all = autoWeighted(propsOnly, {0, 1, 2}, false);
    EXPECT_GT(bonesOf(all.meshes[2]).size(), 1u);
}

TEST(RigidProps, RigidIslandsBindEachSeparateMeshAndLooseShellToTheBoneNearestItsCentroid)
{
    const model::Rig before = soldier::rig();
    std::size_t shells = 0;
    const model::Rig after = autoWeighted(before, {Body, Helmet, Shield, Spear}, true, true, &shells);
    // The arm's shell and the three separate meshes; the buckle stays on its bone.
    EXPECT_EQ(shells, 4u);
    EXPECT_EQ(bonesOf(after.meshes[Helmet]), (std::set<std::uint16_t>{soldier::skinJoint(soldier::Head)}));
    EXPECT_EQ(bonesOf(after.meshes[Shield]), (std::set<std::uint16_t>{soldier::skinJoint(soldier::Forearm)}));
    for (std::size_t m : {Helmet, Shield, Spear})
        EXPECT_LE(soldier::bend(after.meshes[m].positions, soldier::posed(after, m)), 1e-5f) << after.meshes[m].name;
    const std::vector<std::size_t> b = buckle(after.meshes[Body]);
    EXPECT_EQ(bonesOf(after.meshes[Body], b), (std::set<std::uint16_t>{soldier::skinJoint(soldier::Hips)}));
    std::printf("rigid islands: %zu shells bound rigidly\n", shells);
    // Not chosen: the props stay on the file's bones and only the arm binds whole.
    std::size_t implicitShells = 0;
    autoWeighted(before, {Body, Helmet, Shield, Spear}, false, true, &implicitShells);
    EXPECT_EQ(implicitShells, 1u);
}

TEST(RigidShells, EachShellFindsTheBoneNearestItsCentroid)
{
    // Four vertices near bone 1 and one far below: on average the shell is
    // nearer bone 1, its centroid is nearer bone 0.
    const std::vector<glm::vec3> p = {{0, 10, 0}, {.1f, 10, 0}, {.2f, 10, 0}, {.3f, 10, 0}, {0, -30, 0}};
    const std::vector<std::uint32_t> t = {0, 1, 4, 1, 2, 4, 2, 3, 4};
    std::size_t count = 0;
    const std::vector<std::uint32_t> shell = skin::positionShells(p, t, count);
    ASSERT_EQ(count, 1u);
    std::vector<skin::HeatSource> sources(2);
    sources[0].segments = {{{.12f, 2.f, 3.f}, {.12f, 2.f, 3.1f}}};
    sources[1].segments = {{{.15f, 10.f, 1.f}, {.15f, 10.f, 1.1f}}};
    EXPECT_EQ(skin::nearestSourcePerShell(p, shell, count, sources)[0], 0);
}
