// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/renderer/bone_display.h"
#include "widgets/viewport/renderer/overlay_vertex.h"

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

class QOpenGLFunctions_3_3_Core;
class QOpenGLShaderProgram;

namespace marrow::gl {

class BoneBatch;
class OverlayBatch;
class ShaderLibrary;

// The viewport's overlays: the ground grid, the bones with their relationship
// lines, and the active tool's lines. The setters keep plain data and make no
// GL call, so a new context gets everything again after create();
// create(), destroy(), apply() and the draws need the context current.
class OverlayPass {
public:
    OverlayPass();
    ~OverlayPass();
    OverlayPass(const OverlayPass&) = delete;
    OverlayPass& operator=(const OverlayPass&) = delete;

    // Builds the overlay and bone programs in `shaders`, then the batches.
    // False (shaders.lastError() says why) with no GL object made on failure.
    bool create(QOpenGLFunctions_3_3_Core& gl, ShaderLibrary& shaders);
    // Frees the batches (the programs belong to the library) and returns the
    // bytes they had uploaded.
    std::size_t destroy(QOpenGLFunctions_3_3_Core& gl);

    void setGridLines(std::span<const OverlayVertex> lines);
    void setBoneOverlay(std::span<const BoneInstance> bones, std::span<const OverlayVertex> links);
    // Uploads nothing when the lines equal the last ones (an idle frame).
    void setToolOverlay(std::span<const OverlayVertex> lines);
    // The tool's dots (Weight Paint's vertices), drawn over the meshes where
    // they are not hidden behind them; uploads nothing when unchanged.
    void setToolPoints(std::span<const OverlayVertex> points);

    // Uploads what changed. Bones go up only while shown, so hidden bones
    // cost no traffic.
    void apply(QOpenGLFunctions_3_3_Core& gl, bool showBones);

    // The grid, drawn before the meshes without writing depth.
    void drawGrid(QOpenGLFunctions_3_3_Core& gl, const glm::mat4& viewProjection) const;
    // Bones and their links as `display` says: in front of the meshes (clears
    // the depth buffer) or hidden by them; octahedral, stick or wire.
    void drawBones(QOpenGLFunctions_3_3_Core& gl, const glm::mat4& viewProjection, glm::vec2 viewportSize,
                   const BoneDisplay& display) const;
    // The tool's dots, depth-tested against the meshes drawn so far.
    void drawToolPoints(QOpenGLFunctions_3_3_Core& gl, const glm::mat4& viewProjection, float pixels) const;
    // Tool lines over everything.
    void drawTool(QOpenGLFunctions_3_3_Core& gl, const glm::mat4& viewProjection) const;

    std::size_t bytesUploaded() const;

private:
    void drawLines(QOpenGLFunctions_3_3_Core& gl, const OverlayBatch& batch, const glm::mat4& viewProjection) const;

    QOpenGLShaderProgram* m_overlayProgram = nullptr;  // owned by the ShaderLibrary
    QOpenGLShaderProgram* m_boneProgram = nullptr;     // owned by the ShaderLibrary
    std::unique_ptr<OverlayBatch> m_grid, m_links, m_tool, m_points;
    std::unique_ptr<BoneBatch> m_bones;
    std::vector<OverlayVertex> m_gridLines, m_linkLines, m_toolLines, m_toolPoints;
    std::vector<BoneInstance> m_boneData;
    bool m_gridDirty = false, m_bonesDirty = false, m_toolDirty = false, m_pointsDirty = false;
};

} // namespace marrow::gl
