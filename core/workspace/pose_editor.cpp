// SPDX-License-Identifier: MIT
#include "core/workspace/pose_editor.h"

#include "core/anim/channel_sampling.h"
#include "core/anim/key_ops.h"
#include "core/commands/add_clip_command.h"
#include "core/commands/animation_edit.h"
#include "core/commands/set_rest_pose_command.h"
#include "core/document/document.h"
#include "core/model/joint_name_mirror.h"
#include "core/model/skeleton_edit.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"

#include <cmath>
#include <vector>

namespace marrow::ws {

namespace {

// A key within this of the playhead is "at the current time" (Alt+I), so a
// key written at a frame is found from a time computed by another path.
constexpr float kSameTime = 1e-4f;

// A new key takes the mode of the key before it (the first key's when it
// comes first), so an imported linear channel stays uniform; a channel's
// first key is cubic with auto-clamped tangents, as in Blender.
template <class T>
anim::Interpolation modeForNewKey(const anim::Channel<T>& ch, float time)
{
    if (ch.empty())
        return anim::Interpolation::CubicSpline;
    std::size_t i = 0;
    while (i + 1 < ch.size() && ch.times[i + 1] <= time)
        ++i;
    return ch.segment(i);
}

template <class T>
void keyChannel(anim::Channel<T>& ch, float time, const T& value)
{
    anim::insertKey(ch, time, value, modeForNewKey(ch, time));
}

void keyTrack(anim::JointTrack& track, float time, const math::Transform& local, anim::ChannelMask channels)
{
    if (channels & anim::kTranslationBit)
        keyChannel(track.translation, time, local.translation);
    if (channels & anim::kRotationBit && anim::isEuler(track.rotationMode)) {
        // Angles nearest the curve where it is now, so a key never jumps a turn.
        std::uint32_t cursor = 0;
        const glm::vec3 now = track.euler.empty() ? glm::vec3(0.f) : anim::sampleChannel(track.euler, time, cursor);
        keyChannel(track.euler, time, anim::quatToEulerNear(local.rotation, track.rotationMode, now));
    } else if (channels & anim::kRotationBit) {
        keyChannel(track.rotation, time, local.rotation);
    }
    if (channels & anim::kScaleBit)
        keyChannel(track.scale, time, local.scale);
}

} // namespace

PoseEditor::PoseEditor(doc::Document* document, Playback* playback, Selection* selection, PoseEvaluator* evaluator,
                       QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_playback(playback)
    , m_selection(selection)
    , m_evaluator(evaluator)
{
}

void PoseEditor::setAutoKey(bool on)
{
    if (on == m_autoKey)
        return;
    m_autoKey = on;
    emit autoKeyChanged(on);
}

void PoseEditor::setKeyChannels(anim::ChannelMask channels)
{
    channels &= anim::kTranslationBit | anim::kRotationBit | anim::kScaleBit;
    if (channels == m_keyChannels)
        return;
    m_keyChannels = channels;
    emit keyChannelsChanged(channels);
}

float PoseEditor::currentTime() const
{
    return m_playback ? static_cast<float>(m_playback->time()) : 0.f;
}

model::ClipId PoseEditor::clipForKeys()
{
    if (!m_document || !m_selection)
        return -1;
    if (m_document->rig().clips.empty()) {
        // Keys need a clip: the first key of a document without one makes it.
        anim::Clip clip;
        clip.name = "Action";
        clip.duration = 0.f;
        m_document->undoStack()->push(new cmd::AddClipCommand(m_document, std::move(clip)));
        m_selection->setActiveClip(0);
    }
    return m_selection->activeClip();
}

void PoseEditor::applyPoses(std::span<const JointPose> poses, model::InteractionId interaction, const QString& text)
{
    if (!m_document || poses.empty())
        return;
    if (m_editSkeleton)
        return applyRests(poses, interaction, text);
    const bool autoKey = m_autoKey && keysAllowed();
    const model::ClipId clip = autoKey ? clipForKeys() : (m_selection ? m_selection->activeClip() : -1);
    cmd::AnimationEdit edit(*m_document, clip);
    for (const JointPose& p : poses) {
        // Keyed, the keys hold the pose; an override the joint already has
        // (unkeyed channels) follows along so nothing on screen jumps.
        if (!autoKey || m_document->poseOverride(p.joint))
            edit.setPose(p.joint, p.local);
        if (!autoKey)
            continue;
        if (anim::JointTrack* track = edit.track(p.joint))
            keyTrack(*track, currentTime(), p.local, p.changed);
    }
    if (auto command = edit.command(m_document, text, interaction))
        m_document->undoStack()->push(command.release());
}

void PoseEditor::applyRests(std::span<const JointPose> poses, model::InteractionId interaction, const QString& text)
{
    std::vector<std::pair<anim::JointIndex, math::Transform>> rests;
    for (const JointPose& p : poses)
        rests.emplace_back(p.joint, p.local);
    // Every push of one gesture starts from the rig at its start: the
    // PoseTool's locals are absolute from there, and Alt pressed mid-drag
    // keeps the children where they were when the drag began.
    if (!interaction.valid() || interaction != m_restInteraction) {
        m_restStart = std::make_shared<const model::Rig>(m_document->rig());
        m_restInteraction = interaction;
    }
    model::Rig rig = *m_restStart;
    if (model::setRestTransforms(rig, rests, m_childrenFollow))
        return;  // out of range or not finite: nothing to do
    if (m_mirrorX) {
        // Only twins that exist: a move never changes the skeleton's shape.
        std::vector<anim::JointIndex> mirrored;
        for (const JointPose& p : poses)
            if (const auto twin = model::mirroredJointName(rig.skeleton.names[static_cast<std::size_t>(p.joint)]))
                if (rig.skeleton.find(*twin))
                    mirrored.push_back(p.joint);
        if (!mirrored.empty())
            model::symmetrize(rig, mirrored);
    }
    m_document->undoStack()->push(new cmd::SetRestPoseCommand(m_document, rig, text, interaction));
}

bool PoseEditor::insertKeys(const QList<model::JointIndex>& joints, anim::ChannelMask channels)
{
    if (!m_document || !m_evaluator || joints.isEmpty() || channels == 0 || !keysAllowed())
        return false;
    // The pose on screen, read before a first clip is made: making it moves
    // the active clip, which drops the pose edits (Drop Pose).
    const std::vector<math::Transform> locals(m_evaluator->locals().begin(), m_evaluator->locals().end());
    const model::ClipId clip = clipForKeys();
    cmd::AnimationEdit edit(*m_document, clip);
    const anim::ChannelMask all = anim::kTranslationBit | anim::kRotationBit | anim::kScaleBit;
    for (model::JointIndex joint : joints) {
        anim::JointTrack* track = edit.track(joint);
        if (!track || static_cast<std::size_t>(joint) >= locals.size())
            continue;
        keyTrack(*track, currentTime(), locals[static_cast<std::size_t>(joint)], channels);
        // Every channel keyed: the keys hold the pose now, so the override
        // goes (the screen does not change, and a time change loses nothing).
        if (channels == all && m_document->poseOverride(joint))
            edit.setPose(joint, std::nullopt);
    }
    auto command = edit.command(m_document, tr("Insert Keys"));
    if (!command)
        return false;
    m_document->undoStack()->push(command.release());
    return true;
}

PoseEditor::KeyState PoseEditor::keyState(model::JointIndex joint, anim::ChannelMask channel) const
{
    if (!m_document || !m_selection)
        return KeyState::None;
    const anim::Clip* clip = m_document->rig().clipAt(m_selection->activeClip());
    if (!clip)
        return KeyState::None;
    const anim::JointTrack* track = clip->findTrack(joint);
    if (!track)
        return KeyState::None;
    const std::vector<float>& times = channel == anim::kTranslationBit ? track->translation.times
                                      : channel == anim::kRotationBit  ? (anim::isEuler(track->rotationMode)
                                                                              ? track->euler.times
                                                                              : track->rotation.times)
                                                                       : track->scale.times;
    if (times.empty())
        return KeyState::None;
    const float t = currentTime();
    for (float k : times)
        if (std::abs(k - t) <= kSameTime)
            return KeyState::Keyed;
    return KeyState::Animated;
}

bool PoseEditor::keysAllowed() const
{
    if (m_editSkeleton)
        return false;  // the rest pose has no time to key at
    return !m_playback || m_playback->mode() == Playback::Mode::Clip;
}

bool PoseEditor::deleteKeysAtCurrentTime(const QList<model::JointIndex>& joints, anim::ChannelMask channels)
{
    if (!m_document || !m_selection || !keysAllowed())
        return false;
    cmd::AnimationEdit edit(*m_document, m_selection->activeClip());
    const float t = currentTime();
    for (model::JointIndex joint : joints) {
        const anim::JointTrack* existing = edit.peek(joint);
        if (!existing)
            continue;
        anim::JointTrack* track = edit.track(joint);
        auto drop = [&](auto& ch) {
            std::vector<std::size_t> at;
            for (std::size_t i = 0; i < ch.size(); ++i)
                if (std::abs(ch.times[i] - t) <= kSameTime)
                    at.push_back(i);
            if (!at.empty())
                anim::removeKeys(ch, at);
        };
        if (channels & anim::kTranslationBit)
            drop(track->translation);
        if (channels & anim::kRotationBit) {
            drop(track->rotation);
            drop(track->euler);
        }
        if (channels & anim::kScaleBit)
            drop(track->scale);
    }
    auto command = edit.command(m_document, tr("Delete Keys"));
    if (!command)
        return false;
    m_document->undoStack()->push(command.release());
    return true;
}

bool PoseEditor::clearTransforms(const QList<model::JointIndex>& joints, anim::ChannelMask channels)
{
    if (!m_document || !m_evaluator || joints.isEmpty() || channels == 0 || m_editSkeleton)
        return false;
    const auto& rest = m_document->rig().skeleton.rest;
    const auto locals = m_evaluator->locals();
    std::vector<JointPose> poses;
    for (model::JointIndex joint : joints) {
        const auto j = static_cast<std::size_t>(joint);
        if (joint < 0 || j >= rest.size() || j >= locals.size())
            continue;
        JointPose p{joint, locals[j], channels};
        if (channels & anim::kTranslationBit)
            p.local.translation = rest[j].translation;
        if (channels & anim::kRotationBit)
            p.local.rotation = rest[j].rotation;
        if (channels & anim::kScaleBit)
            p.local.scale = rest[j].scale;
        poses.push_back(p);
    }
    if (poses.empty())
        return false;
    const QString text = channels == anim::kRotationBit      ? tr("Clear Rotation")
                         : channels == anim::kTranslationBit ? tr("Clear Location")
                         : channels == anim::kScaleBit       ? tr("Clear Scale")
                                                             : tr("Clear Transforms");
    const int before = m_document->undoStack()->index();
    applyPoses(poses, {}, text);
    return m_document->undoStack()->index() != before;
}

} // namespace marrow::ws
