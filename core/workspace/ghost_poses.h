// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ghost_layout.h"
#include "core/model/pose_pipeline.h"

#include <QObject>
#include <QPointer>

#include <array>
#include <memory>
#include <span>
#include <vector>

namespace marrow::doc {
class Document;
}

namespace marrow::ws {

class Playback;
class TransitionPreview;

// The ghosts of a previewed transition: clip A alone and clip B alone at
// their own times in the preview (TransitionPreview::poseSide at the
// playback time), posed through their own PosePipelines and set beside the
// blended character, perpendicular to its travel on the ground and spaced
// by its width across that travel (model::ghostLayout over the whole
// preview; along X when it does not travel), so the animator sees what
// each side contributes without the three overlapping. Visible while a
// transition is active and the preview's ghosts toggle is on; emits
// changed() after each re-pose, for the viewport to upload and redraw.
class GhostPoses : public QObject {
    Q_OBJECT
public:
    enum Side { A = 0, B = 1 };

    GhostPoses(doc::Document* document, Playback* playback, TransitionPreview* preview, QObject* parent = nullptr);
    ~GhostPoses() override;

    bool visible() const { return m_visible; }
    // Skinning palettes of one skin for a side, with the side's offset in them.
    std::span<const glm::mat4> palette(Side side, std::size_t skin) const;
    // World matrices of every joint (rigid meshes follow them), offset too.
    std::span<const glm::mat4> worlds(Side side) const;
    // How far a side is moved from the blended character: A to
    // -layout().side, B to +layout().side.
    glm::vec3 offset(Side side) const;
    const model::GhostLayout& layout() const { return m_layout; }

signals:
    void changed();

private:
    void update();
    void rebuild();
    void layOut();

    QPointer<doc::Document> m_document;
    QPointer<Playback> m_playback;
    QPointer<TransitionPreview> m_preview;
    std::array<std::unique_ptr<model::PosePipeline>, 2> m_pipelines;
    std::vector<math::Transform> m_locals;
    std::array<std::vector<std::vector<glm::mat4>>, 2> m_palettes;  // per side, per skin
    std::array<std::vector<glm::mat4>, 2> m_worlds;
    model::GhostLayout m_layout;
    bool m_layoutStale = true;  // the active transition changed since layOut()
    bool m_visible = false;
};

} // namespace marrow::ws
