// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/paint_weights_command.h"
#include "core/mesh/brush_dab.h"
#include "core/mesh/paint_surface.h"
#include "core/mesh/vertex_weld.h"
#include "core/model/ids.h"
#include "core/model/mirror_map.h"
#include "core/skin/stroke_painter.h"
#include "core/skin/weight_gradient.h"
#include "core/workspace/paint_selection.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace marrow::cmd {
class InteractionTracker;
}
namespace marrow::doc {
class Document;
}

namespace marrow::ws {

class BrushState;
class MeshVisibility;
class PoseEvaluator;
class Selection;

// The weight brush's work, without widgets or GL: what the cursor's ray hits
// on the posed meshes, which vertices a dab covers there, and the Paint
// Weights commands a stroke pushes. The viewport tool turns mouse events
// into calls here; tests call it directly.
//
// Surfaces (posed positions in a BVH, see mesh::PaintSurface) are refitted
// lazily after a pose or weight change, and frozen for a stroke from
// beginStroke() to endStroke(): a stroke paints on the pose it started in,
// even while playback moves on. The bone painted is the selection's current
// joint; with X-mirror on, its mirror (model::MirrorMap, cached per mesh) is
// painted at the mirrored vertices in the same command. A bone the mesh's
// skin lacks is appended to the skin by the stroke's first command.
// Painting sees each mesh welded (mesh::VertexWeld over its bind positions):
// vertices split at one position by seams or flat shading are one paint
// vertex for the dab, the front-face test (any copy facing the camera),
// Smooth's neighbours, the mirror, the eyedropper and the readout; strokes
// and gradients write through skin::WeldedRowWriter, so every copy gets
// the same row and X-mirror writes the mirror position's copies.
class WeightPaintSession : public QObject {
    Q_OBJECT
public:
    WeightPaintSession(doc::Document* document, PoseEvaluator* evaluator, Selection* selection, BrushState* brush,
                       QObject* parent = nullptr);
    ~WeightPaintSession() override;

    struct Hit {
        model::MeshId mesh = -1;
        glm::vec3 point{0.f};        // posed, world space
        glm::vec3 normal{0.f, 0.f, 1.f};  // the hit face's unit normal, towards the ray's origin
        std::uint32_t vertex = 0;    // the vertex nearest the point
    };
    // The nearest hit of the ray among the shown skinned meshes (the frozen
    // surfaces while stroking), only on `only` when it is a mesh, or nullopt.
    std::optional<Hit> pick(const mesh::Ray& ray, model::MeshId only = -1);
    // Hidden meshes (H, Local View) are skipped by pick().
    void setMeshVisibility(MeshVisibility* visibility);
    // The vertex selection whose mask (V) strokes and gradients respect.
    void setPaintSelection(PaintSelection* selection);
    PaintSelection* paintSelection() const { return m_paintSelection; }

    // Starts a stroke on `mesh` with the current brush settings and bone.
    // False, with lastError() saying why, when there is no bone selected,
    // the mesh is not skinned, or the settings are invalid.
    bool beginStroke(model::MeshId mesh);
    bool stroking() const { return m_painter.active(); }
    model::MeshId strokeMesh() const { return m_strokeMesh; }
    QString lastError() const { return m_lastError; }

    // Where a dab lands: BrushDabJob's shape, centre, radius or circle, and
    // the camera for the front-face test.
    struct DabRegion {
        mesh::DabShape shape = mesh::DabShape::Sphere;
        glm::vec3 center{0.f};
        float radius = 0.f;
        mesh::ScreenCircle circle;
        glm::vec4 camera{0.f, 0.f, 0.f, 1.f};
    };
    // One dab of the stroke; pushes a Paint Weights command through the
    // tracker (merging into the stroke's entry) when it changes a row.
    // Returns the number of rows it changed.
    std::size_t dab(const DabRegion& region, const skin::DabModifiers& modifiers, cmd::InteractionTracker& tracker);
    void endStroke();

    // The gradient of a stroke begun with beginStroke(): re-run from the
    // weights the stroke began with (skin::gradientDelta) for a line in
    // window pixels, `projected` holding each vertex's window point, and
    // pushed through the tracker like a dab. Returns the rows changed.
    std::size_t gradient(const skin::GradientLine& line, std::span<const glm::vec2> projected,
                         cmd::InteractionTracker& tracker);

    // Vertex selection queries (weight_paint_select.cpp). The shell under
    // `vertex` (L): every vertex connected to it through edges and welded
    // copies, as a selection of the mesh's vertices.
    std::vector<std::uint8_t> linkedVertices(model::MeshId mesh, std::uint32_t vertex);
    // Of `vertices`, the ones nothing shown hides: the ray `rayTo` gives
    // towards a vertex's posed point first hits that mesh near the point.
    using RayTo = std::function<mesh::Ray(const glm::vec3& point)>;
    std::vector<std::uint32_t> unoccluded(model::MeshId mesh, std::span<const std::uint32_t> vertices, const RayTo& rayTo);

    // The current bone's weight at a vertex (the eyedropper), 0 when absent.
    float weightAt(model::MeshId mesh, std::uint32_t vertex) const;
    // "Vertex 812: upperarm_L 0.620, spine2 0.380" (sorted by weight).
    QString readout(model::MeshId mesh, std::uint32_t vertex) const;
    // The bone with the largest weight at a vertex (Ctrl+click with bones
    // hidden), nullopt when the vertex has no weight.
    std::optional<model::JointIndex> heaviestJointAt(model::MeshId mesh, std::uint32_t vertex) const;
    // The surface of a mesh (refitted if stale), null when not skinned.
    const mesh::PaintSurface* surface(model::MeshId mesh);

    // Vertices without a mirror partner in the mesh's last mirror map.
    std::size_t unpairedVertices(model::MeshId mesh) const;
    // The mesh's weld (built on first use), null when not skinned.
    const mesh::VertexWeld* weld(model::MeshId mesh);

signals:
    // A one-off note for the status bar (unpaired mirror vertices, a bone added to a skin).
    void message(const QString& text);

private:
    // Per skinned mesh: its posed surface and its mirror map.
    struct MeshCache {
        mesh::PaintSurface surface;
        bool stale = true;
        std::optional<model::MirrorMap> mirror;
        model::MirrorPlaneMode mirrorMode = model::MirrorPlaneMode::FitJoints;
        bool unpairedReported = false;
        std::optional<mesh::VertexWeld> weld;     // from the bind positions; kept until the rig is replaced
        mesh::VertexAdjacency weldedAdjacency;   // edges between representatives (Smooth)
    };
    // The cache's weld and welded adjacency, built on first use.
    const mesh::VertexWeld& weldOf(model::MeshId mesh, MeshCache& cache);
    // The vertex whose row stands for `vertex`'s position (its weld representative).
    std::uint32_t paintVertexOf(model::MeshId mesh, std::uint32_t vertex) const;
    MeshCache* cacheFor(model::MeshId mesh);
    void refit(model::MeshId mesh, MeshCache& cache);
    const model::MirrorMap* mirrorFor(model::MeshId mesh);
    void markPosesStale();
    void dropCaches();
    std::optional<std::uint16_t> skinJointOf(int skin, model::JointIndex joint) const;
    // Pushes one dab's or gradient's rows as a Paint Weights command named `text`; the rows changed.
    std::size_t pushStrokeDelta(skin::WeightDelta delta, const QString& text, cmd::InteractionTracker& tracker);

    QPointer<doc::Document> m_document;
    QPointer<PoseEvaluator> m_evaluator;
    QPointer<Selection> m_selection;
    QPointer<BrushState> m_brush;
    QPointer<MeshVisibility> m_visibility;
    std::vector<std::unique_ptr<MeshCache>> m_caches;  // per mesh
    skin::StrokePainter m_painter;
    model::MeshId m_strokeMesh = -1;
    std::vector<cmd::SkinJointAddition> m_pendingAdditions;  // go with the stroke's first command
    std::vector<std::uint8_t> m_locked;                      // per skin joint, for the stroke
    QPointer<PaintSelection> m_paintSelection;
    std::vector<std::uint8_t> m_strokeMask;                  // the mask when the stroke began
    std::vector<std::uint16_t> m_jointMirror;                // per skin joint of the stroke: its mirror (X-mirror)
    skin::StrokeTarget m_strokeTarget;                       // what the stroke paints (the gradient's target)
    std::optional<mesh::SkinWeights> m_gradientStart;        // the rows when the gradient began
    std::vector<std::uint32_t> m_dabVertices;
    std::vector<float> m_dabDistances;
    QString m_lastError;
};

} // namespace marrow::ws
