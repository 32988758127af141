// SPDX-License-Identifier: MIT
#include "widgets/viewport/renderer/mesh_pass.h"
#include "widgets/viewport/renderer/mesh_buffers.h"
#include "widgets/viewport/renderer/morph_buffer.h"
#include "widgets/viewport/renderer/palette_buffer.h"
#include "widgets/viewport/renderer/qt_matrix.h"
#include "widgets/viewport/renderer/shader_library.h"

#include <QGenericMatrix>
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLShaderProgram>

#include <algorithm>

namespace marrow::gl {

namespace {

// skinned_mesh.vert's variants, indexed by its SKINNING value.
const std::array<QString, 3> kVariants = {QStringLiteral("skinned_mesh_rigid"), QStringLiteral("skinned_mesh_lbs"),
                                          QStringLiteral("skinned_mesh_dqs")};
constexpr std::size_t kModeRigid = 0, kModeLinear = 1, kModeDualQuat = 2;
constexpr int kPaletteUnit = 0;
constexpr int kDualQuatUnit = 1;
constexpr int kMorphDeltaUnit = 2;
constexpr int kMorphActiveUnit = 3;
constexpr int kBaseTextureUnit = 4;
// uShading values in skinned_mesh.frag.
constexpr int kShadeLit = 0, kShadeHeat = 1, kShadeWire = 2;

} // namespace

bool MeshPass::create(ShaderLibrary& shaders)
{
    std::array<QOpenGLShaderProgram*, 3> programs{};
    for (std::size_t mode = 0; mode < kVariants.size(); ++mode) {
        programs[mode] = shaders.build(kVariants[mode], QStringLiteral("skinned_mesh.vert"),
                                       QStringLiteral("skinned_mesh.frag"), {QStringLiteral("skinnedPosition")},
                                       {"SKINNING " + QByteArray::number(static_cast<int>(mode))});
        if (!programs[mode])
            return false;
    }
    for (QOpenGLShaderProgram* program : programs) {
        program->bind();
        program->setUniformValue("uPalette", kPaletteUnit);
        program->setUniformValue("uDualQuats", kDualQuatUnit);
        program->setUniformValue("uMorphDeltas", kMorphDeltaUnit);
        program->setUniformValue("uMorphActive", kMorphActiveUnit);
        program->setUniformValue("uBaseTexture", kBaseTextureUnit);
        program->setUniformValue("uLightDir", QVector3D(0.3f, 0.8f, 0.52f).normalized());
        program->release();
    }
    m_programs = programs;
    return true;
}

QOpenGLShaderProgram& MeshPass::prepare(QOpenGLFunctions_3_3_Core& gl, const MeshDraw& mesh,
                                        const glm::mat4& viewProjection, const MeshStyle& style,
                                        const Shading& shading) const
{
    const bool skinned = mesh.palette && mesh.buffers->skinned();
    const bool dqs = style.method == mesh::SkinningMethod::DualQuaternion;
    QOpenGLShaderProgram& program = *m_programs[!skinned ? kModeRigid : dqs ? kModeDualQuat : kModeLinear];
    program.bind();
    program.setUniformValue("uShading", shading.mode);
    program.setUniformValue("uColor", QVector3D(shading.colour.x, shading.colour.y, shading.colour.z));
    program.setUniformValue("uAlpha", shading.alpha);
    program.setUniformValue("uViewProjection", toQt(viewProjection));
    program.setUniformValue("uZeroActive", style.markZeroWeights ? 1 : 0);
    program.setUniformValue("uWeightView", static_cast<int>(style.weightView));
    program.setUniformValue("uInfluenceLimit", style.influenceLimit);
    program.setUniformValue("uScalarMax", style.scalarMax);
    const bool textured = style.textured && mesh.hasMaterial && shading.mode == kShadeLit && shading.alpha == 1.f;
    program.setUniformValue("uTextured", textured ? 1 : 0);
    if (textured) {
        const glm::vec4& c = mesh.baseColour;
        program.setUniformValue("uBaseColour", QVector4D(c.x, c.y, c.z, c.w));
        program.setUniformValue("uHasTexture", mesh.texture != 0 && mesh.buffers->hasUvs() ? 1 : 0);
        program.setUniformValue("uHasColours", mesh.buffers->hasColours() ? 1 : 0);
        gl.glActiveTexture(GL_TEXTURE0 + kBaseTextureUnit);
        gl.glBindTexture(GL_TEXTURE_2D, mesh.texture);
        gl.glActiveTexture(GL_TEXTURE0);
    }
    const int morphs = mesh.morph ? mesh.morph->activeCount() : 0;
    program.setUniformValue("uMorphActiveCount", morphs);
    if (morphs > 0) {
        mesh.morph->bind(gl, kMorphDeltaUnit, kMorphActiveUnit);
        program.setUniformValue("uMorphVertexCount", mesh.morph->vertexCount());
    }
    if (skinned) {
        mesh.palette->bind(gl, kPaletteUnit, kDualQuatUnit);
        const std::size_t joints = dqs ? mesh.palette->dualQuatCount() : mesh.palette->jointCount();
        program.setUniformValue("uJointCount", static_cast<int>(std::max<std::size_t>(joints, 1)));
        program.setUniformValue("uConformalPalette", mesh.palette->conformal() ? 1 : 0);
        program.setUniformValue("uHeatJoint", mesh.heatIndex);
    } else {
        program.setUniformValue("uRigidHeat", mesh.rigidHeat ? 1.f : 0.f);
        program.setUniformValue("uModel", toQt(mesh.model));
        // Once per draw here, not once per vertex in the shader.
        const glm::mat3 normalMatrix = glm::transpose(glm::inverse(glm::mat3(mesh.model)));
        program.setUniformValue("uNormalMatrix", QMatrix3x3(glm::value_ptr(glm::transpose(normalMatrix))));
    }
    return program;
}

QOpenGLShaderProgram& MeshPass::prepareCapture(QOpenGLFunctions_3_3_Core& gl, const MeshDraw& mesh,
                                               const MeshStyle& style) const
{
    return prepare(gl, mesh, glm::mat4(1.f), style, Shading{});
}

void MeshPass::draw(QOpenGLFunctions_3_3_Core& gl, std::span<const MeshDraw> meshes,
                    const glm::mat4& viewProjection, const MeshStyle& style) const
{
    // The fill is pushed back a little so the wireframe pass wins the depth test.
    if (style.wireframe) {
        gl.glEnable(GL_POLYGON_OFFSET_FILL);
        gl.glPolygonOffset(1.f, 1.f);
    }
    const Shading heat{kShadeHeat, glm::vec3(0.78f, 0.74f, 0.68f)};
    const Shading lit{kShadeLit, heat.colour};
    for (const MeshDraw& mesh : meshes) {
        prepare(gl, mesh, viewProjection, style, style.heatMap && !mesh.plain ? heat : lit);
        mesh.buffers->drawTriangles(gl);
    }
    gl.glDisable(GL_POLYGON_OFFSET_FILL);
    if (style.wireframe) {
        gl.glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
        const Shading wire{kShadeWire, glm::vec3(0.1f, 0.1f, 0.12f)};
        for (const MeshDraw& mesh : meshes) {
            prepare(gl, mesh, viewProjection, style, wire);
            mesh.buffers->drawTriangles(gl);
        }
        gl.glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    }
    gl.glUseProgram(0);
}

void MeshPass::drawGhost(QOpenGLFunctions_3_3_Core& gl, std::span<const MeshDraw> meshes,
                         const glm::mat4& viewProjection, const glm::vec3& tint, float alpha) const
{
    const MeshStyle style;  // linear blend, lit
    const Shading shading{kShadeLit, tint, alpha};
    gl.glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    for (const MeshDraw& mesh : meshes) {
        prepare(gl, mesh, viewProjection, style, shading);
        mesh.buffers->drawTriangles(gl);
    }
    gl.glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    gl.glDepthFunc(GL_LEQUAL);
    gl.glDepthMask(GL_FALSE);
    gl.glEnable(GL_BLEND);
    for (const MeshDraw& mesh : meshes) {
        prepare(gl, mesh, viewProjection, style, shading);
        mesh.buffers->drawTriangles(gl);
    }
    gl.glDisable(GL_BLEND);
    gl.glDepthMask(GL_TRUE);
    gl.glDepthFunc(GL_LESS);
    gl.glUseProgram(0);
}

} // namespace marrow::gl
