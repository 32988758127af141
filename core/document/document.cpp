// SPDX-License-Identifier: MIT
#include "core/document/document.h"

#include "core/anim/track_rotation_mode.h"
#include "core/model/auto_weights.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace marrow::doc {

Document::Document(QObject* parent)
    : QObject(parent)
{
}

Document::~Document()
{
    // Commands hold a pointer back to this document; clear the stack while
    // the rig they refer to still exists.
    m_undoStack.clear();
}

void Document::setFilePath(const QString& path)
{
    if (path == m_filePath)
        return;
    m_filePath = path;
    emit filePathChanged(m_filePath);
}

void Document::setSourcePath(const QString& path)
{
    if (path == m_sourcePath)
        return;
    m_sourcePath = path;
    emit sourcePathChanged(m_sourcePath);
}

model::InteractionId Document::beginInteraction()
{
    return model::InteractionId{m_nextInteraction++};
}

std::optional<std::string> Document::replaceRig(model::Rig rig, DocumentExtras extras)
{
    if (auto err = rig.validate())
        return err;
    for (model::JointIndex joint : extras.locks)
        if (joint < 0 || static_cast<std::size_t>(joint) >= rig.skeleton.size())
            return "the locks name joint " + std::to_string(joint) + ", which the skeleton does not have";
    for (const auto& [joint, flag] : extras.deform)
        if (joint < 0 || static_cast<std::size_t>(joint) >= rig.skeleton.size())
            return "the Deform flags name joint " + std::to_string(joint) + ", which the skeleton does not have";
    for (const auto& [joint, t] : extras.pose) {
        if (joint < 0 || static_cast<std::size_t>(joint) >= rig.skeleton.size())
            return "the pose names joint " + std::to_string(joint) + ", which the skeleton does not have";
        if (!math::isFinite(t))
            return "the pose of joint " + std::to_string(joint) + " is not finite";
    }
    // Views that cache the rig's shape (item models) reset now, while the old
    // rig is still here; nothing may query them between the two signals.
    emit rigAboutToBeReplaced();
    // Clear first: commands on the stack describe the old rig.
    m_undoStack.clear();
    // clear() leaves an empty stack's clean index alone, so one marked
    // unsaved by resetClean() (a restored recovery file) would make every
    // later document look modified. A new rig starts unmodified (a restore
    // marks itself unsaved after the swap).
    if (!m_undoStack.isClean())
        m_undoStack.setClean();
    m_rig = std::move(rig);
    m_poseOverrides = std::move(extras.pose);
    m_locks = std::move(extras.locks);
    m_deform = std::move(extras.deform);
    m_fps = std::isfinite(extras.fps) && extras.fps > 0.0 ? extras.fps : 0.0;
    m_exportProfile = extras.exportProfile;
    m_exportSettings = extras.exportSettings.validate() ? model::ExportSettings{} : extras.exportSettings;
    m_exportPath = QString::fromStdString(extras.exportPath);
    m_boneMaps = std::move(extras.boneMaps);
    m_viewState = std::move(extras.view);
    m_gltfSource = std::move(extras.source);
    // Changes that do not fit the rig (a caller's mistake) are dropped, not shown wrong.
    m_importChanges = extras.importChanges.fits(m_rig.meshes) ? std::move(extras.importChanges) : model::ImportChanges{};
    emit rigReplaced();
    return std::nullopt;
}

bool Document::restructureRig(model::Rig rig, std::optional<JointState> state)
{
    if (rig.validate())
        return false;
    const std::size_t joints = rig.skeleton.size();
    const auto named = [joints](model::JointIndex j) { return j >= 0 && static_cast<std::size_t>(j) < joints; };
    const JointState& kept = state ? *state : JointState{m_poseOverrides, m_locks, m_deform};
    for (model::JointIndex joint : kept.locks)
        if (!named(joint))
            return false;
    for (const auto& [joint, flag] : kept.deform)
        if (!named(joint))
            return false;
    for (const auto& [joint, t] : kept.pose)
        if (!named(joint) || !math::isFinite(t))
            return false;
    m_restructuring = true;
    emit rigAboutToBeReplaced();
    if (state) {
        m_poseOverrides = std::move(state->pose);
        m_locks = std::move(state->locks);
        m_deform = std::move(state->deform);
    }
    m_rig = std::move(rig);
    emit rigReplaced();
    m_restructuring = false;
    return true;
}

bool Document::setFps(double fps)
{
    if (!std::isfinite(fps) || fps < 0.0 || fps > 1000.0)
        return false;
    if (fps == m_fps)
        return true;
    m_fps = fps;
    notify([&] { emit fpsChanged(fps); });
    return true;
}

bool Document::setExportProfile(const model::ExportProfile& profile)
{
    if (profile.maxInfluences != 4 && profile.maxInfluences != 8)
        return false;
    if (profile == m_exportProfile)
        return true;
    m_exportProfile = profile;
    notify([&] { emit exportProfileChanged(); });
    return true;
}

std::optional<math::Transform> Document::poseOverride(model::JointIndex joint) const
{
    auto it = m_poseOverrides.find(joint);
    if (it == m_poseOverrides.end())
        return std::nullopt;
    return it->second;
}

bool Document::setPoseOverride(model::JointIndex joint, const std::optional<math::Transform>& pose)
{
    if (joint < 0 || static_cast<std::size_t>(joint) >= m_rig.skeleton.size())
        return false;
    if (pose && !math::isFinite(*pose))
        return false;
    if (pose)
        m_poseOverrides[joint] = *pose;
    else if (m_poseOverrides.erase(joint) == 0)
        return true;  // nothing there: nothing changed, nothing to announce
    notify([&] { emit poseOverrideChanged(joint); });
    return true;
}

bool Document::setJointsLocked(const QList<model::JointIndex>& joints, bool locked)
{
    for (model::JointIndex joint : joints)
        if (joint < 0 || static_cast<std::size_t>(joint) >= m_rig.skeleton.size())
            return false;
    bool changed = false;
    for (model::JointIndex joint : joints)
        changed = (locked ? m_locks.insert(joint).second : m_locks.erase(joint) != 0) || changed;
    if (changed)
        notify([&] { emit locksChanged(); });
    return true;
}

std::vector<std::uint8_t> Document::deformMask() const
{
    return model::deformMask(m_rig, m_deform);
}

bool Document::setJointsDeform(const QList<model::JointIndex>& joints, std::optional<bool> deform)
{
    for (model::JointIndex joint : joints)
        if (joint < 0 || static_cast<std::size_t>(joint) >= m_rig.skeleton.size())
            return false;
    bool changed = false;
    for (model::JointIndex joint : joints) {
        const auto it = m_deform.find(joint);
        if (!deform) {
            changed = it != m_deform.end() || changed;
            if (it != m_deform.end())
                m_deform.erase(it);
        } else if (it == m_deform.end() || it->second != *deform) {
            m_deform[joint] = *deform;
            changed = true;
        }
    }
    if (changed)
        notify([&] { emit deformChanged(); });
    return true;
}

void Document::clearPoseOverrides()
{
    setPoseOverrides({});
}

void Document::setPoseOverrides(const PoseMap& pose)
{
    for (const auto& [joint, t] : pose)
        if (joint < 0 || static_cast<std::size_t>(joint) >= m_rig.skeleton.size() || !math::isFinite(t))
            return;
    // Swap first so slots see the final state for every joint.
    PoseMap old = pose;
    old.swap(m_poseOverrides);
    std::vector<model::JointIndex> changed;
    for (const auto& [joint, t] : old) {
        const auto it = m_poseOverrides.find(joint);
        if (it == m_poseOverrides.end() || !(it->second == t))
            changed.push_back(joint);
    }
    for (const auto& [joint, t] : m_poseOverrides)
        if (!old.count(joint))
            changed.push_back(joint);
    for (model::JointIndex joint : changed)
        notify([&] { emit poseOverrideChanged(joint); });
}

bool Document::renameJoint(model::JointIndex joint, const std::string& name)
{
    if (joint < 0 || static_cast<std::size_t>(joint) >= m_rig.skeleton.size())
        return false;
    m_rig.skeleton.names[static_cast<std::size_t>(joint)] = name;
    notify([&] { emit jointRenamed(joint); });
    return true;
}

bool Document::setClipName(model::ClipId clip, const std::string& name)
{
    if (clip < 0 || static_cast<std::size_t>(clip) >= m_rig.clips.size())
        return false;
    m_rig.clips[static_cast<std::size_t>(clip)].name = name;
    notify([&] { emit clipsChanged(); });
    return true;
}

bool Document::setSyncMarkers(model::ClipId clip, std::optional<std::vector<anim::SyncMarker>> markers)
{
    if (clip < 0 || static_cast<std::size_t>(clip) >= m_rig.clips.size())
        return false;
    if (markers) {
        for (const anim::SyncMarker& m : *markers)
            if (!std::isfinite(m.time))
                return false;
        markers = anim::sortedMarkers(std::move(*markers));
    }
    anim::Clip& c = m_rig.clips[static_cast<std::size_t>(clip)];
    if (c.syncMarkers == markers)
        return true;
    c.syncMarkers = std::move(markers);
    notify([&] { emit syncMarkersChanged(clip); });
    return true;
}

bool Document::addClip(model::ClipId index, anim::Clip clip)
{
    if (index < 0 || static_cast<std::size_t>(index) > m_rig.clips.size())
        return false;
    if (clip.validate(m_rig.skeleton.size()))
        return false;
    // A clip made elsewhere (imported, baked) holds quaternion keys: its
    // tracks take their bones' rotation modes.
    for (anim::JointTrack& t : clip.tracks)
        anim::convertRotationMode(t, m_rig.rotationModeOf(t.joint));
    m_rig.clips.insert(m_rig.clips.begin() + index, std::move(clip));
    for (model::Transition& t : m_rig.transitions) {  // clips at and after `index` moved up one
        t.clipA += t.clipA >= index ? 1 : 0;
        t.clipB += t.clipB >= index ? 1 : 0;
    }
    notify([&] { emit clipsChanged(); });
    return true;
}

std::optional<anim::Clip> Document::removeClip(model::ClipId index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_rig.clips.size())
        return std::nullopt;
    // A transition's clip stays: delete the transition first.
    for (const model::Transition& t : m_rig.transitions)
        if (t.clipA == index || t.clipB == index)
            return std::nullopt;
    anim::Clip clip = std::move(m_rig.clips[static_cast<std::size_t>(index)]);
    m_rig.clips.erase(m_rig.clips.begin() + index);
    for (model::Transition& t : m_rig.transitions) {  // clips after `index` moved down one
        t.clipA -= t.clipA > index ? 1 : 0;
        t.clipB -= t.clipB > index ? 1 : 0;
    }
    notify([&] { emit clipsChanged(); });
    return clip;
}

bool Document::setTransitions(std::vector<model::Transition> transitions)
{
    for (const model::Transition& t : transitions)
        if (t.validate(m_rig.clips.size(), m_rig.skeleton.size()))
            return false;
    if (transitions == m_rig.transitions)
        return true;
    m_rig.transitions = std::move(transitions);
    notify([&] { emit transitionsChanged(); });
    return true;
}

bool Document::applyWeightRows(model::MeshId meshIndex, std::span<const std::uint32_t> vertices,
                               std::span<const std::uint16_t> joints, std::span<const float> weights)
{
    if (meshIndex < 0 || static_cast<std::size_t>(meshIndex) >= m_rig.meshes.size())
        return false;
    mesh::Mesh& m = m_rig.meshes[static_cast<std::size_t>(meshIndex)];
    if (!m.skinned())
        return false;
    const auto stride = static_cast<std::size_t>(m.weights.stride);
    if (joints.size() != vertices.size() * stride || weights.size() != vertices.size() * stride)
        return false;
    const std::size_t skinJoints = m_rig.skins[static_cast<std::size_t>(m.skin)].joints.size();
    const std::size_t rows = m.weights.vertexCount();
    // Check everything before writing anything: a refused call changes nothing.
    for (std::uint32_t v : vertices)
        if (v >= rows)
            return false;
    for (std::size_t i = 0; i < joints.size(); ++i)
        if (joints[i] >= skinJoints || !std::isfinite(weights[i]))
            return false;
    QList<quint32> changed;
    changed.reserve(static_cast<qsizetype>(vertices.size()));
    for (std::size_t r = 0; r < vertices.size(); ++r) {
        const std::size_t dst = vertices[r] * stride;
        std::copy_n(joints.begin() + static_cast<std::ptrdiff_t>(r * stride), stride, m.weights.joints.begin() + static_cast<std::ptrdiff_t>(dst));
        std::copy_n(weights.begin() + static_cast<std::ptrdiff_t>(r * stride), stride, m.weights.weights.begin() + static_cast<std::ptrdiff_t>(dst));
        changed.push_back(vertices[r]);
    }
    notify([&] { emit weightsChanged(meshIndex, changed); });
    return true;
}

bool Document::replaceMeshWeights(model::MeshId meshIndex, mesh::SkinWeights weights)
{
    if (meshIndex < 0 || static_cast<std::size_t>(meshIndex) >= m_rig.meshes.size())
        return false;
    mesh::Mesh& m = m_rig.meshes[static_cast<std::size_t>(meshIndex)];
    if (!m.skinned() || weights.vertexCount() != m.vertexCount())
        return false;
    const std::size_t skinJoints = m_rig.skins[static_cast<std::size_t>(m.skin)].joints.size();
    if (weights.validate(skinJoints))
        return false;
    m.weights = std::move(weights);
    notify([&] { emit meshWeightsReplaced(meshIndex); });
    return true;
}

anim::JointTrack* Document::track(model::ClipId clip, model::JointIndex joint)
{
    if (clip < 0 || static_cast<std::size_t>(clip) >= m_rig.clips.size())
        return nullptr;
    return m_rig.clips[static_cast<std::size_t>(clip)].findTrack(joint);
}

const anim::JointTrack* Document::track(model::ClipId clip, model::JointIndex joint) const
{
    if (clip < 0 || static_cast<std::size_t>(clip) >= m_rig.clips.size())
        return nullptr;
    return m_rig.clips[static_cast<std::size_t>(clip)].findTrack(joint);
}

} // namespace marrow::doc
