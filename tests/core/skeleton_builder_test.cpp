// SPDX-License-Identifier: MIT
#include "core/anim/skeleton_builder.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <regex>

using namespace marrow;
using Node = anim::SkeletonBuilder::Node;
using marrow::test::trs;

namespace {
Node node(std::string name, std::vector<int> children, float x = 0.f)
{
    return Node{std::move(name), trs({x, 0.f, 0.f}), std::move(children)};
}

// Checks the built skeleton against the input: parents first, names and rest
// carried over through newIndex, and every input edge kept.
void expectFaithful(const std::vector<Node>& nodes, const anim::Skeleton& s, const std::vector<anim::JointIndex>& newIndex)
{
    ASSERT_EQ(s.size(), nodes.size());
    ASSERT_EQ(newIndex.size(), nodes.size());
    EXPECT_FALSE(s.validate());
    std::vector<anim::JointIndex> sorted = newIndex;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t k = 0; k < sorted.size(); ++k)
        ASSERT_EQ(sorted[k], static_cast<anim::JointIndex>(k)) << "newIndex is not a permutation";
    std::vector<anim::JointIndex> expectedParent(nodes.size(), anim::kNoParent);
    for (std::size_t i = 0; i < nodes.size(); ++i)
        for (int c : nodes[i].children)
            expectedParent[static_cast<std::size_t>(newIndex[static_cast<std::size_t>(c)])] = newIndex[i];
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const auto j = static_cast<std::size_t>(newIndex[i]);
        EXPECT_EQ(s.names[j], nodes[i].name);
        EXPECT_EQ(s.rest[j], nodes[i].rest);
        EXPECT_EQ(s.parents[j], expectedParent[j]);
        if (s.parents[j] != anim::kNoParent) {
            EXPECT_LT(s.parents[j], static_cast<anim::JointIndex>(j));
        }
    }
}
} // namespace

TEST(SkeletonBuilder, OrdersParentsFirstWithExpectedIndices)
{
    // Input order: c (child of a), root (children a, b), a (child c), b.
    const std::vector<Node> nodes = {node("c", {}, 1.f), node("root", {2, 3}, 2.f), node("a", {0}, 3.f), node("b", {}, 4.f)};
    anim::Skeleton s;
    std::vector<anim::JointIndex> newIndex;
    ASSERT_FALSE(anim::SkeletonBuilder::build(nodes, s, newIndex));
    // Depth first from the root, children in input order: root, a, c, b.
    EXPECT_EQ(s.names, (std::vector<std::string>{"root", "a", "c", "b"}));
    EXPECT_EQ(s.parents, (std::vector<anim::JointIndex>{-1, 0, 1, 0}));
    EXPECT_EQ(newIndex, (std::vector<anim::JointIndex>{2, 0, 1, 3}));
    EXPECT_EQ(s.rest[0].translation.x, 2.f);
    EXPECT_EQ(s.rest[1].translation.x, 3.f);
    EXPECT_EQ(s.rest[2].translation.x, 1.f);
    EXPECT_EQ(s.rest[3].translation.x, 4.f);
}

TEST(SkeletonBuilder, AnyInputOrderGivesAValidFaithfulSkeleton)
{
    // A tree of 5 nodes (two roots), presented in every one of the 120 orders.
    // Edges by name: r1 -> {a, b}, a -> {c}; r2 alone.
    const std::vector<std::string> names = {"r1", "a", "b", "c", "r2"};
    const std::vector<std::vector<std::string>> kids = {{"a", "b"}, {"c"}, {}, {}, {}};
    std::vector<int> perm(names.size());
    std::iota(perm.begin(), perm.end(), 0);
    int orders = 0;
    do {
        // perm[p] = which named node sits at input position p.
        std::vector<int> posOf(names.size());
        for (std::size_t p = 0; p < perm.size(); ++p)
            posOf[static_cast<std::size_t>(perm[p])] = static_cast<int>(p);
        std::vector<Node> nodes(names.size());
        for (std::size_t p = 0; p < perm.size(); ++p) {
            const auto k = static_cast<std::size_t>(perm[p]);
            nodes[p] = node(names[k], {}, static_cast<float>(k));
            for (const std::string& kid : kids[k]) {
                const auto kidIndex = static_cast<std::size_t>(std::find(names.begin(), names.end(), kid) - names.begin());
                nodes[p].children.push_back(posOf[kidIndex]);
            }
        }
        anim::Skeleton s;
        std::vector<anim::JointIndex> newIndex;
        ASSERT_FALSE(anim::SkeletonBuilder::build(nodes, s, newIndex));
        expectFaithful(nodes, s, newIndex);
        ++orders;
    } while (std::next_permutation(perm.begin(), perm.end()));
    EXPECT_EQ(orders, 120);
}

TEST(SkeletonBuilder, EmptyInputGivesEmptySkeleton)
{
    anim::Skeleton s = test::twoJointArm();
    std::vector<anim::JointIndex> newIndex = {5};
    ASSERT_FALSE(anim::SkeletonBuilder::build({}, s, newIndex));
    EXPECT_EQ(s.size(), 0u);
    EXPECT_TRUE(newIndex.empty());
}

TEST(SkeletonBuilder, RejectsCycleNamingTheNode)
{
    // a -> b -> c -> a, plus an unrelated root.
    const std::vector<Node> nodes = {node("a", {1}), node("b", {2}), node("c", {0}), node("root", {})};
    anim::Skeleton s = test::twoJointArm();
    std::vector<anim::JointIndex> newIndex = {7, 7};
    const auto err = anim::SkeletonBuilder::build(nodes, s, newIndex);
    ASSERT_TRUE(err);
    EXPECT_TRUE(std::regex_match(*err, std::regex("node [0-2] \\('[abc]'\\) is its own ancestor"))) << *err;
    // A failed build leaves the outputs alone.
    EXPECT_EQ(s.names, test::twoJointArm().names);
    EXPECT_EQ(newIndex, (std::vector<anim::JointIndex>{7, 7}));
}

TEST(SkeletonBuilder, RejectsSelfChild)
{
    const std::vector<Node> nodes = {node("root", {1}), node("loop", {1})};
    anim::Skeleton s;
    std::vector<anim::JointIndex> newIndex;
    const auto err = anim::SkeletonBuilder::build(nodes, s, newIndex);
    ASSERT_TRUE(err);
    EXPECT_NE(err->find("own ancestor"), std::string::npos) << *err;
    EXPECT_NE(err->find("'loop'"), std::string::npos) << *err;
}

TEST(SkeletonBuilder, RejectsNodeWithTwoParents)
{
    const std::vector<Node> nodes = {node("p1", {2}), node("p2", {2}), node("kid", {})};
    anim::Skeleton s;
    std::vector<anim::JointIndex> newIndex;
    const auto err = anim::SkeletonBuilder::build(nodes, s, newIndex);
    ASSERT_TRUE(err);
    EXPECT_EQ(*err, "node 2 ('kid') has two parents (0 and 1)");
}

TEST(SkeletonBuilder, RejectsChildIndexOutOfRange)
{
    anim::Skeleton s;
    std::vector<anim::JointIndex> newIndex;
    {
        const auto err = anim::SkeletonBuilder::build({node("root", {}), node("arm", {2})}, s, newIndex);
        ASSERT_TRUE(err);
        EXPECT_EQ(*err, "node 1 ('arm') has child 2, out of range (2 nodes)");
    }
    {
        const auto err = anim::SkeletonBuilder::build({node("root", {-1})}, s, newIndex);
        ASSERT_TRUE(err);
        EXPECT_EQ(*err, "node 0 ('root') has child -1, out of range (1 nodes)");
    }
    {
        // Unnamed nodes are named by index alone.
        const auto err = anim::SkeletonBuilder::build({node("", {9})}, s, newIndex);
        ASSERT_TRUE(err);
        EXPECT_EQ(*err, "node 0 has child 9, out of range (1 nodes)");
    }
}

TEST(SkeletonBuilder, TenThousandDeepChainBuildsIteratively)
{
    constexpr int kDepth = 10000;
    // Listed leaf first, so the builder must reorder the whole chain.
    std::vector<Node> nodes(kDepth);
    for (int i = 0; i < kDepth; ++i) {
        nodes[static_cast<std::size_t>(i)].name = std::string("j").append(std::to_string(i));  // not "j" + ...: GCC 12 -Wrestrict false positive
        if (i > 0)
            nodes[static_cast<std::size_t>(i)].children = {i - 1};
    }
    anim::Skeleton s;
    std::vector<anim::JointIndex> newIndex;
    ASSERT_FALSE(anim::SkeletonBuilder::build(nodes, s, newIndex));
    ASSERT_EQ(s.size(), static_cast<std::size_t>(kDepth));
    EXPECT_EQ(s.names.front(), "j9999");
    EXPECT_EQ(s.names.back(), "j0");
    for (int k = 0; k < kDepth; ++k)
        ASSERT_EQ(s.parents[static_cast<std::size_t>(k)], k - 1);
    EXPECT_EQ(newIndex[0], kDepth - 1);
    EXPECT_EQ(newIndex[kDepth - 1], 0);

    // And a 10,000-long cycle is found without recursion too.
    nodes[0].children = {kDepth - 1};
    const auto err = anim::SkeletonBuilder::build(nodes, s, newIndex);
    ASSERT_TRUE(err);
    EXPECT_NE(err->find("own ancestor"), std::string::npos) << *err;
}
