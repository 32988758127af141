// SPDX-License-Identifier: MIT
#include "widgets/viewport/renderer/overlay_pass.h"
#include "widgets/viewport/renderer/bone_batch.h"
#include "widgets/viewport/renderer/overlay_batch.h"
#include "widgets/viewport/renderer/qt_matrix.h"
#include "widgets/viewport/renderer/shader_library.h"

#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLShaderProgram>

#include <algorithm>

namespace marrow::gl {

OverlayPass::OverlayPass() = default;
OverlayPass::~OverlayPass() = default;

bool OverlayPass::create(QOpenGLFunctions_3_3_Core& gl, ShaderLibrary& shaders)
{
    QOpenGLShaderProgram* overlay =
        shaders.build(QStringLiteral("overlay"), QStringLiteral("overlay.vert"), QStringLiteral("overlay.frag"));
    QOpenGLShaderProgram* bone = overlay ? shaders.build(QStringLiteral("bone"), QStringLiteral("bone.vert"),
                                                         QStringLiteral("bone.frag"))
                                         : nullptr;
    if (!overlay || !bone)
        return false;
    m_overlayProgram = overlay;
    m_boneProgram = bone;
    for (auto* batch : {&m_grid, &m_links, &m_tool, &m_points}) {
        *batch = std::make_unique<OverlayBatch>();
        (*batch)->create(gl);
    }
    m_bones = std::make_unique<BoneBatch>();
    m_bones->create(gl);
    // Whatever was set before this context existed goes up at the next apply.
    m_gridDirty = m_bonesDirty = m_toolDirty = m_pointsDirty = true;
    return true;
}

std::size_t OverlayPass::destroy(QOpenGLFunctions_3_3_Core& gl)
{
    std::size_t bytes = 0;
    for (auto* batch : {&m_grid, &m_links, &m_tool, &m_points}) {
        if (*batch) {
            bytes += (*batch)->bytesUploaded();
            (*batch)->destroy(gl);
            batch->reset();
        }
    }
    if (m_bones) {
        bytes += m_bones->bytesUploaded();
        m_bones->destroy(gl);
        m_bones.reset();
    }
    m_overlayProgram = m_boneProgram = nullptr;
    return bytes;
}

void OverlayPass::setGridLines(std::span<const OverlayVertex> lines)
{
    m_gridLines.assign(lines.begin(), lines.end());
    m_gridDirty = true;
}

namespace {

// Replaces `kept` with `now` unless they are equal; returns whether it did.
bool replaceIfChanged(std::vector<OverlayVertex>& kept, std::span<const OverlayVertex> now)
{
    const auto same = [](const OverlayVertex& a, const OverlayVertex& b) { return a.position == b.position && a.colour == b.colour; };
    if (std::equal(now.begin(), now.end(), kept.begin(), kept.end(), same))
        return false;
    kept.assign(now.begin(), now.end());
    return true;
}

} // namespace

void OverlayPass::setToolOverlay(std::span<const OverlayVertex> lines)
{
    m_toolDirty = replaceIfChanged(m_toolLines, lines) || m_toolDirty;
}

void OverlayPass::setToolPoints(std::span<const OverlayVertex> points)
{
    m_pointsDirty = replaceIfChanged(m_toolPoints, points) || m_pointsDirty;
}

void OverlayPass::setBoneOverlay(std::span<const BoneInstance> bones, std::span<const OverlayVertex> links)
{
    m_boneData.assign(bones.begin(), bones.end());
    m_linkLines.assign(links.begin(), links.end());
    m_bonesDirty = true;
}

void OverlayPass::apply(QOpenGLFunctions_3_3_Core& gl, bool showBones)
{
    if (m_gridDirty) {
        m_grid->upload(gl, m_gridLines);
        m_gridDirty = false;
    }
    if (m_toolDirty) {
        m_tool->upload(gl, m_toolLines);
        m_toolDirty = false;
    }
    if (m_pointsDirty) {
        m_points->upload(gl, m_toolPoints);
        m_pointsDirty = false;
    }
    if (m_bonesDirty && showBones) {
        m_bones->upload(gl, m_boneData);
        m_links->upload(gl, m_linkLines);
        m_bonesDirty = false;
    }
}

void OverlayPass::drawLines(QOpenGLFunctions_3_3_Core& gl, const OverlayBatch& batch,
                            const glm::mat4& viewProjection) const
{
    m_overlayProgram->bind();
    m_overlayProgram->setUniformValue("uViewProjection", toQt(viewProjection));
    batch.draw(gl, GL_LINES);
    m_overlayProgram->release();
}

void OverlayPass::drawGrid(QOpenGLFunctions_3_3_Core& gl, const glm::mat4& viewProjection) const
{
    if (m_grid->vertexCount() == 0)
        return;
    // Without writing depth: the mesh then covers it.
    gl.glEnable(GL_BLEND);
    gl.glDepthMask(GL_FALSE);
    drawLines(gl, *m_grid, viewProjection);
    gl.glDepthMask(GL_TRUE);
    gl.glDisable(GL_BLEND);
}

void OverlayPass::drawBones(QOpenGLFunctions_3_3_Core& gl, const glm::mat4& viewProjection, glm::vec2 viewportSize,
                            const BoneDisplay& display) const
{
    if (m_bones->instanceCount() == 0 && m_links->vertexCount() == 0)
        return;
    // In Front (Blender's): the bones draw over the meshes, against a fresh
    // depth buffer that keeps near bones over far ones; otherwise the
    // meshes' depth hides the parts of bones behind them. Blended a little
    // so the surface under them still reads.
    if (display.inFront)
        gl.glClear(GL_DEPTH_BUFFER_BIT);
    gl.glEnable(GL_BLEND);
    drawLines(gl, *m_links, viewProjection);
    m_boneProgram->bind();
    m_boneProgram->setUniformValue("uViewProjection", toQt(viewProjection));
    m_boneProgram->setUniformValue("uLightDir", QVector3D(0.35f, 0.85f, 0.4f).normalized());
    m_boneProgram->setUniformValue("uWidth", boneWidth(display.shape));
    if (display.shape != BoneShape::Wire) {
        // A dark shell a few pixels wider than each bone, under its faces: the
        // bone stays readable over every heat-map colour (blue, green, red alike).
        m_boneProgram->setUniformValue("uOutline", 2);
        m_boneProgram->setUniformValue("uOutlineColor", QVector4D(0.05f, 0.05f, 0.07f, 0.95f));
        m_boneProgram->setUniformValue("uViewportSize", QVector2D(viewportSize.x, viewportSize.y));
        m_boneProgram->setUniformValue("uShellPixels", display.shape == BoneShape::Stick ? 1.5f : 2.5f);
        gl.glDepthMask(GL_FALSE);
        m_bones->drawFaces(gl);
        gl.glDepthMask(GL_TRUE);
        m_boneProgram->setUniformValue("uOutline", 0);
        m_bones->drawFaces(gl);
    }
    gl.glDepthFunc(GL_LEQUAL);
    m_boneProgram->setUniformValue("uOutline", 1);
    // Wire: the edges are the bone, light enough to read on a dark mesh.
    m_boneProgram->setUniformValue("uOutlineColor", display.shape == BoneShape::Wire ? QVector4D(0.85f, 0.87f, 0.9f, 1.f)
                                                                                     : QVector4D(0.08f, 0.09f, 0.11f, 0.9f));
    m_bones->drawEdges(gl);
    gl.glDepthFunc(GL_LESS);
    m_boneProgram->release();
    gl.glDisable(GL_BLEND);
}

void OverlayPass::drawToolPoints(QOpenGLFunctions_3_3_Core& gl, const glm::mat4& viewProjection, float pixels) const
{
    if (m_points->vertexCount() == 0)
        return;
    gl.glEnable(GL_BLEND);
    gl.glDepthMask(GL_FALSE);
    gl.glDepthFunc(GL_LEQUAL);
    gl.glPointSize(pixels);
    m_overlayProgram->bind();
    m_overlayProgram->setUniformValue("uViewProjection", toQt(viewProjection));
    m_points->draw(gl, GL_POINTS);
    m_overlayProgram->release();
    gl.glDepthFunc(GL_LESS);
    gl.glDepthMask(GL_TRUE);
    gl.glDisable(GL_BLEND);
}

void OverlayPass::drawTool(QOpenGLFunctions_3_3_Core& gl, const glm::mat4& viewProjection) const
{
    if (m_tool->vertexCount() == 0)
        return;
    gl.glDisable(GL_DEPTH_TEST);
    gl.glEnable(GL_BLEND);
    drawLines(gl, *m_tool, viewProjection);
    gl.glDisable(GL_BLEND);
    gl.glEnable(GL_DEPTH_TEST);
}

std::size_t OverlayPass::bytesUploaded() const
{
    std::size_t total = 0;
    for (const auto* batch : {&m_grid, &m_links, &m_tool, &m_points})
        total += *batch ? (*batch)->bytesUploaded() : 0;
    return total + (m_bones ? m_bones->bytesUploaded() : 0);
}

} // namespace marrow::gl
