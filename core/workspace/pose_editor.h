// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/math/transform.h"
#include "core/model/ids.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>
#include <span>

namespace marrow::doc {
class Document;
}
namespace marrow::model {
struct Rig;
}

namespace marrow::ws {

class Playback;
class PoseEvaluator;
class Selection;

// Every pose edit and key insertion of the editor goes through here, so
// auto-key, the key channels setting and "keyed edits stick" hold for the
// gizmo, IK, the inspector and pasted poses alike. Edits are pushed as
// EditAnimationCommand onto the document's undo stack; pushes that carry
// one InteractionId merge into one undo entry (wrap them in the tracker's
// PushGuard when the caller owns an InteractionTracker).
class PoseEditor : public QObject {
    Q_OBJECT
public:
    // A joint's new local transform and which of its channels the edit changed.
    struct JointPose {
        model::JointIndex joint = 0;
        math::Transform local;
        anim::ChannelMask changed = anim::kTranslationBit | anim::kRotationBit | anim::kScaleBit;
    };

    PoseEditor(doc::Document* document, Playback* playback, Selection* selection, PoseEvaluator* evaluator,
               QObject* parent = nullptr);

    // Sets the joints' pose overrides; with auto-key on, also keys the
    // changed channels at the current time in the active clip (a new clip is
    // made when the document has none).
    void applyPoses(std::span<const JointPose> poses, model::InteractionId interaction, const QString& text);

    // I: keys `channels` of the joints at the current time from the pose on
    // screen. False when there is nothing to key (no joints, no channels).
    bool insertKeys(const QList<model::JointIndex>& joints, anim::ChannelMask channels);
    // Alt+I: deletes the joints' keys of `channels` at the current time.
    bool deleteKeysAtCurrentTime(const QList<model::JointIndex>& joints,
                                 anim::ChannelMask channels = anim::kTranslationBit | anim::kRotationBit |
                                                              anim::kScaleBit);

    // Whether one channel (a single bit) of a joint has a key at the current
    // time in the active clip, is animated without one here, or neither.
    enum class KeyState { None, Animated, Keyed };
    KeyState keyState(model::JointIndex joint, anim::ChannelMask channel) const;
    float currentTime() const;
    // Alt+G / Alt+R / Alt+S: the channels back to rest (one undo entry; keyed too with auto-key).
    bool clearTransforms(const QList<model::JointIndex>& joints, anim::ChannelMask channels);

    // Keys go into the active clip at the playback time, which means nothing
    // while a transition is previewed (its time is the preview's): then I
    // and Alt+I do nothing and auto-key leaves edits as overrides.
    bool keysAllowed() const;

    // Edit Skeleton: applyPoses sets the joints' rest transforms instead
    // (SetRestPoseCommand: skinned meshes stay where they are) and nothing
    // is keyed or cleared. With childrenFollow off (Alt held: "move only
    // this joint") the moved joints' children keep their rest worlds.
    void setEditSkeleton(bool on) { m_editSkeleton = on; }
    bool editSkeleton() const { return m_editSkeleton; }
    void setChildrenFollow(bool follow) { m_childrenFollow = follow; }
    bool childrenFollow() const { return m_childrenFollow; }
    // Edit Skeleton's X-Mirror: a moved joint's twin (mirroredJointName)
    // takes the mirror image of its rest, across X = 0.
    void setMirrorX(bool on) { m_mirrorX = on; }
    bool mirrorX() const { return m_mirrorX; }

    bool autoKey() const { return m_autoKey; }
    void setAutoKey(bool on);
    // What I keys (default all three).
    anim::ChannelMask keyChannels() const { return m_keyChannels; }
    void setKeyChannels(anim::ChannelMask channels);

signals:
    void autoKeyChanged(bool on);
    void keyChannelsChanged(anim::ChannelMask channels);

private:
    // The active clip; makes one ("Action", its own undo entry) when the document has none.
    model::ClipId clipForKeys();
    void applyRests(std::span<const JointPose> poses, model::InteractionId interaction, const QString& text);

    QPointer<doc::Document> m_document;
    QPointer<Playback> m_playback;
    QPointer<Selection> m_selection;
    QPointer<PoseEvaluator> m_evaluator;
    bool m_autoKey = false;
    bool m_editSkeleton = false;
    bool m_childrenFollow = true;
    bool m_mirrorX = false;
    std::shared_ptr<const model::Rig> m_restStart;  // the rig when the rest gesture began
    model::InteractionId m_restInteraction;
    anim::ChannelMask m_keyChannels = anim::kTranslationBit | anim::kRotationBit | anim::kScaleBit;
};

} // namespace marrow::ws
