// SPDX-License-Identifier: MIT
#include "core/commands/key_landing_edit.h"

#include "core/anim/key_landing.h"
#include "core/anim/key_ops.h"

#include <algorithm>
#include <vector>

namespace marrow::cmd {

namespace {

// Calls f(joint, kind, times) once per channel the keys name (a set of
// KeyIds is sorted by joint, channel, time).
template <class F>
void perChannel(const std::set<doc::KeyId>& keys, F&& f)
{
    std::vector<float> times;
    for (auto it = keys.begin(); it != keys.end();) {
        const doc::KeyId first = *it;
        times.clear();
        for (; it != keys.end() && it->joint == first.joint && it->kind == first.kind; ++it)
            times.push_back(it->time);
        f(first.joint, first.kind, times);
    }
}

} // namespace

LandingPreview previewLanding(const anim::Clip& clip, const std::set<doc::KeyId>& keys,
                              const std::function<float(float)>& wanted, double fps)
{
    LandingPreview out;
    perChannel(keys, [&](model::JointIndex joint, doc::ChannelKind kind, const std::vector<float>& times) {
        const anim::JointTrack* track = clip.findTrack(joint);
        if (!track)
            return;
        doc::visitChannel(*track, kind, [&](const auto& channel) {
            const auto indices = anim::keysAtTimes(channel, std::span<const float>(times));
            const anim::KeyLanding landing = anim::planLanding(channel, std::span<const std::size_t>(indices), wanted, fps);
            out.merged += landing.merged;
            for (std::size_t p = 0; p < indices.size(); ++p)
                out.landed[doc::KeyId{joint, kind, channel.times[indices[p]]}] = landing.times[p];
        });
    });
    return out;
}

std::set<doc::KeyId> landSelectedKeys(AnimationEdit& edit, const std::set<doc::KeyId>& keys,
                                      const std::function<float(float)>& wanted, double fps)
{
    std::set<doc::KeyId> out;
    perChannel(keys, [&](model::JointIndex joint, doc::ChannelKind kind, const std::vector<float>& times) {
        // Only a channel that holds one of the keys is copied into the edit.
        const anim::JointTrack* seen = edit.peek(joint);
        const bool any = seen && doc::visitChannel(*seen, kind, [&](const auto& channel) {
            return !anim::keysAtTimes(channel, std::span<const float>(times)).empty();
        });
        if (!any)
            return;
        doc::visitChannel(*edit.track(joint), kind, [&](auto& channel) {
            const auto indices = anim::keysAtTimes(channel, std::span<const float>(times));
            for (const std::size_t i : anim::landAndRetime(channel, std::span<const std::size_t>(indices), wanted, fps))
                out.insert(doc::KeyId{joint, kind, channel.times[i]});
        });
    });
    return out;
}

std::size_t duplicateMerges(const anim::Clip& clip, const std::set<doc::KeyId>& keys,
                            const std::function<float(float)>& map)
{
    std::size_t merged = 0;
    perChannel(keys, [&](model::JointIndex joint, doc::ChannelKind kind, const std::vector<float>& times) {
        const anim::JointTrack* track = clip.findTrack(joint);
        if (!track)
            return;
        std::vector<float> copies;
        for (const float t : times)
            copies.push_back(map(t));
        std::sort(copies.begin(), copies.end());
        doc::visitChannel(*track, kind, [&](const auto& channel) {
            // insertKey replaces a key at exactly a copy's time.
            for (const float t : channel.times)
                merged += std::binary_search(copies.begin(), copies.end(), t) ? 1 : 0;
        });
    });
    return merged;
}

} // namespace marrow::cmd
