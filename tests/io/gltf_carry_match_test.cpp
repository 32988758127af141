// SPDX-License-Identifier: MIT
// The rule that tells which joint of an edited rig is which joint of its
// glTF source (gltfexport::matchJoints, issue 35): index for index while the
// skeleton keeps its shape and only renames (a rename follows), by a name
// one joint holds on each side once it is reshaped (even to the same count
// and parents); a name two joints share matches neither, and a joint
// renamed while the skeleton was reshaped has no match.
#include "core/io/gltf_export_carry_plan.h"

#include <gtest/gtest.h>

namespace marrow {
namespace {

using io::gltfexport::JointMatch;
using io::gltfexport::matchJoints;

anim::Skeleton chain(std::vector<std::string> names)
{
    anim::Skeleton s;
    for (std::size_t j = 0; j < names.size(); ++j) {
        s.names.push_back(names[j]);
        s.parents.push_back(static_cast<anim::JointIndex>(j) - 1);
        s.rest.emplace_back();
    }
    return s;
}

// Every match is mutual: sourceOf and rigOf are inverse where set.
void expectMutual(const JointMatch& m)
{
    for (std::size_t j = 0; j < m.sourceOf.size(); ++j)
        if (m.sourceOf[j] >= 0) {
            EXPECT_EQ(m.rigOf[static_cast<std::size_t>(m.sourceOf[j])], static_cast<int>(j));
        }
    for (std::size_t k = 0; k < m.rigOf.size(); ++k)
        if (m.rigOf[k] >= 0) {
            EXPECT_EQ(m.sourceOf[static_cast<std::size_t>(m.rigOf[k])], static_cast<int>(k));
        }
}

TEST(GltfCarryMatch, TheSameShapeMatchesIndexForIndexSoARenameFollows)
{
    const anim::Skeleton was = chain({"hips", "spine", "head"});
    anim::Skeleton now = was;
    now.names[1] = "chest";
    const JointMatch m = matchJoints(now, was);
    EXPECT_FALSE(m.byName);
    EXPECT_EQ(m.sourceOf, (std::vector<int>{0, 1, 2}));
    expectMutual(m);
}

TEST(GltfCarryMatch, AReshapedSkeletonMatchesByNameWhereverTheJointsWent)
{
    const anim::Skeleton was = chain({"hips", "spine", "neck", "head"});
    // "spine" deleted (neck hangs from hips), a new "tip" under the head:
    // the same count and parents as before, but the names moved.
    anim::Skeleton now;
    now.names = {"hips", "neck", "head", "tip"};
    now.parents = {-1, 0, 1, 2};
    now.rest.resize(4);
    const JointMatch m = matchJoints(now, was);
    EXPECT_TRUE(m.byName);
    for (std::size_t j = 0; j < now.size(); ++j) {
        if (m.sourceOf[j] >= 0) {
            EXPECT_EQ(was.names[static_cast<std::size_t>(m.sourceOf[j])], now.names[j]);
        }
    }
    EXPECT_EQ(m.sourceOf[3], -1) << "the new joint has no source node";
    EXPECT_EQ(m.rigOf[1], -1) << "the deleted joint has no joint";
    expectMutual(m);
}

TEST(GltfCarryMatch, ASharedNameOrARenameWhileReshapingHasNoMatch)
{
    anim::Skeleton was = chain({"root", "bone", "bone", "end"});
    anim::Skeleton now = chain({"root", "bone", "bone", "finish", "new"});
    const JointMatch m = matchJoints(now, was);
    EXPECT_TRUE(m.byName);
    EXPECT_EQ(m.sourceOf[0], 0);
    EXPECT_EQ(m.sourceOf[1], -1) << "two joints named 'bone': neither can be told apart";
    EXPECT_EQ(m.sourceOf[2], -1);
    EXPECT_EQ(m.sourceOf[3], -1) << "'end' renamed 'finish' as a joint was added: the limit of the rule";
    EXPECT_EQ(m.rigOf[3], -1);
    expectMutual(m);
}

} // namespace
} // namespace marrow
