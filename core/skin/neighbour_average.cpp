// SPDX-License-Identifier: MIT
#include "core/skin/neighbour_average.h"

#include "core/skin/weight_ops.h"

namespace marrow::skin {

float neighbourAverage(const mesh::VertexAdjacency& adjacency, const mesh::SkinWeights& weights,
                       std::uint32_t vertex, std::uint16_t bone)
{
    if (adjacency.vertexCount() != weights.vertexCount() || vertex >= adjacency.vertexCount())
        return 0.f;
    const auto near = adjacency.neighbours(vertex);
    if (near.empty())
        return rowWeight(weights.jointRow(vertex), weights.weightRow(vertex), bone);
    double sum = 0.0;
    for (std::uint32_t n : near)
        sum += rowWeight(weights.jointRow(n), weights.weightRow(n), bone);
    return static_cast<float>(sum / static_cast<double>(near.size()));
}

} // namespace marrow::skin
