// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/cpu_skinning_job.h"
#include "core/model/rig.h"
#include "widgets/viewport/renderer/mesh_pass.h"
#include "widgets/viewport/renderer/overlay_pass.h"
#include "widgets/viewport/renderer/skin_capture.h"
#include "widgets/viewport/renderer/ghost_layer.h"
#include "widgets/viewport/renderer/material_textures.h"
#include "widgets/viewport/renderer/skin_palettes.h"

#include <QString>

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <vector>

class QOpenGLFunctions_3_3_Core;

namespace marrow::gl {

class MeshBuffers;
class MorphBuffer;
class ShaderLibrary;

// Draws a rig's meshes, GPU-skinned from per-skin palettes, and the
// overlays. Owns the shader programs, one MeshBuffers per mesh and one
// PaletteBuffer per skin; MeshPass, OverlayPass and SkinCapture do the
// drawing and the read-back. The
// setters only copy plain data and queue it (they make no GL call and need no
// context); the queue is applied at the next paint() or
// captureSkinnedPositions(), which need the context current, as do
// initialize() and cleanup(). cleanup() frees every GL object and must run
// before the context is destroyed (the viewport calls it on
// aboutToBeDestroyed); initialize() may run again afterwards in a new
// context, and the last rig, palettes and weights are uploaded again.
class Renderer {
public:
    Renderer();
    ~Renderer();
    Renderer(const Renderer&) = delete;
    Renderer& operator=(const Renderer&) = delete;

    // Resolves GL 3.3 core functions and builds the shaders. False, with
    // lastError() naming the problem (and the shader file), on failure.
    bool initialize();
    void cleanup();
    bool initialized() const { return m_gl != nullptr; }
    const QString& lastError() const { return m_lastError; }

    // Replaces every mesh and skin. Palettes restart as empty (zero matrices)
    // and rigid meshes at identity until set.
    void setRig(const model::Rig& rig);
    // Skinning matrices (world * inverse bind) of one skin, one per skin joint.
    void setPalette(std::size_t skin, std::span<const glm::mat4> palette) { m_palettes.setPalette(skin, palette); }
    // The same palette split for DQS (math::splitSkinningMatrix). Each method
    // uploads only its own form: matrices for LBS, these for DQS.
    void setDualQuats(std::size_t skin, std::span<const math::ScaledDualQuat> dualQuats)
    {
        m_palettes.setDualQuats(skin, dualQuats);
    }
    // One mesh's morph-target weights in the current pose (one per target).
    // Queued; the GPU gets the targets that weigh, only when they change.
    void setMorphWeights(std::size_t mesh, std::span<const float> weights);
    // World matrices of the skeleton's nodes; rigid meshes follow their node.
    void setNodeWorlds(std::span<const glm::mat4> worlds);
    void setSkinningMethod(mesh::SkinningMethod method) { m_method = method; }
    mesh::SkinningMethod skinningMethod() const { return m_method; }
    // New influences for `rows` of one mesh; `weights` is the mesh's whole
    // table (only those rows are read, now). Uploads one range per cluster of
    // nearby changed rows (MeshBuffers::kMergeGap); the palette is not sent.
    void updateWeights(std::size_t mesh, const mesh::SkinWeights& weights, std::span<const std::uint32_t> rows);
    // The mesh's whole table replaced, its stride possibly changed (4 <-> 8,
    // Max Influences): every row goes up. Ignored when the vertex count differs.
    void replaceWeights(std::size_t mesh, const mesh::SkinWeights& weights);

    // Heat map: nullopt shades normally; a joint shades every mesh by that
    // skeleton joint's weights (blue 0 to red 1), and -1 shows the ramp's 0
    // everywhere (heat-map mode with nothing selected).
    void setHeatMapJoint(std::optional<anim::JointIndex> joint) { m_heatJoint = joint; }
    // The one mesh the heat map (and View › Weights) shades; the others are
    // drawn lit. nullopt: every mesh.
    void setHeatMapMesh(std::optional<std::size_t> mesh) { m_heatMesh = mesh; }
    // Whether the last paint drew the mesh in the heat map's colours.
    bool drewHeat(std::size_t mesh) const { return mesh < m_drawnHeat.size() && m_drawnHeat[mesh] != 0; }
    // Blender's "Show Zero Weights: Active": in heat-map mode with a joint,
    // vertices with exactly no weight for it (rigid meshes not following it
    // included) are near-black purple rather than the ramp's blue. Off by default.
    void setShowZeroWeights(bool on) { m_showZeroWeights = on; }
    // What the heat map shows (weight health views, drawn whether a joint
    // is selected or not); the limit and maximum for InfluenceCount and Scalar.
    void setWeightView(WeightView view, int influenceLimit, float scalarMax)
    {
        m_weightView = view;
        m_influenceLimit = influenceLimit;
        m_scalarMax = scalarMax;
    }
    WeightView weightView() const { return m_weightView; }
    // A figure per vertex of one mesh for WeightView::Scalar (empty: none),
    // uploaded at the next paint.
    void setVertexScalars(std::size_t mesh, std::vector<float> values);
    void setWireframe(bool on) { m_wireframe = on; }
    // Lit meshes in their material's base colour, vertex colours and
    // texture (Blender's Texture colour) or in plain clay. Off by default.
    void setTexturedShading(bool on) { m_textured = on; }
    bool texturedShading() const { return m_textured; }
    void setShowGrid(bool on) { m_showGrid = on; }
    void setShowBones(bool on) { m_showBones = on; }
    void setBoneDisplay(const BoneDisplay& display) { m_boneDisplay = display; }
    const BoneDisplay& boneDisplay() const { return m_boneDisplay; }
    // One flag per mesh (1: not drawn, ghosts included): Hide and Local View.
    void setHiddenMeshes(std::span<const std::uint8_t> hidden) { m_hidden.assign(hidden.begin(), hidden.end()); }
    bool meshHidden(std::size_t mesh) const { return mesh < m_hidden.size() && m_hidden[mesh] != 0; }
    // Whether the last paint() drew the mesh (for tests).
    bool drewMesh(std::size_t mesh) const { return mesh < m_drawnMeshes.size() && m_drawnMeshes[mesh] != 0; }
    // Overlays in world space: grid line pairs (set once per rig), the bones
    // as instances and their relationship lines (set each pose). Queued.
    void setGridLines(std::span<const OverlayVertex> lines) { m_overlays.setGridLines(lines); }
    void setBoneOverlay(std::span<const BoneInstance> bones, std::span<const OverlayVertex> links)
    {
        m_overlays.setBoneOverlay(bones, links);
    }
    // The active tool's world-space line pairs, drawn over everything. Set
    // every frame; uploads only when they differ from the last ones.
    void setToolOverlay(std::span<const OverlayVertex> lines) { m_overlays.setToolOverlay(lines); }
    // The tool's dots (world space), drawn `pixels` wide over the meshes where not hidden.
    void setToolPoints(std::span<const OverlayVertex> points, float pixels)
    {
        m_overlays.setToolPoints(points);
        m_toolPointPixels = pixels;
    }

    // The transition's ghosts (0: A, 1: B): palettes per skin and joint
    // worlds with their offset applied, drawn translucent in `tint` after
    // the character; hidden until set, and again after hideGhosts().
    void setGhost(std::size_t ghost, std::span<const std::vector<glm::mat4>> palettes, std::span<const glm::mat4> worlds,
                  const glm::vec3& tint)
    {
        m_ghosts.set(ghost, palettes, worlds, tint);
    }
    void hideGhosts() { m_ghosts.hide(); }
    static constexpr float kGhostAlpha = 0.45f;

    void setClearColor(const glm::vec4& colour) { m_clearColour = colour; }
    // Sets the GL viewport (the target's size in pixels).
    void resize(int width, int height);
    // Applies queued work, clears the bound framebuffer and draws every mesh.
    void paint(const glm::mat4& viewProjection);

    // World-space positions of one mesh as the vertex shader computes them,
    // read back by transform feedback (nothing is rasterised). False when the
    // renderer is not initialised or the mesh does not exist.
    bool captureSkinnedPositions(std::size_t mesh, std::vector<glm::vec3>& out);

    // Bytes sent to GL buffers since initialize(): meshes, weights, palettes.
    // Difference two readings to get the traffic of one frame.
    std::size_t bytesUploaded() const;

private:
    struct MeshInfo {
        int skin = -1;
        anim::JointIndex node = 0;
    };
    void applyPending();
    void drawGhosts(const glm::mat4& viewProjection);
    // Frees the mesh and palette buffers, keeping count of their uploads.
    void destroyMeshBuffers();
    MeshDraw meshDraw(std::size_t mesh) const;
    MeshStyle meshStyle() const;
    int heatIndexFor(std::size_t mesh) const;

    std::unique_ptr<QOpenGLFunctions_3_3_Core> m_gl;
    std::unique_ptr<ShaderLibrary> m_shaders;
    MeshPass m_meshPass;
    OverlayPass m_overlays;  // its plain data outlives the context
    float m_toolPointPixels = 5.f;
    SkinCapture m_capture;
    std::vector<std::unique_ptr<MeshBuffers>> m_meshBuffers;
    std::vector<std::unique_ptr<MorphBuffer>> m_morphBuffers;  // per mesh
    SkinPalettes m_palettes;  // its queue outlives the context
    GhostLayer m_ghosts;      // the transition's A and B, likewise
    MaterialTextures m_textures;  // kept across rigs that share images
    std::size_t m_retiredBytes = 0;  // uploads by buffers since destroyed

    // Queued plain data. The rig copy stays so a new context can re-upload.
    std::vector<mesh::Mesh> m_meshes;
    std::vector<MeshInfo> m_meshInfo;
    struct WeightChanges {
        std::vector<std::uint32_t> rows;  // rows whose weights changed
        bool all = false;                 // the whole table was replaced
    };
    std::vector<WeightChanges> m_weightChanges;  // per mesh
    std::vector<glm::mat4> m_nodeWorlds;
    std::vector<mesh::Material> m_materials;
    std::vector<std::vector<float>> m_morphWeights;  // per mesh, as last set
    std::vector<std::vector<anim::JointIndex>> m_skinJoints;  // per skin: skeleton joint of each skin joint
    std::optional<anim::JointIndex> m_heatJoint;
    std::vector<std::uint8_t> m_hidden, m_drawnMeshes, m_drawnHeat;  // per mesh
    std::optional<std::size_t> m_heatMesh;
    bool m_textured = false;
    WeightView m_weightView = WeightView::Weight;
    int m_influenceLimit = 4;
    float m_scalarMax = 1.f;
    std::vector<std::optional<std::vector<float>>> m_pendingScalars;  // per mesh: to upload at the next paint
    bool m_wireframe = false, m_showGrid = true, m_showBones = true, m_showZeroWeights = false;
    BoneDisplay m_boneDisplay;
    glm::vec2 m_viewportSize{1.f, 1.f};  // pixels, for the bones' screen-space outline
    bool m_rigDirty = false;
    mesh::SkinningMethod m_method = mesh::SkinningMethod::Linear;
    glm::vec4 m_clearColour{0.18f, 0.19f, 0.21f, 1.f};
    QString m_lastError;
};

} // namespace marrow::gl
