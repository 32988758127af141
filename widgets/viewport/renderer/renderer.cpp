// SPDX-License-Identifier: MIT
#include "widgets/viewport/renderer/renderer.h"
#include "widgets/viewport/renderer/bone_batch.h"
#include "widgets/viewport/renderer/mesh_buffers.h"
#include "widgets/viewport/renderer/overlay_batch.h"
#include "widgets/viewport/renderer/palette_buffer.h"
#include "widgets/viewport/renderer/shader_library.h"

#include <QGenericMatrix>
#include <QOpenGLContext>
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLShaderProgram>

#include <glm/gtc/type_ptr.hpp>

#include <algorithm>
#include <array>

namespace marrow::gl {

namespace {

// skinned_mesh.vert's variants, indexed by its SKINNING value.
const std::array<QString, 3> kMeshVariants = {QStringLiteral("skinned_mesh_rigid"), QStringLiteral("skinned_mesh_lbs"),
                                              QStringLiteral("skinned_mesh_dqs")};
const QString kOverlay = QStringLiteral("overlay");
const QString kBone = QStringLiteral("bone");
constexpr int kPaletteUnit = 0;
constexpr int kDualQuatUnit = 1;
// SKINNING values in skinned_mesh.vert.
constexpr std::size_t kModeRigid = 0, kModeLinear = 1, kModeDualQuat = 2;
// uShading values in skinned_mesh.frag.
constexpr int kShadeLit = 0, kShadeHeat = 1, kShadeWire = 2;

QMatrix4x4 toQt(const glm::mat4& m)
{
    return QMatrix4x4(glm::value_ptr(m)).transposed();
}

} // namespace

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
    std::array<QOpenGLShaderProgram*, 3> meshPrograms{};
    for (std::size_t mode = 0; mode < kMeshVariants.size(); ++mode) {
        meshPrograms[mode] = shaders->build(kMeshVariants[mode], QStringLiteral("skinned_mesh.vert"),
                                            QStringLiteral("skinned_mesh.frag"), {QStringLiteral("skinnedPosition")},
                                            {"SKINNING " + QByteArray::number(static_cast<int>(mode))});
        if (!meshPrograms[mode]) {
            m_lastError = shaders->lastError();
            return false;
        }
    }
    QOpenGLShaderProgram* overlay =
        shaders->build(kOverlay, QStringLiteral("overlay.vert"), QStringLiteral("overlay.frag"));
    QOpenGLShaderProgram* bone =
        overlay ? shaders->build(kBone, QStringLiteral("bone.vert"), QStringLiteral("bone.frag")) : nullptr;
    if (!overlay || !bone) {
        m_lastError = shaders->lastError();
        return false;
    }
    m_gl = std::move(gl);
    m_shaders = std::move(shaders);
    m_meshPrograms = meshPrograms;
    m_overlayProgram = overlay;
    m_boneProgram = bone;
    for (auto* batch : {&m_gridBatch, &m_boneLinks, &m_toolBatch}) {
        *batch = std::make_unique<OverlayBatch>();
        (*batch)->create(*m_gl);
    }
    m_bones = std::make_unique<BoneBatch>();
    m_bones->create(*m_gl);
    m_gridDirty = m_bonesDirty = m_toolDirty = true;
    for (QOpenGLShaderProgram* program : m_meshPrograms) {
        program->bind();
        program->setUniformValue("uPalette", kPaletteUnit);
        program->setUniformValue("uDualQuats", kDualQuatUnit);
        program->setUniformValue("uLightDir", QVector3D(0.3f, 0.8f, 0.52f).normalized());
        program->release();
    }
    m_gl->glGenBuffers(1, &m_feedbackBuffer);
    // Everything the setters queued so far, and the rig of a previous
    // context, goes up at the next paint.
    m_rigDirty = true;
    return true;
}

void Renderer::cleanup()
{
    if (!m_gl)
        return;
    for (auto& b : m_meshBuffers) {
        m_retiredBytes += b->bytesUploaded();
        b->destroy(*m_gl);
    }
    for (auto& p : m_paletteBuffers) {
        m_retiredBytes += p->bytesUploaded();
        p->destroy(*m_gl);
    }
    m_meshBuffers.clear();
    m_paletteBuffers.clear();
    for (auto* batch : {&m_gridBatch, &m_boneLinks, &m_toolBatch}) {
        if (*batch) {
            m_retiredBytes += (*batch)->bytesUploaded();
            (*batch)->destroy(*m_gl);
            batch->reset();
        }
    }
    if (m_bones) {
        m_retiredBytes += m_bones->bytesUploaded();
        m_bones->destroy(*m_gl);
        m_bones.reset();
    }
    if (m_feedbackBuffer != 0)
        m_gl->glDeleteBuffers(1, &m_feedbackBuffer);
    m_feedbackBuffer = 0;
    m_feedbackCapacity = 0;
    m_meshPrograms = {};
    m_overlayProgram = nullptr;
    m_boneProgram = nullptr;
    m_shaders->clear();
    m_shaders.reset();
    m_gl.reset();
}

void Renderer::setRig(const model::Rig& rig)
{
    m_meshes = rig.meshes;
    m_meshInfo.clear();
    for (const mesh::Mesh& m : m_meshes)
        m_meshInfo.push_back({m.skin, m.node});
    m_skins.assign(rig.skins.size(), SkinData{});
    m_skinJoints.clear();
    for (const model::Skin& skin : rig.skins)
        m_skinJoints.push_back(skin.joints);
    m_dirtyRows.assign(m_meshes.size(), {});
    m_nodeWorlds.assign(rig.skeleton.size(), glm::mat4(1.f));
    m_rigDirty = true;
}

void Renderer::setPalette(std::size_t skin, std::span<const glm::mat4> palette)
{
    if (skin >= m_skins.size())
        return;
    m_skins[skin].palette.assign(palette.begin(), palette.end());
    m_skins[skin].paletteDirty = true;
}

void Renderer::setDualQuats(std::size_t skin, std::span<const math::ScaledDualQuat> dualQuats)
{
    if (skin >= m_skins.size())
        return;
    m_skins[skin].dualQuats.assign(dualQuats.begin(), dualQuats.end());
    m_skins[skin].dualQuatsDirty = true;
}

void Renderer::setGridLines(std::span<const OverlayVertex> lines)
{
    m_gridLines.assign(lines.begin(), lines.end());
    m_gridDirty = true;
}

void Renderer::setToolOverlay(std::span<const OverlayVertex> lines)
{
    // An idle frame re-sends the same lines: no traffic.
    const auto same = [](const OverlayVertex& a, const OverlayVertex& b) { return a.position == b.position && a.colour == b.colour; };
    if (std::equal(lines.begin(), lines.end(), m_toolLines.begin(), m_toolLines.end(), same))
        return;
    m_toolLines.assign(lines.begin(), lines.end());
    m_toolDirty = true;
}

void Renderer::setBoneOverlay(std::span<const BoneInstance> bones, std::span<const OverlayVertex> links)
{
    m_boneData.assign(bones.begin(), bones.end());
    m_boneLinkData.assign(links.begin(), links.end());
    m_bonesDirty = true;
}

void Renderer::setNodeWorlds(std::span<const glm::mat4> worlds)
{
    m_nodeWorlds.assign(worlds.begin(), worlds.end());
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
    auto& dirty = m_dirtyRows[meshIndex];
    dirty.insert(dirty.end(), rows.begin(), rows.end());
}

void Renderer::applyPending()
{
    QOpenGLFunctions_3_3_Core& gl = *m_gl;
    if (m_rigDirty) {
        for (auto& b : m_meshBuffers) {
            m_retiredBytes += b->bytesUploaded();
            b->destroy(gl);
        }
        for (auto& p : m_paletteBuffers) {
            m_retiredBytes += p->bytesUploaded();
            p->destroy(gl);
        }
        m_meshBuffers.clear();
        m_paletteBuffers.clear();
        for (const mesh::Mesh& m : m_meshes) {
            m_meshBuffers.push_back(std::make_unique<MeshBuffers>());
            m_meshBuffers.back()->create(gl, m);
        }
        for (SkinData& s : m_skins) {
            m_paletteBuffers.push_back(std::make_unique<PaletteBuffer>());
            m_paletteBuffers.back()->create(gl);
            // Whatever was set before this context existed goes up now.
            s.paletteDirty = !s.palette.empty();
            s.dualQuatsDirty = !s.dualQuats.empty();
        }
        // Fresh buffers already hold the current weights.
        for (auto& rows : m_dirtyRows)
            rows.clear();
        m_rigDirty = false;
    }
    // Each skinning variant reads only its own form of the palette, so only
    // that one goes up: playback sends 48 bytes per joint under LBS and 80
    // under DQS. The other stays queued until the method changes.
    const bool dqs = m_method == mesh::SkinningMethod::DualQuaternion;
    for (std::size_t i = 0; i < m_skins.size(); ++i) {
        SkinData& s = m_skins[i];
        if (s.paletteDirty && !dqs) {
            m_paletteBuffers[i]->upload(gl, s.palette);
            s.paletteDirty = false;
        }
        if (s.dualQuatsDirty && dqs) {
            m_paletteBuffers[i]->uploadDualQuats(gl, s.dualQuats);
            s.dualQuatsDirty = false;
        }
    }
    if (m_gridDirty) {
        m_gridBatch->upload(gl, m_gridLines);
        m_gridDirty = false;
    }
    if (m_toolDirty) {
        m_toolBatch->upload(gl, m_toolLines);
        m_toolDirty = false;
    }
    // Bones go up only while shown, so hidden bones cost no traffic.
    if (m_bonesDirty && m_showBones) {
        m_bones->upload(gl, m_boneData);
        m_boneLinks->upload(gl, m_boneLinkData);
        m_bonesDirty = false;
    }
    for (std::size_t i = 0; i < m_dirtyRows.size(); ++i) {
        if (m_dirtyRows[i].empty())
            continue;
        m_meshBuffers[i]->updateWeights(gl, m_meshes[i].weights, m_dirtyRows[i]);
        m_dirtyRows[i].clear();
    }
}

QOpenGLShaderProgram& Renderer::prepareMesh(std::size_t meshIndex, const glm::mat4& viewProjection,
                                            const MeshShading& shading)
{
    const MeshInfo& info = m_meshInfo[meshIndex];
    const bool skinned = info.skin >= 0 && m_meshBuffers[meshIndex]->skinned();
    const bool dqs = m_method == mesh::SkinningMethod::DualQuaternion;
    QOpenGLShaderProgram& program = *m_meshPrograms[!skinned ? kModeRigid : dqs ? kModeDualQuat : kModeLinear];
    program.bind();
    program.setUniformValue("uShading", shading.mode);
    program.setUniformValue("uColor", QVector3D(shading.colour.x, shading.colour.y, shading.colour.z));
    program.setUniformValue("uViewProjection", toQt(viewProjection));
    if (skinned) {
        const PaletteBuffer& palette = *m_paletteBuffers[static_cast<std::size_t>(info.skin)];
        palette.bind(*m_gl, kPaletteUnit, kDualQuatUnit);
        const std::size_t joints = dqs ? palette.dualQuatCount() : palette.jointCount();
        program.setUniformValue("uJointCount", static_cast<int>(std::max<std::size_t>(joints, 1)));
        program.setUniformValue("uHeatJoint", heatIndexFor(meshIndex));
    } else {
        const auto node = static_cast<std::size_t>(info.node);
        program.setUniformValue("uRigidHeat", m_heatJoint && *m_heatJoint == info.node ? 1.f : 0.f);
        const glm::mat4 model = node < m_nodeWorlds.size() ? m_nodeWorlds[node] : glm::mat4(1.f);
        program.setUniformValue("uModel", toQt(model));
        // Once per draw here, not once per vertex in the shader.
        const glm::mat3 normalMatrix = glm::transpose(glm::inverse(glm::mat3(model)));
        program.setUniformValue("uNormalMatrix", QMatrix3x3(glm::value_ptr(glm::transpose(normalMatrix))));
    }
    return program;
}

void Renderer::resize(int width, int height)
{
    m_viewportSize = glm::vec2(std::max(width, 1), std::max(height, 1));
    if (m_gl)
        m_gl->glViewport(0, 0, width, height);
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

    // The grid first, without writing depth: the mesh then covers it.
    if (m_showGrid && m_gridBatch->vertexCount() > 0) {
        gl.glEnable(GL_BLEND);
        gl.glDepthMask(GL_FALSE);
        drawLines(*m_gridBatch, viewProjection);
        gl.glDepthMask(GL_TRUE);
        gl.glDisable(GL_BLEND);
    }
    drawMeshes(viewProjection);
    drawOverlays(viewProjection);
    // Tool lines (a brush circle) last, over mesh and bones alike.
    if (m_toolBatch->vertexCount() > 0) {
        gl.glDisable(GL_DEPTH_TEST);
        gl.glEnable(GL_BLEND);
        drawLines(*m_toolBatch, viewProjection);
        gl.glDisable(GL_BLEND);
        gl.glEnable(GL_DEPTH_TEST);
    }
}

void Renderer::drawMeshes(const glm::mat4& viewProjection)
{
    QOpenGLFunctions_3_3_Core& gl = *m_gl;
    // The fill is pushed back a little so the wireframe pass wins the depth test.
    if (m_wireframe) {
        gl.glEnable(GL_POLYGON_OFFSET_FILL);
        gl.glPolygonOffset(1.f, 1.f);
    }
    const MeshShading fill{m_heatJoint ? kShadeHeat : kShadeLit, glm::vec3(0.78f, 0.74f, 0.68f)};
    for (std::size_t i = 0; i < m_meshBuffers.size(); ++i) {
        prepareMesh(i, viewProjection, fill);
        m_meshBuffers[i]->drawTriangles(gl);
    }
    gl.glDisable(GL_POLYGON_OFFSET_FILL);
    if (m_wireframe) {
        gl.glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
        const MeshShading wire{kShadeWire, glm::vec3(0.1f, 0.1f, 0.12f)};
        for (std::size_t i = 0; i < m_meshBuffers.size(); ++i) {
            prepareMesh(i, viewProjection, wire);
            m_meshBuffers[i]->drawTriangles(gl);
        }
        gl.glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    }
    gl.glUseProgram(0);
}

void Renderer::drawLines(const OverlayBatch& batch, const glm::mat4& viewProjection)
{
    m_overlayProgram->bind();
    m_overlayProgram->setUniformValue("uViewProjection", toQt(viewProjection));
    batch.draw(*m_gl, GL_LINES);
    m_overlayProgram->release();
}

void Renderer::drawOverlays(const glm::mat4& viewProjection)
{
    if (!m_showBones || (m_bones->instanceCount() == 0 && m_boneLinks->vertexCount() == 0))
        return;
    QOpenGLFunctions_3_3_Core& gl = *m_gl;
    // Bones are drawn in front of the mesh (Blender's "In Front"), blended a
    // little so the surface under them still reads. Their own depth test
    // against a fresh depth buffer keeps near bones over far ones.
    gl.glClear(GL_DEPTH_BUFFER_BIT);
    gl.glEnable(GL_BLEND);
    drawLines(*m_boneLinks, viewProjection);
    m_boneProgram->bind();
    m_boneProgram->setUniformValue("uViewProjection", toQt(viewProjection));
    m_boneProgram->setUniformValue("uLightDir", QVector3D(0.35f, 0.85f, 0.4f).normalized());
    // A dark shell a few pixels wider than each bone, under its faces: the
    // bone stays readable over every heat-map colour (blue, green, red alike).
    m_boneProgram->setUniformValue("uOutline", 2);
    m_boneProgram->setUniformValue("uOutlineColor", QVector4D(0.05f, 0.05f, 0.07f, 0.95f));
    m_boneProgram->setUniformValue("uViewportSize", QVector2D(m_viewportSize.x, m_viewportSize.y));
    m_boneProgram->setUniformValue("uShellPixels", 2.5f);
    gl.glDepthMask(GL_FALSE);
    m_bones->drawFaces(gl);
    gl.glDepthMask(GL_TRUE);
    m_boneProgram->setUniformValue("uOutline", 0);
    m_bones->drawFaces(gl);
    gl.glDepthFunc(GL_LEQUAL);
    m_boneProgram->setUniformValue("uOutline", 1);
    m_boneProgram->setUniformValue("uOutlineColor", QVector4D(0.08f, 0.09f, 0.11f, 0.9f));
    m_bones->drawEdges(gl);
    gl.glDepthFunc(GL_LESS);
    m_boneProgram->release();
    gl.glDisable(GL_BLEND);
}

bool Renderer::captureSkinnedPositions(std::size_t meshIndex, std::vector<glm::vec3>& out)
{
    if (!m_gl)
        return false;
    applyPending();
    if (meshIndex >= m_meshBuffers.size())
        return false;
    QOpenGLFunctions_3_3_Core& gl = *m_gl;
    const MeshBuffers& buffers = *m_meshBuffers[meshIndex];
    const std::size_t bytes = buffers.vertexCount() * sizeof(glm::vec3);
    out.resize(buffers.vertexCount());
    if (bytes == 0)
        return true;

    gl.glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, m_feedbackBuffer);
    if (bytes > m_feedbackCapacity) {
        gl.glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_STREAM_READ);
        m_feedbackCapacity = bytes;
    }
    gl.glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, m_feedbackBuffer);

    QOpenGLShaderProgram& program = prepareMesh(meshIndex, glm::mat4(1.f), MeshShading{});
    // One point per vertex, nothing rasterised: the vertex shader's output is the result.
    gl.glEnable(GL_RASTERIZER_DISCARD);
    gl.glBeginTransformFeedback(GL_POINTS);
    buffers.drawPoints(gl);
    gl.glEndTransformFeedback();
    gl.glDisable(GL_RASTERIZER_DISCARD);
    program.release();

    gl.glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, static_cast<GLsizeiptr>(bytes), out.data());
    gl.glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
    gl.glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, 0);
    return gl.glGetError() == GL_NO_ERROR;
}

std::size_t Renderer::bytesUploaded() const
{
    std::size_t total = m_retiredBytes;
    for (const auto& b : m_meshBuffers)
        total += b->bytesUploaded();
    for (const auto& p : m_paletteBuffers)
        total += p->bytesUploaded();
    for (const auto* batch : {&m_gridBatch, &m_boneLinks, &m_toolBatch})
        total += *batch ? (*batch)->bytesUploaded() : 0;
    total += m_bones ? m_bones->bytesUploaded() : 0;
    return total;
}

} // namespace marrow::gl
