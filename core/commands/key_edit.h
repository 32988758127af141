// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/key_ops.h"
#include "core/commands/animation_edit.h"
#include "core/document/key_id.h"

#include <functional>
#include <set>
#include <vector>

namespace marrow::cmd {

// Operations on a selection of keys (KeyIds of the edit's clip), as the dope
// sheet and the graph view make them. Each writes into an AnimationEdit
// (nothing touches the document until its command is pushed) and returns
// the keys as they stand afterwards, for the KeySelection to hold. The keys
// are grouped per channel (a std::set<KeyId> is sorted by joint, channel,
// time), so each channel is looked up and edited once, however many of its
// keys are selected. KeyIds that name no key are ignored.
//
//   AnimationEdit edit(*doc, clip);
//   const auto moved = moveKeys(edit, keySelection.keys(), 2.f / 30.f);
//   if (auto c = edit.command(doc, QObject::tr("Move Keys"))) { doc->undoStack()->push(c.release()); ... }

// Gives every key at t the time map(t) (anim::retimeKeys: a moved key
// replaces an unselected key it lands on). The caller keeps map(t) >= 0.
std::set<doc::KeyId> retimeKeys(AnimationEdit& edit, const std::set<doc::KeyId>& keys,
                                const std::function<float(float)>& map);
// The part of a graph drag that moves values: the keys of channel `kind`
// also move by delta(track) in `component` (key_ops' offsetKeyComponent), the
// track being the joint's before the edit, so the caller can convert from
// what it draws (the graph's Euler degrees) to what is stored.
struct ValueShift {
    doc::ChannelKind kind = doc::ChannelKind::Translation;
    int component = -1;  // none
    std::function<double(const anim::JointTrack&)> delta;
};

// delta raised so that no key of `keys` goes below time 0.
float clampMoveDelta(const std::set<doc::KeyId>& keys, float delta);
// t + clampMoveDelta(delta), and the value shift when it names a component.
std::set<doc::KeyId> moveKeys(AnimationEdit& edit, const std::set<doc::KeyId>& keys, float delta,
                              const ValueShift& shift = {});
// pivot + (t - pivot) * factor, the factor stopping where a key would pass
// time 0 (anim::clampKeyFactor). Keys that meet merge: the editor's G and S
// land keys apart through landSelectedKeys (key_landing_edit.h).
std::set<doc::KeyId> scaleKeys(AnimationEdit& edit, const std::set<doc::KeyId>& keys, float pivot, float factor);
// A tangent handle of one key's component dragged to `slope` (stored units
// per second), as the key's handle type says (anim::setKeyHandleSlope).
void setKeyHandleSlope(AnimationEdit& edit, const doc::KeyId& key, int component, anim::HandleSide side, float slope);
void deleteKeys(AnimationEdit& edit, const std::set<doc::KeyId>& keys);
// The segments starting at the keys (Constant is Interpolation::Step).
void setKeysInterpolation(AnimationEdit& edit, const std::set<doc::KeyId>& keys, anim::Interpolation mode);
void setKeysTangentMode(AnimationEdit& edit, const std::set<doc::KeyId>& keys, anim::TangentMode mode);

// Copied keys with everything that makes them (value, interpolation,
// tangents, tangent mode), per channel, at times relative to the earliest
// copied key (which is at 0).
struct KeyClipboard {
    struct Entry {
        model::JointIndex joint = 0;
        doc::ChannelKind kind = doc::ChannelKind::Translation;
        anim::Vec3Channel vec3;  // translation and scale
        anim::QuatChannel quat;  // rotation
    };
    std::vector<Entry> entries;
    bool empty() const { return entries.empty(); }
};

KeyClipboard copyKeys(const anim::Clip& clip, const std::set<doc::KeyId>& keys);
// Inserts the copies on the same joints and channels, the earliest at `at`
// (>= 0); a copy replaces a key at its time. Returns the pasted keys.
std::set<doc::KeyId> pasteKeys(AnimationEdit& edit, const KeyClipboard& clipboard, float at);
// Copies of the keys at map(t) (the originals stay; a copy replaces a key
// at its time, the original included when map(t) == t). Returns the copies.
std::set<doc::KeyId> duplicateKeys(AnimationEdit& edit, const std::set<doc::KeyId>& keys,
                                   const std::function<float(float)>& map);

} // namespace marrow::cmd
