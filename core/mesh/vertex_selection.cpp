// SPDX-License-Identifier: MIT
#include "core/mesh/vertex_selection.h"

#include <glm/common.hpp>

#include <algorithm>

namespace marrow::mesh {

void selectCopies(std::vector<std::uint8_t>& selection, const VertexWeld& weld)
{
    const std::size_t n = std::min(selection.size(), weld.vertexCount());
    for (std::uint32_t v = 0; v < n; ++v)
        if (selection[v])
            for (std::uint32_t c : weld.copiesOf(v))
                selection[c] = 1;
}

std::vector<std::uint8_t> linkedVertices(std::size_t vertexCount, const VertexAdjacency& adjacency,
                                         const VertexWeld* weld, std::span<const std::uint32_t> seeds)
{
    std::vector<std::uint8_t> out(vertexCount, 0);
    std::vector<std::uint32_t> stack;
    const auto visit = [&](std::uint32_t v) {
        if (v >= vertexCount || out[v])
            return;
        out[v] = 1;
        stack.push_back(v);
    };
    for (std::uint32_t s : seeds)
        visit(weld && s < weld->vertexCount() ? weld->representative(s) : s);
    while (!stack.empty()) {
        const std::uint32_t v = stack.back();
        stack.pop_back();
        if (v < adjacency.vertexCount())
            for (std::uint32_t u : adjacency.neighbours(v))
                visit(u);
    }
    if (weld)
        selectCopies(out, *weld);
    return out;
}

std::vector<std::uint32_t> verticesInRect(std::span<const glm::vec2> projected, glm::vec2 a, glm::vec2 b,
                                          std::span<const std::uint8_t> eligible)
{
    const glm::vec2 lo = glm::min(a, b), hi = glm::max(a, b);
    std::vector<std::uint32_t> out;
    for (std::size_t v = 0; v < projected.size(); ++v) {
        if (!eligible.empty() && (v >= eligible.size() || !eligible[v]))
            continue;
        const glm::vec2 p = projected[v];
        if (p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y)
            out.push_back(static_cast<std::uint32_t>(v));
    }
    return out;
}

void invertSelection(std::vector<std::uint8_t>& selection)
{
    for (std::uint8_t& s : selection)
        s = s ? 0 : 1;
}

std::size_t selectedCount(std::span<const std::uint8_t> selection)
{
    return static_cast<std::size_t>(std::count_if(selection.begin(), selection.end(), [](std::uint8_t s) { return s != 0; }));
}

} // namespace marrow::mesh
