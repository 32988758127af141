// SPDX-License-Identifier: MIT
#include "core/commands/animation_edit.h"

#include "core/commands/edit_animation_command.h"
#include "core/document/document.h"

#include <algorithm>

namespace marrow::cmd {

AnimationEdit::AnimationEdit(const doc::Document& document, model::ClipId clip)
    : m_document(document)
    , m_clip(clip)
{
}

const anim::JointTrack* AnimationEdit::peek(model::JointIndex joint) const
{
    if (auto it = m_tracks.find(joint); it != m_tracks.end())
        return &it->second;
    const anim::Clip* clip = m_document.rig().clipAt(m_clip);
    return clip ? clip->findTrack(joint) : nullptr;
}

anim::JointTrack* AnimationEdit::track(model::JointIndex joint)
{
    const model::Rig& rig = m_document.rig();
    if (m_clip < 0 || static_cast<std::size_t>(m_clip) >= rig.clips.size() || joint < 0 ||
        static_cast<std::size_t>(joint) >= rig.skeleton.size())
        return nullptr;
    auto it = m_tracks.find(joint);
    if (it == m_tracks.end()) {
        const anim::JointTrack* existing = rig.clips[static_cast<std::size_t>(m_clip)].findTrack(joint);
        anim::JointTrack copy = existing ? *existing : anim::JointTrack{};
        copy.joint = joint;
        if (!existing)
            copy.rotationMode = rig.rotationModeOf(joint);
        it = m_tracks.emplace(joint, std::move(copy)).first;
    }
    return &it->second;
}

void AnimationEdit::setPose(model::JointIndex joint, std::optional<math::Transform> pose)
{
    m_poses[joint] = pose;
}

doc::AnimationState AnimationEdit::before() const
{
    doc::AnimationState s;
    s.clip = m_clip;
    const anim::Clip* clip = m_document.rig().clipAt(m_clip);
    s.duration = clip ? clip->duration : 0.f;
    for (const auto& [joint, track] : m_tracks) {
        const anim::JointTrack* existing = clip ? clip->findTrack(joint) : nullptr;
        s.tracks.push_back({joint, existing ? std::optional<anim::JointTrack>(*existing) : std::nullopt});
    }
    for (const auto& [joint, pose] : m_poses)
        s.poses.push_back({joint, m_document.poseOverride(joint)});
    return s;
}

doc::AnimationState AnimationEdit::after() const
{
    doc::AnimationState s;
    s.clip = m_clip;
    const anim::Clip* clip = m_document.rig().clipAt(m_clip);
    // The duration follows the last key over the edited and the untouched
    // tracks and the morph weights (anim::followedLength): a manual range
    // keeps its end, a clip with no key after 0 its length.
    float last = 0.f;
    auto cover = [&](const anim::JointTrack& t) {
        for (float end : {t.translation.lastTime(), t.rotation.lastTime(), t.euler.lastTime(), t.scale.lastTime()})
            last = std::max(last, end);
    };
    if (clip) {
        for (const anim::JointTrack& t : clip->tracks)
            if (!m_tracks.count(t.joint))
                cover(t);
        for (const anim::MorphTrack& t : clip->morphTracks)
            last = std::max(last, t.lastTime());
    }
    for (const auto& [joint, track] : m_tracks) {
        cover(track);
        // A track the clip lacked and that ends empty is not created.
        const bool existed = clip && clip->findTrack(joint);
        const bool empty = track.mask() == 0;
        s.tracks.push_back({joint, existed || !empty ? std::optional<anim::JointTrack>(track) : std::nullopt});
    }
    s.duration = clip ? anim::followedLength(clip->range, last, clip->duration) : 0.f;
    for (const auto& [joint, pose] : m_poses)
        s.poses.push_back({joint, pose});
    return s;
}

std::unique_ptr<QUndoCommand> AnimationEdit::command(doc::Document* document, const QString& text,
                                                     model::InteractionId interaction) const
{
    doc::AnimationState b = before(), a = after();
    if (b == a)
        return nullptr;
    return std::make_unique<EditAnimationCommand>(document, text, std::move(b), std::move(a), interaction);
}

} // namespace marrow::cmd
