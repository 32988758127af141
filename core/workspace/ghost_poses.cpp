// SPDX-License-Identifier: MIT
#include "core/workspace/ghost_poses.h"
#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/workspace/transition_preview.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>

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
        m_layoutStale = true;
        update();
    };
    // A transition's clips, times or root matching change where it travels.
    auto relayOut = [this] {
        m_layoutStale = true;
        update();
    };
    connect(m_document, &doc::Document::rigReplaced, this, reshape);
    connect(m_document, &doc::Document::clipsChanged, this, reshape);
    connect(m_document, &doc::Document::skinJointsChanged, this, reshape);
    connect(m_preview, &TransitionPreview::previewChanged, this, relayOut);
    connect(m_preview, &TransitionPreview::activeChanged, this, relayOut);
    connect(m_preview, &TransitionPreview::ghostsVisibleChanged, this, &GhostPoses::update);
    connect(m_playback, &Playback::timeChanged, this, &GhostPoses::update);
    update();
}

GhostPoses::~GhostPoses() = default;

glm::vec3 GhostPoses::offset(Side side) const
{
    return (side == A ? -m_layout.spacing : m_layout.spacing) * m_layout.side;
}

void GhostPoses::rebuild()
{
    for (auto& p : m_pipelines)
        p = std::make_unique<model::PosePipeline>(m_document->rig());
}

void GhostPoses::layOut()
{
    // The preview as it will play, blend and both sides, at a few times: the
    // joints and (thinned) skinned vertices give the travel and the width
    // across it (ghostLayout), so the ghosts clear the blend all the way.
    constexpr int kSamples = 12;
    constexpr std::size_t kVerticesPerMesh = 1500;
    const model::Rig& rig = m_document->rig();
    model::PosePipeline& pipeline = *m_pipelines[0];
    std::vector<std::vector<glm::vec3>> frames;
    std::vector<glm::vec3> skinned;
    const double length = m_preview->length();
    for (int i = 0; i < kSamples; ++i) {
        const double t = length * i / (kSamples - 1);
        std::vector<glm::vec3> points;
        for (int source = 0; source < 3; ++source) {
            const bool posed = source == 0 ? m_preview->pose(t, m_locals)
                                           : m_preview->poseSide(t, source == 1 ? anim::TransitionPoser::Side::A
                                                                                : anim::TransitionPoser::Side::B,
                                                                 m_locals);
            model::PoseRequest request;
            request.locals = m_locals;
            if (!posed || !pipeline.evaluate(request))
                continue;
            for (const glm::mat4& w : pipeline.worlds())
                points.emplace_back(w[3]);
            for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
                skinned.resize(rig.meshes[m].positions.size());
                if (!pipeline.skinMesh(m, mesh::SkinningMethod::Linear, skinned, {}))
                    continue;
                const std::size_t step = std::max<std::size_t>(1, skinned.size() / kVerticesPerMesh);
                for (std::size_t v = 0; v < skinned.size(); v += step)
                    points.push_back(skinned[v]);
            }
        }
        if (!points.empty())
            frames.push_back(std::move(points));
    }
    m_layout = model::ghostLayout(frames);
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
    if (m_layoutStale) {
        layOut();
        m_layoutStale = false;
    }
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
