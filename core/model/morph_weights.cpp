// SPDX-License-Identifier: MIT
#include "core/model/morph_weights.h"

#include <algorithm>

namespace marrow::model {

std::vector<std::vector<float>> defaultMorphWeights(const std::vector<mesh::Mesh>& meshes)
{
    std::vector<std::vector<float>> out;
    for (const mesh::Mesh& m : meshes) {
        std::vector<float>& w = out.emplace_back(m.morphTargets.size(), 0.f);
        std::copy_n(m.morphWeights.begin(), std::min(m.morphWeights.size(), w.size()), w.begin());
    }
    return out;
}

MorphWeights::MorphWeights(const std::vector<mesh::Mesh>& meshes)
    : m_meshes(meshes)
{
    for (const mesh::Mesh& m : meshes) {
        m_weights.emplace_back(m.morphTargets.size(), 0.f);
        m_scratch.emplace_back(m.morphTargets.size(), 0.f);
    }
    reset();
}

void MorphWeights::reset()
{
    for (std::size_t i = 0; i < m_weights.size() && i < m_meshes.size(); ++i) {
        const std::vector<float>& d = m_meshes[i].morphWeights;
        std::fill(m_weights[i].begin(), m_weights[i].end(), 0.f);
        std::copy_n(d.begin(), std::min(d.size(), m_weights[i].size()), m_weights[i].begin());
    }
}

void MorphWeights::sample(const anim::Clip& clip, float time)
{
    for (const anim::MorphTrack& t : clip.morphTracks)
        if (t.mesh < m_weights.size())
            anim::sampleMorphTrack(t, time, m_weights[t.mesh]);
}

void MorphWeights::blendToward(const anim::Clip& b, float timeB, float weight)
{
    for (std::size_t i = 0; i < m_weights.size() && i < m_meshes.size(); ++i) {
        if (m_weights[i].empty())
            continue;
        std::vector<float>& other = m_scratch[i];
        const std::vector<float>& d = m_meshes[i].morphWeights;
        std::fill(other.begin(), other.end(), 0.f);
        std::copy_n(d.begin(), std::min(d.size(), other.size()), other.begin());
        if (const anim::MorphTrack* t = b.findMorphTrack(static_cast<std::uint32_t>(i)))
            anim::sampleMorphTrack(*t, timeB, other);
        for (std::size_t w = 0; w < other.size(); ++w)
            m_weights[i][w] += (other[w] - m_weights[i][w]) * weight;
    }
}

bool MorphWeights::morphs(std::size_t mesh) const
{
    const std::vector<float>& w = m_weights[mesh];
    return std::any_of(w.begin(), w.end(), [](float v) { return v != 0.f; });
}

} // namespace marrow::model
