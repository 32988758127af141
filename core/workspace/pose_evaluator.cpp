// SPDX-License-Identifier: MIT
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/retarget_preview.h"
#include "core/commands/drop_pose_command.h"
#include "core/document/document.h"
#include "core/io/view_state_section.h"
#include "core/model/bind_pose.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "core/workspace/transition_preview.h"

#include <algorithm>

namespace marrow::ws {

PoseEvaluator::PoseEvaluator(doc::Document* document, Playback* playback, Selection* selection, QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_playback(playback)
    , m_selection(selection)
{
    // Structural changes: the pipeline's buffers and cursors follow the rig's shape.
    auto structural = [this] {
        rebuild();
        syncDuration();
        evaluate();
    };
    // A document opens with its saved pose where it was saved (its view
    // state: Selection takes the clip, the playhead goes to the time here;
    // by default the first clip's start): that move is no time change.
    connect(m_document, &doc::Document::rigAboutToBeReplaced, this, [this] { m_replacingRig = true; });
    connect(m_document, &doc::Document::rigReplaced, this, [this, structural] {
        if (m_document->restructuring()) {  // a reshaped document keeps its clip and time
            m_replacingRig = false;
            return structural();
        }
        const doc::ViewState view = doc::fittedViewState(m_document->viewState(), m_document->rig().clips.size());
        m_poseClip = view.clip;
        structural();  // the new clip's range may clamp the old time: still no move
        if (m_playback)
            m_playback->setTime(view.time);
        m_poseTime = m_playback ? m_playback->time() : view.time;
        m_replacingRig = false;
    });
    connect(m_document, &doc::Document::restPoseChanged, this, [this] {
        m_bindLocals.clear();  // the inverse binds changed
        evaluate();
    });
    connect(m_document, &doc::Document::clipsChanged, this, structural);
    connect(m_document, &doc::Document::skinJointsChanged, this, structural);
    // Key edits re-sample (evaluate() rebuilds only when the rig's shape
    // changed), once per event-loop turn however many joints an edit
    // touched; a read before that turn evaluates on the spot.
    // The compiled clips hear of every edit at once (only that track is re-read).
    connect(m_document, &doc::Document::keysChanged, this,
            [this](int clip, model::JointIndex joint, anim::ChannelMask) {
                if (m_pipeline)
                    m_pipeline->keysChanged(clip, joint);
                markKeysDirty();
            });
    // The transport follows a clip's length at once (a key past its end, Set
    // Range), not with the coalesced re-sampling: a pose override the same
    // edit dropped re-evaluates on the spot and would leave it behind.
    connect(m_document, &doc::Document::clipRangeChanged, this, [this](int clip) {
        if (m_selection && clip == m_selection->activeClip())
            syncDuration();
    });
    connect(m_document, &doc::Document::poseOverrideChanged, this, [this] {
        if (m_clearingOverrides)
            return;
        notePoseContext();
        evaluate();
    });
    connect(m_document, &doc::Document::weightsChanged, this, [this](int mesh, const QList<quint32>&) {
        if (mesh >= 0 && static_cast<std::size_t>(mesh) < m_positionsValid.size())
            m_positionsValid[static_cast<std::size_t>(mesh)] = 0;
    });
    connect(m_document, &doc::Document::meshWeightsReplaced, this, [this](int mesh) {
        if (mesh >= 0 && static_cast<std::size_t>(mesh) < m_positionsValid.size())
            m_positionsValid[static_cast<std::size_t>(mesh)] = 0;
    });
    if (m_playback)
        connect(m_playback, &Playback::timeChanged, this, &PoseEvaluator::onTimeOrClipChanged);
    if (m_selection)
        connect(m_selection, &Selection::activeClipChanged, this, [this] {
            syncDuration();
            onTimeOrClipChanged();
        });
    rebuild();
    syncDuration();
    evaluate();
}

PoseEvaluator::~PoseEvaluator() = default;

void PoseEvaluator::markKeysDirty()
{
    if (m_keysDirty)
        return;
    m_keysDirty = true;
    QMetaObject::invokeMethod(this, [this] { ensureCurrent(); }, Qt::QueuedConnection);
}

void PoseEvaluator::ensureCurrent() const
{
    if (!m_keysDirty)
        return;
    const_cast<PoseEvaluator*>(this)->evaluate();
}

std::span<const math::Transform> PoseEvaluator::locals() const
{
    ensureCurrent();
    return m_restPosition && !m_editSkeleton ? std::span<const math::Transform>(m_animatedLocals)
                                             : m_pipeline->locals();
}

std::span<const glm::mat4> PoseEvaluator::worlds() const
{
    ensureCurrent();
    return m_pipeline->worlds();
}

std::span<const glm::mat4> PoseEvaluator::palette(std::size_t skin) const
{
    ensureCurrent();
    return skin < m_document->rig().skins.size() ? m_pipeline->palette(skin) : std::span<const glm::mat4>();
}

std::span<const float> PoseEvaluator::morphWeights(std::size_t mesh) const
{
    ensureCurrent();
    return mesh < m_document->rig().meshes.size() ? m_pipeline->morphWeights(mesh) : std::span<const float>();
}

std::span<const math::ScaledDualQuat> PoseEvaluator::dualQuats(std::size_t skin) const
{
    ensureCurrent();
    return skin < m_document->rig().skins.size() ? m_pipeline->dualQuats(skin) : std::span<const math::ScaledDualQuat>();
}

void PoseEvaluator::setTransitionPreview(TransitionPreview* preview)
{
    if (m_preview)
        disconnect(m_preview, nullptr, this, nullptr);
    m_preview = preview;
    if (m_preview) {
        connect(m_preview, &TransitionPreview::previewChanged, this, &PoseEvaluator::evaluate);
        connect(m_preview, &TransitionPreview::activeChanged, this, [this] {
            syncDuration();  // back in clip mode: the clip's duration again
            evaluate();
        });
    }
    evaluate();
}

void PoseEvaluator::setRetargetPreview(RetargetPreview* preview)
{
    if (m_retarget)
        disconnect(m_retarget, nullptr, this, nullptr);
    m_retarget = preview;
    if (m_retarget) {
        connect(m_retarget, &RetargetPreview::changed, this, &PoseEvaluator::evaluate);
        connect(m_retarget, &RetargetPreview::activeChanged, this, [this] {
            syncDuration();  // back to the active clip's duration
            evaluate();
        });
    }
    evaluate();
}

void PoseEvaluator::setRestPosition(bool on)
{
    if (on == m_restPosition)
        return;
    m_restPosition = on;
    evaluate();
    emit restPositionChanged(on);
}

void PoseEvaluator::setEditSkeleton(bool on)
{
    if (on == m_editSkeleton)
        return;
    m_editSkeleton = on;
    evaluate();
    emit editSkeletonChanged(on);
}

void PoseEvaluator::setSkinningMethod(mesh::SkinningMethod method)
{
    if (method == m_method)
        return;
    m_method = method;
    invalidatePositions();
}

void PoseEvaluator::rebuild()
{
    const model::Rig& rig = m_document->rig();
    m_pipeline = std::make_unique<model::PosePipeline>(rig);
    m_pipeline->useCompiledClips();  // keysChanged reaches it (the constructor)
    m_positions.assign(rig.meshes.size(), {});
    m_positionsValid.assign(rig.meshes.size(), 0);
    m_shape = shapeOf(rig);
    m_bindLocals.clear();  // Rest Position's bind pose follows the new rig or skin
    ++m_rebuilds;
}

void PoseEvaluator::notePoseContext()
{
    m_poseClip = m_selection ? m_selection->activeClip() : -1;
    m_poseTime = m_playback ? m_playback->time() : 0.0;
}

void PoseEvaluator::onTimeOrClipChanged()
{
    // Overrides are edits "before keying": a new time or clip discards them,
    // as an undo entry, so History and Ctrl+Z agree with what is on screen.
    // One evaluation afterwards, not one per dropped override.
    if (!dropPoseIfAway())
        evaluate();
}

bool PoseEvaluator::dropPoseIfAway()
{
    const bool away = !m_replacingRig && ((m_selection && m_selection->activeClip() != m_poseClip) ||
                                          (m_playback && m_playback->time() != m_poseTime));
    if (!away || m_document->poseOverrides().empty())
        return false;
    if (m_document->isNotifying()) {
        // Inside a command's redo()/undo() (a removed clip moved the active
        // clip, a shorter clip clamped the time): pushing now would corrupt
        // the stack. Drop once the command is done.
        if (!m_dropQueued) {
            m_dropQueued = true;
            QMetaObject::invokeMethod(
                this,
                [this] {
                    m_dropQueued = false;
                    dropPoseIfAway();
                },
                Qt::QueuedConnection);
        }
        return false;
    }
    m_clearingOverrides = true;
    m_document->undoStack()->push(new cmd::DropPoseCommand(m_document));
    m_clearingOverrides = false;
    evaluate();
    return true;
}

void PoseEvaluator::syncDuration()
{
    // The transport runs over the active clip. In transition mode the
    // transition panel owns the duration.
    if (!m_playback || !m_selection || m_playback->mode() != Playback::Mode::Clip || (m_retarget && m_retarget->isActive()))
        return;
    // Over the clip's manual frame range when it has one.
    const anim::Clip* clip = m_document->rig().clipAt(m_selection->activeClip());
    if (!clip)
        return m_playback->setDuration(0.0);
    m_playback->setRange(clip->start(), clip->duration, clip->range.has_value());
}

std::vector<std::size_t> PoseEvaluator::shapeOf(const model::Rig& rig)
{
    std::vector<std::size_t> shape{rig.skeleton.size(), rig.skins.size(), rig.meshes.size(), rig.clips.size()};
    for (const anim::Clip& c : rig.clips)
        shape.push_back(c.tracks.size());
    for (const model::Skin& s : rig.skins)
        shape.push_back(s.joints.size());  // palettes are sized per skin
    for (const mesh::Mesh& m : rig.meshes)
        shape.push_back(m.morphTargets.size());  // morph weights are sized per mesh
    return shape;
}

void PoseEvaluator::evaluate()
{
    if (!m_document)
        return;
    m_keysDirty = false;
    const model::Rig& rig = m_document->rig();
    // Another slot of the same signal (Selection's, say) may ask for a pose
    // before our own rebuild slot has run: never sample with buffers sized
    // for the old rig.
    if (!m_pipeline || shapeOf(rig) != m_shape)
        rebuild();
    if (m_editSkeleton) {
        // The rest pose: the skins show the meshes as bound.
        model::PoseRequest rest;
        rest.locals = rig.skeleton.rest;
        m_pipeline->evaluate(rest);
        invalidatePositions();
        ++m_evaluations;
        emit poseChanged();
        return;
    }
    m_overrides.clear();
    for (const auto& [joint, pose] : m_document->poseOverrides())
        m_overrides.push_back({joint, pose});
    model::PoseRequest request;
    if (m_selection)
        request.clip = m_selection->activeClip();
    if (m_playback)
        request.time = m_playback->time();
    request.overrides = m_overrides;
    if (m_retarget && m_retarget->isActive()) {
        m_previewLocals.resize(rig.skeleton.size());
        if (m_retarget->pose(request.time, m_previewLocals))
            request.locals = m_previewLocals;
    } else if (m_preview && m_preview->isActive()) {
        // As JointBlocks where the poser can (no transposes on either side
        // of the blend, issue 39), else as Transforms: the same bits.
        m_previewBlocks.resize(anim::blockCount(rig.skeleton.size()));
        m_previewLocals.resize(rig.skeleton.size());
        if (m_preview->poseBlocks(request.time, m_previewBlocks))
            request.localBlocks = m_previewBlocks;
        else if (m_preview->pose(request.time, m_previewLocals))
            request.locals = m_previewLocals;
        if (!request.locals.empty() || !request.localBlocks.empty()) {
            // Morph weights blend like translations: A's at tA toward B's at tB.
            const model::Transition* transition = m_preview->transition();
            if (const auto timing = m_preview->timing(); transition && timing) {
                const anim::TransitionFrame frame = anim::sampleTransition(*timing, request.time);
                request.clip = transition->clipA;
                request.time = frame.timeA;
                request.blendClip = transition->clipB;
                request.blendTime = frame.timeB;
                request.weight = frame.weight;
            }
        }
    }
    if ((request.locals.empty() && request.localBlocks.empty() && request.clip >= static_cast<int>(rig.clips.size())) ||
        !m_pipeline->evaluate(request)) {
        request.locals = {};
        request.localBlocks = {};
        request.clip = -1;  // out of range (a stale selection): show the rest pose
        m_pipeline->evaluate(request);
    }
    if (m_restPosition) {
        // Keep the animated pose for locals(), then show the bind pose. The
        // bind locals are made once per rig shape: rebuild() (a new rig, a
        // skin gaining a bone) drops them, so playback allocates nothing.
        const auto animated = m_pipeline->locals();
        m_animatedLocals.assign(animated.begin(), animated.end());
        if (m_bindLocals.size() != rig.skeleton.size())
            m_bindLocals = model::bindPoseLocals(rig);
        model::PoseRequest bind;
        bind.locals = m_bindLocals;
        m_pipeline->evaluate(bind);
    }
    invalidatePositions();
    ++m_evaluations;
    emit poseChanged();
}

void PoseEvaluator::invalidatePositions()
{
    std::fill(m_positionsValid.begin(), m_positionsValid.end(), 0);
}

std::span<const glm::vec3> PoseEvaluator::skinnedPositions(model::MeshId meshIndex) const
{
    ensureCurrent();
    const model::Rig& rig = m_document->rig();
    if (meshIndex < 0 || static_cast<std::size_t>(meshIndex) >= rig.meshes.size() ||
        static_cast<std::size_t>(meshIndex) >= m_positions.size())
        return {};
    const auto mi = static_cast<std::size_t>(meshIndex);
    if (m_positionsValid[mi])
        return m_positions[mi];
    std::vector<glm::vec3>& out = m_positions[mi];
    out.resize(rig.meshes[mi].positions.size());
    m_pipeline->skinMesh(mi, m_method, out, {});
    m_positionsValid[mi] = 1;
    return m_positions[mi];
}

} // namespace marrow::ws
