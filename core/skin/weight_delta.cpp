// SPDX-License-Identifier: MIT
#include "core/skin/weight_delta.h"

#include <algorithm>
#include <cstring>

namespace marrow::skin {

WeightDelta::WeightDelta(int stride)
    : m_stride(stride)
{
}

bool WeightDelta::add(std::uint32_t vertex, std::span<const std::uint16_t> beforeJoints,
                      std::span<const float> beforeWeights, std::span<const std::uint16_t> afterJoints,
                      std::span<const float> afterWeights)
{
    const auto k = static_cast<std::size_t>(m_stride);
    if (beforeJoints.size() != k || beforeWeights.size() != k || afterJoints.size() != k || afterWeights.size() != k)
        return false;
    auto it = m_rowOf.find(vertex);
    if (it != m_rowOf.end()) {
        const std::size_t at = it->second * k;
        std::copy(afterJoints.begin(), afterJoints.end(), m_afterJoints.begin() + static_cast<std::ptrdiff_t>(at));
        std::copy(afterWeights.begin(), afterWeights.end(), m_afterWeights.begin() + static_cast<std::ptrdiff_t>(at));
        return true;
    }
    m_rowOf.emplace(vertex, m_vertices.size());
    m_vertices.push_back(vertex);
    m_beforeJoints.insert(m_beforeJoints.end(), beforeJoints.begin(), beforeJoints.end());
    m_beforeWeights.insert(m_beforeWeights.end(), beforeWeights.begin(), beforeWeights.end());
    m_afterJoints.insert(m_afterJoints.end(), afterJoints.begin(), afterJoints.end());
    m_afterWeights.insert(m_afterWeights.end(), afterWeights.begin(), afterWeights.end());
    return true;
}

bool WeightDelta::absorb(const WeightDelta& newer)
{
    if (newer.m_stride != m_stride)
        return false;
    const auto k = static_cast<std::size_t>(m_stride);
    for (std::size_t r = 0; r < newer.m_vertices.size(); ++r) {
        const std::span<const std::uint16_t> bj = newer.beforeJoints().subspan(r * k, k);
        const std::span<const float> bw = newer.beforeWeights().subspan(r * k, k);
        const std::span<const std::uint16_t> aj = newer.afterJoints().subspan(r * k, k);
        const std::span<const float> aw = newer.afterWeights().subspan(r * k, k);
        add(newer.m_vertices[r], bj, bw, aj, aw);
    }
    return true;
}

std::optional<std::size_t> WeightDelta::rowOf(std::uint32_t vertex) const
{
    const auto it = m_rowOf.find(vertex);
    if (it == m_rowOf.end())
        return std::nullopt;
    return it->second;
}

bool WeightDelta::isNoOp() const
{
    // Bit patterns, not float ==: undo must restore the exact bytes, so a
    // row that differs only in -0 vs 0 is still a change.
    return m_beforeJoints == m_afterJoints &&
           (m_beforeWeights.empty() ||
            std::memcmp(m_beforeWeights.data(), m_afterWeights.data(), m_beforeWeights.size() * sizeof(float)) == 0);
}

std::size_t WeightDelta::memoryBytes() const
{
    // One hash node per vertex: next pointer, key, value and cached hash.
    constexpr std::size_t kNode = sizeof(void*) + sizeof(std::uint32_t) + sizeof(std::size_t) + sizeof(std::size_t);
    return m_vertices.capacity() * sizeof(std::uint32_t)
         + (m_beforeJoints.capacity() + m_afterJoints.capacity()) * sizeof(std::uint16_t)
         + (m_beforeWeights.capacity() + m_afterWeights.capacity()) * sizeof(float)
         + m_rowOf.size() * kNode + m_rowOf.bucket_count() * sizeof(void*);
}

} // namespace marrow::skin
