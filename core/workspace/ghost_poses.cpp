// SPDX-License-Identifier: MIT
#include "core/workspace/ghost_poses.h"
#include "core/anim/local_to_world_job.h"
#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/workspace/transition_preview.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <limits>

namespace marrow::ws {

GhostPoses::GhostPoses(doc::Document* document, Playback* playback, TransitionPreview* preview, QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_playback(playback)
    , m_preview(preview)
{
    connect(m_document, &doc::Document::rigAboutToBeReplaced, this, [this] {
        for (auto& p : m_pipelines)
            p.reset();  // they hold the old rig
    });
    auto reshape = [this] {
        for (auto& p : m_pipelines)
            p.reset();
        update();
    };
    connect(m_document, &doc::Document::rigReplaced, this, reshape);
    connect(m_document, &doc::Document::clipsChanged, this, reshape);
    connect(m_document, &doc::Document::skinJointsChanged, this, reshape);
    connect(m_preview, &TransitionPreview::previewChanged, this, &GhostPoses::update);
    connect(m_preview, &TransitionPreview::activeChanged, this, &GhostPoses::update);
    connect(m_preview, &TransitionPreview::ghostsVisibleChanged, this, &GhostPoses::update);
    connect(m_playback, &Playback::timeChanged, this, &GhostPoses::update);
    update();
}

GhostPoses::~GhostPoses() = default;

glm::vec3 GhostPoses::offset(Side side) const
{
    return {side == A ? -m_spacing : m_spacing, 0.f, 0.f};
}

void GhostPoses::rebuild()
{
    const model::Rig& rig = m_document->rig();
    for (auto& p : m_pipelines)
        p = std::make_unique<model::PosePipeline>(rig);
    // The rest pose's joints in world space (meshes may sit under a scaled
    // node, so their own coordinates say nothing of the size on screen):
    // the ghosts stand a character's width and a bit apart.
    std::vector<glm::mat4> worlds(rig.skeleton.size());
    const anim::LocalToWorldJob job{rig.skeleton.parents, rig.skeleton.rest, glm::mat4(1.f), worlds};
    float lo = std::numeric_limits<float>::max(), hi = std::numeric_limits<float>::lowest();
    float low = lo, high = hi;
    if (job.run())
        for (const glm::mat4& w : worlds) {
            lo = std::min(lo, w[3].x);
            hi = std::max(hi, w[3].x);
            low = std::min(low, w[3].y);
            high = std::max(high, w[3].y);
        }
    // A character standing with its arms down is narrow: at least half its height.
    const float width = std::max(hi - lo, 0.5f * (high - low));
    m_spacing = width > 0.f ? width * 1.25f : 1.f;
}

void GhostPoses::update()
{
    const bool show = m_preview->isActive() && m_preview->ghostsVisible();
    if (!show) {
        if (m_visible) {
            m_visible = false;
            emit changed();
        }
        return;
    }
    const model::Rig& rig = m_document->rig();
    if (!m_pipelines[0])
        rebuild();
    m_locals.resize(rig.skeleton.size());
    const double t = m_playback->time();
    for (int side : {A, B}) {
        const auto s = side == A ? anim::TransitionPoser::Side::A : anim::TransitionPoser::Side::B;
        model::PosePipeline& pipeline = *m_pipelines[static_cast<std::size_t>(side)];
        model::PoseRequest request;
        if (!m_preview->poseSide(t, s, m_locals))
            return;
        request.locals = m_locals;
        if (!pipeline.evaluate(request))
            return;
        const glm::mat4 shift = glm::translate(glm::mat4(1.f), offset(static_cast<Side>(side)));
        auto& worlds = m_worlds[static_cast<std::size_t>(side)];
        worlds.assign(pipeline.worlds().begin(), pipeline.worlds().end());
        for (glm::mat4& w : worlds)
            w = shift * w;
        auto& palettes = m_palettes[static_cast<std::size_t>(side)];
        palettes.resize(rig.skins.size());
        for (std::size_t k = 0; k < rig.skins.size(); ++k) {
            palettes[k].assign(pipeline.palette(k).begin(), pipeline.palette(k).end());
            for (glm::mat4& m : palettes[k])
                m = shift * m;
        }
    }
    m_visible = true;
    emit changed();
}

std::span<const glm::mat4> GhostPoses::palette(Side side, std::size_t skin) const
{
    const auto& p = m_palettes[static_cast<std::size_t>(side)];
    return skin < p.size() ? std::span<const glm::mat4>(p[skin]) : std::span<const glm::mat4>();
}

std::span<const glm::mat4> GhostPoses::worlds(Side side) const
{
    return m_worlds[static_cast<std::size_t>(side)];
}

} // namespace marrow::ws
