// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/channel_key.h"
#include "core/document/joint_state.h"
#include "core/document/key_selection_hook.h"
#include "core/io/document_extras.h"
#include "core/document/track_edit.h"
#include "core/math/transform.h"
#include "core/model/ids.h"
#include "core/model/rig.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QUndoStack>

#include <map>
#include <optional>
#include <span>
#include <string>

namespace marrow::model {
struct MeshBinding;
}

namespace marrow::doc {

// The open document: the Rig, the pose (overrides on top of the sampled
// clip), the QUndoStack that edits both, and the files it belongs to. The rig
// and the pose are what is saved.
//
// Only commands call the mutation API below; widgets push commands. Every
// mutation emits a typed signal carrying ids and small values, never a
// pointer into the rig, so undo and redo refresh views by the same path as
// the edit did. Invariant: rig() always passes Rig::validate(); mutations
// that would break it are refused (return false / nullopt) and emit nothing.
class Document : public QObject {
    Q_OBJECT
public:
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    const model::Rig& rig() const { return m_rig; }
    QUndoStack* undoStack() { return &m_undoStack; }
    const QUndoStack* undoStack() const { return &m_undoStack; }
    bool isModified() const { return !m_undoStack.isClean(); }

    // The native file this document was saved to or opened from; empty when
    // untitled or imported from another format (Save then asks for a name).
    QString filePath() const { return m_filePath; }
    void setFilePath(const QString& path);
    // The file the document was opened or imported from (a .gltf, or the
    // .marrow itself); empty for a new document. Names the work in the title,
    // the recovery offer and Save As's folder. Never saved.
    QString sourcePath() const { return m_sourcePath; }
    void setSourcePath(const QString& path);

    // True while a mutation signal is being delivered: the slots run inside a
    // command's redo() or undo(), where nothing may push onto the undo stack
    // (QUndoStack would reorder or drop commands). Slots that want to push in
    // reaction (PoseEvaluator's Drop Pose) queue the push instead.
    bool isNotifying() const { return m_notifying > 0; }

    // A fresh id for a continuous interaction (see model::InteractionId).
    model::InteractionId beginInteraction();

    // Lets key edits' undo and redo restore the key selection (see KeySelectionHook).
    void setKeySelectionHook(KeySelectionHook hook) { m_keySelectionHook = std::move(hook); }
    const KeySelectionHook& keySelectionHook() const { return m_keySelectionHook; }

    // Swaps in a whole new rig (open, import). Validates first: on failure the
    // current rig, stack and overrides are untouched and the reason is
    // returned. On success rigAboutToBeReplaced() is emitted while the old rig
    // is still in place, then the undo stack is cleared (and clean), the pose
    // overrides dropped, and rigReplaced() emitted.
    // `extras` are the pose and locks the document was saved with (joints
    // checked against the new skeleton; invalid extras refuse the whole swap).
    std::optional<std::string> replaceRig(model::Rig rig, DocumentExtras extras = {});
    // An undoable edit that changes the rig's shape (File › Import Mesh adds
    // a node and meshes; its undo takes them away): swaps in `rig`, keeping
    // the undo stack, pose, locks, Deform flags, frame rate and source. Views
    // rebuild on the same two signals as replaceRig, with restructuring()
    // true meanwhile, so the autosave and the pose's clean state know the
    // document goes on. Refused (false) when the rig is invalid or lacks a
    // joint the pose, locks or flags name. `state` (an edit that renumbered
    // joints: remapJointState) replaces the pose, locks and flags with it.
    bool restructureRig(model::Rig rig, std::optional<JointState> state = std::nullopt);
    JointState jointState() const { return {m_poseOverrides, m_locks, m_deform}; }
    // Edit Skeleton's moves (SetRestPoseCommand): every joint's rest local
    // transform and every skin's inverse binds, the shape unchanged (as
    // many of each as now, finite). Emits restPoseChanged; false, nothing
    // changed, otherwise.
    bool setRestPose(const std::vector<math::Transform>& rest, const std::vector<std::vector<glm::mat4>>& inverseBinds);
    bool restructuring() const { return m_restructuring; }

    // --- Pose overrides (saved; edited through SetJointPoseCommand and DropPoseCommand)
    std::optional<math::Transform> poseOverride(model::JointIndex joint) const;
    const PoseMap& poseOverrides() const { return m_poseOverrides; }
    // nullopt removes the joint's override. False when the joint is out of
    // range or the transform is not finite.
    bool setPoseOverride(model::JointIndex joint, const std::optional<math::Transform>& pose);
    // Drops every override (DropPoseCommand, when the time changes).
    void clearPoseOverrides();
    // Replaces every override (DropPoseCommand's undo); emits per changed joint.
    void setPoseOverrides(const PoseMap& pose);

    // --- Settings (saved; edited through SetFpsCommand) ------------------------
    // The frame rate the document is animated at (frames, snapping, keys);
    // 0 when the document never set one (the editor's preference applies).
    double fps() const { return m_fps; }
    // The glTF file the rig came from (DocumentExtras::source), carried by
    // saves and glTF writes; null for other formats. Set by replaceRig only.
    const std::shared_ptr<const io::GltfSource>& gltfSource() const { return m_gltfSource; }
    // The weight rows the import renormalised, trimmed or bound to their node
    // (DocumentExtras::importChanges); set by replaceRig only, not saved.
    const model::ImportChanges& importChanges() const { return m_importChanges; }
    // False (nothing changed) unless 0 <= fps <= 1000 and finite.
    bool setFps(double fps);
    // How Save as glTF / Export store the weights (SetExportProfileCommand).
    const model::ExportProfile& exportProfile() const { return m_exportProfile; }
    // False (nothing changed) unless 4 or 8 influences.
    bool setExportProfile(const model::ExportProfile& profile);
    // File › Export's options (SetExportSettingsCommand; document_export.cpp).
    const model::ExportSettings& exportSettings() const { return m_exportSettings; }
    // False (nothing changed) when the settings are invalid.
    bool setExportSettings(const model::ExportSettings& settings);
    // Where the last export went (Ctrl+E writes there again): saved with the
    // document but no edit of it, so an export neither enters the undo
    // history nor marks the document modified.
    const QString& exportPath() const { return m_exportPath; }
    void setExportPath(const QString& path);
    // Retarget bone maps kept with the document, by source file name
    // (Clip › Retarget From… bakes store the map used; document_bone_maps.cpp).
    const BoneMaps& boneMaps() const { return m_boneMaps; }
    void setBoneMaps(const BoneMaps& maps);
    // Where the user was at the last save or open (DocumentExtras::view): the
    // editor sets it just before a save and restores it after an open. View
    // state: no signal, no undo entry, never marks the document modified.
    const ViewState& viewState() const { return m_viewState; }
    void setViewState(ViewState state) { m_viewState = std::move(state); }

    // --- Bone locks (saved; edited through SetBoneLockCommand) -----------------
    const LockSet& lockedJoints() const { return m_locks; }
    bool isLocked(model::JointIndex joint) const { return m_locks.count(joint) != 0; }
    // --- Deform flags (saved; edited through SetBoneDeformCommand) ------------
    // The flags the user set; a joint not listed takes model::defaultDeform.
    const DeformFlags& deformFlags() const { return m_deform; }
    // Per skeleton joint: whether it deforms (the flag, else the default).
    std::vector<std::uint8_t> deformMask() const;
    // Sets (nullopt: clears back to the default) the joints' flag; false
    // (nothing changed) when one is out of range.
    bool setJointsDeform(const QList<model::JointIndex>& joints, std::optional<bool> deform);
    // Locks or unlocks the joints; false (nothing changed) when one is out of range.
    bool setJointsLocked(const QList<model::JointIndex>& joints, bool locked);

    // --- Mutation API: commands only ------------------------------------------
    bool renameJoint(model::JointIndex joint, const std::string& name);

    // Puts part of the animation into `state` (EditAnimationCommand): each
    // TrackEdit replaces its joint's track in state.clip in place, appends
    // it when the clip has none, or (nullopt) erases it; the clip takes
    // state.duration; each PoseEdit sets its joint's override. Checked
    // first (clip and joints in range, channels valid, poses finite, the
    // duration a manual range's end when the clip has one): false and
    // nothing changed otherwise. Emits keysChanged per joint whose channels
    // changed, poseOverrideChanged per changed override, then
    // clipRangeChanged when the clip's duration moved.
    bool applyAnimationState(const AnimationState& state);

    // Sets a clip's manual frame range (nullopt: its length follows its
    // keys) and its duration (SetClipRangeCommand): with a range the
    // duration must be its end. False, nothing changed, when the clip is
    // out of range, the range invalid (anim::validateRange) or the duration
    // not finite or negative. Emits clipRangeChanged when either changed.
    bool setClipRange(model::ClipId clip, std::optional<anim::ClipRange> range, float duration);

    // Sets a joint's rotation mode and its track in every clip (tracks[c] for
    // clip c; nullopt: no track there), the keys already converted
    // (SetRotationModeCommand). False, nothing changed, when the joint is out
    // of range, tracks is not one per clip, or a track is not in `mode`.
    // Emits keysChanged per clip whose track changed, then rotationModeChanged.
    bool setRotationMode(model::JointIndex joint, anim::RotationMode mode,
                         const std::vector<std::optional<anim::JointTrack>>& tracks);

    bool setClipName(model::ClipId clip, const std::string& name);
    // Sets a clip's sync markers (nullopt: found from the feet again)
    // (EditSyncMarkersCommand); sorted by time here. False, nothing changed,
    // when the clip is out of range or a marker's time is not finite.
    bool setSyncMarkers(model::ClipId clip, std::optional<std::vector<anim::SyncMarker>> markers);
    // Inserts at `index` (0..clip count); validates the clip against the
    // skeleton; its tracks take their bones' rotation modes. Transitions
    // keep naming the same clips (indices shift).
    bool addClip(model::ClipId index, anim::Clip clip);
    // nullopt (nothing changed) when out of range or a transition uses the clip.
    std::optional<anim::Clip> removeClip(model::ClipId index);

    // Replaces every transition (EditTransitionsCommand). False, nothing
    // changed, when one does not validate against the rig.
    bool setTransitions(std::vector<model::Transition> transitions);

    // Writes rows for the listed vertices of one mesh: joints and weights are
    // vertices.size() rows of the mesh's stride each. The caller (a weight op)
    // keeps rows normalised and sorted; they are checked for range only.
    bool applyWeightRows(model::MeshId mesh, std::span<const std::uint32_t> vertices,
                         std::span<const std::uint16_t> joints, std::span<const float> weights);

    // Appends a skeleton joint to a skin (a bone painted on a mesh whose skin
    // lacked it) with its inverse bind matrix. False (nothing changed) when
    // the skin or joint is out of range, the joint is already in the skin,
    // the matrix is not finite, or the skin is full (65,536 joints).
    bool appendSkinJoint(int skin, model::JointIndex joint, const glm::mat4& inverseBind);
    // Removes the skin's last joint (appendSkinJoint's undo). False when the
    // skin is empty or some mesh row still references that joint.
    bool removeLastSkinJoint(int skin);
    // Bind: a rigid mesh gets a new skin (appended after the others), its
    // weights and its geometry as bound (model::applyBinding). False
    // (nothing changed) when the mesh is skinned or the binding does not fit it.
    bool bindMesh(model::MeshId mesh, const model::MeshBinding& binding);
    // bindMesh's undo: the mesh becomes `rigid` again (what it was before,
    // geometry and all), and its skin, which must be the last and the
    // mesh's alone, is removed. False when `rigid` is skinned or has
    // another vertex count.
    bool unbindMesh(model::MeshId mesh, mesh::Mesh rigid);
    // Replaces a skinned mesh's whole weight table (SetMaxInfluencesCommand:
    // the stride may change). Refused when the mesh is rigid, or the weights
    // do not have one valid row per vertex for the mesh's skin.
    bool replaceMeshWeights(model::MeshId mesh, mesh::SkinWeights weights);

signals:
    void jointRenamed(marrow::model::JointIndex joint);
    void poseOverrideChanged(marrow::model::JointIndex joint);
    // Some joints were locked or unlocked (tree and paint panel refresh).
    void locksChanged();
    // Some joints' Deform flag changed (the bone tree's column refreshes).
    void deformChanged();
    // The document's frame rate changed (0: unset).
    void fpsChanged(double fps);
    void exportProfileChanged();
    void exportSettingsChanged();
    void boneMapsChanged();
    void keysChanged(int clip, marrow::model::JointIndex joint, marrow::anim::ChannelMask channels);
    void clipsChanged();
    // A clip's sync markers changed (setSyncMarkers).
    void syncMarkersChanged(int clip);
    // A clip's duration or manual range changed (a key past its end, Set
    // Range): the transport and the rulers follow.
    void clipRangeChanged(int clip);
    void rotationModeChanged(marrow::model::JointIndex joint);
    // The list of transitions or a field of one changed.
    void transitionsChanged();
    void weightsChanged(int mesh, QList<quint32> vertices);
    // A skin gained or lost a joint: palettes change size.
    void skinJointsChanged(int skin);
    // A mesh's whole weight table was swapped, possibly at another stride:
    // caches of its rows (GPU buffers, counts) rebuild from scratch.
    void meshWeightsReplaced(int mesh);
    // Two phases, like QAbstractItemModel's resets: a view with caches of the
    // rig's shape drops them on the first (the old rig is still readable) and
    // rebuilds on the second. Slots of rigReplaced run in connection order, so
    // a slot may see another listener's signals (Selection's
    // activeClipChanged, say) before its own rigReplaced slot has run: between
    // the two signals a cache must answer "nothing", never old rows.
    void rigAboutToBeReplaced();
    void rigReplaced();
    // Joints' rest transforms and the skins' inverse binds changed (setRestPose).
    void restPoseChanged();
    void filePathChanged(const QString& path);
    void sourcePathChanged(const QString& path);

private:
    anim::JointTrack* track(model::ClipId clip, model::JointIndex joint);
    const anim::JointTrack* track(model::ClipId clip, model::JointIndex joint) const;

    model::Rig m_rig;
    QUndoStack m_undoStack;
    QString m_filePath;
    QString m_sourcePath;
    PoseMap m_poseOverrides;
    LockSet m_locks;
    DeformFlags m_deform;
    double m_fps = 0.0;
    model::ExportProfile m_exportProfile;
    model::ExportSettings m_exportSettings;
    QString m_exportPath;
    BoneMaps m_boneMaps;
    ViewState m_viewState;
    bool m_restructuring = false;
    std::shared_ptr<const io::GltfSource> m_gltfSource;
    model::ImportChanges m_importChanges;
    std::uint64_t m_nextInteraction = 1;
    int m_notifying = 0;  // depth of mutation signals being delivered
    KeySelectionHook m_keySelectionHook;

    // Delivers one mutation signal inside a NotifyScope (see isNotifying).
    template <typename Emit>
    void notify(Emit&& emitSignal);
};

template <typename Emit>
void Document::notify(Emit&& emitSignal)
{
    ++m_notifying;
    emitSignal();
    --m_notifying;
}

} // namespace marrow::doc
