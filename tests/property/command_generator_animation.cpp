// SPDX-License-Identifier: MIT
// The animation half of the random commands: pose, keys (insert, delete,
// move, scale, land, interpolation, tangents, handles, duplicate, paste),
// clips (add, remove, rename, range, from range, bake), frame rate,
// rotation modes, sync markers and transitions.
#include "command_generator.h"

#include "core/anim/key_ops.h"
#include "core/commands/add_clip_command.h"
#include "core/commands/animation_edit.h"
#include "core/commands/bake_transition_command.h"
#include "core/commands/clip_from_range_command.h"
#include "core/commands/drop_pose_command.h"
#include "core/commands/edit_sync_markers_command.h"
#include "core/commands/edit_transitions_command.h"
#include "core/commands/key_edit.h"
#include "core/commands/key_landing_edit.h"
#include "core/commands/remove_clip_command.h"
#include "core/commands/rename_clip_command.h"
#include "core/commands/set_clip_range_command.h"
#include "core/commands/set_fps_command.h"
#include "core/commands/set_joint_pose_command.h"
#include "core/commands/set_rotation_mode_command.h"
#include "core/document/key_id.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <array>
#include <set>
#include <type_traits>

namespace marrow::test {
namespace {

constexpr float kFrame = 1.f / 30.f;

glm::quat randomRotation(CommandGen& g, float maxRadians)
{
    const glm::vec3 axis = glm::normalize(glm::vec3(g.real(-1.f, 1.f), g.real(-1.f, 1.f), g.real(0.1f, 1.f)));
    return glm::angleAxis(g.real(-maxRadians, maxRadians), axis);
}

// The joint's rest moved a little: what dragging a gizmo gives.
math::Transform nearRest(CommandGen& g, model::JointIndex joint)
{
    math::Transform t = g.d.rig().skeleton.rest[static_cast<std::size_t>(joint)];
    t.translation += glm::vec3(g.real(-0.1f, 0.1f), g.real(-0.1f, 0.1f), g.real(-0.1f, 0.1f));
    t.rotation = glm::normalize(randomRotation(g, 1.f) * t.rotation);
    if (g.chance(0.2))
        t.scale *= g.real(0.5f, 1.5f);
    return t;
}

doc::ChannelKind channelKind(CommandGen& g)
{
    static constexpr std::array kinds{doc::ChannelKind::Translation, doc::ChannelKind::Rotation,
                                      doc::ChannelKind::Scale};
    return g.pick(std::span<const doc::ChannelKind>(kinds));
}

anim::Interpolation interpolation(CommandGen& g)
{
    return static_cast<anim::Interpolation>(g.integer(0, 2));
}

// Every key of the clip.
std::vector<doc::KeyId> keysOf(const anim::Clip& clip)
{
    std::vector<doc::KeyId> keys;
    for (const anim::JointTrack& track : clip.tracks)
        for (doc::ChannelKind kind : {doc::ChannelKind::Translation, doc::ChannelKind::Rotation, doc::ChannelKind::Scale})
            doc::visitChannel(track, kind, [&](const auto& channel) {
                for (float t : channel.times)
                    keys.push_back({track.joint, kind, t});
            });
    return keys;
}

// A selection of keys as the dope sheet makes them: one channel's keys, a
// box of time, or a few picked keys. Empty when the clip has none.
std::set<doc::KeyId> someKeys(CommandGen& g, model::ClipId clip)
{
    const std::vector<doc::KeyId> all = keysOf(g.d.rig().clips[static_cast<std::size_t>(clip)]);
    std::set<doc::KeyId> keys;
    if (all.empty())
        return keys;
    const doc::KeyId& seed = all[g.index(all.size())];
    switch (g.integer(0, 2)) {
    case 0:
        for (const doc::KeyId& k : all)
            if (k.joint == seed.joint && k.kind == seed.kind)
                keys.insert(k);
        break;
    case 1: {
        const float to = seed.time + g.real(0.f, 0.5f);
        for (const doc::KeyId& k : all)
            if (k.time >= seed.time && k.time <= to)
                keys.insert(k);
        break;
    }
    default:
        for (int n = g.integer(1, 6); n > 0; --n)
            keys.insert(all[g.index(all.size())]);
    }
    return keys;
}

void pushEdit(CommandGen& g, const cmd::AnimationEdit& edit, const char* text)
{
    g.push(edit.command(&g.d, QString::fromUtf8(text)));
}

void renameClip(CommandGen& g)
{
    if (const model::ClipId c = g.clip(); c >= 0)
        g.push(cmd::makeRenameClipCommand(&g.d, c, g.name("clip")));
}

void setJointPose(CommandGen& g)
{
    // A drag: one to three poses of one joint in one interaction (one entry).
    const model::JointIndex joint = g.joint();
    const model::InteractionId drag = g.d.beginInteraction();
    for (int n = g.integer(1, 3); n > 0; --n) {
        std::optional<math::Transform> pose;
        if (!g.chance(0.15))
            pose = nearRest(g, joint);
        g.push(new cmd::SetJointPoseCommand(&g.d, joint, pose, drag));
    }
}

void dropPose(CommandGen& g)
{
    g.push(new cmd::DropPoseCommand(&g.d));
}

void insertKey(CommandGen& g)
{
    const model::ClipId clip = g.clip();
    if (clip < 0)
        return;
    cmd::AnimationEdit edit(g.d, clip);
    const model::JointIndex joint = g.joint();
    const doc::ChannelKind kind = channelKind(g);
    const float at = g.time(std::max(g.d.rig().clips[static_cast<std::size_t>(clip)].duration, 1.f) + 0.5f);
    const anim::Interpolation mode = interpolation(g);
    const math::Transform value = nearRest(g, joint);
    anim::JointTrack* track = edit.track(joint);
    if (!track)
        return;
    doc::visitChannel(*track, kind, [&](auto& channel) {
        using T = std::decay_t<decltype(channel.values[0])>;
        if constexpr (std::is_same_v<T, glm::quat>)
            anim::insertKey(channel, at, value.rotation, mode);
        else if (kind == doc::ChannelKind::Translation)
            anim::insertKey(channel, at, value.translation, mode);
        else if (kind == doc::ChannelKind::Scale)
            anim::insertKey(channel, at, value.scale, mode);
        else  // an Euler bone's rotation: angles in radians
            anim::insertKey(channel, at, glm::vec3(g.real(-3.f, 3.f), g.real(-3.f, 3.f), g.real(-3.f, 3.f)), mode);
    });
    if (g.chance(0.1))
        edit.setPose(joint, std::nullopt);  // keying drops the joint's pose, as the editor's I does
    pushEdit(g, edit, "Insert Key");
}

// The key edits that take a selection: delete, move, scale, interpolation,
// tangent mode, one handle, duplicate, copy and paste.
template <class Edit>
void editKeys(CommandGen& g, const char* text, Edit&& change)
{
    const model::ClipId clip = g.clip();
    if (clip < 0)
        return;
    const std::set<doc::KeyId> keys = someKeys(g, clip);
    if (keys.empty())
        return;
    cmd::AnimationEdit edit(g.d, clip);
    change(edit, keys);
    pushEdit(g, edit, text);
}

float moveDelta(CommandGen& g, const std::set<doc::KeyId>& keys)
{
    const float wanted = g.chance(0.8) ? static_cast<float>(g.integer(-10, 10)) * kFrame : g.real(-0.3f, 0.3f);
    return cmd::clampMoveDelta(keys, wanted);
}

void deleteKeys(CommandGen& g)
{
    editKeys(g, "Delete Keys", [](cmd::AnimationEdit& edit, const auto& keys) { cmd::deleteKeys(edit, keys); });
}

void moveKeys(CommandGen& g)
{
    editKeys(g, "Move Keys", [&](cmd::AnimationEdit& edit, const auto& keys) {
        cmd::moveKeys(edit, keys, moveDelta(g, keys));
    });
}

void scaleKeys(CommandGen& g)
{
    editKeys(g, "Scale Keys", [&](cmd::AnimationEdit& edit, const auto& keys) {
        cmd::scaleKeys(edit, keys, keys.begin()->time, g.real(0.25f, 2.5f));
    });
}

// Key moves that land on frames (key_landing_edit): a drag snapped to the
// frame rate, keys that meet merged.
void landKeys(CommandGen& g)
{
    editKeys(g, "Move Keys", [&](cmd::AnimationEdit& edit, const auto& keys) {
        const float shift = g.real(-0.4f, 0.4f);
        const float factor = g.chance(0.3) ? g.real(0.5f, 1.5f) : 1.f;
        const float pivot = keys.begin()->time;
        const double fps = g.d.fps() > 0.0 ? g.d.fps() : 30.0;
        cmd::landSelectedKeys(
            edit, keys, [=](float t) { return std::max(0.f, pivot + (t - pivot) * factor + shift); }, fps);
    });
}

void setInterpolation(CommandGen& g)
{
    editKeys(g, "Interpolation", [&](cmd::AnimationEdit& edit, const auto& keys) {
        cmd::setKeysInterpolation(edit, keys, interpolation(g));
    });
}

void setTangentMode(CommandGen& g)
{
    editKeys(g, "Tangent Mode", [&](cmd::AnimationEdit& edit, const auto& keys) {
        cmd::setKeysTangentMode(edit, keys, static_cast<anim::TangentMode>(g.integer(0, 4)));
    });
}

void setHandle(CommandGen& g)
{
    editKeys(g, "Move Handle", [&](cmd::AnimationEdit& edit, const auto& keys) {
        const anim::HandleSide side = g.chance(0.5) ? anim::HandleSide::In : anim::HandleSide::Out;
        cmd::setKeyHandleSlope(edit, *keys.begin(), g.integer(0, 2), side, g.real(-5.f, 5.f));
    });
}

void duplicateKeys(CommandGen& g)
{
    editKeys(g, "Duplicate Keys", [&](cmd::AnimationEdit& edit, const auto& keys) {
        const float delta = std::max(moveDelta(g, keys), 0.f) + kFrame;
        cmd::duplicateKeys(edit, keys, [delta](float t) { return t + delta; });
    });
}

void pasteKeys(CommandGen& g)
{
    const model::ClipId from = g.clip();
    if (from < 0)
        return;
    const cmd::KeyClipboard clipboard =
        cmd::copyKeys(g.d.rig().clips[static_cast<std::size_t>(from)], someKeys(g, from));
    const model::ClipId to = g.clip();
    if (clipboard.empty())
        return;
    cmd::AnimationEdit edit(g.d, to);
    cmd::pasteKeys(edit, clipboard, g.time(2.f));
    pushEdit(g, edit, "Paste Keys");
}

void addClip(CommandGen& g)
{
    const auto& clips = g.d.rig().clips;
    if (clips.size() >= 12)
        return;  // enough clips: keeps the document small
    anim::Clip clip;
    if (!clips.empty() && g.chance(0.7))
        clip = clips[g.index(clips.size())];  // Duplicate Clip
    clip.name = g.name("clip");
    const model::ClipId at = g.chance(0.5) ? -1 : g.integer(0, static_cast<int>(clips.size()));
    g.push(new cmd::AddClipCommand(&g.d, std::move(clip), at));
}

void removeClip(CommandGen& g)
{
    if (g.d.rig().clips.size() > 1)  // a transition's clip is refused: dropped as obsolete
        g.push(new cmd::RemoveClipCommand(&g.d, g.clip()));
}

void setClipRange(CommandGen& g)
{
    const model::ClipId clip = g.clip();
    if (clip < 0)
        return;
    std::optional<anim::ClipRange> range;
    if (!g.chance(0.3)) {
        const int start = g.integer(0, 15);
        range = anim::ClipRange{static_cast<float>(start) * kFrame, static_cast<float>(start + g.integer(1, 60)) * kFrame};
    }
    g.push(cmd::makeSetClipRangeCommand(&g.d, clip, range));
}

void clipFromRange(CommandGen& g)
{
    const model::ClipId source = g.clip();
    if (source < 0 || g.d.rig().clips.size() >= 12)
        return;
    const double length = g.d.rig().clips[static_cast<std::size_t>(source)].duration;
    if (length <= 0.0)
        return;
    const double start = g.real(0.f, 0.8f) * length;
    const double end = start + g.real(0.05f, 1.f) * (length - start);
    g.push(cmd::makeClipFromRangeCommand(&g.d, source, start, end, g.name("cut")));
}

void setFps(CommandGen& g)
{
    static constexpr std::array rates{0.0, 12.5, 24.0, 25.0, 30.0, 60.0};
    g.push(cmd::makeSetFpsCommand(&g.d, g.pick(std::span<const double>(rates))));
}

void setRotationMode(CommandGen& g)
{
    g.push(new cmd::SetRotationModeCommand(&g.d, g.joint(), static_cast<anim::RotationMode>(g.integer(0, 6))));
}

void editSyncMarkers(CommandGen& g)
{
    const model::ClipId clip = g.clip();
    if (clip < 0)
        return;
    static constexpr std::array names{"L", "R", "contact", "L"};
    cmd::SyncMarkerList markers;
    if (!g.chance(0.2)) {
        markers.emplace();
        const float length = std::max(g.d.rig().clips[static_cast<std::size_t>(clip)].duration, 0.1f);
        for (int n = g.integer(0, 4); n > 0; --n)
            markers->push_back({g.pick(std::span<const char* const>(names)), g.real(0.f, length)});
    }
    g.push(cmd::makeEditSyncMarkersCommand(&g.d, clip, std::move(markers), QStringLiteral("Edit Sync Markers")));
}

model::Transition randomTransition(CommandGen& g)
{
    const model::Rig& rig = g.d.rig();
    model::Transition t;
    t.name = g.name("transition");
    t.clipA = g.clip();
    t.clipB = g.clip();
    t.exit = g.real(0.f, std::max(rig.clips[static_cast<std::size_t>(t.clipA)].duration, 0.1f));
    t.offset = g.real(0.f, std::max(rig.clips[static_cast<std::size_t>(t.clipB)].duration, 0.1f));
    t.duration = g.real(0.05f, 1.f);
    t.curve.kind = static_cast<anim::BlendCurveKind>(g.integer(0, 5));
    t.curve.x1 = g.real(0.f, 1.f);
    t.curve.y1 = g.real(-0.5f, 1.5f);
    t.curve.x2 = g.real(0.f, 1.f);
    t.curve.y2 = g.real(-0.5f, 1.5f);
    t.sync = g.chance(0.3);
    t.cycleA = g.chance(0.5);
    t.cycleB = g.chance(0.5);
    t.mode = g.chance(0.5) ? anim::BlendMode::Crossfade : anim::BlendMode::Inertialization;
    t.matchRoot = g.chance(0.3);
    if (g.chance(0.3))
        for (std::size_t j = 0; j < rig.skeleton.size(); ++j)
            t.profile.push_back(g.real(0.25f, 3.f));
    if (g.chance(0.3))
        t.previewLength = t.exit + t.duration + g.real(0.f, 2.f);
    return t;
}

// The Transitions dock: add one, change one (a field dragged over one to
// three steps of one interaction), or delete one.
void editTransitions(CommandGen& g)
{
    if (g.d.rig().clips.empty())
        return;
    std::vector<model::Transition> list = g.d.rig().transitions;
    int what = g.integer(0, 3);  // 0 add, 3 delete, else change
    if (list.size() >= 6 && what == 0)
        what = 3;  // enough transitions: keeps the document small
    if (what == 0 || list.empty()) {
        list.insert(list.begin() + static_cast<std::ptrdiff_t>(g.index(list.size() + 1)), randomTransition(g));
        g.push(new cmd::EditTransitionsCommand(&g.d, QStringLiteral("New Transition"), std::move(list)));
        return;
    }
    const std::size_t i = g.index(list.size());
    if (what == 3) {
        list.erase(list.begin() + static_cast<std::ptrdiff_t>(i));
        g.push(new cmd::EditTransitionsCommand(&g.d, QStringLiteral("Delete Transition"), std::move(list)));
        return;
    }
    const model::InteractionId drag = g.d.beginInteraction();
    const int field = g.integer(0, 3);
    for (int n = g.integer(1, 3); n > 0; --n) {
        list = g.d.rig().transitions;
        if (i >= list.size())
            return;
        const model::Transition other = randomTransition(g);
        model::Transition& t = list[i];
        switch (field) {
        case 0: t.exit = other.exit; t.duration = other.duration; break;
        case 1: t.curve = other.curve; t.mode = other.mode; break;
        case 2: t.profile = other.profile; t.matchRoot = other.matchRoot; t.sync = other.sync; break;
        default: t.clipB = other.clipB; t.offset = other.offset; t.previewLength = other.previewLength;
        }
        g.push(new cmd::EditTransitionsCommand(&g.d, QStringLiteral("Edit Transition"), std::move(list), drag));
    }
}

void bakeTransition(CommandGen& g)
{
    const auto& transitions = g.d.rig().transitions;
    if (transitions.empty() || g.d.rig().clips.size() >= 12)
        return;
    const anim::BakeRange range = g.chance(0.5) ? anim::BakeRange::Full : anim::BakeRange::Blend;
    const double fps = g.d.fps() > 0.0 ? g.d.fps() : 30.0;
    g.push(cmd::makeBakeTransitionCommand(&g.d, static_cast<int>(g.index(transitions.size())), range, fps));
}

constexpr CommandKind kKinds[] = {
    {"rename clip", renameClip},
    {"set joint pose", setJointPose},
    {"drop pose", dropPose},
    {"insert key", insertKey},
    {"delete keys", deleteKeys},
    {"move keys", moveKeys},
    {"scale keys", scaleKeys},
    {"land keys", landKeys},
    {"interpolation", setInterpolation},
    {"tangent mode", setTangentMode},
    {"key handle", setHandle},
    {"duplicate keys", duplicateKeys},
    {"paste keys", pasteKeys},
    {"add clip", addClip},
    {"remove clip", removeClip},
    {"clip range", setClipRange},
    {"clip from range", clipFromRange},
    {"fps", setFps},
    {"rotation mode", setRotationMode},
    {"sync markers", editSyncMarkers},
    {"transitions", editTransitions},
    {"bake transition", bakeTransition},
};

} // namespace

std::span<const CommandKind> animationKinds()
{
    return kKinds;
}

} // namespace marrow::test
