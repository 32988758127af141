// SPDX-License-Identifier: MIT
#include "core/anim/transition_morph.h"

#include <algorithm>
#include <set>

namespace marrow::anim {

namespace {

// A side's weights for one mesh at its time: the defaults, then its track.
void sideWeights(const Clip& clip, std::uint32_t mesh, double time, std::span<const float> defaults,
                 std::vector<float>& out)
{
    std::fill(out.begin(), out.end(), 0.f);
    std::copy_n(defaults.begin(), std::min(defaults.size(), out.size()), out.begin());
    if (const MorphTrack* track = clip.findMorphTrack(mesh))
        sampleMorphTrack(*track, static_cast<float>(time), out);
}

} // namespace

void bakeTransitionMorphs(const Clip& a, const Clip& b, const TransitionTiming& timing, double start,
                          std::span<const double> times, std::span<const std::vector<float>> defaults,
                          Clip& baked)
{
    std::set<std::uint32_t> meshes;
    for (const Clip* clip : {&a, &b})
        for (const MorphTrack& t : clip->morphTracks)
            meshes.insert(t.mesh);
    for (const std::uint32_t mesh : meshes) {
        const std::span<const float> meshDefaults =
            mesh < defaults.size() ? std::span<const float>(defaults[mesh]) : std::span<const float>();
        std::size_t targets = meshDefaults.size();
        if (mesh >= defaults.size())
            for (const Clip* clip : {&a, &b})
                if (const MorphTrack* t = clip->findMorphTrack(mesh))
                    targets = std::max(targets, t->targetCount());
        if (targets == 0)
            continue;
        MorphTrack track;
        track.mesh = mesh;
        track.interpolation = Interpolation::Linear;
        std::vector<float> fromA(targets), fromB(targets);
        for (const double t : times) {
            const TransitionFrame frame = sampleTransition(timing, start + t);
            sideWeights(a, mesh, frame.timeA, meshDefaults, fromA);
            sideWeights(b, mesh, frame.timeB, meshDefaults, fromB);
            track.times.push_back(static_cast<float>(t));
            for (std::size_t w = 0; w < targets; ++w)
                track.values.push_back(fromA[w] + (fromB[w] - fromA[w]) * frame.weight);
        }
        baked.morphTracks.push_back(std::move(track));
    }
}

} // namespace marrow::anim
