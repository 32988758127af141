// SPDX-License-Identifier: MIT
#include "core/anim/skeleton_builder.h"

namespace marrow::anim {

namespace {
std::string nodeLabel(const std::vector<SkeletonBuilder::Node>& nodes, std::size_t i)
{
    std::string s = "node " + std::to_string(i);
    if (!nodes[i].name.empty())
        s += " ('" + nodes[i].name + "')";
    return s;
}
} // namespace

std::optional<std::string> SkeletonBuilder::build(const std::vector<Node>& nodes, Skeleton& skeleton,
                                                  std::vector<JointIndex>& newIndex)
{
    const std::size_t n = nodes.size();
    std::vector<int> parent(n, -1);
    for (std::size_t i = 0; i < n; ++i) {
        for (int c : nodes[i].children) {
            if (c < 0 || static_cast<std::size_t>(c) >= n)
                return nodeLabel(nodes, i) + " has child " + std::to_string(c) + ", out of range (" +
                       std::to_string(n) + " nodes)";
            if (static_cast<std::size_t>(c) == i)
                return nodeLabel(nodes, i) + " is its own ancestor";
            if (parent[c] != -1)
                return nodeLabel(nodes, static_cast<std::size_t>(c)) + " has two parents (" +
                       std::to_string(parent[c]) + " and " + std::to_string(i) + ")";
            parent[c] = static_cast<int>(i);
        }
    }
    // Every node has at most one parent, so a cycle is a chain that never reaches a root.
    // Walk up from each node with colouring: 0 unvisited, 1 on the current path, 2 done.
    std::vector<std::uint8_t> state(n, 0);
    std::vector<std::size_t> path;
    for (std::size_t i = 0; i < n; ++i) {
        std::size_t j = i;
        path.clear();
        while (state[j] == 0) {
            state[j] = 1;
            path.push_back(j);
            if (parent[j] < 0)
                break;
            j = static_cast<std::size_t>(parent[j]);
            if (state[j] == 1)
                return nodeLabel(nodes, j) + " is its own ancestor";
        }
        for (std::size_t p : path)
            state[p] = 2;
    }
    // Depth-first pre-order from the roots in input order: parents precede
    // children and each subtree is contiguous, which the bone tree likes.
    skeleton = Skeleton{};
    newIndex.assign(n, kNoParent);
    std::vector<std::size_t> order, stack;
    order.reserve(n);
    for (std::size_t r = n; r-- > 0;)
        if (parent[r] < 0)
            stack.push_back(r);
    while (!stack.empty()) {
        const std::size_t i = stack.back();
        stack.pop_back();
        order.push_back(i);
        const auto& ch = nodes[i].children;
        for (auto it = ch.rbegin(); it != ch.rend(); ++it)
            stack.push_back(static_cast<std::size_t>(*it));
    }
    skeleton.names.reserve(n);
    skeleton.parents.reserve(n);
    skeleton.rest.reserve(n);
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::size_t i = order[k];
        newIndex[i] = static_cast<JointIndex>(k);
        skeleton.names.push_back(nodes[i].name);
        skeleton.parents.push_back(parent[i] < 0 ? kNoParent : newIndex[static_cast<std::size_t>(parent[i])]);
        skeleton.rest.push_back(nodes[i].rest);
    }
    return std::nullopt;
}

} // namespace marrow::anim
