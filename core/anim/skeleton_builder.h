// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"

#include <string>
#include <vector>

namespace marrow::anim {

// Orders a node list of any order parents-first, as the Skeleton requires.
// Input: for each node its name, rest TRS and children (indices into the same
// list). Rejects, naming the node, a child index out of range, a node with two
// parents and a cycle. Iterative, so a 10,000-deep chain is fine.
struct SkeletonBuilder {
    struct Node {
        std::string name;
        math::Transform rest;
        std::vector<int> children;
    };

    // On success, `skeleton` holds the ordered nodes and `newIndex[i]` is the
    // position of input node i. On failure returns the reason.
    static std::optional<std::string> build(const std::vector<Node>& nodes, Skeleton& skeleton,
                                            std::vector<JointIndex>& newIndex);
};

} // namespace marrow::anim
