// SPDX-License-Identifier: MIT
// Document::applyAnimationState: whole-track swaps, the one mutation behind
// every key edit of the editor (EditAnimationCommand); setClipRange, a
// clip's manual frame range (SetClipRangeCommand).
#include "core/document/document.h"

#include <algorithm>
#include <cmath>

namespace marrow::doc {

namespace {

anim::ChannelMask changedChannels(const anim::JointTrack* before, const anim::JointTrack* after)
{
    static const anim::JointTrack none;
    const anim::JointTrack& b = before ? *before : none;
    const anim::JointTrack& a = after ? *after : none;
    anim::ChannelMask mask = 0;
    if (!(b.translation == a.translation))
        mask |= anim::kTranslationBit;
    if (!(b.rotation == a.rotation) || !(b.euler == a.euler) || b.rotationMode != a.rotationMode)
        mask |= anim::kRotationBit;
    if (!(b.scale == a.scale))
        mask |= anim::kScaleBit;
    return mask;
}

} // namespace

bool Document::applyAnimationState(const AnimationState& state)
{
    const std::size_t jointCount = m_rig.skeleton.size();
    const bool hasTracks = !state.tracks.empty();
    if (hasTracks && (state.clip < 0 || static_cast<std::size_t>(state.clip) >= m_rig.clips.size()))
        return false;
    if (hasTracks && (!std::isfinite(state.duration) || state.duration < 0.f))
        return false;
    if (hasTracks) {
        const auto& range = m_rig.clips[static_cast<std::size_t>(state.clip)].range;
        if (range && state.duration != range->end)
            return false;  // a manual range fixes the length (Rig::validate)
    }
    for (const TrackEdit& e : state.tracks) {
        if (e.joint < 0 || static_cast<std::size_t>(e.joint) >= jointCount)
            return false;
        if (e.track && (e.track->joint != e.joint || e.track->translation.validate() || e.track->rotation.validate() ||
                        e.track->scale.validate() || e.track->euler.validate() ||
                        e.track->rotationMode != m_rig.rotationModeOf(e.joint) ||
                        (anim::isEuler(e.track->rotationMode) ? !e.track->rotation.empty() : !e.track->euler.empty())))
            return false;
    }
    for (const PoseEdit& p : state.poses)
        if (p.joint < 0 || static_cast<std::size_t>(p.joint) >= jointCount || (p.pose && !math::isFinite(*p.pose)))
            return false;

    std::vector<std::pair<model::JointIndex, anim::ChannelMask>> changed;
    bool lengthChanged = false;
    if (hasTracks) {
        anim::Clip& clip = m_rig.clips[static_cast<std::size_t>(state.clip)];
        for (const TrackEdit& e : state.tracks) {
            auto it = std::find_if(clip.tracks.begin(), clip.tracks.end(),
                                   [&](const anim::JointTrack& t) { return t.joint == e.joint; });
            const anim::JointTrack* old = it != clip.tracks.end() ? &*it : nullptr;
            const anim::ChannelMask mask = changedChannels(old, e.track ? &*e.track : nullptr);
            if (mask)
                changed.emplace_back(e.joint, mask);
            if (e.track && it != clip.tracks.end())
                *it = *e.track;
            else if (e.track)
                clip.tracks.push_back(*e.track);
            else if (it != clip.tracks.end())
                clip.tracks.erase(it);
        }
        lengthChanged = clip.duration != state.duration;
        if (lengthChanged && changed.empty())
            changed.emplace_back(state.tracks.front().joint, 0);  // the duration alone moved: views refit
        clip.duration = state.duration;
    }
    std::vector<model::JointIndex> posed;
    for (const PoseEdit& p : state.poses) {
        const auto it = m_poseOverrides.find(p.joint);
        const bool had = it != m_poseOverrides.end();
        if (p.pose && (!had || !(it->second == *p.pose))) {
            m_poseOverrides[p.joint] = *p.pose;
            posed.push_back(p.joint);
        } else if (!p.pose && had) {
            m_poseOverrides.erase(it);
            posed.push_back(p.joint);
        }
    }
    for (const auto& [joint, mask] : changed)
        notify([&] { emit keysChanged(state.clip, joint, mask); });
    for (model::JointIndex joint : posed)
        notify([&] { emit poseOverrideChanged(joint); });
    if (lengthChanged)
        notify([&] { emit clipRangeChanged(state.clip); });
    return true;
}

bool Document::setClipRange(model::ClipId clip, std::optional<anim::ClipRange> range, float duration)
{
    if (clip < 0 || static_cast<std::size_t>(clip) >= m_rig.clips.size())
        return false;
    if (!std::isfinite(duration) || duration < 0.f || duration > anim::kMaxClipSeconds)
        return false;
    if (range && (anim::validateRange(*range) || duration != range->end))
        return false;
    anim::Clip& c = m_rig.clips[static_cast<std::size_t>(clip)];
    if (c.range == range && c.duration == duration)
        return true;
    c.range = range;
    c.duration = duration;
    notify([&] { emit clipRangeChanged(clip); });
    return true;
}

bool Document::setRotationMode(model::JointIndex joint, anim::RotationMode mode,
                               const std::vector<std::optional<anim::JointTrack>>& tracks)
{
    const std::size_t jointCount = m_rig.skeleton.size();
    if (joint < 0 || static_cast<std::size_t>(joint) >= jointCount || mode > anim::kLastRotationMode ||
        tracks.size() != m_rig.clips.size())
        return false;
    for (const auto& t : tracks)
        if (t && (t->joint != joint || t->rotationMode != mode))
            return false;
    if (m_rig.rotationModes.empty())
        m_rig.rotationModes.assign(jointCount, anim::RotationMode::Quaternion);
    m_rig.rotationModes[static_cast<std::size_t>(joint)] = mode;
    // All Quaternion again: the rig reads as one that never had modes.
    if (std::all_of(m_rig.rotationModes.begin(), m_rig.rotationModes.end(),
                    [](anim::RotationMode m) { return m == anim::RotationMode::Quaternion; }))
        m_rig.rotationModes.clear();
    std::vector<int> changed;
    for (std::size_t c = 0; c < tracks.size(); ++c) {
        auto& clipTracks = m_rig.clips[c].tracks;
        const auto it = std::find_if(clipTracks.begin(), clipTracks.end(),
                                     [&](const anim::JointTrack& t) { return t.joint == joint; });
        if (tracks[c] && it != clipTracks.end())
            *it = *tracks[c];
        else if (tracks[c])
            clipTracks.push_back(*tracks[c]);
        else if (it != clipTracks.end())
            clipTracks.erase(it);
        if (tracks[c] || it != clipTracks.end())
            changed.push_back(static_cast<int>(c));
    }
    for (int c : changed)
        notify([&] { emit keysChanged(c, joint, anim::kRotationBit); });
    notify([&] { emit rotationModeChanged(joint); });
    return true;
}

} // namespace marrow::doc
