// SPDX-License-Identifier: MIT
#include "core/anim/transition_bake.h"
#include "core/anim/transition_morph.h"

#include <glm/gtc/quaternion.hpp>

#include <cmath>

namespace marrow::anim {

std::optional<Clip> bakeTransition(TransitionPoser& poser, double fps, BakeRange range, std::string name,
                                   std::string* error, std::span<const std::vector<float>> morphDefaults)
{
    const TransitionTiming& timing = poser.timing();
    if (auto bad = timing.validate()) {
        if (error)
            *error = *bad;
        return std::nullopt;
    }
    if (!std::isfinite(fps) || fps <= 0.0 || fps > 1000.0) {
        if (error)
            *error = "the frame rate must be in (0, 1000]";
        return std::nullopt;
    }
    const double start = range == BakeRange::Full ? 0.0 : timing.exit;
    const double end = range == BakeRange::Full ? timing.length() : timing.blendEnd();
    // Frame times from the range's start; the end gets a key of its own when
    // it falls between frames, so the baked clip ends where the range does.
    std::vector<double> times;
    const auto frames = static_cast<long long>(std::floor((end - start) * fps + 1e-9));
    for (long long k = 0; k <= frames; ++k)
        times.push_back(static_cast<double>(k) / fps);
    if (end - start - times.back() > 1e-9)
        times.push_back(end - start);

    const std::span<const ChannelMask> animated = poser.animatedEither();
    Clip clip;
    clip.name = std::move(name);
    for (std::size_t j = 0; j < animated.size(); ++j) {
        if (!animated[j])
            continue;
        JointTrack track;
        track.joint = static_cast<JointIndex>(j);
        clip.tracks.push_back(std::move(track));
    }
    std::vector<math::Transform> pose(animated.size());
    for (double t : times) {
        if (!poser.pose(start + t, pose)) {
            if (error)
                *error = "the clips do not fit the skeleton";
            return std::nullopt;
        }
        const auto key = static_cast<float>(t);
        for (JointTrack& track : clip.tracks) {
            const auto j = static_cast<std::size_t>(track.joint);
            const ChannelMask m = animated[j];
            if (m & kTranslationBit) {
                track.translation.times.push_back(key);
                track.translation.values.push_back(pose[j].translation);
            }
            if (m & kRotationBit) {
                glm::quat q = pose[j].rotation;
                // One hemisphere: each key on its predecessor's side.
                if (!track.rotation.values.empty() && glm::dot(track.rotation.values.back(), q) < 0.f)
                    q = -q;
                track.rotation.times.push_back(key);
                track.rotation.values.push_back(q);
            }
            if (m & kScaleBit) {
                track.scale.times.push_back(key);
                track.scale.values.push_back(pose[j].scale);
            }
        }
    }
    bakeTransitionMorphs(poser.clipA(), poser.clipB(), timing, start, times, morphDefaults, clip);
    clip.updateDuration();
    return clip;
}

} // namespace marrow::anim
