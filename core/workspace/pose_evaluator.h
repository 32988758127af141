// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/transform.h"
#include "core/mesh/cpu_skinning_job.h"
#include "core/model/ids.h"
#include "core/model/pose_pipeline.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <span>
#include <vector>

namespace marrow::doc {
class Document;
}

namespace marrow::ws {

class Playback;
class Selection;
class RetargetPreview;
class TransitionPreview;

// The pose on screen: the active clip sampled at the playback time, with the
// document's pose overrides laid over the sampled locals, then world
// matrices and skinning palettes. Listens to the Document (keys, clips, rig,
// overrides, weights), the Playback (time) and the Selection (active clip),
// and emits poseChanged() after each evaluation.
//
// When the time or the active clip changes, the overrides are dropped first
// by pushing DropPoseCommand (one undo entry), as Blender drops unkeyed pose
// edits on a frame change. "Changes" means away from the clip and time the
// pose was made at; opening a document puts its saved pose at the first
// clip's start, so the reset that comes with the new rig keeps it. The PosePipeline holds a reference to the document's rig and
// sizes its buffers from it, so it is rebuilt whenever the rig's shape may
// have changed (rigReplaced, clipsChanged); key edits re-sample once per
// event-loop turn (coalesced), or at the first read of the pose before that.
//
// CPU-skinned positions (for picking and brush hits) are computed on first
// request after a pose or weight change and cached until the next one.
class PoseEvaluator : public QObject {
    Q_OBJECT
public:
    PoseEvaluator(doc::Document* document, Playback* playback, Selection* selection, QObject* parent = nullptr);
    ~PoseEvaluator() override;

    // Reads evaluate first when a key edit is still pending (see keysChanged).
    std::span<const math::Transform> locals() const;
    std::span<const glm::mat4> worlds() const;
    std::span<const glm::mat4> palette(std::size_t skin) const;
    // The same palette as dual quaternions, built on first request per pose.
    std::span<const math::ScaledDualQuat> dualQuats(std::size_t skin) const;
    // One mesh's morph-target weights in the current pose, as its skinned
    // positions use them (empty when out of range or it has no targets).
    std::span<const float> morphWeights(std::size_t mesh) const;
    // World-space positions of one mesh in the current pose (empty when out of range).
    std::span<const glm::vec3> skinnedPositions(model::MeshId mesh) const;

    // While the preview has an active transition, the pose is its blend at
    // the playback time (the pose source), instead of the active clip's.
    void setTransitionPreview(TransitionPreview* preview);
    // While the retarget preview is active, the pose is its carried clip at
    // the playback time (Clip › Retarget From…), ahead of clip and transition.
    void setRetargetPreview(RetargetPreview* preview);

    // Rest Position (Blender's armature toggle): while on, the picture
    // (worlds, palettes, skinned positions) is the bind pose, so painting
    // never moves a vertex out from under the brush. Playback, keys and pose
    // edits go on as before: locals() stays the animated pose they read.
    void setRestPosition(bool on);
    bool restPosition() const { return m_restPosition; }

    // Edit Skeleton (Blender's armature Edit Mode): while on, the pose is the
    // skeleton's rest pose (no clip, no overrides, no transition), locals()
    // included, so Edit mode's tools read and change rest transforms.
    void setEditSkeleton(bool on);
    bool editSkeleton() const { return m_editSkeleton; }

    void setSkinningMethod(mesh::SkinningMethod method);
    mesh::SkinningMethod skinningMethod() const { return m_method; }

    // How many times the pose was evaluated / the pipeline rebuilt (for tests).
    int evaluationCount() const { return m_evaluations; }
    int rebuildCount() const { return m_rebuilds; }

public slots:
    // Samples, applies overrides, and emits poseChanged().
    void evaluate();

signals:
    void poseChanged();
    void restPositionChanged(bool on);
    void editSkeletonChanged(bool on);

private:
    void rebuild();
    void syncDuration();
    void markKeysDirty();
    void ensureCurrent() const;
    void onTimeOrClipChanged();
    void notePoseContext();
    // Pushes Drop Pose when the time or clip moved away from the pose's;
    // queued when a command is running. True when it dropped (and evaluated).
    bool dropPoseIfAway();
    static std::vector<std::size_t> shapeOf(const model::Rig& rig);
    void invalidatePositions();

    QPointer<doc::Document> m_document;
    QPointer<Playback> m_playback;
    QPointer<Selection> m_selection;
    QPointer<TransitionPreview> m_preview;
    QPointer<RetargetPreview> m_retarget;
    std::vector<math::Transform> m_previewLocals;  // the transition's blend, reused each evaluation
    std::vector<anim::JointBlock> m_previewBlocks;  // the same as JointBlocks, where the poser makes them
    std::unique_ptr<model::PosePipeline> m_pipeline;
    std::vector<std::size_t> m_shape;  // shapeOf(rig) when the pipeline was built
    std::vector<model::JointOverride> m_overrides;  // the document's overrides, reused each evaluation
    mesh::SkinningMethod m_method = mesh::SkinningMethod::Linear;
    bool m_restPosition = false;
    bool m_editSkeleton = false;
    std::vector<math::Transform> m_animatedLocals;  // Rest Position: the pose locals() reports
    std::vector<math::Transform> m_bindLocals;      // Rest Position: model::bindPoseLocals, until the next rebuild()
    mutable std::vector<std::vector<glm::vec3>> m_positions;  // per mesh, filled on request
    mutable std::vector<std::uint8_t> m_positionsValid;       // per mesh
    bool m_clearingOverrides = false;
    bool m_replacingRig = false;  // between rigAboutToBeReplaced and rigReplaced
    bool m_dropQueued = false;    // a Drop Pose waits for the running command to finish
    bool m_keysDirty = false;     // keys changed since the last evaluation
    // Where the pose was made (clip and time): a change away from it drops the
    // pose; a document opens with its saved pose at its first clip's start.
    int m_poseClip = -1;
    double m_poseTime = 0.0;
    int m_evaluations = 0;
    int m_rebuilds = 0;
};

} // namespace marrow::ws
