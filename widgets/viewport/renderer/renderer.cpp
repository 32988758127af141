// SPDX-License-Identifier: MIT
#include "widgets/viewport/renderer/renderer.h"
#include "widgets/viewport/renderer/mesh_buffers.h"
#include "widgets/viewport/renderer/morph_buffer.h"
#include "widgets/viewport/renderer/shader_library.h"

#include <QOpenGLContext>
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLShaderProgram>

#include <algorithm>

namespace marrow::gl {

Renderer::Renderer() = default;

Renderer::~Renderer()
{
    // GL objects cannot be freed without the context; the owner calls
    // cleanup() first. Dropping the names here only leaks driver objects
    // that die with the context anyway.
}

bool Renderer::initialize()
{
    cleanup();
    m_lastError.clear();
    QOpenGLContext* context = QOpenGLContext::currentContext();
    if (!context) {
        m_lastError = QStringLiteral("Renderer::initialize: no current OpenGL context");
        return false;
    }
    auto gl = std::make_unique<QOpenGLFunctions_3_3_Core>();
    if (!gl->initializeOpenGLFunctions()) {
        m_lastError = QStringLiteral("Renderer::initialize: OpenGL 3.3 core functions unavailable (context is ") +
                      QString::number(context->format().majorVersion()) + QLatin1Char('.') +
                      QString::number(context->format().minorVersion()) + QLatin1Char(')');
        return false;
    }
    auto shaders = std::make_unique<ShaderLibrary>();
    // The overlay pass makes GL objects only once its programs are built, so
    // a failure here leaves nothing behind.
    if (!m_meshPass.create(*shaders) || !m_overlays.create(*gl, *shaders)) {
        m_lastError = shaders->lastError();
        m_meshPass.release();
        return false;
    }
    m_gl = std::move(gl);
    m_shaders = std::move(shaders);
    m_capture.create(*m_gl);
    // Everything the setters queued so far, and the rig of a previous
    // context, goes up at the next paint.
    m_rigDirty = true;
    return true;
}

void Renderer::destroyMeshBuffers()
{
    for (auto& b : m_meshBuffers) {
        m_retiredBytes += b->bytesUploaded();
        b->destroy(*m_gl);
    }
    m_meshBuffers.clear();
    for (auto& b : m_morphBuffers) {
        m_retiredBytes += b->bytesUploaded();
        b->destroy(*m_gl);
    }
    m_morphBuffers.clear();
    m_retiredBytes += m_palettes.destroy(*m_gl);
    m_retiredBytes += m_ghosts.destroy(*m_gl);
}

void Renderer::cleanup()
{
    if (!m_gl)
        return;
    destroyMeshBuffers();
    m_retiredBytes += m_overlays.destroy(*m_gl);
    m_retiredBytes += m_textures.destroy(*m_gl);
    m_capture.destroy(*m_gl);
    m_meshPass.release();
    m_shaders->clear();
    m_shaders.reset();
    m_gl.reset();
}

void Renderer::setRig(const model::Rig& rig)
{
    m_pendingScalars.clear();  // new buffers: the figures are set again for them
    m_meshes = rig.meshes;
    m_meshInfo.clear();
    for (const mesh::Mesh& m : m_meshes)
        m_meshInfo.push_back({m.skin, m.node});
    m_palettes.reset(rig.skins.size());
    m_ghosts.reset(rig.skins.size());
    m_skinJoints.clear();
    for (const model::Skin& skin : rig.skins)
        m_skinJoints.push_back(skin.joints);
    m_weightChanges.assign(m_meshes.size(), {});
    m_materials = rig.materials;
    m_textures.setTextures(rig.textures);
    m_morphWeights.clear();
    for (const mesh::Mesh& m : m_meshes)
        m_morphWeights.push_back(m.morphWeights);
    m_nodeWorlds.assign(rig.skeleton.size(), glm::mat4(1.f));
    m_rigDirty = true;
}

void Renderer::setNodeWorlds(std::span<const glm::mat4> worlds)
{
    m_nodeWorlds.assign(worlds.begin(), worlds.end());
}

void Renderer::setMorphWeights(std::size_t mesh, std::span<const float> weights)
{
    if (mesh < m_morphWeights.size())
        m_morphWeights[mesh].assign(weights.begin(), weights.end());
}

void Renderer::updateWeights(std::size_t meshIndex, const mesh::SkinWeights& weights,
                             std::span<const std::uint32_t> rows)
{
    if (meshIndex >= m_meshes.size() || weights.vertexCount() != m_meshes[meshIndex].vertexCount())
        return;
    mesh::SkinWeights& kept = m_meshes[meshIndex].weights;
    if (kept.stride != weights.stride) {
        // A stroke widened the rows (4 -> 8 influences): take the whole table.
        kept = weights;
    } else {
        const auto stride = static_cast<std::size_t>(weights.stride);
        for (const std::uint32_t r : rows) {
            if (r >= weights.vertexCount())
                continue;
            std::copy_n(weights.joints.begin() + static_cast<std::ptrdiff_t>(r * stride), stride,
                        kept.joints.begin() + static_cast<std::ptrdiff_t>(r * stride));
            std::copy_n(weights.weights.begin() + static_cast<std::ptrdiff_t>(r * stride), stride,
                        kept.weights.begin() + static_cast<std::ptrdiff_t>(r * stride));
        }
    }
    auto& dirty = m_weightChanges[meshIndex].rows;
    dirty.insert(dirty.end(), rows.begin(), rows.end());
}

void Renderer::replaceWeights(std::size_t meshIndex, const mesh::SkinWeights& weights)
{
    if (meshIndex >= m_meshes.size() || weights.vertexCount() != m_meshes[meshIndex].vertexCount())
        return;
    m_meshes[meshIndex].weights = weights;
    m_weightChanges[meshIndex] = {{}, true};
}

void Renderer::setVertexScalars(std::size_t mesh, std::vector<float> values)
{
    if (mesh >= m_meshes.size())
        return;
    if (m_pendingScalars.size() < m_meshes.size())
        m_pendingScalars.resize(m_meshes.size());
    m_pendingScalars[mesh] = std::move(values);
}

void Renderer::applyPending()
{
    QOpenGLFunctions_3_3_Core& gl = *m_gl;
    if (m_rigDirty) {
        destroyMeshBuffers();
        for (const mesh::Mesh& m : m_meshes) {
            m_meshBuffers.push_back(std::make_unique<MeshBuffers>());
            m_meshBuffers.back()->create(gl, m);
            m_morphBuffers.push_back(std::make_unique<MorphBuffer>());
            m_morphBuffers.back()->create(gl, m);
        }
        m_palettes.create(gl);
        m_ghosts.create(gl);
        // Fresh buffers already hold the current weights.
        for (auto& changes : m_weightChanges)
            changes = {};
        m_rigDirty = false;
    }
    m_palettes.apply(gl, m_method);
    m_textures.apply(gl);
    for (std::size_t i = 0; i < m_morphBuffers.size() && i < m_morphWeights.size(); ++i)
        m_morphBuffers[i]->setWeights(gl, m_morphWeights[i]);  // uploads only a change
    m_ghosts.apply(gl);
    m_overlays.apply(gl, m_showBones);
    for (std::size_t i = 0; i < m_weightChanges.size(); ++i) {
        WeightChanges& changes = m_weightChanges[i];
        if (changes.all)
            m_meshBuffers[i]->replaceWeights(gl, m_meshes[i].weights);
        else if (!changes.rows.empty())
            m_meshBuffers[i]->updateWeights(gl, m_meshes[i].weights, changes.rows);
        changes.rows.clear();  // keeps its capacity for the next dab
        changes.all = false;
    }
    for (std::size_t i = 0; i < m_pendingScalars.size() && i < m_meshBuffers.size(); ++i)
        if (m_pendingScalars[i]) {
            m_meshBuffers[i]->setScalars(gl, *m_pendingScalars[i]);
            m_pendingScalars[i].reset();
        }
}

int Renderer::heatIndexFor(std::size_t meshIndex) const
{
    const int skin = m_meshInfo[meshIndex].skin;
    if (!m_heatJoint || skin < 0 || static_cast<std::size_t>(skin) >= m_skinJoints.size())
        return -1;
    const auto& joints = m_skinJoints[static_cast<std::size_t>(skin)];
    const auto it = std::find(joints.begin(), joints.end(), *m_heatJoint);
    return it == joints.end() ? -1 : static_cast<int>(it - joints.begin());
}

MeshDraw Renderer::meshDraw(std::size_t meshIndex) const
{
    const MeshInfo& info = m_meshInfo[meshIndex];
    MeshDraw draw;
    draw.buffers = m_meshBuffers[meshIndex].get();
    if (m_morphBuffers[meshIndex]->hasTargets())
        draw.morph = m_morphBuffers[meshIndex].get();
    if (info.skin >= 0) {
        draw.palette = &m_palettes.buffer(static_cast<std::size_t>(info.skin));
        draw.heatIndex = heatIndexFor(meshIndex);
    }
    const auto node = static_cast<std::size_t>(info.node);
    draw.model = node < m_nodeWorlds.size() ? m_nodeWorlds[node] : glm::mat4(1.f);
    draw.rigidHeat = m_heatJoint && *m_heatJoint == info.node;
    const int material = m_meshes[meshIndex].material;
    if (material >= 0 && static_cast<std::size_t>(material) < m_materials.size()) {
        const mesh::Material& m = m_materials[static_cast<std::size_t>(material)];
        draw.hasMaterial = true;
        draw.baseColour = m.baseColour;
        draw.texture = m_textures.texture(m.baseColourMap.texture);
    }
    return draw;
}

MeshStyle Renderer::meshStyle() const
{
    MeshStyle style;
    style.method = m_method;
    // A weight-health view shows with or without a selected joint.
    style.heatMap = m_heatJoint.has_value() || m_weightView != WeightView::Weight;
    style.markZeroWeights = m_showZeroWeights && m_heatJoint && *m_heatJoint >= 0;
    style.wireframe = m_wireframe;
    style.textured = m_textured;
    style.weightView = m_weightView;
    style.influenceLimit = m_influenceLimit;
    style.scalarMax = m_scalarMax;
    return style;
}

void Renderer::resize(int width, int height)
{
    m_viewportSize = glm::vec2(std::max(width, 1), std::max(height, 1));
    if (m_gl)
        m_gl->glViewport(0, 0, width, height);
}

void Renderer::paint(const glm::mat4& viewProjection)
{
    if (!m_gl)
        return;
    applyPending();
    QOpenGLFunctions_3_3_Core& gl = *m_gl;
    gl.glClearColor(m_clearColour.x, m_clearColour.y, m_clearColour.z, m_clearColour.w);
    gl.glClearDepth(1.0);
    gl.glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    gl.glEnable(GL_DEPTH_TEST);
    gl.glDepthFunc(GL_LESS);
    // Imported meshes are often single-sided or wound inconsistently.
    gl.glDisable(GL_CULL_FACE);
    gl.glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);

    // The grid first: the mesh then covers it.
    if (m_showGrid)
        m_overlays.drawGrid(gl, viewProjection);
    std::vector<MeshDraw> draws;
    draws.reserve(m_meshBuffers.size());
    m_drawnMeshes.assign(m_meshBuffers.size(), 0);
    m_drawnHeat.assign(m_meshBuffers.size(), 0);
    const MeshStyle style = meshStyle();
    for (std::size_t i = 0; i < m_meshBuffers.size(); ++i) {
        if (meshHidden(i))
            continue;
        draws.push_back(meshDraw(i));
        draws.back().plain = m_heatMesh && *m_heatMesh != i;
        m_drawnMeshes[i] = 1;
        m_drawnHeat[i] = style.heatMap && !draws.back().plain ? 1 : 0;
    }
    m_meshPass.draw(gl, draws, viewProjection, style);
    drawGhosts(viewProjection);
    m_overlays.drawToolPoints(gl, viewProjection, m_toolPointPixels);
    if (m_showBones)
        m_overlays.drawBones(gl, viewProjection, m_viewportSize, m_boneDisplay);
    // Tool lines (a brush circle) last, over mesh and bones alike.
    m_overlays.drawTool(gl, viewProjection);
}

void Renderer::drawGhosts(const glm::mat4& viewProjection)
{
    std::vector<MeshDraw> draws;
    for (std::size_t g = 0; g < GhostLayer::kGhosts; ++g) {
        if (!m_ghosts.visible(g))
            continue;
        draws.clear();
        const std::vector<glm::mat4>& worlds = m_ghosts.worlds(g);
        for (std::size_t i = 0; i < m_meshBuffers.size(); ++i) {
            if (meshHidden(i))
                continue;
            MeshDraw draw;
            draw.buffers = m_meshBuffers[i].get();
            const MeshInfo& info = m_meshInfo[i];
            if (info.skin >= 0)
                draw.palette = &m_ghosts.palette(g, static_cast<std::size_t>(info.skin));
            const auto node = static_cast<std::size_t>(info.node);
            draw.model = node < worlds.size() ? worlds[node] : glm::mat4(1.f);
            draws.push_back(draw);
        }
        m_meshPass.drawGhost(*m_gl, draws, viewProjection, m_ghosts.tint(g), kGhostAlpha);
    }
}

bool Renderer::captureSkinnedPositions(std::size_t meshIndex, std::vector<glm::vec3>& out)
{
    if (!m_gl)
        return false;
    applyPending();
    if (meshIndex >= m_meshBuffers.size())
        return false;
    QOpenGLShaderProgram& program = m_meshPass.prepareCapture(*m_gl, meshDraw(meshIndex), meshStyle());
    const bool ok = m_capture.capture(*m_gl, *m_meshBuffers[meshIndex], out);
    program.release();
    return ok;
}

std::size_t Renderer::bytesUploaded() const
{
    std::size_t total = m_retiredBytes + m_overlays.bytesUploaded();
    for (const auto& b : m_meshBuffers)
        total += b->bytesUploaded();
    for (const auto& b : m_morphBuffers)
        total += b->bytesUploaded();
    return total + m_palettes.bytesUploaded() + m_ghosts.bytesUploaded() + m_textures.bytesUploaded();
}

} // namespace marrow::gl
